//! HTTP shapes exchanged with the Node host: the request it hands in, the response it
//! writes out, and what it must forward to Live in between.

use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// One HTTP request as node-host saw it (header names lower-cased).
#[derive(Clone, Debug, Default)]
pub struct HttpRequest {
    /// `GET`, `POST`, `DELETE`, …
    pub method: String,
    /// Request target (path and query).
    pub path: String,
    /// Headers, names lower-cased.
    pub headers: BTreeMap<String, String>,
    /// Body as text.
    pub body: String,
    /// The host's clock in milliseconds (any fixed origin) when the request arrived;
    /// sessions expire by it. Tests that do not care leave it 0.
    pub now_ms: u64,
}

impl HttpRequest {
    /// A header value by lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }
}

/// An HTTP response for node-host to write.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HttpResponse {
    /// Status code.
    pub status: u16,
    /// Headers to set.
    pub headers: BTreeMap<String, String>,
    /// Body text.
    pub body: String,
    /// True when headers were already sent as an SSE prelude: write only the body.
    pub streamed: bool,
}

impl HttpResponse {
    /// A JSON body.
    pub fn json(status: u16, body: &Value) -> HttpResponse {
        let mut headers = BTreeMap::new();
        headers.insert("content-type".into(), "application/json".into());
        HttpResponse {
            status,
            headers,
            body: body.to_string(),
            streamed: false,
        }
    }

    /// An empty body.
    pub fn empty(status: u16) -> HttpResponse {
        HttpResponse {
            status,
            headers: BTreeMap::new(),
            body: String::new(),
            streamed: false,
        }
    }

    /// Adds a header.
    pub fn with(mut self, name: &str, value: &str) -> HttpResponse {
        self.headers.insert(name.into(), value.into());
        self
    }
}

/// A tool call for node-host to relay to Live.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutCall {
    /// Handle for `complete_tool_call` / `fail_tool_call`.
    pub call_id: u64,
    /// Wire tool name.
    pub tool: String,
    /// Coerced arguments.
    pub args: Value,
    /// Request context for the tool (settings it reads).
    pub context: Value,
}

/// What node-host must do next.
#[derive(Clone, Debug, PartialEq)]
pub enum HttpAction {
    /// Write this response.
    Respond(HttpResponse),
    /// Relay these calls; if `prelude` is set, write it at once (SSE headers and a
    /// first progress event) and keep the response open.
    Forward {
        /// Calls for Live, in request order.
        calls: Vec<OutCall>,
        /// SSE prelude when the client asked for streamed progress.
        prelude: Option<HttpResponse>,
    },
    /// Nothing to write yet: other calls of the same batch are still out.
    Pending,
}

/// One Server-Sent Event carrying a JSON-RPC message.
pub fn sse_event(message: &Value) -> String {
    format!("event: message\ndata: {message}\n\n")
}
