//! The atomic tokens of docs/design/transforms.md §2.3: numbers, pitches, periods and
//! bar|beat positions.
//!
//! Each matcher looks at the bytes from one offset and returns the token's value and end,
//! or `None`: a token that matches only partly does not match at all
//! (docs/design/transforms.md §2.3), so nothing inside a token is ever reported as an
//! expectation.

/// A pitch token as written, for the value check of docs/design/transforms.md §3.4.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PitchToken {
    /// `(octave + 2) × 12 + class`; may lie outside 0–127 until checked.
    pub value: f64,
    /// Byte offset of the token.
    pub start: usize,
    /// Byte range of the pitch class as written (`C#`, `Db`, …).
    pub class: (usize, usize),
    /// The octave as a number (`C09` → 9).
    pub octave: f64,
}

/// Pitch classes in the order of docs/design/transforms.md §2.3 (two-letter names first).
const CLASSES: [(&str, f64); 17] = [
    ("C#", 1.0),
    ("Db", 1.0),
    ("D#", 3.0),
    ("Eb", 3.0),
    ("F#", 6.0),
    ("Gb", 6.0),
    ("G#", 8.0),
    ("Ab", 8.0),
    ("A#", 10.0),
    ("Bb", 10.0),
    ("C", 0.0),
    ("D", 2.0),
    ("E", 4.0),
    ("F", 5.0),
    ("G", 7.0),
    ("A", 9.0),
    ("B", 11.0),
];

fn digits(b: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    j
}

/// Value of a run of ASCII digits (exact up to 2^53, like JavaScript beyond).
fn uint_value(text: &[u8]) -> f64 {
    std::str::from_utf8(text)
        .ok()
        .and_then(crate::decimal::parse)
        .unwrap_or(0.0)
}

/// Value of a decimal number text (`5`, `2.5`, `.5`, `1.`), rounded once like
/// JavaScript's `Number()`.
fn decimal_value(text: &[u8]) -> f64 {
    let s = std::str::from_utf8(text).unwrap_or("0");
    crate::decimal::parse(s).unwrap_or(0.0)
}

/// `number = [0-9]+("."[0-9]*)? / "."[0-9]+`: (value, end).
pub(crate) fn number(b: &[u8], i: usize) -> Option<(f64, usize)> {
    let d = digits(b, i);
    if d > i {
        let mut end = d;
        if b.get(d) == Some(&b'.') {
            end = digits(b, d + 1);
        }
        return Some((decimal_value(&b[i..end]), end));
    }
    if b.get(i) == Some(&b'.') {
        let end = digits(b, i + 1);
        if end > i + 1 {
            return Some((decimal_value(&b[i..end]), end));
        }
    }
    None
}

/// `frac = [0-9]* "/" [1-9][0-9]*` (empty numerator = 1): (value, end).
fn frac(b: &[u8], i: usize) -> Option<(f64, usize)> {
    let num_end = digits(b, i);
    if b.get(num_end) != Some(&b'/') {
        return None;
    }
    let den_start = num_end + 1;
    if !matches!(b.get(den_start), Some(b'1'..=b'9')) {
        return None;
    }
    let end = digits(b, den_start);
    let numerator = if num_end == i {
        1.0
    } else {
        uint_value(&b[i..num_end])
    };
    Some((numerator / uint_value(&b[den_start..end]), end))
}

/// `ufloat = [0-9]+ "+" frac / frac / number`: (value, end).
fn ufloat(b: &[u8], i: usize) -> Option<(f64, usize)> {
    let d = digits(b, i);
    if d > i && b.get(d) == Some(&b'+') {
        if let Some((f, end)) = frac(b, d + 1) {
            return Some((uint_value(&b[i..d]) + f, end));
        }
    }
    frac(b, i).or_else(|| number(b, i))
}

/// A period token `[0-9]+ ":" ufloat "t"` or `ufloat "t"`
/// (docs/design/transforms.md §5.4): (bars, beats, end).
pub(crate) fn period(b: &[u8], i: usize) -> Option<(f64, f64, usize)> {
    let d = digits(b, i);
    if d > i && b.get(d) == Some(&b':') {
        if let Some((beats, end)) = ufloat(b, d + 1) {
            if b.get(end) == Some(&b't') {
                return Some((uint_value(&b[i..d]), beats, end + 1));
            }
        }
    }
    match ufloat(b, i) {
        Some((beats, end)) if b.get(end) == Some(&b't') => Some((0.0, beats, end + 1)),
        _ => None,
    }
}

