//! barline-read-device (docs/design/tool-rules.md §14): racks, pads, chains, parameters by
//! kind, depth limits and stale ids.

use super::{ok, param};
use crate::support;
use serde_json::json;
use support::fake::demo;
use support::outcome::{code, message, warnings};
use support::tools::{call, call_kept};

#[test]
fn read_a_drum_rack_with_pads_chains_and_drum_map() {
    let mut live = demo();
    let r = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t0/d0", "include": ["drum-pads", "chains", "drum-map"], "maxDepth": 1}),
    );
    let d = &r["structuredContent"];
    assert_eq!(d["type"], "drum-rack");
    assert_eq!(d["name"], "Night Kit");
    assert_eq!(d["path"], "t0/d0");
    let pads = d["drumPads"].as_array().unwrap();
    assert_eq!(pads.len(), 5);
    assert_eq!(pads[0]["note"], 36);
    assert_eq!(pads[0]["pitch"], "C1");
    assert_eq!(pads[0]["name"], "Kick");
    let chain = &pads[0]["chains"][0];
    assert_eq!(chain["path"], "t0/d0/pC1/c0");
    assert_eq!(chain["type"], "DrumChain");
    assert_eq!(chain["devices"][0]["path"], "t0/d0/pC1/c0/d0");
    assert_eq!(chain["devices"][0]["type"], "instrument: Simpler");
    assert_eq!(pads[3]["chains"][0]["chokeGroup"], 1);
    assert_eq!(d["drumMap"]["C1"], "Kick");
    assert_eq!(d["drumMap"]["Gb1"], "Closed Hat");
    assert!(
        d.get("chains").is_none(),
        "a Drum Rack lists pads, not chains"
    );
}

#[test]
fn read_parameters_by_kind() {
    let mut live = demo();
    let r = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t5/d1", "include": ["param-values"]}),
    );
    assert_eq!(r["structuredContent"]["type"], "audio-effect: Auto Filter");
    let f = param(&r, "Frequency");
    assert_eq!(
        (f["value"].clone(), f["unit"].clone()),
        (json!(2400), json!("Hz"))
    );
    assert_eq!(
        (f["min"].clone(), f["max"].clone()),
        (json!(20), json!(20000))
    );
    let res = param(&r, "Resonance");
    assert_eq!(
        (
            res["value"].clone(),
            res["max"].clone(),
            res["unit"].clone()
        ),
        (json!(20), json!(125), json!("%"))
    );
    let ft = param(&r, "Filter Type");
    assert_eq!(ft["value"], "Lowpass");
    assert_eq!(ft["options"][4], "Morph");
    // paramSearch filters case-insensitively; params alone gives ids and names.
    let r = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t5/d1", "include": ["params"], "paramSearch": " FREQ "}),
    );
    let ps = r["structuredContent"]["parameters"].as_array().unwrap();
    assert_eq!(ps.len(), 1);
    assert_eq!(ps[0].as_object().unwrap().len(), 2);
}

#[test]
fn read_simpler_sample_and_chain_by_id() {
    let mut live = demo();
    let r = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t0/d0/pD1/c0/d0", "include": ["sample"]}),
    );
    assert_eq!(
        r["structuredContent"]["sample"],
        "/Samples/Drums/snare-tight.wav"
    );
    assert_eq!(r["structuredContent"]["gainDb"], 0);
    let pad = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t0/d0/pD1"}),
    );
    assert_eq!(pad["structuredContent"]["name"], "Snare");
    assert_eq!(pad["structuredContent"]["path"], "t0/d0/pD1");
    let chain = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t0/d0/pD1/c0"}),
    );
    let id = chain["structuredContent"]["id"].clone();
    let again = ok(&mut live, "barline-read-device", json!({"deviceId": id}));
    assert_eq!(again["structuredContent"]["path"], "t0/d0/pD1/c0");
}

#[test]
fn read_errors() {
    let mut live = demo();
    for (args, want, text) in [
        (json!({}), "BAD_INPUT", "exactly one"),
        (
            json!({"path": "t0/d0", "deviceId": "1"}),
            "BAD_INPUT",
            "exactly one",
        ),
        (json!({"path": "t0/x0"}), "BAD_INPUT", "x0"),
        (json!({"path": "t0"}), "BAD_INPUT", "names a track"),
        (json!({"path": "t3/d7"}), "NOT_FOUND", "no device at t3/d7"),
        (
            json!({"path": "t0/d0/pC#1"}),
            "NOT_FOUND",
            "drum pad C#1 not found",
        ),
        (
            json!({"path": "t0/d0/pC1/c4"}),
            "NOT_FOUND",
            "chain index 4 out of range in t0/d0/pC1/c4",
        ),
        (json!({"path": "t1/d0/c0"}), "WRONG_TYPE", "not a rack"),
        (json!({"deviceId": "99999"}), "NOT_FOUND", "does not exist"),
    ] {
        let r = call(&mut live, "barline-read-device", args.clone());
        assert_eq!(code(&r), want, "{args}: {r}");
        assert!(message(&r).contains(text), "{args}: {}", message(&r));
    }
    let track = barline_core::live::LivePort::resolve(&mut live, "live_set tracks 0");
    let r = call(
        &mut live,
        "barline-read-device",
        json!({"deviceId": track.to_string()}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
}

#[test]
fn deleted_device_id_is_a_stale_reference() {
    use barline_core::live::{Atom, LivePort};
    use barline_core::tools::IssuedIds;
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-device",
        json!({"path": "t6/d2"}),
    );
    let id = r["structuredContent"]["id"].as_str().unwrap().to_string();
    let track = live.resolve("live_set tracks 6");
    live.call(track, "delete_device", &[Atom::Int(2)]).unwrap();
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-device",
        json!({"deviceId": id}),
    );
    assert_eq!(code(&r), "STALE_REFERENCE", "{r}");
}

#[test]
fn rack_depth_follows_max_depth_and_stops_at_the_guard() {
    let mut live = demo();
    let mut path = "t5".to_string();
    for _ in 0..10 {
        ok(
            &mut live,
            "barline-create-device",
            json!({"deviceName": "Audio Effect Rack", "path": path}),
        );
        path = if path == "t5" {
            "t5/d2/c0".into()
        } else {
            format!("{path}/d0/c0")
        };
    }
    let shallow = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t5/d2", "include": ["chains"]}),
    );
    assert_eq!(shallow["structuredContent"]["chains"][0]["deviceCount"], 1);
    let two = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t5/d2", "include": ["chains"], "maxDepth": 2}),
    );
    let inner = &two["structuredContent"]["chains"][0]["devices"][0];
    assert_eq!(inner["path"], "t5/d2/c0/d0");
    assert_eq!(
        inner["chains"][0]["devices"][0]["chains"][0]["deviceCount"],
        1
    );
    assert!(warnings(&two).is_empty());
    let deep = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t5/d2", "include": ["chains"], "maxDepth": 20}),
    );
    assert_eq!(
        warnings(&deep),
        vec!["maximum depth reached; deeper devices not read".to_string()]
    );
}
