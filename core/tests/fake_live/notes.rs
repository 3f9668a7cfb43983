//! The extended notes API (core/fake-live/README.md) and observer support (28).

use crate::support;

use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::sym;

fn clip_with(len: f64) -> (FakeLive, LiveId) {
    let mut live = FakeLive::new();
    let slot = live.resolve("live_set tracks 0 clip_slots 0");
    live.try_call(slot, "create_clip", &[Atom::Float(len)])
        .unwrap();
    let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
    (live, clip)
}

fn add(live: &mut FakeLive, clip: LiveId, notes: Value) -> Vec<i64> {
    let arg = json!({ "notes": notes }).to_string();
    live.try_call(clip, "add_new_notes", &[sym(&arg)])
        .unwrap()
        .iter()
        .map(|a| a.as_i64().unwrap())
        .collect()
}

fn read(live: &mut FakeLive, clip: LiveId, args: &[Atom]) -> Vec<Value> {
    let out = live.try_call(clip, "get_notes_extended", args).unwrap();
    assert_eq!(out.len(), 1, "one JSON string");
    let v: Value = serde_json::from_str(out[0].as_str().unwrap()).unwrap();
    v["notes"].as_array().unwrap().clone()
}

fn all(live: &mut FakeLive, clip: LiveId) -> Vec<Value> {
    read(
        live,
        clip,
        &[
            Atom::Int(0),
            Atom::Int(128),
            Atom::Float(0.0),
            Atom::Float(1000.0),
        ],
    )
}

fn window(a: i64, b: i64, c: f64, d: f64) -> Vec<Atom> {
    vec![Atom::Int(a), Atom::Int(b), Atom::Float(c), Atom::Float(d)]
}

#[test]
fn b33_get_notes_extended_json_fields_windows_and_pitch_order() {
    let (mut live, clip) = clip_with(8.0);
    add(
        &mut live,
        clip,
        json!([
            {"pitch": 67, "start_time": 0.0, "duration": 1.0},
            {"pitch": 60, "start_time": 2.0, "duration": 1.0, "mute": 1},
            {"pitch": 60, "start_time": 1.0, "duration": 0.5},
            {"pitch": 64, "start_time": 3.0, "duration": 1.0},
        ]),
    );
    let notes = all(&mut live, clip);
    let order: Vec<(i64, f64)> = notes
        .iter()
        .map(|n| {
            (
                n["pitch"].as_i64().unwrap(),
                n["start_time"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        order,
        vec![(60, 1.0), (60, 2.0), (64, 3.0), (67, 0.0)],
        "pitch, then time"
    );
    let keys: Vec<&str> = notes[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for k in [
        "note_id",
        "pitch",
        "start_time",
        "duration",
        "velocity",
        "mute",
        "probability",
        "velocity_deviation",
        "release_velocity",
    ] {
        assert!(keys.contains(&k), "field {k}");
    }
    assert_eq!(notes[1]["mute"], json!(1));
    assert_eq!(notes[0]["mute"], json!(0));
    // pitch window [60, 61), time window [1.5, 3.5): start times only
    let w = read(&mut live, clip, &window(60, 1, 1.5, 2.0));
    assert_eq!(w.len(), 1);
    assert_eq!(w[0]["start_time"], json!(2.0));
    let w = read(&mut live, clip, &window(60, 8, 0.0, 3.0));
    assert_eq!(
        w.len(),
        3,
        "end of the time window is exclusive: 64 at 3.0 is out, 67 at 0.0 is in"
    );
    // the one-dict form, with a return list
    let dict = json!({"from_pitch": 64, "pitch_span": 4, "from_time": 0, "time_span": 8, "return": ["pitch", "note_id"]});
    let w = read(&mut live, clip, &[sym(&dict.to_string())]);
    assert_eq!(w.len(), 2);
    assert_eq!(w[0].as_object().unwrap().len(), 2);
}

#[test]
fn b34_add_new_notes_appends_defaults_returns_ids_and_validates_all_first() {
    let (mut live, clip) = clip_with(4.0);
    let first = add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 0.0, "duration": 1.0}]),
    );
    let second = add(
        &mut live,
        clip,
        json!([{"pitch": 62, "start_time": 1.0, "duration": 1.0}]),
    );
    assert_eq!(first.len(), 1);
    assert_ne!(first, second);
    let notes = all(&mut live, clip);
    assert_eq!(notes.len(), 2, "appends, never replaces the clip's notes");
    let n = &notes[0];
    assert_eq!(n["velocity"], json!(100.0));
    assert_eq!(n["mute"], json!(0));
    assert_eq!(n["probability"], json!(1.0));
    assert_eq!(n["velocity_deviation"], json!(0.0));
    assert_eq!(n["release_velocity"], json!(64.0));
    assert_eq!(n["note_id"], json!(first[0]));
    let bad = [
        json!([{"pitch": 60, "start_time": 0, "duration": 1, "note_id": 5}]),
        json!([{"pitch": 60.5, "start_time": 0, "duration": 1}]),
        json!([{"pitch": 128, "start_time": 0, "duration": 1}]),
        json!([{"pitch": 60, "start_time": 0, "duration": 0}]),
        json!([{"pitch": 60, "start_time": 0, "duration": 1, "velocity": 128}]),
        json!([{"pitch": 60, "start_time": 0, "duration": 1, "probability": 1.5}]),
        json!([{"pitch": 50, "start_time": 0, "duration": 1}, {"pitch": -1, "start_time": 0, "duration": 1}]),
    ];
    let steps = live.counters().undo_steps;
    for b in bad {
        let arg = json!({ "notes": b }).to_string();
        assert!(
            live.try_call(clip, "add_new_notes", &[sym(&arg)]).is_err(),
            "{b}"
        );
    }
    assert_eq!(
        all(&mut live, clip).len(),
        2,
        "nothing written when any note is bad"
    );
    assert_eq!(live.counters().undo_steps, steps);
    assert_eq!(live.errors().len(), 7);
}

