//! `notifications/cancelled` (MCP's cancellation): the server notes a call of the same
//! session that is still out at Live, so the host can ask Live to drop it; a request
//! of another session, an unknown one or a finished one is ignored.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use serde_json::{json, Value};
use support::mcp::{req, respond};

fn session(server: &mut Server) -> String {
    let msg = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name":"t","version":"1"}}});
    let r = respond(server.handle_http(&req("POST", &[], &msg.to_string())));
    r.headers.get("mcp-session-id").expect("session id").clone()
}

fn post(server: &mut Server, sid: &str, msg: &Value) -> HttpAction {
    server.handle_http(&req("POST", &[("mcp-session-id", sid)], &msg.to_string()))
}

fn cancel(server: &mut Server, sid: &str, request_id: Value) -> u16 {
    let msg = json!({"jsonrpc":"2.0","method":"notifications/cancelled",
        "params": {"requestId": request_id, "reason": "the user stopped the turn"}});
    respond(post(server, sid, &msg)).status
}

#[test]
fn a_cancelled_call_still_out_is_noted_for_its_own_session_only() {
    let mut s = Server::new(Settings::default());
    let mine = session(&mut s);
    let other = session(&mut s);
    let call = json!({"jsonrpc":"2.0","id":"c-7","method":"tools/call",
        "params":{"name":"barline-read-live-set","arguments":{}}});
    let call_id = match post(&mut s, &mine, &call) {
        HttpAction::Forward { calls, .. } => calls[0].call_id,
        other => panic!("expected a forwarded call, got {other:?}"),
    };
    assert_eq!(cancel(&mut s, &other, json!("c-7")), 202);
    assert_eq!(
        s.take_cancelled(),
        Vec::<u64>::new(),
        "another session cannot cancel it"
    );
    assert_eq!(cancel(&mut s, &mine, json!(99)), 202);
    assert_eq!(
        s.take_cancelled(),
        Vec::<u64>::new(),
        "an unknown request is ignored"
    );
    assert_eq!(cancel(&mut s, &mine, json!("c-7")), 202);
    assert_eq!(s.take_cancelled(), vec![call_id]);
    assert_eq!(s.take_cancelled(), Vec::<u64>::new(), "taken once");

    // Live's answer still completes the call (the client reads what happened).
    let done = s.complete_tool_call(call_id, r#"{"content":[{"type":"text","text":"ok"}]}"#, &[]);
    assert_eq!(respond(done).status, 200);
    assert_eq!(cancel(&mut s, &mine, json!("c-7")), 202);
    assert_eq!(
        s.take_cancelled(),
        Vec::<u64>::new(),
        "a finished call is ignored"
    );
}
