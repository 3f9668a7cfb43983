//! Reading `call`/`set` arguments, with messages that say which argument was wrong.

use barline_core::live::path::parse_id_atoms;
use barline_core::live::{Atom, LiveId};

pub(crate) fn int(args: &[Atom], i: usize, what: &str) -> Result<i64, String> {
    match args.get(i) {
        Some(a) => a
            .as_i64()
            .ok_or_else(|| format!("argument {} ({what}) must be an integer, not {a}", i + 1)),
        None => Err(format!("argument {} ({what}) is missing", i + 1)),
    }
}

pub(crate) fn int_or(args: &[Atom], i: usize, what: &str, default: i64) -> Result<i64, String> {
    if args.len() <= i {
        Ok(default)
    } else {
        int(args, i, what)
    }
}

pub(crate) fn num(args: &[Atom], i: usize, what: &str) -> Result<f64, String> {
    match args.get(i) {
        Some(a) => a
            .as_f64()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("argument {} ({what}) must be a number, not {a}", i + 1)),
        None => Err(format!("argument {} ({what}) is missing", i + 1)),
    }
}

pub(crate) fn text(args: &[Atom], i: usize, what: &str) -> Result<String, String> {
    match args.get(i) {
        Some(Atom::Symbol(s)) => Ok(s.clone()),
        Some(a) => Ok(a.to_string()),
        None => Err(format!("argument {} ({what}) is missing", i + 1)),
    }
}

/// An object argument: `"id N"` (one atom) or `"id", N` (two atoms) starting at `i`.
/// Returns the id and how many atoms it used.
pub(crate) fn object(args: &[Atom], i: usize, what: &str) -> Result<(LiveId, usize), String> {
    if let Some(id) = args
        .get(i)
        .and_then(|a| parse_id_atoms(std::slice::from_ref(a)))
    {
        if matches!(args.get(i), Some(Atom::Symbol(_))) {
            return Ok((id, 1));
        }
    }
    if let (Some(Atom::Symbol(s)), Some(n)) = (args.get(i), args.get(i + 1)) {
        if s == "id" {
            if let Some(id) = parse_id_atoms(&[Atom::from("id"), n.clone()]) {
                return Ok((id, 2));
            }
        }
    }
    Err(format!(
        "argument {} ({what}) must be an object as \"id N\"",
        i + 1
    ))
}

/// A dict argument: one JSON text (the JS layer turns objects into JSON text).
pub(crate) fn dict(args: &[Atom], i: usize, what: &str) -> Result<serde_json::Value, String> {
    let t = text(args, i, what)?;
    serde_json::from_str(&t)
        .map_err(|e| format!("argument {} ({what}) is not valid JSON: {e}", i + 1))
}
