//! Numbers in bar|beat text: converting matched numeric text to `f64` (spec 2.3) and
//! rendering numbers inside messages (spec 5.5).
//!
//! The grammar has already validated the shape of every string handed to these
//! functions, so they only convert; they still never panic on odd input.

use std::fmt::Write;

/// Powers of ten that are exact in `f64` (Clinger's fast path).
const POW10: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

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
        digits.parse::<f64>().unwrap_or(f64::NAN)
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
    // Rust's parser is correctly rounded but wants at least one digit on each side.
    let mut s = String::with_capacity(text.len() + 2);
    if int_part.is_empty() {
        s.push('0');
    }
    s.push_str(int_part);
    s.push('.');
    s.push_str(frac_part);
    s.push('0');
    s.parse::<f64>().unwrap_or(f64::NAN)
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

/// Renders a number the way JavaScript's `String(x)` does (spec 5.5): shortest
/// round-trip digits, no trailing `.0`, exponent only outside 1e-6..1e21.
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
