//! Decimal text to `f64`, correctly rounded, without the standard library's float
//! parser; and numbers written with a fixed count of decimals.
//!
//! `str::parse::<f64>` links about 18 KB into the WebAssembly (a 10 KB table of powers
//! of five and its algorithms), and `{:.N}` another few; the `v8` build is compiled on
//! Live's main thread when the device loads (docs/design/v8-core.md, "Numbers"). Here a
//! first guess comes from floating arithmetic (exact for the short numbers people and
//! models write), and a guess that may be off is settled by comparing the decimal with
//! the midpoints between neighbouring doubles in exact integer arithmetic.

mod exact;

/// Powers of ten exactly representable as `f64` (Clinger's fast path divides by them).
pub const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Significant digits kept; more never change the rounding once a sticky digit stands
/// for the rest (a double's exact decimal expansion has at most 767 of them).
const MAX_DIGITS: usize = 800;

/// A decimal: `digits` (ASCII, no leading zeros) times ten to `exponent`.
struct Decimal {
    digits: Vec<u8>,
    exponent: i64,
}

/// The value of `text` as `str::parse::<f64>` reads it: an optional sign, digits with an
/// optional point (`2`, `2.5`, `.5`, `2.`), an optional exponent (`e-3`, `E+4`), or
/// `inf`, `infinity`, `nan` in any case. Too large a value is infinite, as there.
pub fn parse(text: &str) -> Option<f64> {
    let (negative, body) = split_sign(text);
    let sign = if negative { -1.0 } else { 1.0 };
    for (word, value) in [
        ("inf", f64::INFINITY),
        ("infinity", f64::INFINITY),
        ("nan", f64::NAN),
    ] {
        if body.eq_ignore_ascii_case(word) {
            return Some(sign * value);
        }
    }
    let decimal = scan(body)?;
    Some(sign * value(&decimal))
}

/// An optional leading `-` or `+`: whether it was `-`, and the text after it.
fn split_sign(text: &str) -> (bool, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

/// Reads the digits, point and exponent of an unsigned number.
fn scan(body: &str) -> Option<Decimal> {
    let bytes = body.as_bytes();
    let (mut digits, mut exponent, mut sticky) = (Vec::new(), 0i64, false);
    let (mut i, mut seen_digit, mut seen_point) = (0, false, false);
    while let Some(&b) = bytes.get(i) {
        match b {
            b'0'..=b'9' => {
                seen_digit = true;
                if seen_point {
                    exponent -= 1;
                }
                if digits.len() < MAX_DIGITS && !(digits.is_empty() && b == b'0') {
                    digits.push(b);
                } else if digits.len() >= MAX_DIGITS {
                    exponent += 1;
                    sticky |= b != b'0';
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    if sticky {
        digits.push(b'1');
        exponent -= 1;
    }
    if let Some(b'e' | b'E') = bytes.get(i) {
        exponent = exponent.saturating_add(scan_exponent(&body[i + 1..])?);
    } else if i != bytes.len() {
        return None;
    }
    Some(Decimal { digits, exponent })
}

/// The exponent after `e`: optional sign and digits, clamped far beyond any double.
fn scan_exponent(text: &str) -> Option<i64> {
    let (negative, digits) = split_sign(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits
        .bytes()
        .fold(0i64, |n, b| (n * 10 + i64::from(b - b'0')).min(1 << 40));
    Some(if negative { -magnitude } else { magnitude })
}

/// The double nearest the (positive) decimal, ties to even.
fn value(d: &Decimal) -> f64 {
    if d.digits.is_empty() {
        return 0.0;
    }
    let magnitude = d.digits.len() as i64 + d.exponent; // value < 10^magnitude
    if magnitude > 310 {
        return f64::INFINITY;
    }
    if magnitude < -330 {
        return 0.0;
    }
    let (guess, exact) = first_guess(&d.digits, d.exponent);
    if exact {
        return guess;
    }
    exact::settle(&d.digits, d.exponent, guess)
}

/// A double within a few units in the last place of the decimal, and whether it is
/// exactly the correctly rounded value (Clinger's fast path: at most 15 digits and a
/// power of ten that is itself exact, so one rounding).
fn first_guess(digits: &[u8], exponent: i64) -> (f64, bool) {
    let lead = &digits[..digits.len().min(19)];
    let mantissa = lead.iter().fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
    let mut e = exponent + (digits.len() - lead.len()) as i64;
    let exact = digits.len() <= 15 && e.abs() <= 22;
    let mut x = mantissa as f64;
    while e > 0 {
        let step = e.min(22);
        x *= POW10[step as usize];
        e -= step;
    }
    while e < 0 {
        let step = (-e).min(22);
        x /= POW10[step as usize];
        e += step;
    }
    (x, exact)
}

/// `x` rounded to `places` decimals (halves away from zero), without trailing zeros
/// or a trailing point: `fixed(2.50049, 3)` is `"2.5"`, `fixed(-0.0001, 2)` is `"0"`.
/// Values too large for exact integer scaling are written in full.
pub fn fixed(x: f64, places: u32) -> String {
    let places = places.min(15);
    let scale = POW10[places as usize];
    let scaled = (x * scale).round();
    if !scaled.is_finite() || scaled.abs() >= 9_007_199_254_740_992.0 {
        return x.to_string();
    }
    let units = scaled.abs() as u64;
    let divisor = 10u64.pow(places);
    let (whole, mut fraction) = (units / divisor, units % divisor);
    let mut text = if scaled < 0.0 && units != 0 {
        format!("-{whole}")
    } else {
        whole.to_string()
    };
    if fraction != 0 {
        let mut width = places as usize;
        while fraction % 10 == 0 {
            fraction /= 10;
            width -= 1;
        }
        text.push_str(&format!(".{fraction:0width$}"));
    }
    text
}

// proptest is a native dev-dependency; the wasm test build (`wasm-pack test`) skips these.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