#[test]
fn b35_same_pitch_overlap_shortens_earlier_and_replaces_identical_start() {
    let (mut live, clip) = clip_with(8.0);
    add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 0.0, "duration": 4.0}]),
    );
    add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 2.0, "duration": 1.0}]),
    );
    let notes = all(&mut live, clip);
    assert_eq!(notes.len(), 2);
    assert_eq!(
        notes[0]["duration"],
        json!(2.0),
        "earlier note shortened to the new start"
    );
    add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 2.0, "duration": 0.5, "velocity": 30}]),
    );
    let notes = all(&mut live, clip);
    assert_eq!(notes.len(), 2, "identical start replaces");
    assert_eq!(notes[1]["velocity"], json!(30.0));
    // other pitches are untouched
    add(
        &mut live,
        clip,
        json!([{"pitch": 61, "start_time": 1.0, "duration": 4.0}]),
    );
    assert_eq!(all(&mut live, clip).len(), 3);
    // modifications follow the same rule
    let ids: Vec<i64> = all(&mut live, clip)
        .iter()
        .map(|n| n["note_id"].as_i64().unwrap())
        .collect();
    let m = json!({"notes": [{"note_id": ids[1], "start_time": 0.0}]}).to_string();
    live.try_call(clip, "apply_note_modifications", &[sym(&m)])
        .unwrap();
    let notes = all(&mut live, clip);
    assert_eq!(
        notes.iter().filter(|n| n["pitch"] == json!(60)).count(),
        1,
        "moved onto the first note's start"
    );
}

