//! JSON-RPC 2.0 message shapes: classification of incoming messages and the builders
//! for results and errors.

use serde_json::{json, Value};

/// Invalid JSON.
pub const PARSE_ERROR: i64 = -32700;
/// Not a valid JSON-RPC request object.
pub const INVALID_REQUEST: i64 = -32600;
/// Unknown method.
pub const METHOD_NOT_FOUND: i64 = -32601;
/// Bad parameters (also unknown tool, missing prompt argument).
pub const INVALID_PARAMS: i64 = -32602;
/// Server fault.
pub const INTERNAL_ERROR: i64 = -32603;
/// Server busy (queue full) — implementation-defined server error.
pub const SERVER_BUSY: i64 = -32000;
/// Session unknown or terminated — implementation-defined server error.
pub const SESSION_NOT_FOUND: i64 = -32001;
/// MCP: resource not found.
pub const RESOURCE_NOT_FOUND: i64 = -32002;

/// One incoming JSON-RPC message.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A request expecting a response.
    Request {
        /// Request id (string or number).
        id: Value,
        /// Method name.
        method: String,
        /// Parameters (`null` when absent).
        params: Value,
    },
    /// A notification (no id, no response).
    Notification {
        /// Method name.
        method: String,
        /// Parameters (`null` when absent).
        params: Value,
    },
    /// A response or error from the client (to a server request); acknowledged only.
    Response,
}

/// A message that is not valid JSON-RPC: the id to answer with (or `null`) and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Invalid {
    /// The request id if one could be read.
    pub id: Value,
    /// What is wrong.
    pub message: String,
}

/// Classifies one decoded JSON value as a JSON-RPC message.
pub fn classify(v: &Value) -> Result<Message, Invalid> {
    let obj = v.as_object().ok_or_else(|| Invalid {
        id: Value::Null,
        message: "a JSON-RPC message must be an object".into(),
    })?;
    let id = obj.get("id").cloned();
    let id_ok = matches!(id, Some(Value::String(_)) | Some(Value::Number(_)));
    let fail = |message: String| Invalid {
        id: if id_ok {
            id.clone().unwrap_or(Value::Null)
        } else {
            Value::Null
        },
        message,
    };
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(fail("\"jsonrpc\" must be \"2.0\"".into()));
    }
    if let Some(m) = obj.get("method") {
        let method = m
            .as_str()
            .ok_or_else(|| fail("\"method\" must be a string".into()))?
            .to_string();
        let params = obj.get("params").cloned().unwrap_or(Value::Null);
        if !matches!(params, Value::Null | Value::Object(_) | Value::Array(_)) {
            return Err(fail("\"params\" must be an object".into()));
        }
        return match id {
            None => Ok(Message::Notification { method, params }),
            Some(_) if id_ok => Ok(Message::Request {
                id: id.unwrap_or(Value::Null),
                method,
                params,
            }),
            Some(_) => Err(fail("\"id\" must be a string or a number".into())),
        };
    }
    if obj.contains_key("result") || obj.contains_key("error") {
        return Ok(Message::Response);
    }
    Err(fail(
        "a JSON-RPC message needs \"method\", \"result\" or \"error\"".into(),
    ))
}

/// A success response.
pub fn result(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// An error response.
pub fn error(id: &Value, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut e = json!({"code": code, "message": message});
    if let Some(d) = data {
        e["data"] = d;
    }
    json!({"jsonrpc": "2.0", "id": id, "error": e})
}

/// Client text quoted in an error message: at most 100 characters, then `…`, so a
/// megabyte name or URI is never echoed back whole.
pub fn quote(text: &str) -> String {
    const MAX: usize = 100;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}
