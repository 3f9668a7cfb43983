//! barline-raw-live-api (docs/design/tool-rules.md §21): absent unless the Raw Live API
//! setting is on (and small-model mode off), the operation cap and missing operands
//! refused before any Live call, each operation type, a failing operation naming what was
//! applied, and every operation written to the Max console.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use barline_core::tools;
use barline_core::tools::ToolContext;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::mcp::json_post;
use support::outcome::{code, message, writes};
use support::tools::call_ctx;

const TOOL: &str = "barline-raw-live-api";

fn on() -> ToolContext {
    ToolContext {
        raw_live_api: true,
        ..Default::default()
    }
}

fn listed(settings: Settings) -> Vec<String> {
    let mut s = Server::new(settings);
    let post = |s: &mut Server, sid: Option<&str>, method: &str| {
        let body = json!({"jsonrpc":"2.0","id":1,"method":method,"params":{"protocolVersion":"2025-11-25"}}).to_string();
        match s.handle_http(&json_post("localhost", body, sid)) {
            HttpAction::Respond(r) => (
                r.headers.get("mcp-session-id").cloned(),
                serde_json::from_str::<Value>(&r.body).unwrap(),
            ),
            other => panic!("{other:?}"),
        }
    };
    let (sid, _) = post(&mut s, None, "initialize");
    let (_, r) = post(&mut s, sid.as_deref(), "tools/list");
    r["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn absent_by_default_and_in_small_model_mode() {
    assert!(!listed(Settings::default()).contains(&TOOL.to_string()));
    let on = Settings {
        raw_live_api: true,
        ..Settings::default()
    };
    let names = listed(on.clone());
    assert_eq!(
        names.last().map(String::as_str),
        Some(TOOL),
        "listed last (tool 21)"
    );
    let small = Settings {
        small_model: true,
        ..on
    };
    assert!(!listed(small).contains(&TOOL.to_string()));
    // The Live side refuses it too when the request context says off.
    let mut live = demo();
    let args = json!({"operations": [{"type": "get", "property": "tempo"}]});
    assert!(tools::call(&mut live, TOOL, &args, &ToolContext::default(), false).is_none());
}

#[test]
fn more_operations_than_the_cap_run_none() {
    let mut live = demo();
    live.reset_counters();
    let ops: Vec<Value> = (0..51)
        .map(|_| json!({"type": "set", "property": "tempo", "value": 99}))
        .collect();
    let r = call_ctx(&mut live, TOOL, json!({"operations": ops}), &on());
    assert_eq!(code(&r), "BAD_INPUT", "{r}");
    assert_eq!(message(&r), "operations has 51 items; give 1 to 50");
    assert_eq!(writes(&live), 0);
    assert_eq!(live.counters().totals().total(), 0, "no Live call at all");
    assert!(r["_meta"]["barline/outlet"].is_null(), "nothing logged");
}

#[test]
fn missing_operands_are_refused_before_any_operation() {
    for (op, text) in [
        (
            json!({"type": "get"}),
            "operations[1]: type \"get\" needs property",
        ),
        (
            json!({"type": "set", "property": "tempo"}),
            "operations[1]: type \"set\" needs value",
        ),
        (
            json!({"type": "call"}),
            "operations[1]: type \"call\" needs method",
        ),
        (
            json!({"type": "goto"}),
            "operations[1]: type \"goto\" needs value",
        ),
        (json!({"type": "setColor", "value": "red"}), ""),
    ] {
        let mut live = demo();
        live.reset_counters();
        let ops = json!([{"type": "set", "property": "tempo", "value": 99}, op]);
        let r = call_ctx(&mut live, TOOL, json!({"operations": ops}), &on());
        assert_eq!(code(&r), "BAD_INPUT", "{op}: {r}");
        if !text.is_empty() {
            assert_eq!(message(&r), text);
        }
        assert_eq!(writes(&live), 0, "{op}");
    }
}

#[test]
fn get_property_decodes_a_routing_dict_and_get_keeps_the_raw_text() {
    let mut live = demo();
    let ops = json!([
        {"type": "goto", "value": "live_set tracks 1"},
        {"type": "getProperty", "property": "output_routing_type"},
        {"type": "get", "property": "output_routing_type"},
        {"type": "getProperty", "property": "name"},
    ]);
    let r = call_ctx(&mut live, TOOL, json!({"operations": ops}), &on());
    let res = &r["structuredContent"]["results"];
    let decoded = &res[1]["result"];
    assert!(decoded["display_name"].is_string(), "{r}");
    assert!(!decoded["identifier"].is_null(), "{r}");
    let raw = res[2]["result"][0].as_str().unwrap();
    let inner: Value = serde_json::from_str(raw).unwrap();
    assert_eq!(&inner["output_routing_type"], decoded);
    assert_eq!(
        res[3]["result"], "Bass",
        "plain properties stay the first atom"
    );
}

#[test]
fn every_operation_type_runs_and_is_logged() {
    let mut live = demo();
    let bass = id_of(&mut live, "live_set tracks 1").to_string();
    let ops = json!([
        {"type": "get", "property": "tempo"},
        {"type": "set", "property": "tempo", "value": 100},
        {"type": "getProperty", "property": "tempo"},
        {"type": "getChildIds", "property": "scenes"},
        {"type": "goto", "value": "live_set tracks 1"},
        {"type": "get_property", "property": "id"},
        {"type": "exists"},
        {"type": "setColor", "value": "#FF0000"},
        {"type": "getColor"},
        {"type": "set_property", "property": "name", "value": "Low"},
        {"type": "call_method", "method": "getProperty", "property": "name"},
        {"type": "info"},
        {"type": "call", "method": "stop_all_clips"},
    ]);
    let r = call_ctx(&mut live, TOOL, json!({"operations": ops}), &on());
    let s = &r["structuredContent"];
    assert_eq!(s["path"], "live_set tracks 1", "{r}");
    assert_eq!(s["id"], bass);
    let res: Vec<&Value> = s["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| &o["result"])
        .collect();
    assert_eq!(res.len(), 13);
    assert!(res[0].is_array());
    assert_eq!(res[2], &json!(100.0));
    assert!(res[3].as_array().unwrap()[0]
        .as_str()
        .unwrap()
        .starts_with("id "));
    assert_eq!(res[4], &json!(bass));
    assert_eq!(res[5], &json!(bass));
    assert_eq!(res[6], &json!(true));
    assert_eq!(res[8], &json!("#FF3636"), "Live snaps to its palette");
    assert_eq!(res[10], &json!("Low"));
    assert!(res[11].as_str().unwrap().contains("live_set tracks 1"));
    assert_eq!(
        s["results"][1]["operation"],
        json!({"type": "set", "property": "tempo", "value": 100})
    );
    let d: Value = serde_json::from_str(&live.to_json()).unwrap();
    assert_eq!(d["song"]["tempo"], 100.0);
    assert_eq!(d["tracks"][1]["name"], "Low");
    let console = r["_meta"]["barline/outlet"].as_array().unwrap();
    assert_eq!(console.len(), 13);
    assert!(console.iter().all(|m| m[0] == "console"));
    assert!(
        console[1][1].as_str().unwrap().contains("set tempo"),
        "{console:?}"
    );
}

#[test]
fn a_failing_operation_stops_and_names_what_was_applied() {
    let mut live = demo();
    let ops = json!([
        {"type": "set", "property": "tempo", "value": 101},
        {"type": "set", "property": "tempo", "value": 102},
        {"type": "goto", "value": "live_set tracks 99"},
        {"type": "set", "property": "tempo", "value": 103},
    ]);
    let r = call_ctx(&mut live, TOOL, json!({"operations": ops}), &on());
    assert_eq!(code(&r), "LIVE_REJECTED", "{r}");
    assert_eq!(
        message(&r),
        "operation 3 (goto ) failed: no Live object at \"live_set tracks 99\"; operations 1-2 were applied"
    );
    let d: Value = serde_json::from_str(&live.to_json()).unwrap();
    assert_eq!(d["song"]["tempo"], 102.0);
}
