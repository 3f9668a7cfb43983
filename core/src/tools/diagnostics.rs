//! Diagnostic tools for testing the device runtime (filled in by the device-runtime issue).

use super::{ToolOutcome, ToolRequest};
use crate::live::LivePort;

/// Runs a diagnostic tool if `request` names one.
pub fn execute(_live: &mut dyn LivePort, _request: &ToolRequest) -> Option<ToolOutcome> {
    None
}

/// MCP definitions of the diagnostic tools (listed only when diagnostics are on).
pub fn definitions() -> Vec<serde_json::Value> {
    Vec::new()
}
