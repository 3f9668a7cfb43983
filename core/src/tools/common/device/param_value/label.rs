//! Display labels as text: the unit a `str_for_value` label is in, its number in the
//! base unit (Hz, ms), and division labels (`1/8T`). Reading labels from Live is in
//! the parent module; this part is pure text.

use crate::tools::common::device::path::parse_pitch;

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
    pub(super) fn suffix(self) -> &'static str {
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
    if let Some(p) = parse_pitch(t) {
        return Some((f64::from(p), Unit::Note));
    }
    for (side, sign) in [('L', -1.0), ('R', 1.0)] {
        if let Some(amount) = t.strip_suffix(side) {
            if !amount.is_empty() && amount.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
                return crate::decimal::parse(amount).map(|a| (sign * a, Unit::Pan));
            }
        }
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
        .unwrap_or(t.len());
    let (number, suffix) = t.split_at(split);
    let x = crate::decimal::parse(number.trim()).filter(|x| x.is_finite())?;
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
