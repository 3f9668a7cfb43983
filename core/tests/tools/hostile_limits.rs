//! Texts and names at their limits (issue 22, findings 4, 5 and 7): every text a result
//! carries is at most 25,000 UTF-16 units, names written are bounded for every object
//! kind, over-long names written by others are cut on reading, and the smaller defects
//! of the second attack run answer precisely.

use crate::support;

use barline_core::live::{Atom, LivePort};
use barline_core::tools::testing::format::{self, TEXT_CAP};
use barline_core::tools::{self, IssuedIds, NoClock, ToolContext, ToolMeta};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::outcome::{code, message, warnings};
use support::tools::{call, call_ctx};

fn units(r: &Value) -> usize {
    r["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap_or("").encode_utf16().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn an_echoed_30001_character_path_is_cut() {
    let mut live = demo();
    let ctx = ToolContext {
        raw_live_api: true,
        ..Default::default()
    };
    let path = "x".repeat(30_001);
    let r = call_ctx(
        &mut live,
        "barline-raw-live-api",
        json!({"path": path, "operations": [{"type": "get", "property": "name"}]}),
        &ctx,
    );
    assert_eq!(code(&r), "NOT_FOUND", "{r}");
    assert!(units(&r) < 1_000, "{} units", units(&r));
}

#[test]
fn write_summaries_fit_whatever_their_items_hold() {
    let meta = ToolMeta::create("barline-duplicate", "Duplicate", "test");
    let clips: Vec<Value> = (0..801)
        .map(|i| json!({"id": format!("{}", 10_000 + i), "arrangementStart": format!("{}|1", i + 1), "name": "🎹 clip"}))
        .collect();
    for count in [1, 2, 5] {
        let items: Vec<Value> = (0..count)
            .map(|i| json!({"id": format!("{i}"), "clips": clips}))
            .collect();
        let data = if count == 1 {
            items[0].clone()
        } else {
            Value::Array(items)
        };
        let r = format::success(data, false, &meta).unwrap();
        assert!(units(&r) <= TEXT_CAP, "count {count}: {} units", units(&r));
        assert!(r["structuredContent"]["summary"].is_object(), "{r}");
    }
}

#[test]
fn the_cap_counts_utf16_units_not_code_points() {
    let meta = ToolMeta::read("barline-read-track", "Read Track", "test");
    let data = json!({"text": "🎹".repeat(20_000)});
    let e = format::success(data, false, &meta).unwrap_err();
    assert_eq!(e.code.as_str(), "TOO_LARGE");
    assert!(e.message.contains("40,"), "{}", e.message);
}

#[test]
fn names_are_bounded_for_every_object_kind() {
    let long = "n".repeat(70_000);
    let cases = [
        ("barline-create-track", json!({"name": long})),
        (
            "barline-create-scene",
            json!({"sceneIndex": 1, "name": long}),
        ),
        (
            "barline-update-device",
            json!({"path": "t1/d0", "name": long}),
        ),
        (
            "barline-update-device",
            json!({"path": "t0/d0/pC1/c0", "name": long}),
        ),
        (
            "barline-update-live-set",
            json!({"locatorOperation": "create", "locatorTime": "2|1", "locatorName": long}),
        ),
        (
            "barline-update-track",
            json!({"ids": "1", "name": format!("ok,{long}")}),
        ),
    ];
    for (tool, args) in cases {
        let mut live = demo();
        let before = live.to_json();
        let r = call(&mut live, tool, args);
        assert_eq!(code(&r), "BAD_INPUT", "{tool}: {}", message(&r));
        assert!(
            message(&r).contains("at most 256"),
            "{tool}: {}",
            message(&r)
        );
        assert_eq!(live.to_json(), before, "{tool} changed the Set");
    }
}

#[test]
fn an_over_long_name_written_elsewhere_is_cut_on_reading() {
    let mut live = demo();
    let track = id_of(&mut live, "live_set tracks 1");
    let device = id_of(&mut live, "live_set tracks 1 devices 0");
    let long = "🎹".repeat(20_000);
    live.set(track, "name", &[Atom::Symbol(long.clone())])
        .unwrap();
    live.set(device, "name", &[Atom::Symbol(long)]).unwrap();
    let r = call(&mut live, "barline-read-track", json!({"trackIndex": 1}));
    assert!(r.get("isError").is_none(), "{}", message(&r));
    assert!(units(&r) <= TEXT_CAP);
    assert!(
        warnings(&r).iter().any(|w| w.contains("were cut to 256")),
        "{r}"
    );
    let r = call(&mut live, "barline-read-device", json!({"path": "t1/d0"}));
    assert!(r.get("isError").is_none(), "{}", message(&r));
    assert!(
        warnings(&r).iter().any(|w| w.contains("were cut to 256")),
        "{r}"
    );
}

#[test]
fn deleting_only_the_catch_all_pad_says_why() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "drum-pad", "path": "t0/d0/p*"}),
    );
    assert_eq!(code(&r), "WRONG_TYPE", "{r}");
    assert!(message(&r).contains("catch-all chains"), "{}", message(&r));
}

