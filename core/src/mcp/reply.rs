//! Turning finished calls into JSON-RPC responses: warnings attached, version-specific
//! fields dropped, resource failures mapped to resource errors, SSE framing.

use super::http::{sse_event, HttpResponse};
use super::jsonrpc;
use super::server::Call;
use super::version;
use crate::tools::framework::warnings;
use serde_json::{json, Value};

/// The JSON-RPC response for a finished call.
pub(super) fn reply_for(call: &Call, result: Value, live_warnings: &[String]) -> Value {
    let f = &call.forward;
    if f.resource.is_some() {
        if result.get("isError").and_then(Value::as_bool) == Some(true) {
            let e = &result["_meta"]["barline/error"];
            let code = e["code"].as_str().unwrap_or("INTERNAL");
            // The client's URI was wrong (not our failure): say so with the code that
            // means "fix your request", never -32603.
            let rpc_code = match code {
                "NOT_FOUND" | "STALE_REFERENCE" => jsonrpc::RESOURCE_NOT_FOUND,
                "BAD_INPUT" | "WRONG_TYPE" => jsonrpc::INVALID_PARAMS,
                _ => jsonrpc::INTERNAL_ERROR,
            };
            return jsonrpc::error(
                &f.rpc_id,
                rpc_code,
                e["message"].as_str().unwrap_or("resource read failed"),
                Some(json!({
                    "uri": f.resource.as_deref().map(jsonrpc::quote), "code": code, "hint": e["hint"],
                })),
            );
        }
        return jsonrpc::result(&f.rpc_id, result);
    }
    let mut all = f.warnings.clone();
    all.extend(live_warnings.iter().cloned());
    let mut result = warnings::attach(result, &all);
    if !version::has_structured_output(call.version) {
        if let Some(o) = result.as_object_mut() {
            o.remove("structuredContent");
        }
    }
    jsonrpc::result(&f.rpc_id, result)
}

pub(super) fn progress(token: &Value, done: u32, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "method": "notifications/progress",
           "params": {"progressToken": token, "progress": done, "total": 1, "message": message}})
}

pub(super) fn finish_body(
    replies: Vec<Option<Value>>,
    batch: bool,
    stream: Option<Value>,
) -> HttpResponse {
    let replies: Vec<Value> = replies.into_iter().flatten().collect();
    let body = if batch {
        Value::Array(replies)
    } else {
        replies.into_iter().next().unwrap_or(Value::Null)
    };
    match stream {
        None => HttpResponse::json(200, &body),
        Some(token) => {
            let mut r = HttpResponse::empty(200).with("content-type", "text/event-stream");
            r.body = format!(
                "{}{}",
                sse_event(&progress(&token, 1, "done")),
                sse_event(&body)
            );
            r.streamed = true;
            r
        }
    }
}
