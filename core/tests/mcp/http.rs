//! The MCP server state machine over HTTP shapes: lifecycle, version negotiation,
//! admission (Host, Origin, token, size, media type), batches, queue and tool calls.

use crate::support;

use barline_core::mcp::{HttpAction, HttpResponse, OutCall, Server, Settings};
use serde_json::{json, Value};
use support::mcp::{req, respond};

fn body(r: &HttpResponse) -> Value {
    serde_json::from_str(&r.body).unwrap_or(Value::Null)
}

fn init(server: &mut Server, version: &str) -> (String, Value) {
    let msg = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{
        "protocolVersion": version, "capabilities": {}, "clientInfo": {"name":"t","version":"1"}}});
    let r = respond(server.handle_http(&req("POST", &[], &msg.to_string())));
    assert_eq!(r.status, 200, "{}", r.body);
    let sid = r.headers.get("mcp-session-id").expect("session id").clone();
    (sid, body(&r))
}

fn post(server: &mut Server, sid: &str, msg: &Value) -> HttpAction {
    server.handle_http(&req("POST", &[("mcp-session-id", sid)], &msg.to_string()))
}

fn rpc(server: &mut Server, sid: &str, method: &str, params: Value) -> Value {
    let msg = json!({"jsonrpc":"2.0","id":7,"method":method,"params":params});
    body(&respond(post(server, sid, &msg)))
}

#[test]
fn initialize_negotiates_each_supported_version_and_falls_back_to_latest() {
    let mut s = Server::new(Settings::default());
    for v in ["2025-03-26", "2025-06-18", "2025-11-25"] {
        let (_, b) = init(&mut s, v);
        assert_eq!(b["result"]["protocolVersion"], v);
    }
    let (_, b) = init(&mut s, "1999-01-01");
    assert_eq!(b["result"]["protocolVersion"], "2025-11-25");
    let r = &b["result"];
    assert_eq!(r["serverInfo"]["name"], "barline");
    let words = r["instructions"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .count();
    assert!(
        (150..=600).contains(&words),
        "instructions have {words} words"
    );
    assert!(r["instructions"].as_str().unwrap().contains("bar|beat"));
    assert_eq!(r["capabilities"]["resources"]["subscribe"], false);
    assert!(r["capabilities"]["logging"].is_object());
}

#[test]
fn sessions_are_distinct_and_required() {
    let mut s = Server::new(Settings {
        entropy: "abc".into(),
        ..Settings::default()
    });
    let (a, _) = init(&mut s, "2025-06-18");
    let (b, _) = init(&mut s, "2025-06-18");
    assert_ne!(a, b);
    assert_eq!(a.len(), 32);
    let ping = json!({"jsonrpc":"2.0","id":2,"method":"ping"}).to_string();
    let r = respond(s.handle_http(&req("POST", &[], &ping)));
    assert_eq!(r.status, 400);
    let r = respond(s.handle_http(&req("POST", &[("mcp-session-id", "nope")], &ping)));
    assert_eq!(r.status, 404);
    let r = respond(s.handle_http(&req("POST", &[("mcp-session-id", &a)], &ping)));
    assert_eq!(body(&r), json!({"jsonrpc":"2.0","id":2,"result":{}}));
    // DELETE ends the session; later requests get 404.
    let r = respond(s.handle_http(&req("DELETE", &[("mcp-session-id", &a)], "")));
    assert_eq!(r.status, 200);
    let r = respond(s.handle_http(&req("POST", &[("mcp-session-id", &a)], &ping)));
    assert_eq!(r.status, 404);
}

#[test]
fn notifications_get_202_and_get_is_405() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-11-25");
    let n = json!({"jsonrpc":"2.0","method":"notifications/initialized"});
    let r = respond(post(&mut s, &sid, &n));
    assert_eq!((r.status, r.body.as_str()), (202, ""));
    let r = respond(s.handle_http(&req("GET", &[("mcp-session-id", &sid)], "")));
    assert_eq!(r.status, 405);
    assert_eq!(
        r.headers.get("allow").map(String::as_str),
        Some("POST, DELETE")
    );
}

