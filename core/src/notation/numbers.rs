//! Numbers in bar|beat text: converting matched numeric text to `f64`
//! (docs/design/notation.md §2.3) and rendering numbers inside messages
//! (docs/design/notation.md §5.5).
//!
//! The grammar has already validated the shape of every string handed to these
//! functions, so they only convert; they still never panic on odd input.

use crate::decimal::POW10;
use std::fmt::Write;

/// Value of a digit string (`uint`, `posint`), as the reference evaluates it: a double.
pub(crate) fn uint(digits: &str) -> f64 {
    if digits.len() <= 15 {
        // Exact: fewer than 16 digits always fit the 53-bit mantissa.
        let mut v: u64 = 0;
        for b in digits.bytes() {
            v = v * 10 + u64::from(b.wrapping_sub(b'0') % 10);
        }
        v as f64
    } else {
        crate::decimal::parse(digits).unwrap_or(f64::NAN)
    }
}

/// Value of a `decimal` (`2`, `2.`, `.5`, `0.25`), correctly rounded.
pub(crate) fn decimal(text: &str) -> f64 {
    let (int_part, frac_part) = match text.find('.') {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    };
    let frac_trimmed = frac_part.trim_end_matches('0');
    if int_part.len() + frac_trimmed.len() <= 15 {
        // m / 10^f with m < 2^53 and an exact power of ten is one correctly rounded
        // division, i.e. the correctly rounded value of the decimal.
        let mut m: u64 = 0;
        for b in int_part.bytes().chain(frac_trimmed.bytes()) {
            m = m * 10 + u64::from(b.wrapping_sub(b'0') % 10);
        }
        return m as f64 / POW10[frac_trimmed.len()];
    }
    crate::decimal::parse(text).unwrap_or(f64::NAN)
}

/// Value of a `fraction` (`3/4`, `/4` = 1/4): one floating division.
pub(crate) fn fraction(text: &str) -> f64 {
    match text.find('/') {
        Some(i) => {
            let num = if i == 0 { 1.0 } else { uint(&text[..i]) };
            num / uint(&text[i + 1..])
        }
        None => uint(text),
    }
}

/// Value of a `number` (mixed `2+3/4`, fraction `3/4`, or decimal `2.5`).
pub(crate) fn number(text: &str) -> f64 {
    if let Some(i) = text.find('+') {
        uint(&text[..i]) + fraction(&text[i + 1..])
    } else if text.contains('/') {
        fraction(text)
    } else {
        decimal(text)
    }
}

/// Renders a number the way JavaScript's `String(x)` does (docs/design/notation.md §5.5):
/// shortest round-trip digits, no trailing `.0`, exponent only outside 1e-6..1e21.
pub(crate) fn render(x: f64) -> String {
    let mut s = String::new();
    render_into(&mut s, x);
    s
}

/// [`render`] appending to `out`.
pub(crate) fn render_into(out: &mut String, x: f64) {
    if x.is_nan() {
        out.push_str("NaN");
    } else if x.is_infinite() {
        out.push_str(if x > 0.0 { "Infinity" } else { "-Infinity" });
    } else if x == 0.0 {
        out.push('0'); // also for -0, like JavaScript
    } else if x.abs() >= 1e21 || x.abs() < 1e-6 {
        let e = format!("{x:e}");
        match e.find('e') {
            Some(i) if !e[i + 1..].starts_with('-') => {
                out.push_str(&e[..=i]);
                out.push('+');
                out.push_str(&e[i + 1..]);
            }
            _ => out.push_str(&e),
        }
    } else {
        let _ = write!(out, "{x}");
    }
}

/// `x.floor()` without a libm call on targets lacking a rounding instruction
/// (baseline x86-64); wasm32 has `f64.floor`, which is used directly there.
#[inline]
pub(crate) fn floor(x: f64) -> f64 {
    if cfg!(target_arch = "wasm32") {
        return x.floor();
    }
    if x.abs() < 4_503_599_627_370_496.0 {
        // |x| < 2^52: the integer conversion is exact; step down for negatives.
        let t = x as i64 as f64;
        if t > x {
            t - 1.0
        } else {
            t
        }
    } else {
        x.floor() // already integral, infinite or NaN
    }
}

/// `a % b` (the exact floating remainder, sign of `a`) with a fast exact path for the
/// common case of a non-negative `a` below 2^52 and a small integral `b`.
#[inline]
pub(crate) fn rem(a: f64, b: f64) -> f64 {
    if (0.0..4_503_599_627_370_496.0).contains(&a)
        && (1.0..=2_147_483_648.0).contains(&b)
        && floor(b) == b
    {
        if a < b {
            return a;
        }
        // q·b is an exact integer below 2^53 and a − q·b a multiple of ulp(a) smaller
        // than a, so the subtraction is exact; one correction fixes a q that the
        // rounded division put off by one.
        let q = floor(a / b);
        let r = a - q * b;
        if r < 0.0 {
            r + b
        } else if r >= b {
            r - b
        } else {
            r
        }
    } else {
        a % b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_numeric_forms() {
        assert_eq!(uint("007"), 7.0);
        assert_eq!(uint("12345678901234567890"), 12345678901234567890.0);
        assert_eq!(decimal("2."), 2.0);
        assert_eq!(decimal(".5"), 0.5);
        assert_eq!(decimal("0.1"), 0.1);
        assert_eq!(decimal("1.2345678901234567890123"), 1.2345678901234567);
        assert_eq!(decimal(".00000000000000000001"), 1e-20);
        assert_eq!(fraction("/4"), 0.25);
        assert_eq!(fraction("0/3"), 0.0);
        assert_eq!(number("1+3/2"), 2.5);
        assert_eq!(number("1+/2"), 1.5);
        assert_eq!(number("2.75"), 2.75);
        assert_eq!(number("1/3"), 1.0 / 3.0);
    }

    #[test]
    fn fast_floor_and_rem_match_libm() {
        let values = [
            0.0,
            0.3,
            1.0,
            2.5,
            3.999_999_999_999_999_6,
            4.0,
            7.25,
            1e15 + 0.5,
            123_456.789,
            -0.5,
            -3.0,
            -2.25,
            1e300,
            f64::INFINITY,
        ];
        for &a in &values {
            assert_eq!(floor(a).to_bits(), a.floor().to_bits(), "floor {a}");
            for b in [1.0, 3.0, 4.0, 6.0, 7.0, 0.5, 2.75] {
                assert_eq!(rem(a, b).to_bits(), (a % b).to_bits(), "{a} % {b}");
            }
        }
        assert!(floor(f64::NAN).is_nan());
    }

    #[test]
    fn renders_like_javascript() {
        assert_eq!(render(1.5), "1.5");
        assert_eq!(render(1.0), "1");
        assert_eq!(render(4.0 / 3.0), "1.3333333333333333");
        assert_eq!(render(-0.0), "0");
        assert_eq!(render(1e21), "1e+21");
        assert_eq!(render(1.5e-7), "1.5e-7");
        assert_eq!(render(1e20), "100000000000000000000");
        assert_eq!(render(f64::INFINITY), "Infinity");
    }
}
