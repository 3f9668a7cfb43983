//! Valid JSON the parser cannot hold (issue 22, finding 7): a lone surrogate escape or a
//! number beyond `f64` is answered for its request id, not as a parse error with
//! `id: null`.

use crate::support;

use barline_core::mcp::{HttpResponse, Server, Settings};
use serde_json::{json, Value};
use support::mcp::{req, respond};

fn body(r: &HttpResponse) -> Value {
    serde_json::from_str(&r.body).unwrap_or(Value::Null)
}

#[test]
fn lone_surrogates_and_huge_numbers_keep_their_request_id() {
    let mut s = Server::new(Settings::default());
    let msg = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name":"t","version":"1"}}});
    let r = respond(s.handle_http(&req("POST", &[], &msg.to_string())));
    let sid = r.headers.get("mcp-session-id").unwrap().clone();
    let raw = [
        r#"{"jsonrpc":"2.0","id":41,"method":"ping","params":{"x":"\uD800"}}"#,
        r#"{"jsonrpc":"2.0","id":42,"method":"ping","params":{"x":1e400}}"#,
    ];
    for (i, text) in raw.iter().enumerate() {
        let r = respond(s.handle_http(&req("POST", &[("mcp-session-id", &sid)], text)));
        let b = body(&r);
        assert_eq!(b["id"], 41 + i as i64, "{text}: {} {}", r.status, r.body);
        assert_ne!(b["error"]["code"], -32700, "{text}: {}", r.body);
    }
}
