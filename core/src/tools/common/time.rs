//! Beat values as results show them (docs/design/tool-contract.md §1.4): positions as
//! `bar|beat`, durations as `bars:beats`, counted in a time signature's beat unit.
//! Numbers inside them follow the notation's grammar ([`parse_number`]).

use crate::notation;
use crate::tools::framework::error::quoted;

/// A signature's numerator and denominator as the notation takes them (`None`
/// outside `u32`, which no valid signature is).
fn signature(num: i64, den: i64) -> Option<(u32, u32)> {
    Some((
        u32::try_from(num.max(1)).ok()?,
        u32::try_from(den.max(1)).ok()?,
    ))
}

/// Formats a beat part: integer when exact, else at most 3 decimals, no trailing zeros.
pub fn beat_text(x: f64) -> String {
    crate::decimal::fixed(x, 3)
}

/// Splits Live beats (quarter notes) into whole bars and remaining musical beats.
fn split(live_beats: f64, num: i64, den: i64) -> (i64, f64) {
    let num = num.max(1);
    let den = den.max(1);
    let musical = live_beats * den as f64 / 4.0;
    // Round away float noise (e.g. 7.9999999) before taking whole bars.
    let musical = (musical * 1e9).round() / 1e9;
    let bars = (musical / num as f64).floor();
    (bars as i64, musical - bars * num as f64)
}

/// A position in Live beats from the start as `bar|beat` (1-based).
pub fn position(live_beats: f64, num: i64, den: i64) -> String {
    let (bars, beats) = split(live_beats, num, den);
    format!("{}|{}", bars + 1, beat_text(beats + 1.0))
}

/// A duration in Live beats as `bars:beats` (0-based amounts).
pub fn duration(live_beats: f64, num: i64, den: i64) -> String {
    let (bars, beats) = split(live_beats, num, den);
    format!("{}:{}", bars, beat_text(beats))
}

/// Live beats per bar in a signature.
pub fn bar_beats(num: i64, den: i64) -> f64 {
    num.max(1) as f64 * 4.0 / den.max(1) as f64
}

/// Parses a non-negative number as bar|beat writes it (`3`, `2.5`, `4/3`, `/4`, `2+1/3`):
/// the notation's own number grammar (docs/design/notation.md §2.3), surrounding
/// whitespace trimmed, so a value a note accepts is a value a tool accepts.
pub fn parse_number(text: &str) -> Option<f64> {
    crate::notation::parse_number(text.trim()).filter(|x| x.is_finite())
}

/// `"bar|beat"` (1-based) → Live beats from the start, in the given signature; the
/// beat may carry a bar|beat 2 offset (`1|1+n/8`, [`notation::position_value`]).
pub fn parse_position(text: &str, num: i64, den: i64) -> Result<f64, String> {
    if let Some(beats) = signature(num, den).and_then(|(n, d)| notation::position_value(text, n, d))
    {
        return within_live(beats, "position", text);
    }
    let bad = || {
        format!("position {} is not valid: write bar|beat with bar and beat from 1, e.g. \"1|1\" or \"2|3.5\"", quoted(text))
    };
    if let Some(n) = parse_number(text).filter(|n| *n >= 0.0 && *n <= LIVE_MAX_BEATS) {
        return Err(bare_position(text, n, num, den));
    }
    let (bar, beat) = text.trim().split_once('|').ok_or_else(bad)?;
    let bar = parse_number(bar)
        .filter(|b| *b >= 1.0 && b.fract() == 0.0)
        .ok_or_else(bad)?;
    let beat = parse_number(beat).filter(|b| *b >= 1.0).ok_or_else(bad)?;
    within_live(
        ((bar - 1.0) * num.max(1) as f64 + (beat - 1.0)) * 4.0 / den.max(1) as f64,
        "position",
        text,
    )
}

/// The error for a bare number where a position belongs: a number has no unit there,
/// so it names both readings in the Set's signature (bar `n`, or `n` beats from 1|1).
fn bare_position(text: &str, n: f64, num: i64, den: i64) -> String {
    let as_bar = if n >= 1.0 && n.fract() == 0.0 {
        format!("\"{n}|1\" for bar {n}, ")
    } else {
        String::new()
    };
    format!(
        "position {} is a bare number, and positions are bar|beat: write {as_bar}\"{}\" for {} beats after 1|1",
        quoted(text),
        position(n * 4.0 / den.max(1) as f64, num, den),
        beat_text(n)
    )
}

/// Live's range for positions and lengths in beats: 1,576,800 beats (about three days
/// at 120 BPM). Live refuses a time beyond it, so no tool sends one.
pub const LIVE_MAX_BEATS: f64 = 1_576_800.0;

/// `beats` when Live can take it as a time, else the message naming `what` and `text`.
fn within_live(beats: f64, what: &str, text: &str) -> Result<f64, String> {
    if beats.is_finite() && beats <= LIVE_MAX_BEATS {
        Ok(beats)
    } else {
        Err(format!(
            "{what} {} is past beat 1,576,800, the end of Live's timeline; give a smaller value",
            quoted(text)
        ))
    }
}

/// `"bars:beats"`, a number of beats, or a bar|beat 2 bar or note value (`4bar`,
/// `1bar+n/4`, `n/4`, [`notation::length_value`]) → Live beats, in the given signature.
pub fn parse_duration(text: &str, num: i64, den: i64) -> Result<f64, String> {
    if let Some(beats) = signature(num, den).and_then(|(n, d)| notation::length_value(text, n, d)) {
        return within_live(beats, "duration", text);
    }
    let bad = || {
        format!("duration {} is not valid: write bars:beats (e.g. \"4:0\", \"0:2\"), a number of beats (e.g. \"2.5\", \"3/4\"), bars (\"4bar\", \"1bar+n/4\") or a note value (\"n/4\")", quoted(text))
    };
    let musical = match text.trim().split_once(':') {
        Some((bars, beats)) => {
            let bars = parse_number(bars)
                .filter(|b| b.fract() == 0.0)
                .ok_or_else(bad)?;
            let beats = parse_number(beats).ok_or_else(bad)?;
            bars * num.max(1) as f64 + beats
        }
        None => parse_number(text).ok_or_else(bad)?,
    };
    within_live(musical * 4.0 / den.max(1) as f64, "duration", text)
}

/// `"N/D"` with N in 1..=99 and D a power of two up to 16.
pub fn parse_signature(text: &str) -> Result<(i64, i64), String> {
    let bad = || {
        format!("timeSignature {} is not valid: write N/D, e.g. \"4/4\" or \"6/8\" (D is 1, 2, 4, 8 or 16)", quoted(text))
    };
    let (n, d) = text.trim().split_once('/').ok_or_else(bad)?;
    let n: i64 = n.trim().parse().map_err(|_| bad())?;
    let d: i64 = d.trim().parse().map_err(|_| bad())?;
    if !(1..=99).contains(&n) || ![1, 2, 4, 8, 16].contains(&d) {
        return Err(bad());
    }
    Ok((n, d))
}