#[test]
fn protocol_version_header_is_checked() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-06-18");
    let ping = json!({"jsonrpc":"2.0","id":2,"method":"ping"}).to_string();
    for (v, status) in [
        ("2025-06-18", 200),
        ("2025-11-25", 400),
        ("not-a-version", 400),
    ] {
        let r = respond(s.handle_http(&req(
            "POST",
            &[("mcp-session-id", &sid), ("mcp-protocol-version", v)],
            &ping,
        )));
        assert_eq!(r.status, status, "version {v}: {}", r.body);
    }
}

#[test]
fn protocol_errors_use_the_right_codes() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-11-25");
    assert_eq!(
        rpc(&mut s, &sid, "no/such", json!({}))["error"]["code"],
        -32601
    );
    let b = rpc(&mut s, &sid, "tools/call", json!({"name": "barline-nope"}));
    assert_eq!(b["error"]["code"], -32602);
    assert_eq!(b["error"]["message"], "Unknown tool: barline-nope");
    assert_eq!(
        rpc(&mut s, &sid, "tools/call", json!({}))["error"]["code"],
        -32602
    );
    let bad = json!({"jsonrpc":"1.0","id":3,"method":"ping"});
    let b = body(&respond(post(&mut s, &sid, &bad)));
    assert_eq!(
        (b["error"]["code"].clone(), b["id"].clone()),
        (json!(-32600), json!(3))
    );
    // Malformed JSON: a parse error with id null.
    let r = respond(s.handle_http(&req("POST", &[("mcp-session-id", &sid)], "{\"jsonrpc\":")));
    assert_eq!(r.status, 400);
    assert_eq!(body(&r)["error"]["code"], -32700);
    assert_eq!(body(&r)["id"], Value::Null);
    let b = rpc(&mut s, &sid, "logging/setLevel", json!({"level": "loud"}));
    assert_eq!(b["error"]["code"], -32602);
    let b = rpc(
        &mut s,
        &sid,
        "logging/setLevel",
        json!({"level": "warning"}),
    );
    assert_eq!(b["result"], json!({}));
}

#[test]
fn batches_only_in_2025_03_26() {
    let batch = json!([
        {"jsonrpc":"2.0","id":1,"method":"ping"},
        {"jsonrpc":"2.0","method":"notifications/initialized"},
        {"jsonrpc":"2.0","id":2,"method":"no/such"}
    ]);
    let mut s = Server::new(Settings::default());
    let (old, _) = init(&mut s, "2025-03-26");
    let b = body(&respond(post(&mut s, &old, &batch)));
    let arr = b.as_array().expect("batch answer is an array");
    assert_eq!(arr.len(), 2);
    assert_eq!(arr[0]["result"], json!({}));
    assert_eq!(arr[1]["error"]["code"], -32601);
    for v in ["2025-06-18", "2025-11-25"] {
        let (sid, _) = init(&mut s, v);
        let r = respond(post(&mut s, &sid, &batch));
        assert_eq!(r.status, 400);
        assert_eq!(body(&r)["error"]["code"], -32600);
    }
    let r = respond(post(&mut s, &old, &json!([])));
    assert_eq!(r.status, 400);
}

fn call_tool(s: &mut Server, sid: &str, id: u64, args: Value) -> HttpAction {
    let msg = json!({"jsonrpc":"2.0","id":id,"method":"tools/call","params":{"name":"barline-connect","arguments":args}});
    post(s, sid, &msg)
}

fn forwarded(a: HttpAction) -> Vec<OutCall> {
    match a {
        HttpAction::Forward { calls, .. } => calls,
        other => panic!("expected a forward, got {other:?}"),
    }
}

