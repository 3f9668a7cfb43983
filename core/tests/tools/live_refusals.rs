//! A write Live refuses is never a success (issue 22, finding 1): with a refusal planted
//! for the one request that does a tool's write, every write tool answers LIVE_REJECTED
//! or a warning saying what did not happen.

use crate::support;

use barline_core::tools::{self, ToolContext};
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::refusing::Refusing;

fn reported(r: &Value) -> bool {
    let rejected = r["isError"] == true && r["_meta"]["barline/error"]["code"] == "LIVE_REJECTED";
    let warned = r["_meta"]["barline/warnings"]
        .as_array()
        .is_some_and(|w| !w.is_empty());
    rejected || warned
}

#[test]
fn every_write_tool_reports_a_refused_write() {
    let base = demo();
    let mut probe = base.clone();
    let track = id_of(&mut probe, "live_set tracks 1").to_string();
    let scene = id_of(&mut probe, "live_set scenes 0").to_string();
    let clip = id_of(&mut probe, "live_set tracks 1 clip_slots 1 clip").to_string();
    let cases: Vec<(&str, Value, &[&'static str], &[&'static str])> = vec![
        (
            "barline-create-clip",
            json!({"slot": "1/0", "notes": "C3 1|1"}),
            &["add_new_notes"],
            &[],
        ),
        (
            "barline-update-clip",
            json!({"ids": clip, "notes": "E3 1|3"}),
            &["add_new_notes"],
            &[],
        ),
        (
            "barline-update-clip",
            json!({"ids": clip, "notes": "E3 1|3", "noteUpdateMode": "replace"}),
            &["add_new_notes"],
            &[],
        ),
        (
            "barline-update-clip",
            json!({"ids": clip, "name": "X"}),
            &[],
            &["name"],
        ),
        (
            "barline-create-track",
            json!({"name": "New"}),
            &["create_midi_track"],
            &[],
        ),
        (
            "barline-create-scene",
            json!({"sceneIndex": 2, "name": "New"}),
            &["create_scene"],
            &[],
        ),
        (
            "barline-update-track",
            json!({"ids": track, "name": "Renamed"}),
            &[],
            &["name"],
        ),
        (
            "barline-update-track",
            json!({"ids": track, "mute": true}),
            &[],
            &["mute"],
        ),
        (
            "barline-update-scene",
            json!({"ids": scene, "name": "Renamed"}),
            &[],
            &["name"],
        ),
        (
            "barline-update-live-set",
            json!({"tempo": 133}),
            &[],
            &["tempo"],
        ),
        (
            "barline-delete",
            json!({"type": "track", "ids": track}),
            &["delete_track"],
            &[],
        ),
        (
            "barline-duplicate",
            json!({"type": "track", "id": track}),
            &["duplicate_track"],
            &[],
        ),
        (
            "barline-create-device",
            json!({"deviceName": "Reverb", "path": "t1"}),
            &["insert_device"],
            &[],
        ),
    ];
    let mut silent = Vec::new();
    for (tool, args, calls, sets) in cases {
        let mut live = base.clone();
        let mut port = Refusing::new(&mut live, calls, sets);
        let r = tools::call(&mut port, tool, &args, &ToolContext::default(), false).unwrap();
        if port.refused == 0 {
            silent.push(format!("NOT HIT {tool} {args}: {r}"));
        } else if !reported(&r) {
            silent.push(format!("{tool} {args}: {r}"));
        }
    }
    assert!(
        silent.is_empty(),
        "refusals answered as success:\n{}",
        silent.join("\n")
    );
}
