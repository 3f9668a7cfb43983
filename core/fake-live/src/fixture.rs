//! The fixture format shared by loading and dumping (documented in
//! `patch/sim/sets/README.md`): objects are JSON objects whose structural keys
//! (`tracks`, `devices`, `notes` …) build children and whose other keys are LOM
//! property values. Only values that differ from what Live gives a new object are
//! written, so a dump of a loaded fixture is the fixture itself.

use super::schema::{Class, Ty};
use super::store::{Node, Value};
use super::values::coerce;
use serde_json::{Map, Value as J};
use std::fmt;

/// Identifies the format and its version in every fixture.
pub const FORMAT: &str = "barline-live-set/1";

/// Why a fixture could not be loaded: where (a JSON path) and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct FixtureError {
    /// Location in the fixture, e.g. `tracks[2].clip_slots[1].notes[3]`.
    pub at: String,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fixture {}: {}", self.at, self.message)
    }
}

impl std::error::Error for FixtureError {}

pub(crate) fn err(at: &str, message: impl Into<String>) -> FixtureError {
    FixtureError {
        at: at.to_string(),
        message: message.into(),
    }
}

/// Read-only properties a fixture may still give (Live sets them, not the user).
fn fixture_settable(class: Class, prop: &str) -> bool {
    matches!(
        (class, prop),
        (Class::CuePoint, "time")
            | (Class::Clip, "start_time" | "file_path" | "sample_rate")
            | (Class::Song, "name" | "file_path")
            | (Class::Sample, "file_path" | "gain")
            | (Class::Device, "multi_sample_mode")
    )
}

/// Properties never written to fixtures: `color` follows `color_index`.
fn derived(prop: &str) -> bool {
    prop == "color"
}

fn to_atom(v: &J) -> Option<barline_core::live::Atom> {
    use barline_core::live::Atom;
    match v {
        J::Bool(b) => Some(Atom::Int(*b as i64)),
        J::Number(n) => n
            .as_i64()
            .map(Atom::Int)
            .or_else(|| n.as_f64().map(Atom::Float)),
        J::String(s) => Some(Atom::Symbol(s.clone())),
        _ => None,
    }
}

/// Applies the property keys of a fixture object (all keys not in `structural`).
pub(crate) fn apply_props(
    node: &mut Node,
    obj: &Map<String, J>,
    structural: &[&str],
    at: &str,
) -> Result<(), FixtureError> {
    for (key, v) in obj {
        if structural.contains(&key.as_str()) {
            continue;
        }
        let type_name = node.class.type_name(node.kind, None);
        let p = node.class.prop(node.kind, key).ok_or_else(|| {
            err(
                at,
                format!(
                    "\"{key}\" is not a property of this {type_name} (structural keys here: {})",
                    structural.join(", ")
                ),
            )
        })?;
        if !p.writable && !fixture_settable(node.class, key) {
            return Err(err(
                at,
                format!("\"{key}\" is read-only in Live; fixtures cannot set it"),
            ));
        }
        let atom = to_atom(v)
            .ok_or_else(|| err(at, format!("\"{key}\" must be a number, bool or string")))?;
        let value = coerce(p, &[atom]).map_err(|e| err(at, e))?;
        if key == "color_index" {
            let i = match value {
                Value::Int(i) => i as usize,
                _ => 0,
            };
            node.set_int("color", super::palette::palette_color(i) as i64);
        }
        if key == "color" {
            let (i, c) = super::palette::snap_color(match value {
                Value::Int(i) => i,
                _ => 0,
            });
            node.set_int("color", c as i64);
            node.set_int("color_index", i as i64);
            continue;
        }
        node.props.insert(key.clone(), value);
    }
    Ok(())
}

fn to_json(ty: Ty, v: &Value) -> J {
    match (ty, v) {
        (Ty::Bool, Value::Int(i)) => J::Bool(*i != 0),
        (_, Value::Int(i)) => J::from(*i),
        (_, Value::Float(f)) => J::from(*f),
        (_, Value::Str(s)) => J::from(s.clone()),
        (_, Value::StrList(l)) => J::from(l.clone()),
    }
}

/// Writes the properties of `node` that differ from `fresh` (a new object of the same
/// class and kind) into `out`.
pub(crate) fn emit_props(node: &Node, fresh: &Node, out: &mut Map<String, J>) {
    for p in node.class.props(node.kind) {
        if (!p.writable && !fixture_settable(node.class, p.name)) || derived(p.name) {
            continue;
        }
        let Some(v) = node.props.get(p.name) else {
            continue;
        };
        // A drum chain's receive note says which pad holds it: always written.
        let always = node.class == Class::Chain && p.name == "in_note";
        if always || fresh.props.get(p.name) != Some(v) {
            out.insert(p.name.to_string(), to_json(p.ty, v));
        }
    }
}

/// Reads an optional array field.
pub(crate) fn array<'a>(
    obj: &'a Map<String, J>,
    key: &str,
    at: &str,
) -> Result<&'a [J], FixtureError> {
    match obj.get(key) {
        None => Ok(&[]),
        Some(J::Array(a)) => Ok(a),
        Some(_) => Err(err(at, format!("\"{key}\" must be an array"))),
    }
}

/// Reads a JSON value as an object.
pub(crate) fn object<'a>(v: &'a J, at: &str) -> Result<&'a Map<String, J>, FixtureError> {
    v.as_object()
        .ok_or_else(|| err(at, "expected a JSON object"))
}