#[test]
fn playback_with_an_empty_id_list_says_what_is_missing() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-playback",
        json!({"action": "play-session-clips", "ids": ""}),
    );
    assert_eq!(code(&r), "BAD_INPUT", "{r}");
    assert!(message(&r).contains("ids names no clip"), "{}", message(&r));
}

#[test]
fn a_parameter_id_of_a_deleted_device_is_stale() {
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let ctx = ToolContext::default();
    let mut run = |live: &mut FakeLive, tool: &str, args: Value| {
        tools::call_with(live, tool, &args, &ctx, false, &mut ids, &NoClock).unwrap()
    };
    let r = run(
        &mut live,
        "barline-read-device",
        json!({"path": "t1/d0", "include": ["params"]}),
    );
    let param = r["structuredContent"]["parameters"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{r}"))
        .to_string();
    let r = run(
        &mut live,
        "barline-delete",
        json!({"type": "device", "path": "t1/d0"}),
    );
    assert!(r.get("isError").is_none(), "{r}");
    let r = run(
        &mut live,
        "barline-update-device",
        json!({"ids": param, "name": "x"}),
    );
    assert_eq!(code(&r), "STALE_REFERENCE", "{r}");
}

#[test]
fn an_empty_raw_operation_names_its_place() {
    let mut live = demo();
    let ctx = ToolContext {
        raw_live_api: true,
        ..Default::default()
    };
    let r = call_ctx(
        &mut live,
        "barline-raw-live-api",
        json!({"operations": [{}]}),
        &ctx,
    );
    assert_eq!(code(&r), "BAD_INPUT");
    assert!(message(&r).starts_with("operations[0]"), "{}", message(&r));
}

#[test]
fn lengthening_over_a_neighbour_is_refused() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"arrangementStart": "1|1,3|1", "trackIndex": 1, "length": "2:0", "notes": "C3 1|1"}),
    );
    let first = r["structuredContent"]["items"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{r}"))
        .to_string();
    let before = live.to_json();
    let r = call(
        &mut live,
        "barline-update-clip",
        json!({"ids": first, "arrangementLength": "4:0"}),
    );
    assert!(
        warnings(&r)
            .iter()
            .any(|w| w.contains("would cover 1 other clip(s)")),
        "{r}"
    );
    assert_eq!(live.to_json(), before, "the neighbour was kept");
}

#[test]
fn bulk_loops_stop_within_ten_seconds_whatever_the_timeout() {
    let mut live = demo();
    let ctx = ToolContext {
        timeout_ms: 60_000,
        ..Default::default()
    };
    let r = tools::call_with(
        &mut live,
        "barline-create-scene",
        &json!({"sceneIndex": 1, "count": 100}),
        &ctx,
        false,
        &mut IssuedIds::new(),
        &support::outcome::SecondPerRead::default(),
    )
    .unwrap();
    let stop = warnings(&r)
        .into_iter()
        .find(|w| w.starts_with("stopped after"))
        .unwrap_or_else(|| panic!("{r}"));
    let done: usize = stop["stopped after ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    // One clock second per check: a 60 s timeout alone would allow some 58 scenes.
    assert!(done <= 9, "{stop}");
}