/// A pitch token: class then octave `-`?`[0-9]+`.
pub(crate) fn pitch(b: &[u8], i: usize) -> Option<(PitchToken, usize)> {
    let rest = &b[i..];
    let (name, class) = CLASSES
        .iter()
        .find(|(name, _)| rest.starts_with(name.as_bytes()))?;
    let class_end = i + name.len();
    let (negative, digits_start) = if b.get(class_end) == Some(&b'-') {
        (true, class_end + 1)
    } else {
        (false, class_end)
    };
    let end = digits(b, digits_start);
    if end == digits_start {
        return None;
    }
    let magnitude = uint_value(&b[digits_start..end]);
    let octave = if negative { -magnitude } else { magnitude };
    let token = PitchToken {
        value: (octave + 2.0) * 12.0 + class,
        start: i,
        class: (i, class_end),
        octave,
    };
    Some((token, end))
}

/// One end of a time selector: `bar "|" beat`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BarBeat {
    pub bar: f64,
    pub beat: f64,
    /// The byte range of a beat written as a plain fraction `a/b` (checked ≥ 1,
    /// docs/design/transforms.md §3.4).
    pub fraction: Option<(usize, usize)>,
}

fn posint(b: &[u8], i: usize) -> Option<usize> {
    matches!(b.get(i), Some(b'1'..=b'9')).then(|| digits(b, i))
}

/// `[1-9][0-9]* "|" beat`, beat ∈ mixed / fraction / decimal
/// (docs/design/transforms.md §2.3).
fn bar_beat(b: &[u8], i: usize) -> Option<(BarBeat, usize)> {
    let bar_end = posint(b, i)?;
    if b.get(bar_end) != Some(&b'|') {
        return None;
    }
    let s = bar_end + 1;
    let int_end = posint(b, s)?;
    let whole = uint_value(&b[s..int_end]);
    let (beat, fraction, end) = match b.get(int_end) {
        Some(b'+') if frac(b, int_end + 1).is_some() => {
            let (f, end) = frac(b, int_end + 1)?;
            (whole + f, None, end)
        }
        Some(b'/') if posint(b, int_end + 1).is_some() => {
            let end = posint(b, int_end + 1)?;
            let value = whole / uint_value(&b[int_end + 1..end]);
            (value, Some((s, end)), end)
        }
        Some(b'.') => {
            let end = digits(b, int_end + 1);
            (decimal_value(&b[s..end]), None, end)
        }
        _ => (whole, None, int_end),
    };
    let bar = uint_value(&b[i..bar_end]);
    Some((
        BarBeat {
            bar,
            beat,
            fraction,
        },
        end,
    ))
}

/// A time range token `bar|beat "-" bar|beat`.
pub(crate) fn time_range(b: &[u8], i: usize) -> Option<((BarBeat, BarBeat), usize)> {
    let (from, mid) = bar_beat(b, i)?;
    if b.get(mid) != Some(&b'-') {
        return None;
    }
    let (to, end) = bar_beat(b, mid + 1)?;
    Some(((from, to), end))
}

/// A pitch selector token `pitch "-" pitch / pitch`.
pub(crate) fn pitch_range(b: &[u8], i: usize) -> Option<((PitchToken, Option<PitchToken>), usize)> {
    let (first, end) = pitch(b, i)?;
    if b.get(end) == Some(&b'-') {
        if let Some((second, end2)) = pitch(b, end + 1) {
            return Some(((first, Some(second)), end2));
        }
    }
    Some(((first, None), end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_match_whole_or_not_at_all() {
        assert_eq!(number(b"2.5x", 0), Some((2.5, 3)));
        assert_eq!(number(b"1.", 0), Some((1.0, 2)));
        assert_eq!(number(b".5", 0), Some((0.5, 2)));
        assert_eq!(number(b".", 0), None);
        assert_eq!(period(b"1:0t", 0), Some((1.0, 0.0, 4)));
        assert_eq!(period(b"/4t", 0), Some((0.0, 0.25, 3)));
        assert_eq!(period(b"1+1/2t", 0), Some((0.0, 1.5, 6)));
        assert_eq!(period(b"1+2t", 0), None);
        assert_eq!(period(b"4", 0), None);
        let (p, end) = pitch(b"C-1", 0).unwrap();
        assert_eq!((p.value, end), (12.0, 3));
        let (p, end) = pitch(b"C3-1", 0).unwrap();
        assert_eq!((p.value, end), (60.0, 2));
        assert!(pitch(b"Cb3", 0).is_none());
        let ((a, b2), end) = time_range(b"1|1/2-2|4.5:", 0).unwrap();
        assert_eq!(
            (a.beat, a.fraction, b2.bar, b2.beat, end),
            (0.5, Some((2, 5)), 2.0, 4.5, 11)
        );
    }
}
