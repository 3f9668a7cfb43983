//! Sessions under pressure (issue 15 item 6): a flood of `initialize` calls evicts
//! neither a client with a call in flight nor one that is working, idle sessions
//! expire, and a second `initialize` inside a session is refused.

use crate::support;

use barline_core::mcp::sessions::{MAX_SESSIONS, SESSION_TTL_MS};
use barline_core::mcp::{HttpAction, HttpResponse, Server, Settings};
use serde_json::{json, Value};
use support::mcp::{req, respond};

fn body(r: &HttpResponse) -> Value {
    serde_json::from_str(&r.body).unwrap_or(Value::Null)
}

fn init_at(server: &mut Server, now: u64) -> HttpResponse {
    let msg = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name":"t","version":"1"}}});
    let mut r = req("POST", &[], &msg.to_string());
    r.now_ms = now;
    respond(server.handle_http(&r))
}

fn session_at(server: &mut Server, now: u64) -> String {
    let r = init_at(server, now);
    assert_eq!(r.status, 200, "{}", r.body);
    r.headers.get("mcp-session-id").expect("session id").clone()
}

fn post_at(server: &mut Server, sid: &str, msg: &Value, now: u64) -> HttpAction {
    let mut r = req("POST", &[("mcp-session-id", sid)], &msg.to_string());
    r.now_ms = now;
    server.handle_http(&r)
}

fn ping_at(server: &mut Server, sid: &str, now: u64) -> u16 {
    let msg = json!({"jsonrpc":"2.0","id":2,"method":"ping"});
    respond(post_at(server, sid, &msg, now)).status
}

/// Starts a tool call in `sid`; returns its call id.
fn start_call(server: &mut Server, sid: &str, now: u64) -> u64 {
    let msg = json!({"jsonrpc":"2.0","id":3,"method":"tools/call",
        "params":{"name":"barline-connect","arguments":{}}});
    match post_at(server, sid, &msg, now) {
        HttpAction::Forward { calls, .. } => calls[0].call_id,
        other => panic!("expected a forwarded call, got {other:?}"),
    }
}

#[test]
fn three_hundred_initialize_calls_keep_working_clients() {
    let mut s = Server::new(Settings::default());
    // A client waiting for Live, and one that worked a moment ago and is idle now.
    let busy = session_at(&mut s, 1_000);
    let call = start_call(&mut s, &busy, 1_000);
    let idle = session_at(&mut s, 1_000);
    assert_eq!(ping_at(&mut s, &idle, 2_000), 200);
    // A local process floods the table.
    for i in 0..300 {
        assert_eq!(init_at(&mut s, 3_000 + i).status, 200);
    }
    assert_eq!(s.session_count(), MAX_SESSIONS);
    // Both clients are still there; the busy one gets its answer.
    assert_eq!(ping_at(&mut s, &idle, 4_000), 200);
    match s.complete_tool_call(call, r#"{"content":[]}"#, &[]) {
        HttpAction::Respond(r) => assert_eq!(body(&r)["id"], 3, "{}", r.body),
        other => panic!("expected the answer, got {other:?}"),
    }
    assert_eq!(ping_at(&mut s, &busy, 4_000), 200);
}

#[test]
fn the_least_recently_used_idle_session_gives_way() {
    let mut s = Server::new(Settings::default());
    let ids: Vec<String> = (0..MAX_SESSIONS as u64)
        .map(|i| session_at(&mut s, i))
        .collect();
    // Every session has been used; the first one longest ago, except that we use it now.
    for (i, sid) in ids.iter().enumerate() {
        assert_eq!(ping_at(&mut s, sid, 1_000 + i as u64), 200);
    }
    assert_eq!(ping_at(&mut s, &ids[0], 5_000), 200);
    session_at(&mut s, 6_000);
    assert_eq!(ping_at(&mut s, &ids[0], 7_000), 200, "recently used: kept");
    assert_eq!(
        ping_at(&mut s, &ids[1], 7_000),
        404,
        "least recently used: evicted"
    );
}

#[test]
fn when_every_session_waits_for_live_a_new_one_is_refused() {
    let mut s = Server::new(Settings {
        max_pending: MAX_SESSIONS + 10,
        ..Settings::default()
    });
    let ids: Vec<String> = (0..MAX_SESSIONS as u64)
        .map(|i| session_at(&mut s, i))
        .collect();
    for sid in &ids {
        start_call(&mut s, sid, 500);
    }
    let r = init_at(&mut s, 600);
    assert_eq!(r.status, 503, "{}", r.body);
    assert!(body(&r)["error"]["message"]
        .as_str()
        .unwrap()
        .contains("in flight"));
    assert_eq!(r.headers.get("retry-after").map(String::as_str), Some("1"));
}

