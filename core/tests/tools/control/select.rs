//! barline-select (docs/design/tool-rules.md §19) against the demo Set: the read-only
//! form, each kind of selection with its view and detail area, the clip-view override,
//! and the conflicting-argument and wrong-kind errors that change nothing.

use crate::support;

use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::outcome::{code, message, warnings, writes};
use support::tools::call;

fn dump_view(live: &FakeLive) -> Value {
    let d: Value = serde_json::from_str(&live.to_json()).unwrap();
    d["view"].clone()
}

fn id(live: &mut FakeLive, path: &str) -> String {
    id_of(live, path).to_string()
}

#[test]
fn without_arguments_it_reports_the_selection() {
    let mut live = demo();
    let bass = id(&mut live, "live_set tracks 1");
    let verse = id(&mut live, "live_set scenes 1");
    live.reset_counters();
    let r = call(&mut live, "barline-select", json!({}));
    assert_eq!(
        r["structuredContent"],
        json!({"view": "session", "selectedTrack": {"id": bass, "type": "midi", "trackIndex": 1},
               "selectedScene": {"id": verse, "sceneIndex": 1}})
    );
    assert_eq!(writes(&live), 0, "reading changes nothing");
}

#[test]
fn a_slot_shows_its_clip_in_session_view() {
    let mut live = demo();
    let drums = id(&mut live, "live_set tracks 0");
    let clip = id(&mut live, "live_set tracks 0 clip_slots 1 clip");
    live.reset_counters();
    let r = call(&mut live, "barline-select", json!({"slot": "0/1"}));
    assert_eq!(
        r["structuredContent"],
        json!({"view": "session", "selectedTrack": {"id": drums, "type": "midi", "trackIndex": 0},
               "selectedClip": {"id": clip, "slot": "0/1"}})
    );
    let v = dump_view(&live);
    assert_eq!(v["highlighted_clip_slot"], "live_set tracks 0 clip_slots 1");
    assert_eq!(v["detail_clip"], "live_set tracks 0 clip_slots 1 clip");
    assert!(
        v.get("selected_track").is_none(),
        "track 0 is the dump default"
    );
    // show_view, focus_view Detail/Clip, hide_view Browser.
    assert_eq!(live.counters().of("Application.View").call, 3);
}

#[test]
fn an_arrangement_clip_overrides_the_view_with_a_warning() {
    let mut live = demo();
    let clip = id(&mut live, "live_set tracks 1 arrangement_clips 0");
    let r = call(
        &mut live,
        "barline-select",
        json!({"id": clip, "view": "session"}),
    );
    assert_eq!(
        warnings(&r),
        [format!(
            "view \"session\" ignored: clip {clip} is an arrangement clip"
        )]
    );
    let s = &r["structuredContent"];
    assert_eq!(s["view"], "arrangement");
    assert_eq!(
        s["selectedClip"],
        json!({"id": clip, "trackIndex": 1, "arrangementStart": "5|1"})
    );
    assert_eq!(
        dump_view(&live)["detail_clip"],
        "live_set tracks 1 arrangement_clips 0"
    );
    let session = id(&mut live, "live_set tracks 6 clip_slots 2 clip");
    let r = call(
        &mut live,
        "barline-select",
        json!({"id": session, "view": "arrangement"}),
    );
    assert_eq!(
        warnings(&r),
        [format!(
            "view \"arrangement\" ignored: clip {session} is a session clip"
        )]
    );
    assert_eq!(r["structuredContent"]["view"], "session");
    assert_eq!(
        dump_view(&live)["highlighted_clip_slot"],
        "live_set tracks 6 clip_slots 2"
    );
}

#[test]
fn tracks_of_every_kind() {
    let mut live = demo();
    let r = call(&mut live, "barline-select", json!({"trackIndex": 5}));
    let vox = id(&mut live, "live_set tracks 5");
    assert_eq!(
        r["structuredContent"],
        json!({"view": "session", "selectedTrack": {"id": vox, "type": "audio", "trackIndex": 5}})
    );
    assert_eq!(dump_view(&live)["selected_track"], "live_set tracks 5");
    let r = call(
        &mut live,
        "barline-select",
        json!({"trackIndex": 1, "trackType": "return"}),
    );
    let delay = id(&mut live, "live_set return_tracks 1");
    assert_eq!(
        r["structuredContent"]["selectedTrack"],
        json!({"id": delay, "type": "return", "trackIndex": 1})
    );
    let r = call(&mut live, "barline-select", json!({"trackType": "master"}));
    let master = id(&mut live, "live_set master_track");
    assert_eq!(
        r["structuredContent"]["selectedTrack"],
        json!({"id": master, "type": "master"})
    );
    let r = call(
        &mut live,
        "barline-select",
        json!({"id": delay, "trackType": "return", "trackIndex": 1}),
    );
    assert_ne!(r["isError"], true, "an id that agrees is fine: {r}");
}

#[test]
fn a_scene_switches_to_session_view() {
    let mut live = demo();
    call(&mut live, "barline-select", json!({"view": "arrangement"}));
    let r = call(&mut live, "barline-select", json!({"sceneIndex": 3}));
    let brk = id(&mut live, "live_set scenes 3");
    assert_eq!(
        r["structuredContent"],
        json!({"view": "session", "selectedScene": {"id": brk, "sceneIndex": 3}})
    );
    assert_eq!(dump_view(&live)["selected_scene"], "live_set scenes 3");
}