#[test]
fn tool_calls_forward_then_complete_with_warnings_in_order() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-11-25");
    let calls = forwarded(call_tool(&mut s, &sid, 5, json!({"verbose": true})));
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].tool, "barline-connect");
    assert_eq!(calls[0].args, json!({}));
    assert_eq!(calls[0].context["timeoutMs"], 30000);
    assert_eq!(s.pending(), 1);
    let result = json!({"content":[{"type":"text","text":"{connected:true}"}],"structuredContent":{"connected":true}});
    let r =
        respond(s.complete_tool_call(calls[0].call_id, &result.to_string(), &["from live".into()]));
    let b = body(&r);
    assert_eq!(b["id"], 5);
    let texts: Vec<&str> = b["result"]["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "{connected:true}",
            "WARNING: ignored unknown argument(s): verbose",
            "WARNING: from live"
        ]
    );
    assert_eq!(b["result"]["_meta"]["barline/warnings"][1], "from live");
    assert_eq!(s.pending(), 0);
    // A second completion of the same call is refused, not double-answered.
    assert_eq!(
        respond(s.complete_tool_call(calls[0].call_id, "{}", &[])).status,
        500
    );
}

#[test]
fn failures_in_transit_become_tool_errors() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-11-25");
    let calls = forwarded(call_tool(&mut s, &sid, 9, json!({})));
    let b = body(&respond(s.fail_tool_call(
        calls[0].call_id,
        "TIMEOUT",
        "no answer from Live within 30 s",
    )));
    assert_eq!(b["result"]["isError"], true);
    assert!(b["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Error [TIMEOUT] in barline-connect: no answer"));
    let calls = forwarded(call_tool(&mut s, &sid, 10, json!({})));
    let b = body(&respond(s.complete_tool_call(
        calls[0].call_id,
        "not json",
        &[],
    )));
    assert_eq!(b["result"]["_meta"]["barline/error"]["code"], "INTERNAL");
}

#[test]
fn full_queue_answers_503_and_frees_up_again() {
    let mut s = Server::new(Settings {
        max_pending: 2,
        ..Settings::default()
    });
    let (sid, _) = init(&mut s, "2025-11-25");
    let a = forwarded(call_tool(&mut s, &sid, 1, json!({})));
    let _b = forwarded(call_tool(&mut s, &sid, 2, json!({})));
    let r = respond(call_tool(&mut s, &sid, 3, json!({})));
    assert_eq!(r.status, 503);
    assert!(r.headers.contains_key("retry-after"));
    s.complete_tool_call(a[0].call_id, "{\"content\":[]}", &[]);
    forwarded(call_tool(&mut s, &sid, 4, json!({})));
}

#[test]
fn batch_with_tool_calls_waits_for_all_of_them() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-03-26");
    let batch = json!([
        {"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"barline-connect"}},
        {"jsonrpc":"2.0","id":"b","method":"ping"},
        {"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"barline-connect"}}
    ]);
    let calls = forwarded(post(&mut s, &sid, &batch));
    assert_eq!(calls.len(), 2);
    let ok =
        json!({"content":[{"type":"text","text":"x"}],"structuredContent":{"x":1}}).to_string();
    assert_eq!(
        s.complete_tool_call(calls[1].call_id, &ok, &[]),
        HttpAction::Pending
    );
    let b = body(&respond(s.complete_tool_call(calls[0].call_id, &ok, &[])));
    let ids: Vec<&Value> = b.as_array().unwrap().iter().map(|r| &r["id"]).collect();
    assert_eq!(ids, [&json!("a"), &json!("b"), &json!("c")]);
    // 2025-03-26 has no structured output.
    assert!(b[0]["result"].get("structuredContent").is_none());
}

#[test]
fn progress_token_with_sse_accept_streams_progress_then_result() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-11-25");
    let msg = json!({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"barline-connect","_meta":{"progressToken":"p1"}}});
    let (calls, prelude) = match post(&mut s, &sid, &msg) {
        HttpAction::Forward { calls, prelude } => (calls, prelude.expect("SSE prelude")),
        other => panic!("{other:?}"),
    };
    assert_eq!(prelude.headers["content-type"], "text/event-stream");
    assert!(prelude.body.contains("notifications/progress") && prelude.body.contains("\"p1\""));
    let r = respond(s.complete_tool_call(calls[0].call_id, "{\"content\":[]}", &[]));
    assert!(r.streamed);
    let events: Vec<&str> = r.body.split("\n\n").filter(|e| !e.is_empty()).collect();
    assert_eq!(events.len(), 2);
    let last: Value =
        serde_json::from_str(events[1].trim_start_matches("event: message\ndata: ")).unwrap();
    assert_eq!(last["id"], 4);
}

