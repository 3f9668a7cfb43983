//! Rows 22–33 of core/fake-live/README.md: the notes API and its call forms.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use barline_core::live::LiveId;
use barline_fake_live::FakeLive;
use common::*;
use serde_json::json;

fn add(
    live: &mut FakeLive,
    clip: LiveId,
    notes: serde_json::Value,
) -> Result<Vec<barline_core::live::Atom>, String> {
    live.try_call(
        clip,
        "add_new_notes",
        &[s(&json!({ "notes": notes }).to_string())],
    )
    .map_err(|e| e.to_string())
}

fn setup() -> (FakeLive, LiveId, Vec<i64>) {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 8.0);
    let ids = add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 0, "duration": 1}, {"pitch": 62, "start_time": 1, "duration": 1},
               {"pitch": 64, "start_time": 2, "duration": 1}]),
    )
    .unwrap();
    (
        live,
        clip,
        ids.iter().map(|a| a.as_i64().unwrap()).collect(),
    )
}

/// Row 22: remove_notes_by_id takes the ids as separate arguments. Evidence: the
/// decompiled LiveAPI Python layer (_MxDCore passes the arguments straight to
/// Clip.remove_notes_by_id) and the Live Object Model reference.
#[test]
fn row_22_remove_notes_by_id_takes_separate_ids() {
    let (mut live, clip, ids) = setup();
    call(
        &mut live,
        clip,
        "remove_notes_by_id",
        &[i(ids[0]), i(ids[2])],
    );
    let left = notes(&mut live, clip);
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["pitch"], 62);
}

/// Row 23: remove_notes_by_id does not parse a dict: one '{"note_ids":[…]}' argument
/// fails and removes nothing. Evidence: the decompiled LiveAPI Python layer
/// (_MxDCore 12.0 and 12.1 parse no JSON for this call, unlike get_notes_by_id).
#[test]
fn row_23_remove_notes_by_id_refuses_a_dict() {
    let (mut live, clip, ids) = setup();
    let dict = json!({ "note_ids": ids }).to_string();
    assert!(live
        .try_call(clip, "remove_notes_by_id", &[s(&dict)])
        .is_err());
    assert_eq!(notes(&mut live, clip).len(), 3);
}

/// Row 24: note dicts carry exactly the nine keys, mute as 0/1. Evidence: the
/// decompiled LiveAPI Python layer (_MxDCore's note attribute list, mute as int).
#[test]
fn row_24_note_dicts_have_exactly_nine_keys() {
    let (mut live, clip, _) = setup();
    let n = &notes(&mut live, clip)[0];
    let mut keys: Vec<&str> = n.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "duration",
            "mute",
            "note_id",
            "pitch",
            "probability",
            "release_velocity",
            "start_time",
            "velocity",
            "velocity_deviation"
        ]
    );
    assert_eq!(n["mute"], 0);
}

