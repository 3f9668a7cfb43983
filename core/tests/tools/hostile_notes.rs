//! Notes Live would refuse (issue 22, findings 1 and 6): refused before anything is
//! removed or written, dropped with a counting warning when a transform makes them,
//! never printed as a zero length, and never sent at a time past Live's timeline.

use crate::support;
use support::outcome::data;

use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use serde_json::json;
use support::fake::demo;
use support::outcome::{code, message, warnings};
use support::tools::call;

fn new_clip(live: &mut FakeLive, slot: &str, notes: &str) -> String {
    let r = call(
        live,
        "barline-create-clip",
        json!({"slot": slot, "notes": notes}),
    );
    data(&r)["id"].as_str().unwrap().to_string()
}

fn note_count(live: &mut FakeLive, clip: &str) -> usize {
    support::fake::live_notes(live, LiveId(clip.parse().unwrap())).len()
}

#[test]
fn a_zero_length_note_is_refused_by_every_note_writer_and_changes_nothing() {
    let mut live = demo();
    let before = live.to_json();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "1/0", "notes": "t0 C3 1|1 D3 1|2"}),
    );
    assert_eq!(code(&r), "BAD_INPUT", "{r}");
    assert!(
        message(&r).contains("note 1 (C3 at beat 0"),
        "{}",
        message(&r)
    );
    assert!(message(&r).contains("duration is 0"), "{}", message(&r));
    assert_eq!(live.to_json(), before, "no clip was created");

    let clip = new_clip(&mut live, "1/0", "C3 1|1 D3 1|2 E3 1|3");
    let before = live.to_json();
    for mode in ["merge", "replace"] {
        let r = call(
            &mut live,
            "barline-update-clip",
            json!({"ids": clip, "notes": "t0 C3 1|1", "noteUpdateMode": mode}),
        );
        assert_eq!(code(&r), "BAD_INPUT", "{mode}: {r}");
        assert_eq!(live.to_json(), before, "{mode} changed the clip");
        assert_eq!(note_count(&mut live, &clip), 3);
    }
}

#[test]
fn positions_past_lives_timeline_are_refused_and_the_set_stays_usable() {
    let mut live = demo();
    let before = live.to_json();
    for notes in ["C3 1|1 4200000|1", "C3 1|1 @999999999999999999=1"] {
        let r = call(
            &mut live,
            "barline-create-clip",
            json!({"slot": "1/0", "notes": notes}),
        );
        assert_eq!(code(&r), "BAD_INPUT", "{notes}: {r}");
        assert_eq!(live.to_json(), before, "{notes} changed the Set");
    }
    for args in [
        json!({"slot": "1/0", "length": "9999999:0"}),
        json!({"arrangementStart": "999999999|1", "trackIndex": 1}),
    ] {
        let r = call(&mut live, "barline-create-clip", args.clone());
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
    }
    // The Set still answers.
    let clip = new_clip(&mut live, "1/0", "C3 1|1");
    assert_eq!(note_count(&mut live, &clip), 1);
}

#[test]
fn transformed_notes_live_cannot_take_are_dropped_with_a_count() {
    let mut live = demo();
    let clip = new_clip(&mut live, "1/0", "C3 1|1 D3 1|2 E3 1|3 F3 1|4");
    let nines = "9".repeat(400);
    let r = call(
        &mut live,
        "barline-update-clip",
        json!({"ids": clip, "transforms": format!("duration = note.duration * {nines}")}),
    );
    let held = note_count(&mut live, &clip);
    let w = warnings(&r);
    assert!(
        w.iter()
            .any(|w| w.starts_with("4 transformed note(s) could not be written")),
        "notes lost in silence: {held} held, warnings {w:?}, {r}"
    );
    assert_eq!(held, 0);
}

#[test]
fn a_length_below_the_formatters_resolution_reads_back_as_a_length() {
    let mut live = demo();
    let clip = new_clip(&mut live, "1/0", "C3 1|1");
    let id = LiveId(clip.parse().unwrap());
    let notes =
        json!({"notes": [{"pitch": 62, "start_time": 1.0, "duration": 0.0004, "velocity": 100}]});
    live.call(id, "add_new_notes", &[Atom::Symbol(notes.to_string())])
        .unwrap();
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": clip, "include": ["notes"]}),
    );
    let text = data(&r)["notes"].as_str().unwrap().to_string();
    assert!(!text.contains("t0 "), "{text}");
    let r = call(
        &mut live,
        "barline-update-clip",
        json!({"ids": clip, "notes": text, "noteUpdateMode": "replace"}),
    );
    assert_eq!(data(&r)["noteCount"], 2, "{r}");
}

#[test]
fn note_count_counts_every_note_held_and_warns_about_silent_ones() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "1/0", "length": "1:0", "notes": "C3 1|1 D3 2|1 E3 3|1"}),
    );
    let d = data(&r);
    assert_eq!(d["noteCount"], 3, "{r}");
    assert!(
        warnings(&r)
            .iter()
            .any(|w| w.starts_with("2 notes start at or after the clip end")),
        "{r}"
    );
}

#[test]
fn notes_a_transform_lands_on_one_place_are_reported_when_live_merges_them() {
    let mut live = demo();
    let clip = new_clip(&mut live, "1/0", "C3 1|1 1|1.1 1|1.2 1|1.3");
    let r = call(
        &mut live,
        "barline-update-clip",
        json!({"ids": clip, "transforms": "timing = quant(4)"}),
    );
    let held = data(&r)["noteCount"].as_i64().unwrap();
    assert!(held < 4, "the transform should land notes together: {r}");
    let said = format!("Live merged them, so the clip holds {held} of the 4 notes written");
    assert!(warnings(&r).iter().any(|w| w.contains(&said)), "{r}");
}
