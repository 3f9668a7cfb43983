//! Note lists across the boundary: one `Float64Array` of six numbers per note
//! (pitch, start_time, duration, velocity, probability, velocity_deviation), turned
//! into plain objects (and back) by small JavaScript functions created once with
//! `new Function`, which works with every wasm-bindgen target including `no-modules`.
//!
//! Keeping the JavaScript side linear in the note count (measured in
//! `core/js-bench/notation.bench.mjs`): the output array grows with `push` (a
//! pre-sized `new Array(n)` is a holey array whose large backing store goes straight
//! to the old generation), the note literal's fields are generalised once so that
//! integral values are stored unboxed instead of as one heap number per field, and
//! the numbers are read and written through views of wasm memory instead of fresh
//! copies (a multi-megabyte `ArrayBuffer` per call is external memory that makes V8
//! start major collections).

use js_sys::{Array, Float64Array, Function};
use wasm_bindgen::prelude::*;

use super::js_args::{input_error, type_error, wrong_type};
use crate::transforms::MAX_NOTES;

/// Numbers per note in the flat layout.
pub(crate) const FIELDS: usize = 6;

/// The JavaScript helpers of the flat note layout.
struct Glue {
    /// `(flat, warnings) => ({notes, warnings})`.
    interpretation: Function,
    /// `(flat, transformed, warnings, seed) => ({notes, transformed, warnings, seed})`.
    transformation: Function,
    /// `(notes, f) => -1 | index of the first malformed note`, filling `f`.
    flatten: Function,
}

/// Builds the helpers; `notes(f)` is shared by both result shapes.
const GLUE_SOURCE: &str = "\
const note = (p, s, d, v, r, x) =>\n\
  ({ pitch: p, start_time: s, duration: d, velocity: v, probability: r, velocity_deviation: x });\n\
note(null, null, null, null, null, null); // tagged fields: integral values stay unboxed\n\
const notes = (f) => {\n\
  const out = [];\n\
  for (let j = 0; j + 5 < f.length; j += 6) out.push(note(f[j], f[j + 1], f[j + 2], f[j + 3], f[j + 4], f[j + 5]));\n\
  return out;\n\
};\n\
return [\n\
  (f, warnings) => ({ notes: notes(f), warnings }),\n\
  (f, transformed, warnings, seed) => ({ notes: notes(f), transformed, warnings, seed }),\n\
  (list, f) => {\n\
    for (let i = 0, j = 0; i < list.length; i++, j += 6) {\n\
      const x = list[i];\n\
      if (x === null || typeof x !== 'object') return i;\n\
      const p = x.probability === undefined ? 1 : x.probability;\n\
      const d = x.velocity_deviation === undefined ? 0 : x.velocity_deviation;\n\
      if (typeof x.pitch !== 'number' || typeof x.start_time !== 'number' ||\n\
          typeof x.duration !== 'number' || typeof x.velocity !== 'number' ||\n\
          typeof p !== 'number' || typeof d !== 'number') return i;\n\
      f[j] = x.pitch; f[j + 1] = x.start_time; f[j + 2] = x.duration;\n\
      f[j + 3] = x.velocity; f[j + 4] = p; f[j + 5] = d;\n\
    }\n\
    return -1;\n\
  },\n\
];";

thread_local! {
    static GLUE: Glue = {
        let made = Function::new_no_args(GLUE_SOURCE).call0(&JsValue::NULL);
        let parts = Array::from(&made.unwrap_or_else(|_| Array::new().into()));
        let function = |i: u32| -> Function { parts.get(i).unchecked_into() };
        Glue {
            interpretation: function(0),
            transformation: function(1),
            flatten: function(2),
        }
    };
}

/// `{notes, warnings}` from flat notes.
pub(crate) fn interpretation(flat: &[f64], warnings: &Array) -> Result<JsValue, JsValue> {
    // SAFETY: the view is only read by the glue, synchronously, before anything can
    // allocate in (and so move) wasm memory; `flat` outlives the call.
    let view = unsafe { Float64Array::view(flat) };
    GLUE.with(|glue| glue.interpretation.call2(&JsValue::NULL, &view, warnings))
}

/// `{notes, transformed, warnings, seed}` from flat notes.
pub(crate) fn transformation(
    flat: &[f64],
    transformed: &JsValue,
    warnings: &Array,
    seed: &JsValue,
) -> Result<JsValue, JsValue> {
    let args = Array::of4(&JsValue::NULL, transformed, warnings, seed);
    // SAFETY: as in `interpretation`; the view is made last, just before the call.
    let view = unsafe { Float64Array::view(flat) };
    args.set(0, view.into());
    GLUE.with(|glue| glue.transformation.apply(&JsValue::NULL, &args))
}

/// A note list argument as flat numbers; `None`/`undefined` only where `optional`.
pub(crate) fn flat_notes(name: &str, notes: &JsValue, optional: bool) -> Result<Vec<f64>, JsValue> {
    if optional && (notes.is_undefined() || notes.is_null()) {
        return Ok(Vec::new());
    }
    if !Array::is_array(notes) {
        return Err(wrong_type(name, "an array of note objects", notes));
    }
    let count = js_sys::Reflect::get(notes, &JsValue::from_str("length"))?
        .as_f64()
        .map_or(0, |n| n as usize);
    if count > MAX_NOTES {
        return Err(input_error(&format!(
            "{name} holds {count} notes; at most {MAX_NOTES} are accepted"
        )));
    }
    let mut flat = vec![0.0; count * FIELDS];
    // SAFETY: the glue only reads JavaScript objects and writes into the view, so
    // nothing allocates in (or moves) wasm memory while the view is alive.
    let view = unsafe { Float64Array::view_mut_raw(flat.as_mut_ptr(), flat.len()) };
    let result = GLUE.with(|glue| glue.flatten.call2(&JsValue::NULL, notes, &view))?;
    match result.as_f64() {
        Some(index) if index >= 0.0 => Err(type_error(&format!(
            "{name}[{index}] must be an object with numeric pitch, start_time, duration and \
             velocity (and optional numeric probability and velocity_deviation)"
        ))),
        _ => Ok(flat),
    }
}
