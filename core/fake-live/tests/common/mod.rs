//! Short ways to address and read the fake Live Set in the Live-facts tests. Each test
//! file is named after a group of rows of core/fake-live/README.md, each test after
//! its row, and cites that row's evidence.
#![allow(dead_code)]

use barline_core::live::path::ids_from_atoms;
use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use serde_json::Value as J;

/// A symbol atom.
pub fn s(text: &str) -> Atom {
    Atom::Symbol(text.into())
}

/// An int atom.
pub fn i(n: i64) -> Atom {
    Atom::Int(n)
}

/// A float atom.
pub fn f(x: f64) -> Atom {
    Atom::Float(x)
}

/// The id at `path`, which must resolve.
pub fn id(live: &mut FakeLive, path: &str) -> LiveId {
    let id = live.resolve(path);
    assert!(!id.is_none(), "{path} should resolve");
    id
}

/// A property's atoms; panics on a refusal.
pub fn get(live: &mut FakeLive, id: LiveId, prop: &str) -> Vec<Atom> {
    live.try_get(id, prop)
        .unwrap_or_else(|e| panic!("get {prop}: {e}"))
}

/// A numeric property as f64.
pub fn num(live: &mut FakeLive, id: LiveId, prop: &str) -> f64 {
    get(live, id, prop)[0].as_f64().expect("a number")
}

/// A text property.
pub fn text(live: &mut FakeLive, id: LiveId, prop: &str) -> String {
    get(live, id, prop)[0].to_string()
}

/// A dict property (one JSON text) parsed.
pub fn json(live: &mut FakeLive, id: LiveId, prop: &str) -> J {
    serde_json::from_str(&text(live, id, prop)).expect("a JSON answer")
}

/// The ids a list child holds.
pub fn ids(live: &mut FakeLive, id: LiveId, child: &str) -> Vec<LiveId> {
    ids_from_atoms(&get(live, id, child)).expect("an id list")
}

/// The id a creating call answered (`["id", n]`).
pub fn created(atoms: &[Atom]) -> LiveId {
    LiveId(atoms[1].as_i64().expect("an id") as u64)
}

/// Calls a function that must succeed.
pub fn call(live: &mut FakeLive, id: LiveId, name: &str, args: &[Atom]) -> Vec<Atom> {
    live.try_call(id, name, args)
        .unwrap_or_else(|e| panic!("call {name}: {e}"))
}

/// The display names of an `available_…` routing list.
pub fn routing_names(live: &mut FakeLive, track: LiveId, prop: &str) -> Vec<String> {
    json(live, track, prop)[prop]
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| c["display_name"].as_str().unwrap_or("").to_string())
        .collect()
}

/// The display name of a routing property.
pub fn routing(live: &mut FakeLive, track: LiveId, prop: &str) -> String {
    json(live, track, prop)[prop]["display_name"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// A MIDI clip of `len` beats in session slot `slot` of track `track`.
pub fn session_clip(live: &mut FakeLive, track: usize, slot: usize, len: f64) -> LiveId {
    let sl = id(live, &format!("live_set tracks {track} clip_slots {slot}"));
    call(live, sl, "create_clip", &[f(len)]);
    id(
        live,
        &format!("live_set tracks {track} clip_slots {slot} clip"),
    )
}

/// Note dicts of a clip (`get_all_notes_extended`).
pub fn notes(live: &mut FakeLive, clip: LiveId) -> Vec<J> {
    let text = call(live, clip, "get_all_notes_extended", &[])[0].to_string();
    let v: J = serde_json::from_str(&text).expect("notes JSON");
    v["notes"].as_array().cloned().unwrap_or_default()
}

/// A fixture with one audio clip in session slot 0 of track 2 (an audio track).
pub fn with_audio_clip(extra: &str) -> FakeLive {
    let json = format!(
        r#"{{"format":"barline-live-set/1","scenes":[{{}},{{}}],
        "tracks":[{{"kind":"midi","name":"1-MIDI"}},{{"kind":"audio","name":"2-Audio",
        "clip_slots":[{{"length":8,"file_path":"/s/loop.wav"{extra}}},null]}}]}}"#
    );
    FakeLive::from_json(&json).expect("fixture loads")
}
