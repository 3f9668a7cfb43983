//! Max atoms: the values that `LiveAPI` returns and that cross patch cords.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One Max atom. `Symbol("123")` and `Int(123)` are different values: Live returns
/// names that look like numbers, and they must stay text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Atom {
    /// A 32-bit integer in Max; kept wide so ids and counts never overflow here.
    Int(i64),
    /// A 64-bit float (Max 9 atoms are doubles).
    Float(f64),
    /// Any text, including text that reads like a number.
    Symbol(String),
}

impl Atom {
    /// The atom as a number, if it is one.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Atom::Int(i) => Some(*i as f64),
            Atom::Float(f) => Some(*f),
            Atom::Symbol(_) => None,
        }
    }

    /// The atom as an integer, if it is an integer or a float with no fraction.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Atom::Int(i) => Some(*i),
            Atom::Float(f) if f.fract() == 0.0 && f.is_finite() => Some(*f as i64),
            _ => None,
        }
    }

    /// The atom as text, if it is a symbol.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Atom::Symbol(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Atom::Int(i) => write!(f, "{i}"),
            Atom::Float(x) => write!(f, "{x}"),
            Atom::Symbol(s) => f.write_str(s),
        }
    }
}

impl From<&str> for Atom {
    fn from(s: &str) -> Self {
        Atom::Symbol(s.to_string())
    }
}

impl From<String> for Atom {
    fn from(s: String) -> Self {
        Atom::Symbol(s)
    }
}

impl From<i64> for Atom {
    fn from(i: i64) -> Self {
        Atom::Int(i)
    }
}

impl From<f64> for Atom {
    fn from(x: f64) -> Self {
        Atom::Float(x)
    }
}
