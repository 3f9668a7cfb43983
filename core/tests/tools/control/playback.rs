//! barline-playback (docs/design/tool-rules.md §20) against the demo Set: settings before
//! the action, positions and locators resolved before any write, launching by slot, and
//! the predicted state in the result.

use crate::support;

use barline_core::live::{Atom, LivePort};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of, one};
use support::outcome::{call_with_deadline, code, dump, message, warnings, writes};
use support::tools::call;

#[test]
fn play_arrangement_from_a_locator_with_a_loop() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-arrangement", "startLocator": "Verse", "loop": true,
               "loopStartLocator": "locator-1", "loopEnd": "11|1"}),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"playing": true, "currentTime": "5|1", "arrangementLoop": {"start": "5|1", "end": "11|1"}})
    );
    let song = dump(&live)["song"].clone();
    assert_eq!(song["loop"], true);
    assert_eq!(song["loop_start"].as_f64(), Some(16.0), "{song}");
    assert_eq!(song["loop_length"].as_f64(), Some(24.0));
    let s = id_of(&mut live, "live_set");
    assert_eq!(one(&mut live, s, "is_playing"), Atom::Int(1));
    assert_eq!(one(&mut live, s, "start_time").as_f64(), Some(16.0));
    assert_eq!(one(&mut live, s, "back_to_arranger"), Atom::Int(0));
}

#[test]
fn play_arrangement_without_a_start_starts_at_the_top() {
    let mut live = demo();
    let s = id_of(&mut live, "live_set");
    live.set(s, "start_time", &[Atom::Float(32.0)]).unwrap();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-arrangement"}),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"playing": true, "currentTime": "1|1"})
    );
    assert_eq!(one(&mut live, s, "start_time").as_f64(), Some(0.0));
}

#[test]
fn stop_rewinds_and_reports_the_stopped_state() {
    let mut live = demo();
    call(
        &mut live,
        "barline-playback",
        json!({"action": "play-arrangement", "startTime": "3|1"}),
    );
    let r = call(&mut live, "barline-playback", json!({"action": "stop"}));
    assert_eq!(
        r["structuredContent"],
        json!({"playing": false, "currentTime": "1|1"})
    );
    let s = id_of(&mut live, "live_set");
    assert_eq!(one(&mut live, s, "is_playing"), Atom::Int(0));
    assert_eq!(one(&mut live, s, "start_time").as_f64(), Some(0.0));
}

#[test]
fn update_arrangement_changes_settings_only() {
    let mut live = demo();
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "update-arrangement", "loop": true, "loopStart": "2|1"}),
    );
    // The loop keeps its length (32 beats) from the new start.
    assert_eq!(
        r["structuredContent"],
        json!({"playing": false, "currentTime": "1|1", "arrangementLoop": {"start": "2|1", "end": "10|1"}})
    );
    assert_eq!(live.counters().of("Song").call, 0, "no transport call");
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "update-arrangement", "loop": false}),
    );
    assert!(r["structuredContent"].get("arrangementLoop").is_none());
    assert_eq!(dump(&live)["song"].get("loop"), None);
}

#[test]
fn a_loop_end_given_alone_counts_from_the_current_loop_start() {
    let mut live = demo();
    let s = id_of(&mut live, "live_set");
    live.set(s, "loop_start", &[Atom::Float(8.0)]).unwrap();
    live.set(s, "loop", &[Atom::Int(1)]).unwrap();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "update-arrangement", "loopEndLocator": "Chorus"}),
    );
    assert_eq!(
        r["structuredContent"]["arrangementLoop"],
        json!({"start": "3|1", "end": "13|1"})
    );
    assert_eq!(one(&mut live, s, "loop_length").as_f64(), Some(40.0));
}

#[test]
fn play_scene_fires_the_scene() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-scene", "sceneIndex": 1}),
    );
    assert_eq!(r["structuredContent"]["playing"], true);
    let clip = id_of(&mut live, "live_set tracks 0 clip_slots 1 clip");
    assert_eq!(one(&mut live, clip, "is_playing"), Atom::Int(1));
    assert_eq!(live.counters().of("Scene").call, 1);
}

