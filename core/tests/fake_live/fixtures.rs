//! Fixtures: every `patch/sim/sets/*.json` loads, dumps to the same JSON, and the demo
//! and large sets have the content later tests rely on.

use barline_core::live::path::ids_from_atoms;
use barline_core::live::{Atom, LivePort};
use barline_fake_live::FakeLive;
use serde_json::Value;
use std::path::PathBuf;

fn sets_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../patch/sim/sets")
}

fn load(name: &str) -> FakeLive {
    let text = std::fs::read_to_string(sets_dir().join(name)).unwrap();
    FakeLive::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// JSON numbers compare by value (`4` and `4.0` are the same beat).
fn normalise(v: Value) -> Value {
    match v {
        Value::Number(n) => serde_json::json!(n.as_f64().unwrap()),
        Value::Array(a) => Value::Array(a.into_iter().map(normalise).collect()),
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, normalise(v))).collect()),
        other => other,
    }
}

/// The first differing JSON path, for a readable failure.
fn first_difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for k in x.keys().chain(y.keys()) {
                let (p, q) = (
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                );
                if let Some(d) = first_difference(p, q, format!("{at}.{k}")) {
                    return Some(d);
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (p, q))| first_difference(p, q, format!("{at}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{at}: fixture {a} vs dump {b}")),
    }
}

#[test]
fn every_fixture_round_trips_through_load_and_dump() {
    let mut seen = 0;
    for entry in std::fs::read_dir(sets_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let live = FakeLive::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let original = normalise(serde_json::from_str(&text).unwrap());
        let dumped = normalise(serde_json::from_str(&live.to_json()).unwrap());
        if let Some(d) = first_difference(&original, &dumped, "$".into()) {
            panic!("{} does not round-trip: {d}", path.display());
        }
        // and the dump itself is a fixed point
        let again = FakeLive::from_json(&live.to_json()).unwrap().to_json();
        assert_eq!(again, live.to_json());
        seen += 1;
    }
    assert!(seen >= 2, "demo.json and large.json at least");
}

#[test]
fn the_default_set_round_trips_after_edits() {
    let mut live = FakeLive::new();
    let slot = live.resolve("live_set tracks 0 clip_slots 1");
    live.try_call(slot, "create_clip", &[Atom::Float(4.0)])
        .unwrap();
    let clip = live.resolve("live_set tracks 0 clip_slots 1 clip");
    let notes = r#"{"notes":[{"pitch":60,"start_time":0.5,"duration":1,"velocity":90,"mute":1}]}"#;
    live.try_call(clip, "add_new_notes", &[Atom::Symbol(notes.into())])
        .unwrap();
    let t = live.resolve("live_set tracks 1");
    live.try_call(t, "insert_device", &[Atom::Symbol("Drum Rack".into())])
        .unwrap();
    let dump = live.to_json();
    let back = FakeLive::from_json(&dump).unwrap();
    assert_eq!(back.to_json(), dump);
}

