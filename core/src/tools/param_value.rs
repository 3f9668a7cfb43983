//! Device parameters by display value (tools.md 3.14, 3.16): what kind a parameter is
//! (quantised, division, pan, note, numeric with a unit), how its value shows
//! (`str_for_value` labels parsed into numbers in Hz, ms, dB, %, semitones), and how a
//! value written as the user reads it becomes the raw value Live stores — directly
//! when the labels of `min`/`max` equal the raw bounds, otherwise by bisection over
//! `str_for_value` (40 steps) — clamped into range with a warning and read back (B11).

use super::error::{quoted, ToolError};
use super::format::num;
use super::lom;
use crate::live::{Atom, LiveId, LivePort};
use serde_json::Value;

/// Bisection steps over `str_for_value` (tools.md 3.16).
pub const BISECTION_STEPS: usize = 40;
/// Most options a division parameter lists (labels of its integer raw values).
pub const MAX_DIVISION_OPTIONS: usize = 256;
/// What `-inf dB` reads as (tools.md 3.14).
pub const MINUS_INF_DB: f64 = -70.0;
/// Read-back tolerance: a fraction of the displayed range (B11).
pub const READ_BACK_TOLERANCE: f64 = 0.01;

/// The unit of a displayed value; numbers are in the base unit (Hz, ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Hertz (`kHz` labels scaled).
    Hz,
    /// Milliseconds (`s` labels scaled).
    Ms,
    /// Decibels (`-inf dB` is −70).
    Db,
    /// Percent.
    Percent,
    /// Semitones (`st`).
    Semitones,
    /// A pitch name (`C3` = 60).
    Note,
    /// Pan (`50L`, `C`, `50R`; the number is left negative).
    Pan,
    /// A bare number.
    Plain,
}

impl Unit {
    /// The unit name results carry (`None` for bare numbers).
    pub fn name(self) -> Option<&'static str> {
        match self {
            Unit::Hz => Some("Hz"),
            Unit::Ms => Some("ms"),
            Unit::Db => Some("dB"),
            Unit::Percent => Some("%"),
            Unit::Semitones => Some("semitones"),
            Unit::Note => Some("note"),
            Unit::Pan => Some("pan"),
            Unit::Plain => None,
        }
    }

    /// The suffix used in messages (`996 Hz`).
    fn suffix(self) -> &'static str {
        match self {
            Unit::Hz => " Hz",
            Unit::Ms => " ms",
            Unit::Db => " dB",
            Unit::Percent => " %",
            Unit::Semitones => " st",
            _ => "",
        }
    }
}

/// Splits `"1.20 kHz"` into a number in the base unit and its unit. Also reads pan
/// labels (`12L` → −12, `C` → 0) and pitch names (`C3` → 60). `-inf dB` is
/// `-inf`. `None` when the text is none of these.
pub fn parse_label(text: &str) -> Option<(f64, Unit)> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("-inf dB") || t.eq_ignore_ascii_case("-inf") {
        return Some((f64::NEG_INFINITY, Unit::Db));
    }
    if t == "C" {
        return Some((0.0, Unit::Pan));
    }
    if let Some(p) = super::device_path::parse_pitch(t) {
        return Some((f64::from(p), Unit::Note));
    }
    for (side, sign) in [('L', -1.0), ('R', 1.0)] {
        if let Some(amount) = t.strip_suffix(side) {
            if !amount.is_empty() && amount.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
                return amount.parse::<f64>().ok().map(|a| (sign * a, Unit::Pan));
            }
        }
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
        .unwrap_or(t.len());
    let (number, suffix) = t.split_at(split);
    let x: f64 = number.trim().parse().ok().filter(|x: &f64| x.is_finite())?;
    let (scale, unit) = match suffix.trim().to_ascii_lowercase().as_str() {
        "" => (1.0, Unit::Plain),
        "hz" => (1.0, Unit::Hz),
        "khz" | "k" => (1000.0, Unit::Hz),
        "ms" => (1.0, Unit::Ms),
        "s" => (1000.0, Unit::Ms),
        "db" => (1.0, Unit::Db),
        "%" => (1.0, Unit::Percent),
        "st" | "semitones" | "semitone" => (1.0, Unit::Semitones),
        _ => return None,
    };
    Some((x * scale, unit))
}

