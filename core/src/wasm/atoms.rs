//! Conversions between core atoms and JS values, shared by the node and v8 exports.

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

/// Sets a property on a plain JS object.
pub(crate) fn set(target: &Object, key: &str, value: &JsValue) {
    // Setting a plain data property on a fresh object cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}
