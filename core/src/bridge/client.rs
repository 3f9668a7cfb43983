//! The JSON-RPC messages Barline's own MCP clients write: the stdio bridge (requests it
//! makes itself, its answers to lines it cannot forward) and the client the simulator
//! and the tests use. Built here so no host spells a JSON-RPC envelope or error code.

use crate::mcp::jsonrpc;
use crate::mcp::version;
use serde_json::{json, Value};

/// A request `{jsonrpc, id, method, params}` as JSON text.
pub fn request(id: &Value, method: &str, params: &Value) -> String {
    let mut message = json!({"jsonrpc": "2.0", "id": id, "method": method});
    if !params.is_null() {
        message["params"] = params.clone();
    }
    message.to_string()
}

/// A notification `{jsonrpc, method}` (with `params` unless null) as JSON text.
pub fn notification(method: &str, params: &Value) -> String {
    let mut message = json!({"jsonrpc": "2.0", "method": method});
    if !params.is_null() {
        message["params"] = params.clone();
    }
    message.to_string()
}

/// The `initialize` request a client opens with; `protocol_version` defaults to the
/// newest this server speaks.
pub fn initialize(id: &Value, client_name: &str, protocol_version: Option<&str>) -> String {
    let params = json!({
        "protocolVersion": protocol_version.unwrap_or(version::LATEST),
        "capabilities": {},
        "clientInfo": {"name": client_name, "version": crate::VERSION},
    });
    request(id, "initialize", &params)
}

/// The answer to a line that is not JSON.
pub fn parse_error(detail: &str) -> String {
    jsonrpc::error(
        &Value::Null,
        jsonrpc::PARSE_ERROR,
        &format!("Parse error: {detail}"),
        None,
    )
    .to_string()
}

/// The answer to request `id` when the bridge itself failed (not the device).
pub fn bridge_failure(id: &Value, detail: &str) -> String {
    jsonrpc::error(
        id,
        jsonrpc::INTERNAL_ERROR,
        &format!("Barline stdio bridge: {detail}"),
        None,
    )
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelopes_are_json_rpc_2() {
        let r: Value = serde_json::from_str(&request(&json!(3), "ping", &Value::Null)).unwrap();
        assert_eq!(r, json!({"jsonrpc": "2.0", "id": 3, "method": "ping"}));
        let n: Value =
            serde_json::from_str(&notification("notifications/initialized", &Value::Null)).unwrap();
        assert_eq!(
            n,
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
        );
        let i: Value = serde_json::from_str(&initialize(&json!(1), "t", None)).unwrap();
        assert_eq!(i["params"]["protocolVersion"], version::LATEST);
        let e: Value = serde_json::from_str(&parse_error("bad")).unwrap();
        assert_eq!(e["error"]["code"], jsonrpc::PARSE_ERROR);
        assert_eq!(e["id"], Value::Null);
        let f: Value = serde_json::from_str(&bridge_failure(&json!("a"), "boom")).unwrap();
        assert_eq!(
            (f["id"].clone(), f["error"]["code"].clone()),
            (json!("a"), json!(jsonrpc::INTERNAL_ERROR))
        );
    }
}
