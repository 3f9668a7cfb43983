//! The `initialize` the page opens its MCP session with: Barline's client message plus
//! the conversation's profile (small-model mode, tools it disables), which the device
//! applies to this session only (see `mcp::profile`), never to other clients.

use crate::bridge::client;
use crate::mcp::profile::CAPABILITY;
use serde_json::{json, Value};

/// The page's `initialize` request as JSON text.
pub fn initialize(id: u64, small_model: bool, disabled_tools: &[String]) -> String {
    let text = client::initialize(&json!(id), "barline-chat", None);
    let mut msg: Value = serde_json::from_str(&text).unwrap_or_else(|_| json!({}));
    if let Some(params) = msg.get_mut("params").and_then(Value::as_object_mut) {
        params.insert(
            "capabilities".into(),
            json!({"experimental": {CAPABILITY: {"smallModel": small_model, "disabledTools": disabled_tools}}}),
        );
    }
    msg.to_string()
}
