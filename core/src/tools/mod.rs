//! The tools: one module per tool family, written only against the Live port.
//!
//! Contract used by the v8 side (`core/src/wasm/v8.rs`): the node side forwards a
//! [`ToolRequest`]; [`execute`] runs it against a [`LivePort`] and returns a
//! [`ToolOutcome`] whose `result` is an MCP `CallToolResult` (without warning items:
//! warnings travel separately on the wire and are appended by the node side).

pub mod diagnostics;

use crate::live::LivePort;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One tool call as it crosses the wire: `{"tool", "args", "context"}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolRequest {
    /// Registered tool name, e.g. `barline-read-clip`.
    pub tool: String,
    /// Arguments after the node side validated them against the tool's schema.
    #[serde(default)]
    pub args: Value,
    /// Device settings and request facts the tool may need (deadline, output format…).
    #[serde(default)]
    pub context: Value,
}

/// What a tool produced: the MCP result plus the warnings collected for this request.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolOutcome {
    /// An MCP `CallToolResult` object (`content`, `structuredContent`, `isError`, `_meta`).
    pub result: Value,
    /// Warnings of this request only, in the order they were raised.
    pub warnings: Vec<String>,
}

/// Runs one tool call against Live.
pub fn execute(live: &mut dyn LivePort, request: &ToolRequest) -> ToolOutcome {
    if let Some(outcome) = diagnostics::execute(live, request) {
        return outcome;
    }
    unknown_tool(&request.tool)
}

fn unknown_tool(name: &str) -> ToolOutcome {
    let message = format!("Error [NOT_FOUND] in {name}: no such tool on the Live side");
    ToolOutcome {
        result: serde_json::json!({
            "isError": true,
            "content": [{"type": "text", "text": message}],
        }),
        warnings: Vec::new(),
    }
}
