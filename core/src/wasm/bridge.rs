//! Node-side wire-protocol exports: framing requests, decoding responses.

use super::atoms::{array_to_atoms, atoms_to_array, set};
use crate::bridge;
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

/// Frames a tool-call envelope as the atoms of one `mcp_request` message.
#[wasm_bindgen(js_name = frameRequest)]
pub fn frame_request(request_id: f64, envelope_json: &str) -> Result<Array, JsError> {
    bridge::frame_request(request_id as u64, envelope_json)
        .map(|atoms| atoms_to_array(&atoms))
        .map_err(|e| JsError::new(&e.to_string()))
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
    atoms_to_array(&bridge::frame_tool_response(
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