#[test]
fn idle_sessions_expire_and_calls_in_flight_hold_them() {
    let mut s = Server::new(Settings::default());
    let a = session_at(&mut s, 0);
    let b = session_at(&mut s, 0);
    let call = start_call(&mut s, &b, 0);
    assert_eq!(
        ping_at(&mut s, &a, SESSION_TTL_MS),
        200,
        "just inside the TTL"
    );
    let later = 2 * SESSION_TTL_MS + 1;
    assert_eq!(ping_at(&mut s, &a, later), 404, "idle past the TTL");
    assert_eq!(ping_at(&mut s, &b, later), 200, "a call in flight keeps it");
    assert!(matches!(
        s.complete_tool_call(call, r#"{"content":[]}"#, &[]),
        HttpAction::Respond(_)
    ));
}

#[test]
fn a_second_initialize_inside_a_session_is_refused() {
    let mut s = Server::new(Settings::default());
    let sid = session_at(&mut s, 0);
    let msg = json!({"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-06-18"}});
    let r = respond(post_at(&mut s, &sid, &msg, 1));
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(body(&r)["error"]["message"]
        .as_str()
        .unwrap()
        .contains("already initialized"));
    assert!(!r.headers.contains_key("mcp-session-id"));
    assert_eq!(ping_at(&mut s, &sid, 2), 200, "the session is unchanged");
}

/// Issue 15 item 7: bytes that are not UTF-8 are refused with the offset of the first
/// bad byte, after the admission checks; valid bytes behave exactly like text.
#[test]
fn bodies_that_are_not_utf8_are_refused_precisely() {
    let mut s = Server::new(Settings::default());
    let sid = session_at(&mut s, 0);
    let mut bytes = br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""#.to_vec();
    let offset = bytes.len();
    bytes.extend_from_slice(&[0xff, 0xfe]);
    bytes.extend_from_slice(br#""}}"#);
    let r =
        respond(s.handle_http_bytes(req("POST", &[("mcp-session-id", &sid)], ""), bytes.clone()));
    assert_eq!(r.status, 400);
    let b = body(&r);
    assert_eq!(b["error"]["code"], -32700);
    assert_eq!(
        b["error"]["message"],
        format!("Parse error: the body is not valid UTF-8 (first bad byte at offset {offset}); send JSON encoded as UTF-8")
    );
    // Admission comes first: a foreign Host is refused as such.
    let r = respond(s.handle_http_bytes(req("POST", &[("host", "evil.example")], ""), bytes));
    assert_eq!(r.status, 421, "{}", r.body);
    // Valid UTF-8 (with multi-byte characters) is handled like text.
    let ok = r#"{"jsonrpc":"2.0","id":5,"method":"ping","params":{"x":"é🎹"}}"#;
    let r = respond(s.handle_http_bytes(
        req("POST", &[("mcp-session-id", &sid)], ""),
        ok.as_bytes().to_vec(),
    ));
    assert_eq!((r.status, body(&r)["id"].clone()), (200, json!(5)));
}

/// Client text in protocol errors is quoted to at most 100 characters.
#[test]
fn errors_quote_at_most_a_hundred_characters_of_client_text() {
    let mut s = Server::new(Settings::default());
    let sid = session_at(&mut s, 0);
    let huge = "n".repeat(1 << 20);
    for (method, params) in [
        ("tools/call", json!({"name": huge})),
        ("resources/read", json!({"uri": huge})),
        ("prompts/get", json!({"name": huge})),
        ("logging/setLevel", json!({"level": huge})),
        (huge.as_str(), json!({})),
    ] {
        let msg = json!({"jsonrpc":"2.0","id":4,"method":method,"params":params});
        let r = respond(post_at(&mut s, &sid, &msg, 1));
        assert!(
            r.body.len() < 600,
            "{}: {} bytes",
            &method[..10.min(method.len())],
            r.body.len()
        );
        assert!(
            r.body.contains(&format!("{}…", "n".repeat(100))),
            "{}",
            r.body
        );
    }
}

/// A batch of 10,000 `tools/list` once produced a 32 MB reply (4 MB bodies: ~280 MB);
/// batches are capped, refused before any message is handled.
#[test]
fn batches_are_capped_before_any_message_runs() {
    use barline_core::mcp::MAX_BATCH_ITEMS;
    let mut s = Server::new(Settings::default());
    let msg = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion": "2025-03-26"}});
    let r = respond(s.handle_http(&req("POST", &[], &msg.to_string())));
    let sid = r.headers["mcp-session-id"].clone();
    let batch = |n: usize| {
        Value::Array(
            (0..n)
                .map(|i| json!({"jsonrpc":"2.0","id":i,"method":"tools/list"}))
                .collect(),
        )
    };
    let r = respond(post_at(&mut s, &sid, &batch(10_000), 1));
    assert_eq!(r.status, 400);
    assert!(r.body.len() < 300, "{}", r.body);
    assert!(
        r.body
            .contains("at most 100 messages; this one holds 10000"),
        "{}",
        r.body
    );
    let r = respond(post_at(&mut s, &sid, &batch(MAX_BATCH_ITEMS), 2));
    assert_eq!(r.status, 200);
    assert_eq!(body(&r).as_array().unwrap().len(), MAX_BATCH_ITEMS);
}