#[test]
fn demo_set_feels_like_a_song_sketch() {
    let mut live = load("demo.json");
    let song = live.resolve("live_set");
    assert_eq!(
        live.try_get(song, "tempo").unwrap(),
        vec![Atom::Float(104.0)]
    );
    assert_eq!(
        live.try_get(song, "scale_name").unwrap(),
        vec![Atom::Symbol("Minor".into())]
    );
    let tracks = live.try_get_count(song, "tracks").unwrap();
    assert!((6..=8).contains(&tracks), "{tracks} tracks");
    assert_eq!(live.try_get_count(song, "return_tracks").unwrap(), 2);
    assert!(live.try_get_count(song, "scenes").unwrap() >= 4);
    assert_eq!(live.try_get_count(song, "cue_points").unwrap(), 3);
    // the drum rack has a drum map
    let kit = live.resolve("live_set tracks 0 devices 0");
    assert_eq!(live.type_of(kit).unwrap(), "RackDevice");
    let kick_pad = live.resolve("live_set tracks 0 devices 0 drum_pads 36");
    assert_eq!(
        live.try_get(kick_pad, "name").unwrap(),
        vec![Atom::Symbol("Kick".into())]
    );
    // session clips with real notes, arrangement clips, an audio track, the device itself
    let clip = live.resolve("live_set tracks 1 clip_slots 1 clip");
    let notes = live
        .try_call(
            clip,
            "get_notes_extended",
            &[
                Atom::Int(0),
                Atom::Int(128),
                Atom::Float(0.0),
                Atom::Float(64.0),
            ],
        )
        .unwrap();
    let v: Value = serde_json::from_str(notes[0].as_str().unwrap()).unwrap();
    assert!(v["notes"].as_array().unwrap().len() >= 16);
    let drums = live.resolve("live_set tracks 0");
    assert_eq!(live.try_get_count(drums, "arrangement_clips").unwrap(), 2);
    let vox = live.resolve("live_set tracks 5");
    assert_eq!(
        live.try_get(vox, "has_audio_input").unwrap(),
        vec![Atom::Int(1)]
    );
    let me = live.resolve("this_device");
    assert_eq!(
        live.try_get(me, "name").unwrap(),
        vec![Atom::Symbol("Barline".into())]
    );
    let keys = live.resolve("live_set tracks 3");
    let group = live.try_get(keys, "group_track").unwrap();
    assert_eq!(
        ids_from_atoms(&group).unwrap()[0],
        live.resolve("live_set tracks 2")
    );
    let song_length = live.try_get(song, "song_length").unwrap()[0]
        .as_f64()
        .unwrap();
    // The last clip ends at 64; song_length lies 32 beyond (README row 53).
    assert_eq!(song_length, 96.0);
    assert!(live.errors().is_empty());
}

#[test]
fn large_set_has_a_clip_with_thousands_of_notes_and_a_megabyte_read() {
    let mut live = load("large.json");
    let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
    let out = live.try_call(clip, "get_all_notes_extended", &[]).unwrap();
    let text = out[0].as_str().unwrap();
    let v: Value = serde_json::from_str(text).unwrap();
    assert!(v["notes"].as_array().unwrap().len() >= 5000);
    assert!(text.len() > 1_000_000, "{} bytes", text.len());
}

#[test]
fn bad_fixtures_are_refused_with_a_location() {
    let cases = [
        (r#"{"format":"x"}"#, "format"),
        (r#"{"format":"barline-live-set/1","scenes":[]}"#, "scenes"),
        (
            r#"{"format":"barline-live-set/1","scenes":[{}],"tracks":[{"kind":"midi","bogus":1}]}"#,
            "tracks[0]",
        ),
        (
            r#"{"format":"barline-live-set/1","scenes":[{}],"tracks":[{"kind":"midi","clip_slots":[null,null]}]}"#,
            "tracks[0]",
        ),
        (
            r#"{"format":"barline-live-set/1","scenes":[{}],"tracks":[{"kind":"midi","clip_slots":[{"length":4,"notes":[{"pitch":200,"start_time":0,"duration":1}]}]}]}"#,
            "tracks[0].clip_slots[0].notes[0]",
        ),
        (
            r#"{"format":"barline-live-set/1","scenes":[{}],"tracks":[{"kind":"midi","devices":[{"device":"Nope"}]}]}"#,
            "devices[0]",
        ),
        (
            r#"{"format":"barline-live-set/1","scenes":[{}],"song":{"song_length":4}}"#,
            "song",
        ),
        ("not json", "(document)"),
    ];
    for (json, at) in cases {
        let e = FakeLive::from_json(json).unwrap_err();
        assert!(
            e.at.contains(at),
            "{json}: error at {} ({})",
            e.at,
            e.message
        );
        assert!(!e.message.is_empty());
    }
}
