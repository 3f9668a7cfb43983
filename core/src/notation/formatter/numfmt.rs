//! Number spelling of the formatter (docs/design/notation.md §6.7), appending to the
//! output in place.
//!
//! Everything is exact and allocation-free: `toFixed3` is computed from the binary
//! value with integer arithmetic (half-up on exact ties, like JavaScript), and the
//! "shorter text wins" choice writes both candidates and drops one.

use crate::notation::numbers::{floor, render_into};

/// Denominators tried by `findFrac`, in order.
const DENS: [u32; 7] = [2, 3, 4, 6, 8, 12, 16];

/// `isInt`: `x mod 1 = 0`.
pub(crate) fn is_int(x: f64) -> bool {
    x.is_finite() && floor(x) == x // `x mod 1` is NaN for infinities
}

/// JavaScript's `Math.round`: nearest integer, ties towards +∞.
pub(crate) fn js_round(x: f64) -> f64 {
    let f = floor(x);
    if x - f >= 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// `fmtInt`: an integral value as JavaScript prints it.
#[inline]
pub(super) fn fmt_int(out: &mut String, x: f64) {
    // Velocities and bar numbers: digits written in place, no call.
    if (0.0..1000.0).contains(&x) {
        push_below_1000(out, x as u16);
    } else {
        fmt_int_slow(out, x);
    }
}

/// [`fmt_int`] beyond the common range.
fn fmt_int_slow(out: &mut String, x: f64) {
    if x.abs() < 9_007_199_254_740_992.0 {
        if x < 0.0 {
            out.push('-');
        }
        push_u64(out, x.abs() as u64);
    } else {
        render_into(out, x);
    }
}

/// "00" … "99", for writing two digits at a time.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Appends the decimal digits of `n` < 1000: no loop, no buffer.
#[inline]
fn push_below_1000(out: &mut String, mut n: u16) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    if n >= 100 {
        out.push(char::from(b'0' + (n / 100) as u8));
        n %= 100;
    }
    let pair = usize::from(n) * 2;
    out.push(char::from(PAIRS[pair]));
    out.push(char::from(PAIRS[pair + 1]));
}

/// Appends the decimal digits of `n` (core::fmt is several times slower here).
pub(super) fn push_u64(out: &mut String, mut n: u64) {
    if n < 1000 {
        push_below_1000(out, n as u16);
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        i -= 2;
        digits[i..i + 2].copy_from_slice(&PAIRS[n as usize * 2..n as usize * 2 + 2]);
    } else {
        i -= 1;
        digits[i] = b'0' + n as u8;
    }
    out.extend(digits[i..].iter().map(|&d| char::from(d)));
}

/// [`push_u64`] for the rare values beyond `u64`.
fn push_u128(out: &mut String, n: u128) {
    match u64::try_from(n) {
        Ok(small) => push_u64(out, small),
        Err(_) => {
            push_u128(out, n / 10);
            push_u64(out, (n % 10) as u64);
        }
    }
}

/// `toFixed3` rounded half-up on the exact binary value, then trailing zeros and a
/// bare `.` removed (`fmtDecimal` for non-integers).
fn fixed3_trimmed(out: &mut String, x: f64) {
    fixed_trimmed(out, x, 3);
}