/// True for division labels such as `1/16`, `1/8T`, `3/4D`.
pub fn is_division(text: &str) -> bool {
    let Some((a, b)) = text.trim().split_once('/') else {
        return false;
    };
    let b = b.trim_end_matches(['T', 'D', '.']);
    !a.is_empty()
        && !b.is_empty()
        && a.bytes().all(|c| c.is_ascii_digit())
        && b.bytes().all(|c| c.is_ascii_digit())
}

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

/// The parameter's display name (tools.md 3.14).
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

/// The value as results show it: an option or label text, a pan number, a pitch name,
/// or a number in the display unit.
pub fn shown(live: &mut dyn LivePort, p: &Param, raw: f64) -> Result<Value, ToolError> {
    Ok(match &p.kind {
        Kind::Quantized(items) => {
            let i = raw.round().max(0.0) as usize;
            Value::String(items.get(i).cloned().unwrap_or_default())
        }
        Kind::Division { .. } => Value::String(label(live, p.id, raw)?),
        Kind::Pan { .. } => num(pan_of(p, raw)),
        Kind::Note => Value::String(super::device_path::note_name(raw.round() as i64)),
        Kind::Numeric {
            unit: Unit::Plain,
            direct: true,
            ..
        } => num(raw),
        Kind::Numeric { .. } => num(display_number(live, p, raw)?),
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
        (Value::String(s), _) => s,
        (v, Kind::Numeric { unit, .. }) => format!("{v}{}", unit.suffix()),
        (v, _) => v.to_string(),
    })
}

fn fmt(x: f64, unit: Unit) -> String {
    format!("{}{}", num(x), unit.suffix())
}

/// What a value text asks for, before it is written.
enum Ask {
    /// A raw value found without reading labels.
    Raw(f64),
    /// A displayed number to find by bisection.
    Display(f64),
}

/// Writes `text` (one `params` value) to a parameter, interpreting it by the
/// parameter's kind; warnings for values that do not fit (skipped) or were clamped,
/// and the read-back warning. Returns whether a write was made.
pub fn write(
    live: &mut dyn LivePort,
    p: &Param,
    text: &str,
    warnings: &mut Vec<String>,
) -> Result<bool, ToolError> {
    let text = text.trim();
    let Some(ask) = interpret(p, text, warnings) else {
        return Ok(false);
    };
    let raw = match ask {
        Ask::Raw(r) => r,
        Ask::Display(target) => bisect(live, p, target)?,
    };
    live.set(p.id, "value", &[Atom::Float(raw)])?;
    read_back(live, p, text, warnings)?;
    Ok(true)
}

fn clamp(p: &Param, x: f64, lo: f64, hi: f64, unit: Unit, warnings: &mut Vec<String>) -> f64 {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    if x < lo || x > hi {
        let c = x.clamp(lo, hi);
        warnings.push(format!(
            "{} {} is out of range ({} to {}); clamped to {}",
            p.name,
            fmt(x, unit),
            fmt(lo, unit),
            fmt(hi, unit),
            fmt(c, unit)
        ));
        c
    } else {
        x
    }
}

fn interpret(p: &Param, text: &str, warnings: &mut Vec<String>) -> Option<Ask> {
    let not_option = |options: &[String], warnings: &mut Vec<String>| {
        warnings.push(format!(
            "{} is not an option of {} (options: {})",
            quoted(text),
            p.name,
            options.join(", ")
        ));
        None
    };
    match &p.kind {
        Kind::Quantized(items) => match items.iter().position(|i| i.eq_ignore_ascii_case(text)) {
            Some(i) => Some(Ask::Raw(i as f64)),
            None => not_option(items, warnings),
        },
        Kind::Division { options, first } => {
            match options.iter().position(|o| o.eq_ignore_ascii_case(text)) {
                Some(i) => Some(Ask::Raw(first + i as f64)),
                None => not_option(options, warnings),
            }
        }
        Kind::Note => {
            let Some(pitch) = super::device_path::parse_pitch(text) else {
                warnings.push(format!("{} is not a pitch name", quoted(text)));
                return None;
            };
            Some(Ask::Raw(clamp(
                p,
                f64::from(pitch),
                p.min,
                p.max,
                Unit::Plain,
                warnings,
            )))
        }
        Kind::Pan { scale } => {
            let v = match parse_label(text) {
                Some((x, Unit::Pan)) => x / scale,
                Some((x, Unit::Plain)) => x,
                _ => {
                    warnings.push(format!(
                        "{} is not a pan value for {}: write a number from -1 to 1, or 12L, C, 30R",
                        quoted(text),
                        p.name
                    ));
                    return None;
                }
            };
            let v = clamp(p, v, -1.0, 1.0, Unit::Plain, warnings);
            Some(Ask::Raw(p.min + (v + 1.0) / 2.0 * (p.max - p.min)))
        }
        Kind::Numeric {
            unit,
            min,
            max,
            direct,
        } => {
            let x = match parse_label(text) {
                Some((x, u)) if u == *unit || u == Unit::Plain => finite(x),
                Some((_, Unit::Db)) if text.starts_with("-inf") && *unit == Unit::Db => {
                    MINUS_INF_DB
                }
                _ => {
                    let expected = unit.name().map(|u| format!(" in {u}")).unwrap_or_default();
                    warnings.push(format!(
                        "{} is not a value for {}: write a number{expected}",
                        quoted(text),
                        p.name
                    ));
                    return None;
                }
            };
            let x = clamp(p, x, *min, *max, *unit, warnings);
            if *direct {
                Some(Ask::Raw(x.clamp(p.min.min(p.max), p.max.max(p.min))))
            } else {
                Some(Ask::Display(x))
            }
        }
    }
}

