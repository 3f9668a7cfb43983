//! Wall time of the largest note writes a call may make: create-clip with 50,000 notes
//! (the longest single run of the device's `v8` side, patch/sim/test/longest-run.test.mjs)
//! and update-clip replacing them, against the native fake Live Set. Prints one line per
//! call with the time and the notes written; asserts nothing.
//!
//! Run with `cargo bench -p barline-core --bench note_write`. The fake runs natively,
//! faster than the simulator's wasm build; the core's own share is what this follows.

mod support;

use barline_fake_live::FakeLive;
use serde_json::{json, Value};

const DEMO: &str = include_str!("../../patch/sim/sets/demo.json");

/// 10 pitches at 5,000 positions a sixteenth apart: 50,000 notes.
const FIFTY_THOUSAND: &str = "C3 D3 E3 F3 G3 A3 B3 C4 D4 E4 1|1x5000@0.25";

fn run(live: &mut FakeLive, label: &str, tool: &str, args: Value) -> Value {
    let (r, ms) = support::timed_call(live, tool, &args, 60_000);
    let notes = &r["structuredContent"]["noteCount"];
    let error = r["_meta"]["barline/error"]["message"]
        .as_str()
        .unwrap_or("");
    println!("| {label} | {ms:.0} ms | {notes} | {error} |");
    r
}

fn main() {
    println!("| call | time | notes | error |\n|---|---|---|---|");
    for round in 1..=3 {
        let mut live = FakeLive::from_json(DEMO).expect("demo loads");
        let created = run(
            &mut live,
            &format!("create-clip, 50,000 notes (run {round})"),
            "barline-create-clip",
            json!({"trackIndex": 6, "arrangementStart": "1|1", "notes": FIFTY_THOUSAND}),
        );
        let id = created["structuredContent"]["id"].clone();
        run(
            &mut live,
            &format!("update-clip, replace 50,000 notes (run {round})"),
            "barline-update-clip",
            json!({"ids": id, "notes": FIFTY_THOUSAND, "noteUpdateMode": "replace"}),
        );
    }
}
