//! Device parameters by display value (docs/design/tool-rules.md §14, §16): what kind a
//! parameter is (quantised, division, pan, note, numeric with a unit), how its value
//! shows (`str_for_value` labels parsed into numbers in Hz, ms, dB, %, semitones), and
//! how a value written as the user reads it becomes the raw value Live stores — directly
//! when the labels of `min`/`max` equal the raw bounds, otherwise by bisection over
//! `str_for_value` (40 steps) — clamped into range with a warning and read back (read
//! after write, docs/design/tool-contract.md §3.4).
//!
//! `label.rs` reads label text; `write.rs` turns a value text into a raw value.

mod label;
mod write;

pub use label::{is_division, parse_label, Unit};
pub use write::write;

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::{num, Rounded};
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

/// Most options a division parameter lists (labels of its integer raw values).
pub const MAX_DIVISION_OPTIONS: usize = 256;
/// What `-inf dB` reads as (docs/design/tool-rules.md §14).
pub const MINUS_INF_DB: f64 = -70.0;

/// How a parameter's value is shown and written.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `is_quantized`: one of `value_items` (raw value = index).
    Quantized(Vec<String>),
    /// Labels like `1/8`; option `i` is raw value `first + i`.
    Division {
        /// The labels of every integer raw value.
        options: Vec<String>,
        /// Raw value of the first option.
        first: f64,
    },
    /// Pan: shown as −1…1 mapped linearly from `min…max`; `scale` is the label amount
    /// at the extremes (`50` for `50L`).
    Pan {
        /// Label amount at `min` / `max`.
        scale: f64,
    },
    /// A pitch number shown as a pitch name.
    Note,
    /// A number in `unit` shown between `min` and `max` (display units).
    Numeric {
        /// Display unit (`Plain`: the raw numbers).
        unit: Unit,
        /// Displayed value at raw `min`.
        min: f64,
        /// Displayed value at raw `max`.
        max: f64,
        /// Labels of the bounds equal the raw bounds: the number is the raw value.
        direct: bool,
    },
}

/// A parameter as Barline reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its id.
    pub id: LiveId,
    /// `name`, or `"name (original_name)"` when they differ.
    pub name: String,
    /// Raw `min`.
    pub min: f64,
    /// Raw `max`.
    pub max: f64,
    /// How it shows.
    pub kind: Kind,
}

/// The `str_for_value` label of a raw value, as text.
pub fn label(live: &mut dyn LivePort, id: LiveId, raw: f64) -> Result<String, ToolError> {
    let atoms = live.call(id, "str_for_value", &[Atom::Float(raw)])?;
    Ok(atoms
        .iter()
        .map(|a| match a {
            Atom::Float(x) => num(*x).to_string(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" "))
}

/// The parameter's display name (docs/design/tool-rules.md §14).
pub fn display_name(live: &mut dyn LivePort, id: LiveId) -> Result<String, ToolError> {
    let name = lom::text(live, id, "name")?;
    let original = lom::text(live, id, "original_name")?;
    Ok(if original.is_empty() || original == name {
        name
    } else {
        format!("{name} ({original})")
    })
}

fn finite(x: f64) -> f64 {
    if x == f64::NEG_INFINITY {
        MINUS_INF_DB
    } else {
        x
    }
}

/// Reads a parameter's name, range and kind (a few `str_for_value` calls).
pub fn describe(live: &mut dyn LivePort, id: LiveId) -> Result<Param, ToolError> {
    let name = display_name(live, id)?;
    let min = lom::number(live, id, "min")?;
    let max = lom::number(live, id, "max")?;
    let kind = if lom::flag(live, id, "is_quantized")? {
        Kind::Quantized(
            live.get(id, "value_items")?
                .iter()
                .map(Atom::to_string)
                .collect(),
        )
    } else {
        let lo = label(live, id, min)?;
        let hi = label(live, id, max)?;
        classify(live, id, min, max, &lo, &hi)?
    };
    Ok(Param {
        id,
        name,
        min,
        max,
        kind,
    })
}

fn classify(
    live: &mut dyn LivePort,
    id: LiveId,
    min: f64,
    max: f64,
    lo: &str,
    hi: &str,
) -> Result<Kind, ToolError> {
    let plain = Kind::Numeric {
        unit: Unit::Plain,
        min,
        max,
        direct: true,
    };
    if is_division(lo) || is_division(hi) {
        let first = min.ceil();
        let count = (max.floor() - first + 1.0).max(0.0);
        if count > MAX_DIVISION_OPTIONS as f64 {
            return Ok(plain);
        }
        let mut options = Vec::new();
        for i in 0..count as usize {
            options.push(label(live, id, first + i as f64)?);
        }
        return Ok(Kind::Division { options, first });
    }
    Ok(match (parse_label(lo), parse_label(hi)) {
        (Some((a, Unit::Pan)), Some((b, Unit::Pan))) => Kind::Pan {
            scale: a.abs().max(b.abs()).max(1.0),
        },
        (Some((_, Unit::Note)), Some((_, Unit::Note))) => Kind::Note,
        (Some((a, ua)), Some((b, ub))) if ua == ub => Kind::Numeric {
            unit: ua,
            min: finite(a),
            max: finite(b),
            direct: (a - min).abs() < 1e-9 && (b - max).abs() < 1e-9,
        },
        _ => plain,
    })
}

/// A parameter value (or bound) as results show it: a number in the display unit, or
/// a text (an option, a label, a pitch name).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Shown {
    /// A number (pan, or a value in its display unit).
    Number(Rounded),
    /// An option or label text, or a pitch name.
    Text(String),
}

/// The value as results show it: an option or label text, a pan number, a pitch name,
/// or a number in the display unit.
pub fn shown(live: &mut dyn LivePort, p: &Param, raw: f64) -> Result<Shown, ToolError> {
    Ok(match &p.kind {
        Kind::Quantized(items) => {
            let i = raw.round().max(0.0) as usize;
            Shown::Text(items.get(i).cloned().unwrap_or_default())
        }
        Kind::Division { .. } => Shown::Text(label(live, p.id, raw)?),
        Kind::Pan { .. } => Shown::Number(Rounded(pan_of(p, raw))),
        Kind::Note => Shown::Text(crate::tools::common::device::path::note_name(
            raw.round() as i64
        )),
        Kind::Numeric {
            unit: Unit::Plain,
            direct: true,
            ..
        } => Shown::Number(Rounded(raw)),
        Kind::Numeric { .. } => Shown::Number(Rounded(display_number(live, p, raw)?)),
    })
}

fn pan_of(p: &Param, raw: f64) -> f64 {
    if p.max > p.min {
        2.0 * (raw - p.min) / (p.max - p.min) - 1.0
    } else {
        0.0
    }
}

/// The displayed number of a raw value (label parsed; `-inf` as −70; raw when the
/// label does not parse).
fn display_number(live: &mut dyn LivePort, p: &Param, raw: f64) -> Result<f64, ToolError> {
    let text = label(live, p.id, raw)?;
    Ok(parse_label(&text).map_or(raw, |(x, _)| finite(x)))
}

/// The value text of `raw` as a user would write it back (`1.2 kHz` → `1200 Hz`).
pub fn display_text(live: &mut dyn LivePort, p: &Param, raw: f64) -> Result<String, ToolError> {
    Ok(match (shown(live, p, raw)?, &p.kind) {
        (Shown::Text(s), _) => s,
        (Shown::Number(x), Kind::Numeric { unit, .. }) => format!("{}{}", num(x.0), unit.suffix()),
        (Shown::Number(x), _) => num(x.0).to_string(),
    })
}
