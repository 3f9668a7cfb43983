//! The runner's contract: one tool call as it arrives from the wire and what it
//! produced, and the `_meta` and context keys of a tool that waits and resumes.

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

/// Key in a result's `_meta` asking the v8 host to wait and call the tool again
/// (docs/design/wire.md §2: wait request and resume token). Value: `{"ms": n, "state":
/// any, "alone": bool}`; `alone` holds every other call until this one finishes.
pub const WAIT_META: &str = "barline/wait";

/// Key in the request `context` carrying the `state` of a resumed wait.
pub const RESUME_CONTEXT: &str = "barline/resume";
