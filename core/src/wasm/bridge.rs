//! Node-side wire-protocol exports: framing calls, decoding responses, and what
//! Barline's own MCP clients send (the stdio bridge, the simulator's and tests' client).

use super::atoms::{array_to_atoms, atoms_to_array, set};
use crate::bridge;
use crate::relay;
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

/// Frames a tool-call envelope as the atoms of one `mcp_request` message.
#[wasm_bindgen(js_name = frameRequest)]
pub fn frame_request(request_id: f64, envelope_json: &str) -> Result<Array, JsError> {
    bridge::frame_request(request_id as u64, envelope_json)
        .map(|atoms| atoms_to_array(&atoms))
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Frames one tool call (`tool`, `args`, `context` as JS values) as the atoms of one
/// `mcp_request` message; core builds the envelope.
#[wasm_bindgen(js_name = frameCall)]
pub fn frame_call(
    request_id: f64,
    tool: &str,
    args: JsValue,
    context: JsValue,
) -> Result<Array, JsError> {
    let value = |v: JsValue| -> serde_json::Value {
        serde_wasm_bindgen::from_value(v).unwrap_or(serde_json::Value::Null)
    };
    relay::frame_call(request_id as u64, tool, &value(args), &value(context))
        .map(|atoms| atoms_to_array(&atoms))
        .map_err(|e| JsError::new(&e.to_string()))
}

fn json_value(v: JsValue) -> serde_json::Value {
    serde_wasm_bindgen::from_value(v).unwrap_or(serde_json::Value::Null)
}

/// Barline's version (the workspace's): the stdio bridge's `--version` and the release
/// files read it here, so the shipped wasm and what they print cannot disagree.
#[wasm_bindgen(js_name = barlineVersion)]
pub fn barline_version() -> String {
    crate::VERSION.to_string()
}

/// A JSON-RPC request as JSON text; `params` may be `undefined`.
#[wasm_bindgen(js_name = rpcRequest)]
pub fn rpc_request(id: JsValue, method: &str, params: JsValue) -> String {
    bridge::client::request(&json_value(id), method, &json_value(params))
}

/// A JSON-RPC notification as JSON text; `params` may be `undefined`.
#[wasm_bindgen(js_name = rpcNotification)]
pub fn rpc_notification(method: &str, params: JsValue) -> String {
    bridge::client::notification(method, &json_value(params))
}

/// The `initialize` request a client opens with (newest protocol version by default).
#[wasm_bindgen(js_name = rpcInitialize)]
pub fn rpc_initialize(id: JsValue, client_name: &str, protocol_version: Option<String>) -> String {
    bridge::client::initialize(&json_value(id), client_name, protocol_version.as_deref())
}

/// The stdio bridge's answer to a line that is not JSON.
#[wasm_bindgen(js_name = rpcParseError)]
pub fn rpc_parse_error(detail: &str) -> String {
    bridge::client::parse_error(detail)
}

/// The stdio bridge's answer to request `id` when the bridge itself failed.
#[wasm_bindgen(js_name = rpcBridgeFailure)]
pub fn rpc_bridge_failure(id: JsValue, detail: &str) -> String {
    bridge::client::bridge_failure(&json_value(id), detail)
}

/// The stdio bridge's stand-in while no device runs at its URL (`relay::OfflineServer`).
#[wasm_bindgen]
pub struct OfflineCore {
    inner: relay::OfflineServer,
}

#[wasm_bindgen]
impl OfflineCore {
    /// A stand-in for the device at `url`, opened with the client's `initialize` text.
    #[wasm_bindgen(constructor)]
    pub fn new(url: &str, entropy: &str, init_json: Option<String>) -> OfflineCore {
        OfflineCore {
            inner: relay::OfflineServer::new(url, entropy, init_json.as_deref()),
        }
    }

    /// The answers (JSON texts) to one client message.
    pub fn answer(&mut self, message_json: &str) -> Vec<String> {
        self.inner.answer(message_json)
    }
}

/// Decodes an `mcp_request` message into `{requestId, envelopeJson}`.
#[wasm_bindgen(js_name = decodeRequest)]
pub fn decode_request(atoms: JsValue) -> Result<JsValue, JsError> {
    let atoms = array_to_atoms(&atoms).map_err(|e| JsError::new(&e))?;
    let (id, json) = bridge::decode_request(&atoms).map_err(|e| JsError::new(&e.to_string()))?;
    let out = Object::new();
    set(&out, "requestId", &JsValue::from_f64(id as f64));
    set(&out, "envelopeJson", &JsValue::from_str(&json));
    Ok(out.into())
}

/// Frames a result and its warnings as one `mcp_response` message (never fails).
#[wasm_bindgen(js_name = frameResponse)]
pub fn frame_response(
    request_id: f64,
    tool: &str,
    result_json: &str,
    warnings: Vec<String>,
) -> Array {
    atoms_to_array(&relay::frame_tool_response(
        request_id as u64,
        tool,
        result_json,
        &warnings,
    ))
}

/// Decodes an `mcp_response` message into `{requestId, resultJson, warnings}`; throws
/// an Error with a specific message when the message is damaged.
#[wasm_bindgen(js_name = decodeResponse)]
pub fn decode_response(atoms: JsValue) -> Result<JsValue, JsError> {
    let atoms = array_to_atoms(&atoms).map_err(|e| JsError::new(&e))?;
    let decoded = bridge::decode_response(&atoms).map_err(|e| JsError::new(&e.to_string()))?;
    let out = Object::new();
    set(
        &out,
        "requestId",
        &JsValue::from_f64(decoded.request_id as f64),
    );
    set(&out, "resultJson", &JsValue::from_str(&decoded.result_json));
    let warnings: Array = decoded
        .warnings
        .iter()
        .map(|w| JsValue::from_str(w))
        .collect();
    set(&out, "warnings", &warnings);
    Ok(out.into())
}
