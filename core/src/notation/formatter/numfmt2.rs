//! The spellings bar|beat 2 adds to the formatter (docs/notation.md, "Writing
//! bar|beat 2"): durations and steps as note values (`n/4`, `n/8t`, `n3/8`), and
//! positions with note-value offsets (`1|1+n/12`) and pickups (`1|1-n/8`).

use super::numfmt::{fixed_trimmed, fmt_decimal, fmt_int, is_int, js_round, lossless, push_u64};
use crate::notation::numbers::floor;

/// Denominators a note value is searched with, in order.
const DEN2: [u32; 21] = [
    1, 2, 4, 8, 16, 32, 64, 128, 256, 3, 6, 12, 24, 48, 96, 5, 10, 20, 40, 7, 14,
];

/// Denominators a fractional beat is tried with, in order.
const BEAT_DENS: [u32; 7] = [2, 3, 4, 6, 8, 12, 16];

/// The first `num/den` (den in [`DEN2`]) with `4·num/den` within 0.0005 of `live`.
fn search(live: f64) -> Option<(u64, u32)> {
    for den in DEN2 {
        let d = f64::from(den);
        let num = floor(live / 4.0 * d + 0.5);
        if num >= 1.0 && (live - 4.0 * num / d).abs() <= 0.0005 {
            return Some((num as u64, den));
        }
    }
    None
}

/// Dotted and triplet names of the common values.
fn sugar(num: u64, den: u32) -> Option<&'static str> {
    Some(match (num, den) {
        (3, 2) => "/1d",
        (3, 4) => "/2d",
        (3, 8) => "/4d",
        (3, 16) => "/8d",
        (3, 32) => "/16d",
        (3, 64) => "/32d",
        (3, 128) => "/64d",
        (2, 3) => "/1t",
        (1, 3) => "/2t",
        (1, 6) => "/4t",
        (1, 12) => "/8t",
        (1, 24) => "/16t",
        (1, 48) => "/32t",
        (1, 96) => "/64t",
        _ => return None,
    })
}

/// `num/den` as written: `/den` for a numerator of 1.
fn push_fraction(out: &mut String, num: u64, den: u64) {
    if num != 1 {
        push_u64(out, num);
    }
    out.push('/');
    push_u64(out, den);
}

/// The body of a note value of `live` Live beats (after the `n`).
pub(super) fn fmt_note_value(out: &mut String, live: f64) {
    if live == 0.0 {
        out.push_str("0/1");
        return;
    }
    match search(live) {
        Some((num, den)) => match sugar(num, den) {
            Some(s) => out.push_str(s),
            None => push_fraction(out, num, u64::from(den)),
        },
        None => {
            fixed_trimmed(out, live, 4);
            out.push_str("/4");
        }
    }
}

/// An offset's note value (no dotted or triplet names).
fn fmt_offset(out: &mut String, live: f64) {
    match search(live) {
        Some((num, den)) => push_fraction(out, num, u64::from(den)),
        None => {
            fixed_trimmed(out, live, 4);
            out.push_str("/4");
        }
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A beat `b` (musical beats from the bar start, plus 1) in a meter whose
/// denominator is `d`: a decimal when that is exact, else an integer beat plus a
/// note-value offset; below 1, a pickup before beat 1.
pub(super) fn fmt_beat2(out: &mut String, b: f64, d: f64) {
    if b < 1.0 {
        out.push_str("1-n");
        fmt_offset(out, (1.0 - b) * 4.0 / d);
        return;
    }
    if is_int(b) {
        fmt_int(out, b);
        return;
    }
    let i = floor(b);
    let f = b - i;
    let tolerance = 0.0005 * d / 4.0 + 1e-9;
    let found = BEAT_DENS.iter().find_map(|&den| {
        let dd = f64::from(den);
        let num = js_round(f * dd);
        (num >= 1.0 && num <= dd - 1.0 && (f - num / dd).abs() <= tolerance).then_some((num, den))
    });
    match found {
        Some((num, den)) if matches!(den, 2 | 4 | 8 | 16) && lossless(i + num / f64::from(den)) => {
            fmt_decimal(out, i + num / f64::from(den));
        }
        Some((num, den)) => {
            fmt_int(out, i);
            out.push_str("+n");
            let (p, q) = (num as u64, u64::from(den) * d as u64);
            let g = gcd(p, q).max(1);
            push_fraction(out, p / g, q / g);
        }
        None if lossless(b) => fmt_decimal(out, b),
        None => {
            fmt_int(out, i);
            out.push_str("+n");
            fixed_trimmed(out, f * 4.0 / d, 4);
            out.push_str("/4");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nv(live: f64) -> String {
        let mut s = String::new();
        fmt_note_value(&mut s, live);
        s
    }

    fn beat(b: f64, d: f64) -> String {
        let mut s = String::new();
        fmt_beat2(&mut s, b, d);
        s
    }

    #[test]
    fn note_values_of_the_guide() {
        let cases = [
            (0.5, "/8"),
            (1.5, "/4d"),
            (1.0 / 3.0, "/8t"),
            (2.0 / 3.0, "/4t"),
            (4.0 / 3.0, "/2t"),
            (3.0, "/2d"),
            (6.0, "/1d"),
            (0.2, "/20"),
            (4.0 / 7.0, "/7"),
            (5.0, "5/4"),
            (8.0, "2/1"),
            (1.9638, "1.9638/4"),
            (0.35, "0.35/4"),
            (0.0, "0/1"),
        ];
        for (live, text) in cases {
            assert_eq!(nv(live), text, "{live}");
        }
    }

    #[test]
    fn beats_of_the_guide() {
        assert_eq!(beat(1.5, 4.0), "1.5");
        assert_eq!(beat(1.125, 4.0), "1.125");
        assert_eq!(beat(1.333, 4.0), "1+n/12");
        assert_eq!(beat(1.667, 4.0), "1+n/6");
        assert_eq!(beat(1.167, 4.0), "1+n/24");
        assert_eq!(beat(1.083, 4.0), "1+n/48");
        assert_eq!(beat(1.063, 4.0), "1+n/64");
        assert_eq!(beat(1.2, 4.0), "1.2");
        assert_eq!(beat(2.789, 4.0), "2.789");
        // Starts are snapped in Live beats, so a third of a musical beat arrives as
        // 1.334 in 6/8 and 1.3335 in 2/2.
        assert_eq!(beat(1.334, 8.0), "1+n/24");
        assert_eq!(beat(1.3335, 2.0), "1+n/6");
        assert_eq!(beat(1.1565, 2.0), "1+n0.313/4");
        assert_eq!(beat(1.0 - 0.333, 4.0), "1-n/12");
        assert_eq!(beat(-4.0, 4.0), "1-n5/4");
        assert_eq!(beat(0.5, 4.0), "1-n/8");
    }
}
