//! Building HTTP requests for the MCP server and reading its answers.

use barline_core::mcp::{HttpAction, HttpRequest, HttpResponse};

/// A JSON `POST /mcp` with the given `Host` header and, when given, a session id.
pub fn json_post(host: &str, body: String, sid: Option<&str>) -> HttpRequest {
    let mut r = HttpRequest {
        method: "POST".into(),
        path: "/mcp".into(),
        body,
        ..Default::default()
    };
    r.headers.insert("host".into(), host.into());
    r.headers
        .insert("content-type".into(), "application/json".into());
    if let Some(id) = sid {
        r.headers.insert("mcp-session-id".into(), id.into());
    }
    r
}

/// A request from a well-behaved local client (loopback Host, JSON, accepting SSE);
/// `headers` are added last and may override any of those.
pub fn req(method: &str, headers: &[(&str, &str)], body: &str) -> HttpRequest {
    let mut r = json_post("127.0.0.1:3350", body.into(), None);
    r.method = method.into();
    r.headers.insert(
        "accept".into(),
        "application/json, text/event-stream".into(),
    );
    for (k, v) in headers {
        r.headers.insert(k.to_string(), v.to_string());
    }
    r
}

/// The response of an action that must answer at once.
pub fn respond(a: HttpAction) -> HttpResponse {
    match a {
        HttpAction::Respond(r) => r,
        other => panic!("expected a response, got {other:?}"),
    }
}
