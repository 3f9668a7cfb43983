//! Property values as `LiveAPI` carries them: the atoms a stored value reads as (with
//! type defaults) and the checked conversion of `set` atoms into a stored value.

use super::schema::{Prop, Ty};
use super::store::Value;
use barline_core::live::Atom;

/// Atoms of a stored value, with type defaults for values never set.
pub(crate) fn stored_atoms(p: &Prop, v: Option<&Value>) -> Vec<Atom> {
    match (p.ty, v) {
        (_, Some(Value::Int(i))) => vec![Atom::Int(*i)],
        (_, Some(Value::Float(f))) => vec![Atom::Float(*f)],
        (_, Some(Value::Str(s))) => vec![Atom::Symbol(s.clone())],
        (_, Some(Value::StrList(l))) => l.iter().map(|s| Atom::Symbol(s.clone())).collect(),
        (Ty::Float, None) => vec![Atom::Float(0.0)],
        (Ty::Int | Ty::Bool, None) => vec![Atom::Int(0)],
        (Ty::Str, None) => vec![Atom::Symbol(String::new())],
        (Ty::Dict, None) => vec![Atom::Symbol(format!("{{\"{}\": null}}", p.name))],
        (Ty::IntList | Ty::StrList, None) => Vec::new(),
    }
}

/// Converts `set` atoms to a stored value: bools take 0/1 and true/false, ints take
/// integral numbers, ranges are inclusive; anything else is refused.
pub(crate) fn coerce(p: &Prop, value: &[Atom]) -> Result<Value, String> {
    let first = value
        .first()
        .ok_or_else(|| format!("{} needs a value", p.name))?;
    let v = match p.ty {
        Ty::Bool => match first {
            Atom::Symbol(s) if s == "true" => Value::Int(1),
            Atom::Symbol(s) if s == "false" => Value::Int(0),
            a => match a.as_f64() {
                Some(x) if x == 0.0 || x == 1.0 => Value::Int(x as i64),
                _ => {
                    return Err(format!(
                        "{} is a bool: give 0/1 or true/false, not {a}",
                        p.name
                    ))
                }
            },
        },
        Ty::Int => match first.as_i64() {
            Some(i) => Value::Int(i),
            None => return Err(format!("{} is an int, not {first}", p.name)),
        },
        Ty::Float => match first.as_f64() {
            Some(x) if x.is_finite() => Value::Float(x),
            _ => return Err(format!("{} is a number, not {first}", p.name)),
        },
        Ty::Str => Value::Str(
            value
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        ),
        Ty::IntList | Ty::StrList | Ty::Dict => {
            return Err(format!("{} cannot be set this way", p.name));
        }
    };
    let x = match v {
        Value::Int(i) => Some(i as f64),
        Value::Float(f) => Some(f),
        _ => None,
    };
    if let (Some((lo, hi)), Some(x)) = (p.range, x) {
        if x < lo || x > hi {
            return Err(format!("{} out of range: {x} is not in {lo}…{hi}", p.name));
        }
    }
    Ok(v)
}