#[test]
fn wrong_path_is_404() {
    let mut s = Server::new(Settings::default());
    let mut r = req("POST", &[], "{}");
    r.path = "/other".into();
    assert_eq!(respond(s.handle_http(&r)).status, 404);
}

#[test]
fn disabled_tools_are_not_listed_and_refused_as_unknown() {
    let settings =
        Settings::from_json(r#"{"disabledTools": "barline-read-clip, barline-connect"}"#).unwrap();
    let mut s = Server::new(settings);
    let (sid, _) = init(&mut s, "2025-11-25");
    let list = rpc(&mut s, &sid, "tools/list", json!({}));
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"barline-read-clip"), "{names:?}");
    assert!(
        names.contains(&"barline-connect"),
        "connect cannot be disabled"
    );
    let b = rpc(
        &mut s,
        &sid,
        "tools/call",
        json!({"name": "barline-read-clip"}),
    );
    assert_eq!(b["error"]["message"], "Unknown tool: barline-read-clip");
    // The device changes the list while running: the next request sees it.
    s.update_setting("disabledTools", json!("")).unwrap();
    let list = rpc(&mut s, &sid, "tools/list", json!({}));
    assert!(list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["name"] == "barline-read-clip"));
}

#[test]
fn settings_changed_at_run_time_travel_in_the_next_request_context() {
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-11-25");
    for (name, value) in [
        ("memoryEnabled", json!(true)),
        ("memoryWritable", json!(true)),
        ("memoryText", json!("Keys on track 2.")),
        ("sampleFolder", json!("/Users/ana/Samples")),
        ("smallModel", json!(true)),
        ("jsonOutput", json!(true)),
        ("timeoutMs", json!(9000)),
    ] {
        s.update_setting(name, value).unwrap();
    }
    let calls = forwarded(call_tool(&mut s, &sid, 7, json!({})));
    let ctx = &calls[0].context;
    assert_eq!(
        (ctx["memoryEnabled"].clone(), ctx["memoryWritable"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(ctx["memoryText"], "Keys on track 2.");
    assert_eq!(ctx["sampleFolder"], "/Users/ana/Samples");
    assert_eq!(
        (ctx["smallModel"].clone(), ctx["jsonOutput"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(ctx["timeoutMs"], 9000);
    assert!(s.update_setting("port", json!(1)).is_err());
}

/// The silent WAV node-host writes at start-up reaches every tool call's context
/// (docs/design/tool-contract.md §1.16); without one the context says null.
#[test]
fn the_silent_wav_setting_travels_with_every_call() {
    let settings = Settings::from_json(r#"{"silentWav": "/tmp/barline-x/silence.wav"}"#).unwrap();
    let mut s = Server::new(settings);
    let (sid, _) = init(&mut s, "2025-11-25");
    let calls = forwarded(call_tool(&mut s, &sid, 3, json!({})));
    assert_eq!(calls[0].context["silentWav"], "/tmp/barline-x/silence.wav");
    let mut s = Server::new(Settings::default());
    let (sid, _) = init(&mut s, "2025-11-25");
    let calls = forwarded(call_tool(&mut s, &sid, 3, json!({})));
    assert!(calls[0].context["silentWav"].is_null());
}
