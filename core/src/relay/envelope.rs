//! Tool calls and tool results as messages: the call envelope node.script sends and
//! the framed answer the v8 side returns, with an oversized result replaced by a
//! `TOO_LARGE` error that names the tool and how to narrow the read.

use crate::bridge::{frame_request, frame_response_with, BridgeError};
use crate::live::Atom;
use crate::relay::too_large::too_large_result;

/// Frames one tool call: builds the envelope `{"tool","args","context"}` (the shape
/// the v8 side reads into [`crate::tools::ToolRequest`]) and frames it like
/// [`frame_request`]. Null `args` or `context` travel as empty objects.
pub fn frame_call(
    request_id: u64,
    tool: &str,
    args: &serde_json::Value,
    context: &serde_json::Value,
) -> Result<Vec<Atom>, BridgeError> {
    let object = |v: &serde_json::Value| {
        if v.is_null() {
            serde_json::Value::Object(Default::default())
        } else {
            v.clone()
        }
    };
    let envelope = crate::tools::ToolRequest {
        tool: tool.to_string(),
        args: object(args),
        context: object(context),
    };
    let json = serde_json::to_string(&envelope).unwrap_or_default();
    frame_request(request_id, &json)
}

/// Frames a tool's result; a result over the bridge limit becomes a `TOO_LARGE` error
/// result naming no tool (see [`frame_tool_response`]).
pub fn frame_response(request_id: u64, result_json: &str, warnings: &[String]) -> Vec<Atom> {
    frame_tool_response(request_id, "", result_json, warnings)
}

/// [`frame_response`] knowing the tool's name, so a `TOO_LARGE` replacement names the
/// tool and carries its narrowing hint (docs/design/tool-contract.md §2.3).
pub fn frame_tool_response(
    request_id: u64,
    tool: &str,
    result_json: &str,
    warnings: &[String],
) -> Vec<Atom> {
    frame_response_with(request_id, result_json, warnings, &|bytes, error| {
        too_large_result(tool, bytes, error)
    })
}