/// Row 25: get_notes_extended, get_notes_by_id and get_all_notes_extended take one
/// dict; "return" limits the keys. Evidence: the decompiled LiveAPI Python layer
/// (_MxDCore json-loads the dict and pops "return").
#[test]
fn row_25_note_reads_take_a_dict_with_return() {
    let (mut live, clip, ids) = setup();
    let w = json!({"from_pitch": 60, "pitch_span": 3, "from_time": 0, "time_span": 8, "return": ["pitch"]});
    let got = call(&mut live, clip, "get_notes_extended", &[s(&w.to_string())])[0].to_string();
    let v: serde_json::Value = serde_json::from_str(&got).unwrap();
    assert_eq!(v["notes"], json!([{"pitch": 60}, {"pitch": 62}]));
    let d = json!({"note_ids": [ids[1]], "return": ["note_id"]}).to_string();
    let got = call(&mut live, clip, "get_notes_by_id", &[s(&d)])[0].to_string();
    assert!(
        got.contains(&format!("{}", ids[1])) && !got.contains("pitch"),
        "{got}"
    );
    let got = call(
        &mut live,
        clip,
        "get_all_notes_extended",
        &[s(r#"{"return":["velocity"]}"#)],
    )[0]
    .to_string();
    assert!(got.contains("velocity") && !got.contains("pitch"), "{got}");
}

/// Row 26: add_new_notes answers the ids of the notes it added. Evidence: the Live
/// Object Model reference and Live's Python API dump (returns the note ids).
#[test]
fn row_26_add_new_notes_answers_ids() {
    let (mut live, clip, ids) = setup();
    assert_eq!(ids.len(), 3);
    let listed: Vec<i64> = notes(&mut live, clip)
        .iter()
        .map(|n| n["note_id"].as_i64().unwrap())
        .collect();
    assert_eq!(listed, ids);
}

/// Row 27: add_new_notes refuses a dict without "notes" and a note missing pitch,
/// start_time or duration; nothing is added. Evidence: the decompiled LiveAPI Python
/// layer (_MxDCore: "Expecting 'notes' as the main dictionary's key", required keys).
#[test]
fn row_27_add_new_notes_needs_notes_and_required_keys() {
    let (mut live, clip, _) = setup();
    let e = live
        .try_call(clip, "add_new_notes", &[s(r#"{"note":[]}"#)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("Expecting 'notes'"), "{e}");
    let e = add(
        &mut live,
        clip,
        json!([{"pitch": 70, "start_time": 0, "duration": 1}, {"pitch": 71, "start_time": 0}]),
    )
    .unwrap_err();
    assert!(e.contains("Missing required keys"), "{e}");
    assert_eq!(notes(&mut live, clip).len(), 3);
}

/// Row 28: add_new_notes refuses note_id or any unknown key ("Invalid entry in the
/// dictionary"); nothing is added. Evidence: the decompiled LiveAPI Python layer
/// (MidiNoteSpecification(**note) fails before the call) and measured on Live 12.4.
#[test]
fn row_28_add_new_notes_refuses_unknown_keys() {
    let (mut live, clip, _) = setup();
    for bad in [json!({"note_id": 1}), json!({"colour": 3})] {
        let mut n = json!({"pitch": 70, "start_time": 0, "duration": 1});
        n.as_object_mut()
            .unwrap()
            .extend(bad.as_object().unwrap().clone());
        let e = add(&mut live, clip, json!([n])).unwrap_err();
        assert!(e.contains("Invalid entry in the dictionary"), "{e}");
    }
    assert_eq!(notes(&mut live, clip).len(), 3);
}

/// Row 29: velocity must be above 0 and at most 127. Evidence: measured on Live 12.4
/// ("Velocity must be above 0 and at most 127") and another project's clamping.
#[test]
fn row_29_velocity_above_0_at_most_127() {
    let (mut live, clip, _) = setup();
    for v in [0.0, 128.0] {
        assert!(add(
            &mut live,
            clip,
            json!([{"pitch": 70, "start_time": 0, "duration": 1, "velocity": v}])
        )
        .is_err());
    }
    assert!(add(
        &mut live,
        clip,
        json!([{"pitch": 70, "start_time": 0, "duration": 1, "velocity": 127}])
    )
    .is_ok());
}

/// Row 30 (weak): add_new_notes refuses a duration of 0 or below. Evidence: another
/// project clamps durations to at least 0.001 before calling it.
#[test]
fn row_30_duration_must_be_positive() {
    let (mut live, clip, _) = setup();
    for d in [0.0, -1.0] {
        assert!(add(
            &mut live,
            clip,
            json!([{"pitch": 70, "start_time": 0, "duration": d}])
        )
        .is_err());
    }
    assert_eq!(notes(&mut live, clip).len(), 3);
}

/// Row 31: apply_note_modifications changes nothing when a note lacks note_id or
/// names an id not in the clip. Evidence: the decompiled LiveAPI Python layer
/// ("Required key note_id is missing"), the Live Object Model reference and measured
/// on Live 12.4.
#[test]
fn row_31_modifications_need_known_note_ids() {
    let (mut live, clip, ids) = setup();
    let before = notes(&mut live, clip);
    for n in [
        json!([{"pitch": 40}]),
        json!([{"note_id": ids[0], "pitch": 40}, {"note_id": 999999, "pitch": 41}]),
    ] {
        let e = live.try_call(
            clip,
            "apply_note_modifications",
            &[s(&json!({"notes": n}).to_string())],
        );
        assert!(e.is_err());
    }
    assert_eq!(notes(&mut live, clip), before);
}

/// Row 32: a note at an existing pitch and start replaces it; a same-pitch overlap
/// truncates the earlier note. Evidence: measured on Live 12.4.
#[test]
fn row_32_same_start_replaces_overlap_truncates() {
    let (mut live, clip, _) = setup();
    add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 0, "duration": 2, "velocity": 50}]),
    )
    .unwrap();
    add(
        &mut live,
        clip,
        json!([{"pitch": 60, "start_time": 1, "duration": 1}]),
    )
    .unwrap();
    let at60: Vec<_> = notes(&mut live, clip)
        .into_iter()
        .filter(|n| n["pitch"] == 60)
        .collect();
    assert_eq!(at60.len(), 2);
    assert_eq!(
        (at60[0]["velocity"].as_f64(), at60[0]["duration"].as_f64()),
        (Some(50.0), Some(1.0))
    );
}

/// Row 33: add_new_notes deletes same-pitch notes starting inside the new note, which
/// keeps its length. Evidence: another project's tests in real Live 12.4.5.
#[test]
fn row_33_new_note_swallows_notes_starting_inside() {
    let (mut live, clip, _) = setup();
    add(
        &mut live,
        clip,
        json!([{"pitch": 62, "start_time": 0.5, "duration": 4}]),
    )
    .unwrap();
    let at62: Vec<_> = notes(&mut live, clip)
        .into_iter()
        .filter(|n| n["pitch"] == 62)
        .collect();
    assert_eq!(at62.len(), 1);
    assert_eq!(at62[0]["duration"].as_f64(), Some(4.0));
}