#[test]
fn devices_by_id_or_track_level_path() {
    let mut live = demo();
    let drift = id(&mut live, "live_set tracks 6 devices 1");
    let lead = id(&mut live, "live_set tracks 6");
    live.reset_counters();
    let r = call(&mut live, "barline-select", json!({"id": drift}));
    assert_eq!(
        r["structuredContent"],
        json!({"view": "session", "selectedTrack": {"id": lead, "type": "midi", "trackIndex": 6},
               "selectedDevice": {"id": drift, "path": "t6/d1"}})
    );
    // select_device; focus_view Detail/DeviceChain and hide_view Browser.
    assert_eq!(live.counters().of("Song.View").call, 1);
    assert_eq!(live.counters().of("Application.View").call, 2);
    let r = call(&mut live, "barline-select", json!({"devicePath": "t0/d1"}));
    let glue = id(&mut live, "live_set tracks 0 devices 1");
    assert_eq!(
        r["structuredContent"]["selectedDevice"],
        json!({"id": glue, "path": "t0/d1"})
    );
    let r = call(&mut live, "barline-select", json!({}));
    assert_eq!(
        r["structuredContent"]["selectedDevice"],
        json!({"id": glue, "path": "t0/d1"})
    );
    // Devices inside drum pads, reported with the chain index written out
    // (docs/design/tool-contract.md §1.2).
    let r = call(
        &mut live,
        "barline-select",
        json!({"devicePath": "t0/d0/pC1/d0"}),
    );
    let kick = id(&mut live, "live_set tracks 0 devices 0 chains 0 devices 0");
    assert_eq!(
        r["structuredContent"]["selectedDevice"],
        json!({"id": kick, "path": "t0/d0/pC1/c0/d0"})
    );
}

#[test]
fn a_view_alone_hides_the_detail_area() {
    let mut live = demo();
    live.reset_counters();
    let r = call(&mut live, "barline-select", json!({"view": "arrangement"}));
    assert_eq!(r["structuredContent"], json!({"view": "arrangement"}));
    // show_view and hide_view Detail; the Browser stays as it was.
    assert_eq!(live.counters().of("Application.View").call, 2);
    assert_eq!(live.counters().of("Song.View").set, 0);
}

#[test]
fn conflicts_and_wrong_kinds_change_nothing() {
    let mut live = demo();
    let bass = id(&mut live, "live_set tracks 1");
    let verse = id(&mut live, "live_set scenes 1");
    let drift = id(&mut live, "live_set tracks 6 devices 1");
    let chain = id(&mut live, "live_set tracks 0 devices 0 chains 0");
    let cue = id(&mut live, "live_set cue_points 0");
    let clip = id(&mut live, "live_set tracks 0 clip_slots 1 clip");
    let cases: Vec<(Value, &str, String)> = vec![
        (json!({"trackType": "master", "trackIndex": 0}), "BAD_INPUT",
         "trackIndex cannot be used with trackType \"master\" (the master track has no index)".into()),
        (json!({"trackType": "return"}), "BAD_INPUT",
         "trackType \"return\" needs trackIndex (the return track's index)".into()),
        (json!({"id": drift, "devicePath": "t6/d1"}), "BAD_INPUT", "give a device id or devicePath, not both".into()),
        (json!({"id": bass, "trackIndex": 2}), "BAD_INPUT",
         format!("id \"{bass}\" and trackIndex/trackType name different tracks: give one of them")),
        (json!({"id": verse, "sceneIndex": 0}), "BAD_INPUT", format!("id \"{verse}\" is scene 1, not sceneIndex 0")),
        (json!({"id": clip, "slot": "0/1"}), "BAD_INPUT",
         format!("id \"{clip}\" is a clip elsewhere than trackIndex/sceneIndex/slot say: give the clip id alone")),
        (json!({"slot": "1/1", "trackIndex": 0}), "BAD_INPUT", "slot 1/1 disagrees with trackIndex/sceneIndex: give one of them".into()),
        (json!({"slot": "1"}), "BAD_INPUT", String::new()),
        (json!({"devicePath": "t6"}), "BAD_INPUT", String::new()),
        (json!({"view": "detail"}), "BAD_INPUT", String::new()),
        (json!({"id": chain}), "WRONG_TYPE", format!("id \"{chain}\" is a DrumChain; select takes a track, scene, clip or device id")),
        (json!({"id": cue}), "WRONG_TYPE", String::new()),
        (json!({"trackIndex": 40}), "NOT_FOUND", "trackIndex 40 does not exist (the Set has 7 tracks)".into()),
        (json!({"sceneIndex": 5, "view": "session"}), "NOT_FOUND", String::new()),
        (json!({"id": "999999"}), "NOT_FOUND", "id \"999999\" does not exist".into()),
        (json!({"devicePath": "t6/d7"}), "NOT_FOUND", "no device at path \"t6/d7\"".into()),
        (json!({"devicePath": "t0/d0/c0/d0"}), "BAD_INPUT", String::new()),
    ];
    for (args, want, text) in cases {
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-select", args.clone());
        assert_eq!(code(&r), want, "{args}: {r}");
        if !text.is_empty() {
            assert_eq!(message(&r), text, "{args}");
        }
        assert_eq!(writes(&live), 0, "{args} wrote");
        assert_eq!(live.to_json(), before);
    }
}
