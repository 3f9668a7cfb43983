//! Errors that teach (one test per mistake a model makes): each names the problem where
//! it is and the fix, within 200 characters, and the hint is never the generic one.
//! Also the calls that save the model a round trip: device lists, values set, a locator
//! renamed where one stands.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use serde_json::{json, Value};
use support::fake::demo;
use support::mcp::json_post;
use support::outcome::{code, items, warnings};
use support::tools::call;

const GENERIC: &str = "Fix the argument as described";

/// The error's message and hint, checked for length and a specific hint.
fn teaching(r: &Value) -> (String, String) {
    assert_eq!(r["isError"], true, "{r}");
    let e = &r["_meta"]["barline/error"];
    let (m, h) = (
        e["message"].as_str().unwrap().to_string(),
        e["hint"].as_str().unwrap().to_string(),
    );
    assert!(m.chars().count() <= 200, "{} chars: {m}", m.chars().count());
    assert!(!h.contains(GENERIC), "generic hint for {m}");
    (m, h)
}

#[test]
fn a_device_name_close_to_one_suggests_it_not_the_catalogue() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-device",
        json!({"deviceName": "EQ 8", "path": "t5"}),
    );
    let (m, h) = teaching(&r);
    println!("{m} / {h}");
    assert!(m.contains("\"EQ 8\""), "{m}");
    assert!(m.ends_with("did you mean \"EQ Eight\"?"), "{m}");
    assert!(h.starts_with("Use \"EQ Eight\""), "{h}");
    assert!(
        !m.contains("Wavetable") && !h.contains("Wavetable"),
        "no catalogue"
    );
}

#[test]
fn an_unknown_parameter_lists_the_few_the_device_has() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d1", "params": "Cutof=1"}),
    );
    let w = warnings(&r);
    println!("{w:?}");
    assert!(
        w.iter().any(|m| m.starts_with("param \"Cutof\" not found on device \"Auto Filter\"; its parameters: Device On, Frequency")),
        "{w:?}"
    );
    let near = call(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d1", "params": "Frequncy=1 kHz"}),
    );
    let w = warnings(&near);
    assert!(
        w.iter().any(|m| m.ends_with("did you mean \"Frequency\"?")),
        "{w:?}"
    );
}

#[test]
fn a_scale_shorthand_is_matched_to_the_scale_it_means() {
    let mut live = demo();
    let r = call(&mut live, "barline-update-live-set", json!({"scale": "Fm"}));
    let (m, h) = teaching(&r);
    println!("{m} / {h}");
    assert!(m.contains("did you mean \"F Minor\"?"), "{m}");
    let r = call(
        &mut live,
        "barline-update-live-set",
        json!({"scale": "C Dorain"}),
    );
    let (m, _) = teaching(&r);
    assert!(m.contains("did you mean \"C Dorian\"?"), "{m}");
}

#[test]
fn an_unknown_transform_function_is_named_at_its_position_with_the_nearest() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "C3 1|1", "transforms": "velocity = 90\ntiming = swng(0.1)"}),
    );
    let (m, h) = teaching(&r);
    println!("{m} / {h}");
    assert!(
        m.contains("unknown function \"swng\" at line 2, column 10; did you mean \"swing\"?"),
        "{m}"
    );
}

#[test]
fn an_occupied_slot_names_the_clip_there() {
    let mut live = demo();
    let r = call(&mut live, "barline-create-clip", json!({"slot": "0/0"}));
    assert_eq!(code(&r), "CONFLICT");
    let (m, h) = teaching(&r);
    println!("{m} / {h}");
    assert!(m.starts_with("slot 0/0 already has clip \""), "{m}");
    assert!(m.contains("(id "), "{m}");
    assert!(h.contains("empty slot"), "{h}");
}

#[test]
fn an_unknown_tool_names_the_nearest_listed_tool() {
    let mut s = Server::new(Settings::default());
    let mut post = |sid: Option<&str>, body: Value| match s.handle_http(&json_post(
        "localhost",
        body.to_string(),
        sid,
    )) {
        HttpAction::Respond(r) => (
            r.headers.get("mcp-session-id").cloned(),
            serde_json::from_str::<Value>(&r.body).unwrap(),
        ),
        other => panic!("{other:?}"),
    };
    let (sid, _) = post(
        None,
        json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}}),
    );
    let (_, r) = post(
        sid.as_deref(),
        json!({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"barline-create-clips","arguments":{}}}),
    );
    let m = r["error"]["message"].as_str().unwrap();
    println!("{m}");
    assert!(m.contains("did you mean \"barline-create-clip\""), "{m}");
    assert!(m.chars().count() <= 200);
}

#[test]
fn create_device_inserts_a_list_in_order() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-device",
        json!({"deviceName": "Compressor, Saturator", "path": "t5/d0"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let created = items(&r);
    assert_eq!(created.len(), 2, "{r}");
    assert_eq!(created[0]["deviceIndex"], 0);
    assert_eq!(created[1]["deviceIndex"], 1);
    let t = call(
        &mut live,
        "barline-read-track",
        json!({"trackIndex": 5, "include": ["devices"]}),
    );
    let types: Vec<String> = t["structuredContent"]["devices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["type"].as_str().unwrap().to_string())
        .collect();
    assert!(
        types[0].ends_with("Compressor") && types[1].ends_with("Saturator"),
        "{types:?}"
    );
    let bad = call(
        &mut live,
        "barline-create-device",
        json!({"deviceName": "Compressor, Reverbb", "path": "t5"}),
    );
    let (m, h) = teaching(&bad);
    assert!(
        m.contains("name 2 of the list") && m.contains("\"Reverb\""),
        "{m} / {h}"
    );
}

#[test]
fn update_device_answers_the_values_live_shows() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d1", "params": "Frequency=80 Hz\nResonance=50 %"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let p = &r["structuredContent"]["params"];
    println!("{p}");
    assert!(p["Frequency"].as_str().unwrap().ends_with("Hz"), "{p}");
    assert!(p["Resonance"].as_str().unwrap().ends_with('%'), "{p}");
}

#[test]
fn creating_a_named_locator_where_one_stands_renames_it() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-update-live-set",
        json!({"locatorOperation": "create", "locatorTime": "5|1", "locatorName": "Verse 1"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "renamed", "id": "locator-1", "name": "Verse 1"})
    );
    assert!(
        warnings(&r)[0].starts_with("a locator already stood at 5|1 (locator-1): renamed it"),
        "{r}"
    );
}
