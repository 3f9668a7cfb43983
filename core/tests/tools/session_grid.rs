//! Finding session clips costs what Live forces and no more (issue 10: a read's
//! requests grow with what it returns): a Set-wide read asks each slot once and shares
//! the answer with its nested track and scene reads, an empty scene costs one `get`,
//! a Set whose lists cannot fit the text cap is refused before any slot is asked, and a
//! probe that runs out of time fails without a wrong count.

use crate::support;

use barline_core::tools::testing::{MIN_SCENE_CHARS, MIN_TRACK_CHARS};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::demo;
use support::outcome::{call_with_deadline, code, message};
use support::tools::call;

/// `get`s the fake counted on clip slots since its last reset.
fn slot_gets(live: &FakeLive) -> u64 {
    live.counters().by_type.get("ClipSlot").map_or(0, |c| c.get)
}

fn ok(live: &mut FakeLive, tool: &str, args: Value) -> Value {
    let r = call(live, tool, args);
    assert_ne!(r["isError"], true, "{r}");
    r["structuredContent"].clone()
}

/// A Set of bare MIDI tracks and scenes; `clips` are (track, scene) slots holding a
/// one-bar clip.
fn grid_set(tracks: usize, scenes: usize, clips: &[(usize, usize)]) -> FakeLive {
    let tracks: Vec<Value> = (0..tracks)
        .map(|t| {
            let slots: Vec<Value> = (0..scenes)
                .map(|s| {
                    if clips.contains(&(t, s)) {
                        json!({"length": 4})
                    } else {
                        Value::Null
                    }
                })
                .collect();
            json!({"kind": "midi", "name": "", "clip_slots": slots})
        })
        .collect();
    let scenes: Vec<Value> = (0..scenes).map(|_| json!({"name": ""})).collect();
    let fixture = json!({"format": "barline-live-set/1", "tracks": tracks, "scenes": scenes});
    FakeLive::from_json(&fixture.to_string()).unwrap()
}

#[test]
fn nested_counts_match_the_standalone_reads() {
    let mut live = demo();
    let set = ok(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["tracks", "scenes"]}),
    );
    let tracks = set["tracks"].as_array().unwrap();
    let scenes = set["scenes"].as_array().unwrap();
    let mut total = 0;
    for (i, nested) in tracks.iter().enumerate() {
        let alone = ok(&mut live, "barline-read-track", json!({"trackIndex": i}));
        assert_eq!(nested, &alone, "track {i}");
        total += alone["sessionClipCount"].as_u64().unwrap();
    }
    for (i, nested) in scenes.iter().enumerate() {
        let alone = ok(&mut live, "barline-read-scene", json!({"sceneIndex": i}));
        assert_eq!(nested, &alone, "scene {i}");
        total -= alone["clipCount"].as_u64().unwrap();
    }
    assert_eq!(total, 0, "track and scene counts describe the same clips");
}

#[test]
fn a_set_wide_read_asks_each_slot_of_a_filled_scene_once_and_skips_empty_scenes() {
    // 6 tracks × 10 scenes; clips only in scenes 1 and 7.
    let mut live = grid_set(6, 10, &[(0, 1), (3, 1), (5, 7)]);
    live.reset_counters();
    let set = ok(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["tracks", "scenes"]}),
    );
    // Two filled scenes × six slots, each asked for its clip once.
    assert_eq!(slot_gets(&live), 12);
    let counts: Vec<u64> = set["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["sessionClipCount"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [1, 0, 0, 1, 0, 1]);
    let counts: Vec<u64> = set["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["clipCount"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [0, 2, 0, 0, 0, 0, 0, 1, 0, 0]);
}

#[test]
fn an_empty_scene_is_read_without_asking_its_slots() {
    let mut live = grid_set(40, 3, &[(2, 0)]);
    live.reset_counters();
    let scene = ok(
        &mut live,
        "barline-read-scene",
        json!({"sceneIndex": 1, "include": ["clips"]}),
    );
    assert_eq!(scene["clips"], json!([]));
    assert_eq!(slot_gets(&live), 0);
    let scene = ok(&mut live, "barline-read-scene", json!({"sceneIndex": 0}));
    assert_eq!(scene["clipCount"], 1);
    assert_eq!(slot_gets(&live), 40);
}

#[test]
fn a_track_read_asks_each_of_its_slots_once() {
    let mut live = grid_set(2, 30, &[(1, 4), (1, 29)]);
    live.reset_counters();
    let track = ok(
        &mut live,
        "barline-read-track",
        json!({"trackIndex": 1, "include": ["session-clips"]}),
    );
    let slots: Vec<&str> = track["sessionClips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slot"].as_str().unwrap())
        .collect();
    assert_eq!(slots, ["1/4", "1/29"]);
    // One `get` of `clip` per slot; the two clips themselves are read as Clips.
    assert_eq!(slot_gets(&live), 30);
}

#[test]
fn lists_that_cannot_fit_the_text_cap_are_refused_before_any_slot_is_asked() {
    let tracks = 25_000 / MIN_TRACK_CHARS + 1;
    let mut live = grid_set(tracks, 2, &[(0, 0)]);
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["tracks", "scenes"]}),
    );
    assert_eq!(code(&r), "TOO_LARGE", "{r}");
    assert!(message(&r).contains("(limit 25,000)"), "{r}");
    assert_eq!(slot_gets(&live), 0);
    // Without the lists the same Set reads fine.
    ok(&mut live, "barline-read-live-set", json!({}));
}

#[test]
fn the_least_sizes_of_nested_entries_are_lower_bounds() {
    // The smallest entries there are: unnamed tracks and scenes, no clips, no devices.
    let (tracks, scenes) = (30, 40);
    let mut live = grid_set(tracks, scenes, &[]);
    let r = call(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["tracks", "scenes"]}),
    );
    let text = r["content"][0]["text"].as_str().unwrap().chars().count();
    // Regular tracks plus the master (this Set has no returns).
    let least = (tracks + 1) * MIN_TRACK_CHARS + scenes * MIN_SCENE_CHARS;
    assert!(text >= least, "text {text} < least {least}");
}

#[test]
fn a_probe_out_of_time_fails_without_a_partial_count() {
    // One second per clock reading and a 4 s limit: the probe stops after a few rows.
    let mut live = grid_set(3, 50, &[(0, 0), (1, 49)]);
    let r = call_with_deadline(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["scenes"]}),
    );
    assert_eq!(code(&r), "TIMEOUT", "{r}");
    assert!(
        message(&r).contains("of 50 scenes for clips to stay within the time limit"),
        "{r}"
    );
}
