//! Writing a value as the user reads it (docs/design/tool-rules.md §16): the text
//! interpreted by the parameter's kind, converted to the raw value Live stores —
//! directly, by interpolation, or by bisection over `str_for_value` — clamped with a
//! warning and read back (read after write, docs/design/tool-contract.md §3.4).

use crate::live::{Atom, LivePort};
use crate::tools::common::device::param_value::{
    display_number, display_text, finite, pan_of, parse_label, Kind, Param, Unit, MINUS_INF_DB,
};
use crate::tools::common::device::path::parse_pitch;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::format::num;
use crate::tools::framework::lom;

/// Bisection steps over `str_for_value` (docs/design/tool-rules.md §16).
pub const BISECTION_STEPS: usize = 40;
/// Read-back tolerance: a fraction of the displayed range (read after write,
/// docs/design/tool-contract.md §3.4).
pub const READ_BACK_TOLERANCE: f64 = 0.01;

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

/// What `text` asks of the parameter, read by its kind; `None` (with a warning) when
/// it does not fit.
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
        Kind::Note => note(p, text, warnings),
        Kind::Pan { scale } => pan(p, text, *scale, warnings),
        Kind::Numeric {
            unit,
            min,
            max,
            direct,
        } => numeric(p, text, *unit, (*min, *max), *direct, warnings),
    }
}

/// A pitch name, clamped to the parameter's range.
fn note(p: &Param, text: &str, warnings: &mut Vec<String>) -> Option<Ask> {
    let Some(pitch) = parse_pitch(text) else {
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

/// A pan label (`12L`, `C`, `30R`, at most `scale` either side) or a number from -1
/// to 1, clamped and mapped linearly onto the raw range.
fn pan(p: &Param, text: &str, scale: f64, warnings: &mut Vec<String>) -> Option<Ask> {
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

/// A number in the parameter's display `unit` (or plain), clamped to the displayed
/// range `(min, max)`: the raw value itself when `direct`, else a display to bisect for.
fn numeric(
    p: &Param,
    text: &str,
    unit: Unit,
    (min, max): (f64, f64),
    direct: bool,
    warnings: &mut Vec<String>,
) -> Option<Ask> {
    let x = match parse_label(text) {
        Some((x, u)) if u == unit || u == Unit::Plain => finite(x),
        Some((_, Unit::Db)) if text.starts_with("-inf") && unit == Unit::Db => MINUS_INF_DB,
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
    let x = clamp(p, x, min, max, unit, warnings);
    if direct {
        Some(Ask::Raw(x.clamp(p.min.min(p.max), p.max.max(p.min))))
    } else {
        Some(Ask::Display(x))
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
                || (matches!(p.kind, Kind::Note) && parse_pitch(&now) == parse_pitch(asked));
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
