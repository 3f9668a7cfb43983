//! Fixture flags for tool tests: the virtual clock (`call_delay_ms`, deadline tests of
//! docs/design/tool-contract.md §1.15, progress without wall-clock time) and cut note answers
//! (`note_answer_limit`, the windowed re-read of docs/design/tool-contract.md §1.14).

use barline_core::live::{Atom, LivePort};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};

/// A one-track Set with a 16-beat clip of 64 notes over pitches 60–67, plus `flags`.
fn set_with(flags: Value) -> FakeLive {
    let notes: Vec<Value> = (0..64)
        .map(
            |i| json!({"pitch": 60 + i % 8, "start_time": f64::from(i / 8) * 2.0, "duration": 0.5}),
        )
        .collect();
    let mut doc = json!({
        "format": "barline-live-set/1",
        "scenes": [{}],
        "tracks": [{"kind": "midi", "clip_slots": [{"length": 16, "notes": notes}]}],
    });
    doc.as_object_mut()
        .unwrap()
        .extend(flags.as_object().unwrap().clone());
    FakeLive::from_json(&doc.to_string()).expect("fixture loads")
}

fn note_text(live: &mut FakeLive, args: &[Atom]) -> String {
    let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
    let out = live.call(clip, "get_notes_extended", args).unwrap();
    out[0].as_str().unwrap().to_string()
}

fn window(pitch: i64, span: i64, from: f64, len: f64) -> Vec<Atom> {
    vec![
        Atom::Int(pitch),
        Atom::Int(span),
        Atom::Float(from),
        Atom::Float(len),
    ]
}

#[test]
fn each_live_request_advances_the_virtual_clock() {
    let mut live = set_with(json!({"call_delay_ms": 25}));
    let clock = live.clock();
    assert_eq!((clock.now_ms(), clock.step_ms()), (0, 25));
    let song = live.resolve("live_set");
    assert_eq!(live.virtual_time_ms(), 0, "resolving is not a request");
    live.get(song, "tempo").unwrap();
    live.set(song, "tempo", &[Atom::Float(99.0)]).unwrap();
    live.call(song, "stop_playing", &[]).unwrap();
    live.get_count(song, "tracks").unwrap();
    assert_eq!(clock.now_ms(), 100, "the handle sees the same time");
    // Refused requests take time as well; work outside Live can be simulated.
    live.set(song, "tempo", &[Atom::Float(5000.0)]).unwrap();
    clock.advance(1000);
    assert_eq!(live.virtual_time_ms(), 1125);
    assert_eq!(live.counters().totals().get, 1);
}

#[test]
fn the_clock_stands_still_by_default_and_the_flag_round_trips() {
    let mut live = set_with(json!({}));
    let song = live.resolve("live_set");
    live.get(song, "tempo").unwrap();
    assert_eq!(live.virtual_time_ms(), 0);
    let live = set_with(json!({"call_delay_ms": 7, "note_answer_limit": 300}));
    let dump: Value = serde_json::from_str(&live.to_json()).unwrap();
    assert_eq!(dump["call_delay_ms"], 7);
    assert_eq!(dump["note_answer_limit"], 300);
    assert_eq!(
        FakeLive::from_json(&live.to_json()).unwrap().to_json(),
        live.to_json()
    );
}

#[test]
fn bad_flag_values_are_refused_with_their_location() {
    for (flags, key) in [
        (json!({"call_delay_ms": -1}), "call_delay_ms"),
        (json!({"call_delay_ms": 2.5}), "call_delay_ms"),
        (json!({"note_answer_limit": "big"}), "note_answer_limit"),
        (json!({"note_answer_limit": 1e12}), "note_answer_limit"),
    ] {
        let mut doc = json!({"format": "barline-live-set/1", "scenes": [{}]});
        doc.as_object_mut()
            .unwrap()
            .extend(flags.as_object().unwrap().clone());
        let e = FakeLive::from_json(&doc.to_string())
            .unwrap_err()
            .to_string();
        assert!(e.contains(key) && e.contains("whole number"), "{e}");
    }
}

#[test]
fn note_answers_above_the_limit_are_cut_into_unparseable_text() {
    let mut full = set_with(json!({}));
    let whole = note_text(&mut full, &window(0, 128, 0.0, 16.0));
    assert!(whole.len() > 300);
    let mut live = set_with(json!({"note_answer_limit": 300}));
    let cut = note_text(&mut live, &window(0, 128, 0.0, 16.0));
    assert_eq!(cut, whole[..300]);
    assert!(serde_json::from_str::<Value>(&cut).is_err());
    let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
    let all = live.call(clip, "get_all_notes_extended", &[]).unwrap();
    assert_eq!(all[0].as_str().unwrap().len(), 300);
    assert!(live.errors().is_empty(), "cutting is silent, as in Live");
}

#[test]
fn windows_under_the_limit_parse_and_together_hold_every_note() {
    let mut live = set_with(json!({"note_answer_limit": 1000}));
    let whole = note_text(&mut live, &window(0, 128, 0.0, 16.0));
    assert!(
        serde_json::from_str::<Value>(&whole).is_err(),
        "the whole clip is cut"
    );
    let mut notes = Vec::new();
    for pitch in 60..68 {
        for half in [0.0, 8.0] {
            let text = note_text(&mut live, &window(pitch, 1, half, 8.0));
            assert!(text.len() <= 1000);
            let v: Value = serde_json::from_str(&text).expect("a small window parses");
            notes.extend(v["notes"].as_array().unwrap().iter().cloned());
        }
    }
    assert_eq!(notes.len(), 64);
}