/// The raw value whose label shows `target`, by bisection between `min` and `max`
/// (labels are monotonic in the raw value, rising or falling).
fn bisect(live: &mut dyn LivePort, p: &Param, target: f64) -> Result<f64, ToolError> {
    let (mut lo, mut hi) = (p.min, p.max);
    let d_lo = display_number(live, p, lo)?;
    let d_hi = display_number(live, p, hi)?;
    // Linear displays (percent of 0…1) are hit exactly by interpolation; one label
    // read confirms it before any bisection.
    if (d_hi - d_lo).abs() > f64::EPSILON {
        let guess = lo + (target - d_lo) / (d_hi - d_lo) * (hi - lo);
        if guess.is_finite()
            && (lo.min(hi)..=lo.max(hi)).contains(&guess)
            && (display_number(live, p, guess)? - target).abs() < 1e-9
        {
            return Ok(guess);
        }
    }
    let rising = d_hi >= d_lo;
    for _ in 0..BISECTION_STEPS {
        let mid = (lo + hi) / 2.0;
        let d = display_number(live, p, mid)?;
        if (d < target) == rising {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let a = (display_number(live, p, lo)? - target).abs();
    let b = (display_number(live, p, hi)? - target).abs();
    Ok(if a < b { lo } else { hi })
}

fn read_back(
    live: &mut dyn LivePort,
    p: &Param,
    asked: &str,
    warnings: &mut Vec<String>,
) -> Result<(), ToolError> {
    let raw = lom::number(live, p.id, "value")?;
    match &p.kind {
        Kind::Quantized(_) | Kind::Division { .. } | Kind::Note => {
            let now = display_text(live, p, raw)?;
            let same = now.eq_ignore_ascii_case(asked)
                || (matches!(p.kind, Kind::Note)
                    && super::device_path::parse_pitch(&now)
                        == super::device_path::parse_pitch(asked));
            if !same {
                warnings.push(format!("{} set to {now} (asked {asked})", p.name));
            }
        }
        Kind::Pan { scale } => {
            let asked_v = match parse_label(asked) {
                Some((x, Unit::Pan)) => (x / scale).clamp(-1.0, 1.0),
                Some((x, _)) => x.clamp(-1.0, 1.0),
                None => return Ok(()),
            };
            let now = pan_of(p, raw);
            if (now - asked_v).abs() > 2.0 * READ_BACK_TOLERANCE {
                warnings.push(format!("{} set to {} (asked {asked})", p.name, num(now)));
            }
        }
        Kind::Numeric {
            unit,
            min,
            max,
            direct,
        } => {
            let Some((x, _)) = parse_label(asked) else {
                return Ok(());
            };
            let asked_v = finite(x).clamp(min.min(*max), max.max(*min));
            let now = if *unit == Unit::Plain && *direct {
                raw
            } else {
                display_number(live, p, raw)?
            };
            if (now - asked_v).abs() > READ_BACK_TOLERANCE * (max - min).abs() {
                warnings.push(format!(
                    "{} set to {} (asked {})",
                    p.name,
                    fmt(now, *unit),
                    fmt(finite(x), *unit)
                ));
            }
        }
    }
    Ok(())
}
