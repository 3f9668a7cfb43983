//! read-device's output schema shows nested chains, pads and devices only as objects
//! (so `tools/list` stays short); these tests check what the schema cannot say: every
//! nested chain and device is itself a read-device object, on every device of the demo
//! Set read with everything included.

use super::ok;
use crate::support;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::demo;
use support::tools::{output_schema, schema_problems};

/// The path of every device on the demo Set's regular tracks.
fn device_paths(live: &mut FakeLive) -> Vec<String> {
    let set = ok(live, "barline-read-live-set", json!({}));
    let tracks = set["structuredContent"]["regularTrackCount"]
        .as_u64()
        .unwrap();
    let mut paths = Vec::new();
    for t in 0..tracks {
        let r = ok(
            live,
            "barline-read-track",
            json!({"trackIndex": t, "include": ["devices"]}),
        );
        for d in r["structuredContent"]["devices"]
            .as_array()
            .into_iter()
            .flatten()
        {
            paths.push(d["path"].as_str().unwrap().to_string());
        }
    }
    paths
}

/// Every object nested in `o` that read-device reports in its own shape (chains, return
/// chains, a pad's chains, a chain's devices), at any depth.
fn nested_objects(o: &Value, out: &mut Vec<Value>) {
    for key in ["chains", "returnChains", "devices"] {
        for child in o[key].as_array().into_iter().flatten() {
            out.push(child.clone());
            nested_objects(child, out);
        }
    }
    for pad in o["drumPads"].as_array().into_iter().flatten() {
        nested_objects(pad, out);
    }
}

#[test]
fn nested_chains_and_devices_have_read_devices_own_shape() {
    let mut live = demo();
    let schema = output_schema("barline-read-device");
    let paths = device_paths(&mut live);
    assert!(!paths.is_empty(), "the demo Set has devices");
    let mut checked = 0;
    for path in paths {
        let r = ok(
            &mut live,
            "barline-read-device",
            json!({"path": path, "include": ["*"], "maxDepth": 3}),
        );
        let mut nested = Vec::new();
        nested_objects(&r["structuredContent"], &mut nested);
        for o in &nested {
            let problems = schema_problems(&schema, o);
            assert!(problems.is_empty(), "{path}: {problems:?} in {o}");
            assert!(o["id"].is_string() && o["type"].is_string(), "{path}: {o}");
        }
        checked += nested.len();
    }
    assert!(checked > 0, "the demo Set has racks with chains");
}

#[test]
fn every_parameter_has_an_id_and_a_name() {
    let mut live = demo();
    for path in device_paths(&mut live) {
        let r = ok(
            &mut live,
            "barline-read-device",
            json!({"path": path, "include": ["param-values"]}),
        );
        for p in r["structuredContent"]["parameters"]
            .as_array()
            .into_iter()
            .flatten()
        {
            assert!(p["id"].is_string() && p["name"].is_string(), "{path}: {p}");
            assert!(
                p["value"].is_number() || p["value"].is_string(),
                "{path}: {p}"
            );
        }
    }
}
