//! The fake Live Set: the demo fixture and short ways to address and read objects.

use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;

/// The demo Set (`patch/sim/sets/demo.json`).
pub const DEMO: &str = include_str!("../../../patch/sim/sets/demo.json");

/// A fake Live loaded from the demo Set.
pub fn demo() -> FakeLive {
    FakeLive::from_json(DEMO).expect("demo fixture loads")
}

/// A symbol atom.
pub fn sym(s: &str) -> Atom {
    Atom::Symbol(s.into())
}

/// The id at `path`, which must resolve.
pub fn id_of(live: &mut FakeLive, path: &str) -> LiveId {
    let id = live.resolve(path);
    assert!(!id.is_none(), "{path} should resolve");
    id
}

/// The first atom of a property.
pub fn one(live: &mut FakeLive, id: LiveId, prop: &str) -> Atom {
    live.get(id, prop).unwrap().remove(0)
}

/// Every note of a clip as Live answers `get_notes_extended` over all pitches and the
/// whole timeline (JSON objects, in Live's order).
pub fn live_notes(live: &mut FakeLive, clip: LiveId) -> Vec<serde_json::Value> {
    let all = [
        Atom::Int(0),
        Atom::Int(128),
        Atom::Float(0.0),
        Atom::Float(1_576_800.0),
    ];
    let out = live.call(clip, "get_notes_extended", &all).unwrap();
    let v: serde_json::Value = serde_json::from_str(out[0].as_str().unwrap()).unwrap();
    v["notes"].as_array().unwrap().clone()
}
