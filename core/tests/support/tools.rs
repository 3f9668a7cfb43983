//! Calling tools against the fake Live Set.

use barline_core::tools::{self, ToolContext};
use barline_fake_live::FakeLive;
use serde_json::Value;

/// Calls a registered tool with the default context; returns the MCP tool result.
pub fn call(live: &mut FakeLive, tool: &str, args: Value) -> Value {
    tools::call(live, tool, &args, &ToolContext::default(), false).expect("registered tool")
}