#[test]
fn play_session_clips_fires_each_slot_and_never_the_transport() {
    let mut live = demo();
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-session-clips", "slots": "0/0,1/1"}),
    );
    assert_eq!(r["structuredContent"]["playing"], true, "{r}");
    let c = live.counters().clone();
    assert_eq!(c.of("ClipSlot").call, 2, "one fire per slot");
    assert_eq!(c.of("Song").call, 0, "no start_playing");
    assert_eq!(c.of("Clip").call, 0);
    for path in [
        "live_set tracks 0 clip_slots 0 clip",
        "live_set tracks 1 clip_slots 1 clip",
    ] {
        let clip = id_of(&mut live, path);
        assert_eq!(one(&mut live, clip, "is_playing"), Atom::Int(1), "{path}");
    }
}

#[test]
fn clip_ids_resolve_to_slots_and_bad_entries_are_skipped() {
    let mut live = demo();
    let session = id_of(&mut live, "live_set tracks 0 clip_slots 2 clip");
    let arr = id_of(&mut live, "live_set tracks 0 arrangement_clips 0");
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-session-clips", "ids": format!("{session},{arr},999999")}),
    );
    assert_ne!(r["isError"], true, "{r}");
    assert_eq!(
        warnings(&r),
        [
            format!("clip {arr} is an arrangement clip; it cannot be launched"),
            "id \"999999\" does not exist; skipped".to_string()
        ]
    );
    assert_eq!(one(&mut live, session, "is_playing"), Atom::Int(1));
    // Nothing launchable: an error, and nothing written.
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-session-clips", "ids": arr.to_string(), "loop": true}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    assert_eq!(writes(&live), 0);
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-session-clips", "slots": "0/3"}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
    assert_eq!(message(&r), "slot 0/3 has no clip");
    assert_eq!(writes(&live), 0);
}

#[test]
fn stop_session_clips_stops_each_track_once() {
    let mut live = demo();
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "stop-session-clips", "slots": "0/0,0/1,1/0"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    assert_eq!(live.counters().of("Track").call, 2);
    live.reset_counters();
    call(
        &mut live,
        "barline-playback",
        json!({"action": "stop-all-session-clips"}),
    );
    assert_eq!(live.counters().of("Song").call, 1);
    assert_eq!(live.counters().of("Track").call, 0);
}

#[test]
fn bad_input_and_unknown_targets_write_nothing() {
    let cases: &[(Value, &str, &str)] = &[
        (
            json!({"action": "play-arrangement", "loopStart": "9|1", "loopEnd": "5|1"}),
            "BAD_INPUT",
            "loop end 5|1 is at or before the loop start 9|1: give an end after the start",
        ),
        (
            json!({"action": "update-arrangement", "loopEnd": "1|1"}),
            "BAD_INPUT",
            "loop end 1|1 is at or before the loop start 1|1: give an end after the start",
        ),
        (
            json!({"action": "play-arrangement", "startTime": "2|1", "startLocator": "Verse"}),
            "BAD_INPUT",
            "give startTime or startLocator, not both",
        ),
        (
            json!({"action": "play-session-clips", "ids": "1", "slots": "0/0"}),
            "BAD_INPUT",
            "give ids or slots, not both",
        ),
        (
            json!({"action": "play-scene"}),
            "BAD_INPUT",
            "action \"play-scene\" needs sceneIndex",
        ),
        (
            json!({"action": "play-session-clips", "loop": true}),
            "BAD_INPUT",
            "action \"play-session-clips\" needs ids (session clip ids) or slots (\"trackIndex/sceneIndex\")",
        ),
        (
            json!({"action": "play-session-clips", "slots": "0/0,x"}),
            "BAD_INPUT",
            "slot \"x\" is not valid: write \"trackIndex/sceneIndex\" with non-negative integers, e.g. \"0/3\"",
        ),
        (
            json!({"action": "play-arrangement", "startTime": "0|1"}),
            "BAD_INPUT",
            "startTime: position \"0|1\" is not valid: write bar|beat with bar and beat from 1, e.g. \"1|1\" or \"2|3.5\"",
        ),
        (
            json!({"action": "play-arrangement", "startLocator": "Bridge"}),
            "NOT_FOUND",
            "startLocator: no locator named \"Bridge\" (the Set has 3 locators)",
        ),
        (
            json!({"action": "play-arrangement", "loop": true, "loopEndLocator": "locator-7"}),
            "NOT_FOUND",
            "loopEndLocator \"locator-7\" does not exist (the Set has 3 locators)",
        ),
        (
            json!({"action": "play-scene", "sceneIndex": 9, "loop": true}),
            "NOT_FOUND",
            "sceneIndex 9 does not exist (the Set has 5 scenes)",
        ),
        (json!({"action": "rewind"}), "BAD_INPUT", ""),
    ];
    for (args, want, text) in cases {
        let mut live = demo();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-playback", args.clone());
        assert_eq!(code(&r), *want, "{args}: {r}");
        if !text.is_empty() {
            assert_eq!(message(&r), *text, "{args}");
        }
        assert_eq!(writes(&live), 0, "{args} wrote to Live");
        assert_eq!(live.to_json(), before, "{args} changed the Set");
    }
}

