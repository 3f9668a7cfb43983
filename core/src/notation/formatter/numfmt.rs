//! Number spelling of the formatter (spec 6.7), appending to the output in place.
//!
//! Everything is exact and allocation-free: `toFixed3` is computed from the binary
//! value with integer arithmetic (half-up on exact ties, like JavaScript), and the
//! "shorter text wins" choice writes both candidates and drops one.

use crate::notation::numbers::render_into;
use std::fmt::Write;

/// Denominators tried by `findFrac`, in order.
const DENS: [u32; 7] = [2, 3, 4, 6, 8, 12, 16];

/// `isInt`: `x mod 1 = 0`.
pub(super) fn is_int(x: f64) -> bool {
    x % 1.0 == 0.0
}

/// JavaScript's `Math.round`: nearest integer, ties towards +∞.
pub(crate) fn js_round(x: f64) -> f64 {
    let f = x.floor();
    if x - f >= 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// `fmtInt`: an integral value as JavaScript prints it.
pub(super) fn fmt_int(out: &mut String, x: f64) {
    if x.abs() < 9_007_199_254_740_992.0 {
        let _ = write!(out, "{}", x as i64);
    } else {
        render_into(out, x);
    }
}

/// `toFixed3` rounded half-up on the exact binary value, then trailing zeros and a
/// bare `.` removed (`fmtDecimal` for non-integers).
fn fixed3_trimmed(out: &mut String, x: f64) {
    if !x.is_finite() || x.abs() >= 1e21 {
        render_into(out, x); // JavaScript's toFixed falls back to String(x) here
        return;
    }
    let negative = x < 0.0;
    let bits = x.abs().to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = u128::from(bits & ((1u64 << 52) - 1));
    let (mantissa, exp2) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u128 << 52), exponent - 1075)
    };
    // thousandths = round_half_up(mantissa × 2^exp2 × 1000), exactly.
    let thousandths: u128 = if exp2 >= 0 {
        (mantissa << exp2) * 1000 // |x| < 1e21 keeps this below 2^80
    } else {
        let shift = (-exp2) as u32;
        if shift >= 100 {
            0
        } else {
            (mantissa * 1000 + (1u128 << (shift - 1))) >> shift
        }
    };
    if negative {
        out.push('-');
    }
    let whole = thousandths / 1000;
    let mut frac = (thousandths % 1000) as u32;
    let _ = write!(out, "{whole}");
    if frac != 0 {
        let mut digits = 3;
        while frac.is_multiple_of(10) {
            frac /= 10;
            digits -= 1;
        }
        let _ = write!(out, ".{frac:0digits$}");
    }
}

/// `fmtDecimal`.
pub(super) fn fmt_decimal(out: &mut String, x: f64) {
    if is_int(x) {
        fmt_int(out, x);
    } else {
        fixed3_trimmed(out, x);
    }
}

/// `findFrac`: the first `num/den` (den in [`DENS`]) within 0.0005 of `f`.
fn find_frac(f: f64) -> Option<(u32, u32)> {
    for den in DENS {
        let d = f64::from(den);
        // Numerators are 1/den apart (≥ 1/16), so only the nearest can be in range.
        let num = js_round(f * d);
        if num >= 1.0 && num <= d - 1.0 && (f - num / d).abs() < 0.0005 {
            return Some((num as u32, den));
        }
    }
    None
}

/// `lossless`: `x` survives the 1/1000 snapping.
fn lossless(x: f64) -> bool {
    let t = x * 1000.0;
    (t - js_round(t)).abs() < 0.01
}

/// `prefer`: `out[start..]` holds a fraction spelling of `x`; replace it by the
/// decimal spelling when that is lossless and strictly shorter.
fn prefer(out: &mut String, start: usize, x: f64) {
    if !lossless(x) {
        return;
    }
    let mid = out.len();
    fmt_decimal(out, x);
    if out.len() - mid < mid - start {
        out.replace_range(start..mid, "");
    } else {
        out.truncate(mid);
    }
}

/// `fmtMixed`: `i+num/den` (or its shorter decimal); `false` when no fraction fits.
fn fmt_mixed(out: &mut String, x: f64) -> bool {
    let whole = x.floor();
    let Some((num, den)) = find_frac(x - whole) else {
        return false;
    };
    let start = out.len();
    fmt_int(out, whole);
    let _ = write!(out, "+{num}/{den}");
    prefer(out, start, x);
    true
}

/// `fmtBeat`: a beat position (never an improper fraction).
pub(super) fn fmt_beat(out: &mut String, x: f64) {
    if is_int(x) {
        fmt_int(out, x);
    } else if !fmt_mixed(out, x) {
        fmt_decimal(out, x);
    }
}

/// `fmtUnsigned`: a duration or repeat step.
pub(super) fn fmt_unsigned(out: &mut String, x: f64) {
    if is_int(x) {
        fmt_int(out, x);
    } else if x < 1.0 {
        match find_frac(x) {
            Some((num, den)) => {
                let start = out.len();
                if num == 1 {
                    let _ = write!(out, "/{den}");
                } else {
                    let _ = write!(out, "{num}/{den}");
                }
                prefer(out, start, x);
            }
            None => fmt_decimal(out, x),
        }
    } else if !fmt_mixed(out, x) {
        fmt_decimal(out, x);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: fn(&mut String, f64), x: f64) -> String {
        let mut s = String::new();
        f(&mut s, x);
        s
    }

    #[test]
    fn decimals_round_half_up_on_the_exact_value() {
        assert_eq!(with(fmt_decimal, 0.0625), "0.063");
        assert_eq!(with(fmt_decimal, 0.333333), "0.333");
        assert_eq!(with(fmt_decimal, 0.1), "0.1");
        assert_eq!(with(fmt_decimal, 2.0004), "2");
        // The doubles nearest 1.0005 and 0.0015 lie just below and just above the tie.
        assert_eq!(with(fmt_decimal, 1.0005), "1");
        assert_eq!(with(fmt_decimal, 0.0015), "0.002");
        assert_eq!(with(fmt_decimal, 1.0625), "1.063"); // exact tie, rounds up
        assert_eq!(with(fmt_decimal, 1.1875), "1.188"); // exact tie, rounds up
        assert_eq!(with(fmt_decimal, 7.0), "7");
        assert_eq!(with(fmt_decimal, -0.0625), "-0.063");
    }

    #[test]
    fn spec_examples_of_6_7() {
        assert_eq!(with(fmt_beat, 4.0 / 3.0), "1+1/3");
        assert_eq!(with(fmt_beat, 1.5), "1.5");
        assert_eq!(with(fmt_beat, 1.125), "1+1/8");
        assert_eq!(with(fmt_beat, 1.083), "1.083");
        assert_eq!(with(fmt_beat, 1.1), "1.1");
        assert_eq!(with(fmt_unsigned, 0.5), "/2");
        assert_eq!(with(fmt_unsigned, 0.75), "3/4");
        assert_eq!(with(fmt_unsigned, 1.0 / 3.0), "/3");
        assert_eq!(with(fmt_unsigned, 0.1), "0.1");
        assert_eq!(with(fmt_unsigned, 1.5), "1.5");
        assert_eq!(with(fmt_unsigned, 4.0 / 3.0), "1+1/3");
        assert_eq!(with(fmt_unsigned, 0.0625), "/16");
    }
}
