//! Wall time of the bulk calls of issue 22 (finding 8) on a Set of 110 tracks: create-scene
//! `count: 1000`, a scene duplicated to 200 arrangement positions, a clip duplicated to
//! 500 session slots. Each call runs with a real clock and the default 30 s timeout, so
//! the time budget of bulk loops applies as on the device. Prints one line per call
//! (milliseconds, items done, the stop warning if any); asserts nothing.
//!
//! Run with `cargo bench -p barline-core --bench bulk_calls`. The fake runs natively
//! here, faster than the simulator's wasm build, so absolute times are lower than on
//! the device; the budget caps both.

mod support;

use barline_core::live::LivePort;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};

const DEMO: &str = include_str!("../../patch/sim/sets/demo.json");

/// Tracks in the benchmark Set.
const TRACKS: usize = 110;

/// The demo Set with its regular tracks repeated up to [`TRACKS`] (groups dropped) and
/// 8 scenes.
fn big_set() -> String {
    let mut set: Value = serde_json::from_str(DEMO).expect("demo parses");
    let tracks = set["tracks"].as_array().cloned().unwrap_or_default();
    let mut all = Vec::with_capacity(TRACKS);
    for i in 0..TRACKS {
        let mut t = tracks[i % tracks.len()].clone();
        if let Some(o) = t.as_object_mut() {
            o.remove("group");
            o.remove("is_foldable");
        }
        t["name"] = json!(format!("Track {}", i + 1));
        all.push(t);
    }
    set["tracks"] = Value::Array(all);
    let scenes: Vec<Value> = (0..8).map(|i| json!({"name": format!("S{i}")})).collect();
    set["scenes"] = Value::Array(scenes);
    for t in set["tracks"].as_array_mut().unwrap() {
        if let Some(slots) = t.get_mut("clip_slots").and_then(Value::as_array_mut) {
            slots.resize(8, Value::Null);
        }
    }
    set.to_string()
}

fn run(live: &mut FakeLive, label: &str, tool: &str, args: Value) {
    let (r, ms) = support::timed_call(live, tool, &args, 30_000);
    let items = r["structuredContent"]["items"]
        .as_array()
        .map_or(1, Vec::len);
    let shown = r["structuredContent"]["summary"]["count"].as_u64();
    let stop = r["_meta"]["barline/warnings"]
        .as_array()
        .and_then(|w| {
            w.iter()
                .find_map(|w| w.as_str().filter(|s| s.starts_with("stopped")))
        })
        .unwrap_or("-");
    let error = r["_meta"]["barline/error"]["message"]
        .as_str()
        .unwrap_or("");
    println!(
        "| {label} | {ms:.0} ms | {} items | {stop} {error} |",
        shown.map_or(items as u64, |n| n)
    );
}

fn main() {
    let text = big_set();
    println!("| call (110 tracks) | time | done | stop warning |\n|---|---|---|---|");
    let mut live = FakeLive::from_json(&text).expect("set loads");
    run(
        &mut live,
        "create-scene count 1000",
        "barline-create-scene",
        json!({"sceneIndex": 0, "count": 1000}),
    );
    let mut live = FakeLive::from_json(&text).expect("set loads");
    let scene = LivePort::resolve(&mut live, "live_set scenes 2").to_string();
    let starts: Vec<String> = (0..200).map(|i| format!("{}|1", 100 + i * 4)).collect();
    run(
        &mut live,
        "scene to 200 arrangement positions",
        "barline-duplicate",
        json!({"type": "scene", "id": scene, "arrangementStart": starts.join(",")}),
    );
    let mut live = FakeLive::from_json(&text).expect("set loads");
    let clip = LivePort::resolve(&mut live, "live_set tracks 0 clip_slots 0 clip").to_string();
    let slots: Vec<String> = (0..500)
        .map(|i| format!("{}/{}", 1 + i % 100, 3 + i / 100))
        .collect();
    run(
        &mut live,
        "clip to 500 slots",
        "barline-duplicate",
        json!({"type": "clip", "id": clip, "toSlot": slots.join(",")}),
    );
}