#[test]
fn arguments_the_action_does_not_use_are_named() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "stop", "slots": "0/0", "sceneIndex": 1}),
    );
    assert_eq!(
        warnings(&r),
        [
            "slots ignored: action \"stop\" takes no clips",
            "sceneIndex ignored: action \"stop\" launches no scene"
        ]
    );
}

#[test]
fn launching_many_slots_stops_before_the_time_limit() {
    let mut live = demo();
    let slots = "0/0,0/1,0/2,0/4,1/1,1/2,3/0,3/1";
    let r = call_with_deadline(
        &mut live,
        "barline-playback",
        json!({"action": "play-session-clips", "slots": slots}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let w = warnings(&r);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].starts_with("stopped after "), "{w:?}");
    assert!(
        w[0].ends_with(" of 8 clips to stay within the time limit; repeat the call for the rest")
    );
}

#[test]
fn firing_starts_the_transport_and_after_stop_no_track_reports_a_playing_slot() {
    // live-facts rows 15 and 17: a fired slot starts Live's transport a tick later;
    // stop_playing stops the whole Set, its clips included.
    let mut live = demo();
    let song = id_of(&mut live, "live_set");
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-session-clips", "slots": "0/0,1/1"}),
    );
    assert_eq!(r["structuredContent"]["playing"], true, "{r}");
    live.after_wait();
    assert_eq!(one(&mut live, song, "is_playing"), Atom::Int(1));
    let playing = |live: &mut FakeLive| {
        let r = call(
            live,
            "barline-read-live-set",
            json!({"include": ["tracks"]}),
        );
        r["structuredContent"]["tracks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t.get("playingSlotIndex").is_some())
            .count()
    };
    assert_eq!(playing(&mut live), 2);
    let r = call(&mut live, "barline-playback", json!({"action": "stop"}));
    assert_eq!(r["structuredContent"]["playing"], false, "{r}");
    assert_eq!(playing(&mut live), 0, "no track plays a slot after stop");
    live.after_wait();
    assert_eq!(playing(&mut live), 0);
    assert_eq!(one(&mut live, song, "is_playing"), Atom::Int(0));
}

#[test]
fn playing_an_empty_scene_on_a_stopped_set_reports_it_stopped() {
    // live-facts row 19: firing a scene whose slots are all empty does not start Live.
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 0, "name": "Empty"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-scene", "sceneIndex": 0}),
    );
    assert_eq!(r["structuredContent"]["playing"], false, "{r}");
    live.after_wait();
    let song = id_of(&mut live, "live_set");
    assert_eq!(one(&mut live, song, "is_playing"), Atom::Int(0));
}

#[test]
fn a_start_past_the_end_of_the_arrangement_is_reported_where_live_puts_it() {
    // live-facts row 48: start_time cannot go past song_length.
    let mut live = demo();
    let song = id_of(&mut live, "live_set");
    let end = one(&mut live, song, "song_length").as_f64().unwrap();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "update-arrangement", "startTime": "900|1"}),
    );
    let w = warnings(&r);
    assert!(
        w.iter()
            .any(|x| x.starts_with("startTime 900|1 is past the end of the arrangement")),
        "{w:?}"
    );
    assert_eq!(one(&mut live, song, "start_time").as_f64(), Some(end));
    // A loop set in the same call lengthens the song first, so a start inside it holds.
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "update-arrangement", "loop": true, "loopStart": "200|1", "loopEnd": "204|1", "startTime": "201|1"}),
    );
    assert!(warnings(&r).is_empty(), "{r}");
    assert_eq!(one(&mut live, song, "start_time").as_f64(), Some(800.0));
}
