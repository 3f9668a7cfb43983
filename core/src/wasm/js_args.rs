//! Argument checks shared by the web exports: every exported function checks its
//! arguments' JavaScript types before touching them and throws a `TypeError` naming
//! the argument (a non-string passed as text would otherwise trap inside wasm).
//! Every error thrown here carries `kind: "input"`.

use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

/// What a value is, for messages: `null`, `undefined`, `an array`, `a number`, ….
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    if value.is_undefined() {
        return "undefined".into();
    }
    if Array::is_array(value) {
        return "an array".into();
    }
    let kind = value.js_typeof().as_string().unwrap_or_default();
    match kind.as_str() {
        "object" | "undefined" => format!("an {kind}"),
        _ => format!("a {kind}"),
    }
}

/// Sets `target[key] = value`; setting a property on a fresh `Error` cannot fail.
pub(crate) fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

/// A `TypeError` with `kind: "input"`.
pub(crate) fn type_error(message: &str) -> JsValue {
    let error = js_sys::TypeError::new(message);
    set(&error, "kind", &JsValue::from_str("input"));
    error.into()
}

/// An `Error` with `kind: "input"` (a value of the right type but out of range).
pub(crate) fn input_error(message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    set(&error, "kind", &JsValue::from_str("input"));
    error.into()
}

/// `TypeError: {name} must be {expected}, got {what}`.
pub(crate) fn wrong_type(name: &str, expected: &str, value: &JsValue) -> JsValue {
    type_error(&format!(
        "{name} must be {expected}, got {}",
        describe(value)
    ))
}

/// A string argument.
pub(crate) fn string(name: &str, value: &JsValue) -> Result<String, JsValue> {
    value
        .as_string()
        .ok_or_else(|| wrong_type(name, "a string", value))
}

/// A number argument.
pub(crate) fn number(name: &str, value: &JsValue) -> Result<f64, JsValue> {
    value
        .as_f64()
        .ok_or_else(|| wrong_type(name, "a number", value))
}

/// An optional options object: `undefined`, `null` or an object (not an array).
pub(crate) fn options(name: &str, value: &JsValue) -> Result<(), JsValue> {
    if value.is_undefined() || value.is_null() || (value.is_object() && !Array::is_array(value)) {
        Ok(())
    } else {
        Err(wrong_type(name, "an object", value))
    }
}

/// `options[name]`, `None` when options or the field are absent/null (options must
/// have passed [`options`]).
pub(crate) fn field(options: &JsValue, name: &str) -> Result<Option<JsValue>, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    let v = Reflect::get(options, &JsValue::from_str(name))?;
    Ok((!v.is_undefined() && !v.is_null()).then_some(v))
}

/// `options.timeSignature` as optional numerator and denominator: `[n, d]`, with a
/// missing/null end expressing the "only one given" case of docs/design/notation.md §5.4.
pub(crate) fn time_signature(options: &JsValue) -> Result<(Option<u32>, Option<u32>), JsValue> {
    let Some(ts) = field(options, "timeSignature")? else {
        return Ok((None, None));
    };
    if !Array::is_array(&ts) {
        return Err(wrong_type(
            "timeSignature",
            "[numerator, denominator], e.g. [4, 4]",
            &ts,
        ));
    }
    let ts = Array::from(&ts);
    let part = |i: u32| -> Result<Option<u32>, JsValue> {
        let v = ts.get(i);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        match v.as_f64() {
            Some(n) if n >= 1.0 && n <= f64::from(u32::MAX) && n.fract() == 0.0 => {
                Ok(Some(n as u32))
            }
            _ => Err(input_error(
                "timeSignature numerator and denominator must be positive integers, e.g. [6, 8]",
            )),
        }
    };
    Ok((part(0)?, part(1)?))
}
