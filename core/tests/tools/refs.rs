//! Resolving ids and indices to Live objects (`tools::refs`): the codes of
//! docs/design/tool-contract.md §2.2 decided in one place.

use crate::support;

use barline_core::live::LivePort;
use barline_core::tools::testing::call::{Call, NoClock};
use barline_core::tools::testing::error::ErrorCode;
use barline_core::tools::testing::refs::{self, Kind, TrackList};
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use support::fake::{demo, id_of};

#[test]
fn ids_resolve_by_kind_and_the_wrong_kind_is_named() {
    let mut live = demo();
    let track = id_of(&mut live, "live_set tracks 0");
    let scene = id_of(&mut live, "live_set scenes 0");
    let (ctx, mut ids, clock) = (ToolContext::default(), IssuedIds::new(), NoClock);
    let mut call = Call::new(&mut live, &ctx, &mut ids, &clock);
    let (found, class) = refs::by_id(&mut call, &track.to_string(), Kind::Track).unwrap();
    assert_eq!((found, class.as_str()), (track, "Track"));
    let e = refs::by_id(&mut call, &scene.to_string(), Kind::Track).unwrap_err();
    assert_eq!(e.code, ErrorCode::WrongType);
    assert_eq!(e.message, format!("id \"{scene}\" is a Scene, not a track"));
}

#[test]
fn unknown_ids_are_not_found_and_issued_ones_are_stale() {
    let mut live = demo();
    let (ctx, mut ids, clock) = (ToolContext::default(), IssuedIds::new(), NoClock);
    let mut call = Call::new(&mut live, &ctx, &mut ids, &clock);
    call.ids().issue("999990");
    call.ids().replace("999991", "57");
    for text in ["999999", "abc", "", "0", "99999999999999999999999"] {
        let e = refs::by_id(&mut call, text, Kind::Clip).unwrap_err();
        assert_eq!(e.code, ErrorCode::NotFound, "{text:?}");
    }
    let stale = refs::by_id(&mut call, "999990", Kind::Clip).unwrap_err();
    assert_eq!(stale.code, ErrorCode::StaleReference);
    let moved = refs::by_id(&mut call, "999991", Kind::Clip).unwrap_err();
    assert_eq!(moved.code, ErrorCode::StaleReference);
    assert!(
        moved.message.contains("its new id is 57"),
        "{}",
        moved.message
    );
}

#[test]
fn indices_past_the_end_name_the_count() {
    let mut live = demo();
    let song = id_of(&mut live, "live_set");
    let tracks = live.get_count(song, "tracks").unwrap();
    let scenes = live.get_count(song, "scenes").unwrap();
    let (ctx, mut ids, clock) = (ToolContext::default(), IssuedIds::new(), NoClock);
    let mut call = Call::new(&mut live, &ctx, &mut ids, &clock);
    assert!(refs::track_by_index(&mut call, 0, TrackList::Regular).is_ok());
    let e = refs::track_by_index(&mut call, tracks as u64, TrackList::Regular).unwrap_err();
    assert_eq!(
        e.message,
        format!("trackIndex {tracks} does not exist (the Set has {tracks} tracks)")
    );
    let e = refs::scene_by_index(&mut call, scenes as u64 + 3).unwrap_err();
    assert_eq!(e.code, ErrorCode::NotFound);
    assert_eq!(
        e.message,
        format!(
            "sceneIndex {} does not exist (the Set has {scenes} scenes)",
            scenes + 3
        )
    );
}

#[test]
fn every_kind_knows_its_classes() {
    assert_eq!(Kind::of_class("DrumChain"), Some(Kind::Chain));
    assert_eq!(Kind::of_class("SimplerDevice"), Some(Kind::Device));
    assert_eq!(Kind::of_class("MixerDevice"), None);
    assert_eq!(Kind::of_class("Song"), None);
}
