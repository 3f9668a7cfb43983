//! Node-side wire-protocol exports (framing requests, decoding responses) and the
//! atom conversions shared with the v8 exports.

use crate::bridge;
use crate::live::Atom;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

/// A core atom as a JS value: integers and floats as numbers, symbols as strings.
pub(crate) fn atom_to_js(atom: &Atom) -> JsValue {
    match atom {
        Atom::Int(i) => JsValue::from_f64(*i as f64),
        Atom::Float(f) => JsValue::from_f64(*f),
        Atom::Symbol(s) => JsValue::from_str(s),
    }
}

/// Core atoms as a JS array.
pub(crate) fn atoms_to_array(atoms: &[Atom]) -> Array {
    atoms.iter().map(atom_to_js).collect()
}

/// A JS value as an atom: integral numbers → Int, other numbers → Float, strings →
/// Symbol, booleans → 0/1 (as LiveAPI reports them). Anything else is not an atom.
pub(crate) fn js_to_atom(value: &JsValue) -> Option<Atom> {
    if let Some(n) = value.as_f64() {
        return Some(if n.fract() == 0.0 && n.abs() < 9.0e15 {
            Atom::Int(n as i64)
        } else {
            Atom::Float(n)
        });
    }
    if let Some(s) = value.as_string() {
        return Some(Atom::Symbol(s));
    }
    value.as_bool().map(|b| Atom::Int(b as i64))
}

/// A JS array of atoms; names the first element that is not an atom.
pub(crate) fn array_to_atoms(value: &JsValue) -> Result<Vec<Atom>, String> {
    if !Array::is_array(value) {
        return Err("expected an array of atoms".to_string());
    }
    Array::from(value)
        .iter()
        .enumerate()
        .map(|(i, v)| {
            js_to_atom(&v).ok_or_else(|| format!("element {i} is not a number or string"))
        })
        .collect()
}

pub(crate) fn set(target: &Object, key: &str, value: &JsValue) {
    // Setting a plain data property on a fresh object cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

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

/// The request id of a bridge message (`atoms[1]`), or -1 when it has none; lets a
/// host answer a request whose handling trapped.
#[wasm_bindgen(js_name = requestIdOf)]
pub fn request_id_of(atoms: JsValue) -> f64 {
    array_to_atoms(&atoms)
        .ok()
        .and_then(|a| a.get(1).and_then(Atom::as_i64))
        .filter(|id| *id >= 0)
        .map_or(-1.0, |id| id as f64)
}

/// The MCP definitions of the diagnostic tools, as a JSON array text.
#[wasm_bindgen(js_name = diagnosticToolDefinitions)]
pub fn diagnostic_tool_definitions() -> String {
    serde_json::Value::Array(crate::tools::diagnostics::definitions()).to_string()
}