/// `toFixed(places)` (3 or 4) rounded half-up on the exact binary value, trailing
/// zeros and a bare `.` removed.
pub(super) fn fixed_trimmed(out: &mut String, x: f64, places: u32) {
    if !x.is_finite() || x.abs() >= 1e21 {
        render_into(out, x); // JavaScript's toFixed falls back to String(x) here
        return;
    }
    let scale: u128 = 10u128.pow(places);
    let negative = x < 0.0;
    let bits = x.abs().to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = u128::from(bits & ((1u64 << 52) - 1));
    let (mantissa, exp2) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u128 << 52), exponent - 1075)
    };
    // units = round_half_up(mantissa × 2^exp2 × scale), exactly.
    let units: u128 = if exp2 >= 0 {
        (mantissa << exp2) * scale // |x| < 1e21 keeps this below 2^84
    } else {
        let shift = (-exp2) as u32;
        if shift >= 100 {
            0
        } else if shift < 64 && places == 3 {
            // mantissa < 2^53, so mantissa × 1000 + half < 2^63: u64 is enough.
            let m = mantissa as u64;
            u128::from((m * 1000 + (1u64 << (shift - 1))) >> shift)
        } else {
            (mantissa * scale + (1u128 << (shift - 1))) >> shift
        }
    };
    let whole = units / scale;
    let mut frac = units % scale;
    if negative {
        out.push('-');
    }
    push_u128(out, whole);
    if frac != 0 {
        let mut digits = [b'0'; 4];
        for i in (0..places as usize).rev() {
            digits[i] = b'0' + (frac % 10) as u8;
            frac /= 10;
        }
        let used = places as usize
            - digits[..places as usize]
                .iter()
                .rev()
                .take_while(|&&d| d == b'0')
                .count();
        out.push('.');
        for &d in &digits[..used] {
            out.push(char::from(d));
        }
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
pub(super) fn lossless(x: f64) -> bool {
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
    let whole = floor(x);
    let Some((num, den)) = find_frac(x - whole) else {
        return false;
    };
    let start = out.len();
    fmt_int(out, whole);
    out.push('+');
    push_u64(out, u64::from(num));
    out.push('/');
    push_u64(out, u64::from(den));
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
    if x > 0.0 && x < 0.0005 {
        // Shorter than the 1/1000 resolution: printed as the shortest length that
        // reads back as one, never as `0`, which would read back as no length at all
        // (and Live refuses notes without length).
        out.push_str("0.001");
    } else if is_int(x) {
        fmt_int(out, x);
    } else if x < 1.0 {
        match find_frac(x) {
            Some((num, den)) => {
                let start = out.len();
                if num != 1 {
                    push_u64(out, u64::from(num));
                }
                out.push('/');
                push_u64(out, u64::from(den));
                prefer(out, start, x);
            }
            None => fmt_decimal(out, x),
        }
    } else if !fmt_mixed(out, x) {
        fmt_decimal(out, x);
    }
}

/// Remembers the spelling of recent beats and durations: a clip uses a few dozen
/// distinct values thousands of times, and spelling one costs far more than a lookup.
pub(super) struct Spelling {
    slots: Vec<(u64, u8, String)>,
    /// In bar|beat 2, the time-signature denominator positions are spelled in.
    pub(super) v2_unit: Option<f64>,
    /// The last bar number written and its digits (bars repeat batch after batch).
    bar: (f64, String),
}

/// Which spelling function a memo entry belongs to.
const BEAT: u8 = 1;
const UNSIGNED: u8 = 2;
const BEAT2: u8 = 3;
const NOTE_VALUE: u8 = 4;

impl Spelling {
    /// An empty memo.
    pub(super) fn new() -> Self {
        Spelling {
            slots: vec![(0, 0, String::new()); 256],
            v2_unit: None,
            bar: (f64::NAN, String::new()),
        }
    }

    /// [`fmt_int`] of a bar number, remembering the last one.
    pub(super) fn bar(&mut self, out: &mut String, bar: f64) {
        if self.bar.0 != bar {
            self.bar.0 = bar;
            self.bar.1.clear();
            fmt_int(&mut self.bar.1, bar);
        }
        out.push_str(&self.bar.1);
    }

    fn spell(&mut self, out: &mut String, x: f64, kind: u8, f: impl Fn(&mut String, f64)) {
        let bits = x.to_bits();
        let index = (bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize ^ usize::from(kind);
        let slot = &mut self.slots[index];
        if slot.0 == bits && slot.1 == kind {
            out.push_str(&slot.2);
            return;
        }
        let start = out.len();
        f(out, x);
        slot.0 = bits;
        slot.1 = kind;
        slot.2.clear();
        slot.2.push_str(&out[start..]);
    }

    /// A beat in the dialect written: [`fmt_beat`], or bar|beat 2's spelling;
    /// memoised.
    pub(super) fn beat(&mut self, out: &mut String, x: f64) {
        match self.v2_unit {
            Some(d) => self.spell(out, x, BEAT2, |o, x| super::numfmt2::fmt_beat2(o, x, d)),
            None => self.spell(out, x, BEAT, fmt_beat),
        }
    }

    /// [`fmt_beat`] whatever the dialect (drum mode's length estimate), memoised.
    pub(super) fn beat_core(&mut self, out: &mut String, x: f64) {
        self.spell(out, x, BEAT, fmt_beat);
    }

    /// A note value's body for `live` Live beats, memoised.
    pub(super) fn note_value(&mut self, out: &mut String, live: f64) {
        self.spell(out, live, NOTE_VALUE, super::numfmt2::fmt_note_value);
    }

    /// [`fmt_unsigned`], memoised.
    pub(super) fn unsigned(&mut self, out: &mut String, x: f64) {
        self.spell(out, x, UNSIGNED, fmt_unsigned);
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
    fn integers() {
        for n in [0u64, 7, 10, 99, 100, 101, 12345, 999_999, u64::MAX] {
            let mut s = String::new();
            push_u64(&mut s, n);
            assert_eq!(s, n.to_string());
        }
        assert_eq!(with(fmt_int, -42.0), "-42");
        assert_eq!(with(fmt_int, 1e21), "1e+21");
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