#[test]
fn b36_note_edits_keep_ids_remove_by_region_and_id_and_bang_notes() {
    let (mut live, clip) = clip_with(8.0);
    let ids = add(
        &mut live,
        clip,
        json!([
            {"pitch": 60, "start_time": 0.0, "duration": 1.0},
            {"pitch": 62, "start_time": 1.0, "duration": 1.0},
            {"pitch": 64, "start_time": 2.0, "duration": 1.0},
            {"pitch": 65, "start_time": 3.0, "duration": 1.0},
        ]),
    );
    live.take_changes();
    let m = json!({"notes": [{"note_id": ids[0], "pitch": 72, "start_time": 4.0, "velocity": 50}]})
        .to_string();
    live.try_call(clip, "apply_note_modifications", &[sym(&m)])
        .unwrap();
    assert!(
        live.take_changes().contains(&(clip, "notes".to_string())),
        "notes observers are banged"
    );
    let moved = all(&mut live, clip)
        .into_iter()
        .find(|n| n["pitch"] == json!(72))
        .unwrap();
    assert_eq!(moved["note_id"], json!(ids[0]), "id kept");
    assert_eq!(moved["start_time"], json!(4.0));
    assert_eq!(moved["duration"], json!(1.0), "unchanged fields kept");
    let bad = json!({"notes": [{"note_id": 9999, "pitch": 1}]}).to_string();
    assert!(live
        .try_call(clip, "apply_note_modifications", &[sym(&bad)])
        .is_err());
    live.try_call(clip, "remove_notes_extended", &window(62, 1, 0.0, 8.0))
        .unwrap();
    live.try_call(clip, "remove_notes_by_id", &[Atom::Int(ids[2])])
        .unwrap();
    let left: Vec<i64> = all(&mut live, clip)
        .iter()
        .map(|n| n["note_id"].as_i64().unwrap())
        .collect();
    assert_eq!(left, vec![ids[3], ids[0]]);
    let all_notes = live.try_call(clip, "get_all_notes_extended", &[]).unwrap();
    let v: Value = serde_json::from_str(all_notes[0].as_str().unwrap()).unwrap();
    assert_eq!(v["notes"].as_array().unwrap().len(), 2);
    let fresh = add(
        &mut live,
        clip,
        json!([{"pitch": 40, "start_time": 0, "duration": 1}]),
    );
    assert!(
        fresh[0] > *ids.iter().max().unwrap(),
        "ids are never reused in a clip"
    );
}

#[test]
fn b28_changes_inside_notifications_are_refused_and_changes_are_reported() {
    let mut live = FakeLive::new();
    let song = live.resolve("live_set");
    live.take_changes();
    live.try_set(song, "tempo", &[Atom::Float(100.0)]).unwrap();
    assert_eq!(live.take_changes(), vec![(song, "tempo".to_string())]);
    live.set_in_notification(true);
    let err = live
        .try_set(song, "tempo", &[Atom::Float(130.0)])
        .unwrap_err();
    assert!(err
        .message
        .contains("Changes cannot be triggered by notifications"));
    assert!(live
        .try_call(song, "create_scene", &[Atom::Int(-1)])
        .is_err());
    assert!(
        live.try_get(song, "tempo").is_ok(),
        "reading is fine inside a notification"
    );
    live.set_in_notification(false);
    assert_eq!(
        live.try_get(song, "tempo").unwrap(),
        vec![Atom::Float(100.0)]
    );
    live.try_set(song, "tempo", &[Atom::Float(130.0)]).unwrap();
    assert_eq!(
        live.try_get(song, "tempo").unwrap(),
        vec![Atom::Float(130.0)],
        "deferred change succeeds"
    );
    let clip_slot = live.resolve("live_set tracks 0 clip_slots 0");
    live.take_changes();
    live.try_call(clip_slot, "create_clip", &[Atom::Float(4.0)])
        .unwrap();
    assert!(live
        .take_changes()
        .contains(&(clip_slot, "has_clip".to_string())));
}

#[test]
fn quantize_moves_starts_toward_the_grid_unless_the_fixture_disables_it() {
    let (mut live, clip) = clip_with(4.0);
    add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 0.1, "duration": 0.2}, {"pitch": 61, "start_time": 0.9, "duration": 0.2}]),
    );
    live.try_call(clip, "quantize", &[Atom::Int(5), Atom::Float(1.0)])
        .unwrap();
    let starts: Vec<f64> = all(&mut live, clip)
        .iter()
        .map(|n| n["start_time"].as_f64().unwrap())
        .collect();
    assert_eq!(starts, vec![0.0, 1.0]);
    let mut noop = FakeLive::from_json(
        r#"{"format":"barline-live-set/1","quantize_noop":true,"song":{},"scenes":[{}],
            "tracks":[{"kind":"midi","clip_slots":[{"length":4,"notes":[{"pitch":60,"start_time":0.1,"duration":0.2}]}]}]}"#,
    )
    .unwrap();
    let c = noop.resolve("live_set tracks 0 clip_slots 0 clip");
    noop.try_call(c, "quantize", &[Atom::Int(5), Atom::Float(1.0)])
        .unwrap();
    assert_eq!(all(&mut noop, c)[0]["start_time"], json!(0.1));
}
