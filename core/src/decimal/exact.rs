//! Settling a guess to the correctly rounded double by exact comparison: the decimal
//! `D × 10^e` against the midpoint between the guess and a neighbour, both scaled to
//! integers. A guess a few units off moves one double per comparison.

use std::cmp::Ordering;

/// Comparisons before giving up on a guess that should be at most a few doubles off;
/// never reached in the tests (the guess is within two), so the bound only keeps the
/// loop finite.
const MAX_STEPS: usize = 64;

/// The double nearest `digits × 10^exponent` (positive, ties to even), starting from
/// `guess`.
pub(super) fn settle(digits: &[u8], exponent: i64, guess: f64) -> f64 {
    let mut x = if guess.is_finite() { guess } else { f64::MAX };
    for _ in 0..MAX_STEPS {
        match against_midpoint_above(digits, exponent, x) {
            Ordering::Greater | Ordering::Equal if x == f64::MAX => return f64::INFINITY,
            Ordering::Greater => {
                x = above(x);
                continue;
            }
            Ordering::Equal => return even(x, above(x)),
            Ordering::Less => {}
        }
        if x == 0.0 {
            return x;
        }
        let below = f64::from_bits(x.to_bits() - 1);
        match against_midpoint_above(digits, exponent, below) {
            Ordering::Less => x = below,
            Ordering::Equal => return even(below, x),
            Ordering::Greater => return x,
        }
    }
    x
}

/// The next double above a finite, non-negative `x`.
fn above(x: f64) -> f64 {
    f64::from_bits(x.to_bits() + 1)
}

/// Of two neighbouring doubles, the one with an even last mantissa bit.
fn even(a: f64, b: f64) -> f64 {
    if a.to_bits() & 1 == 0 {
        a
    } else {
        b
    }
}

/// The decimal compared with the midpoint between `x` and the next double above it.
/// With `x = m × 2^q`, that midpoint is `(2m + 1) × 2^(q − 1)`.
fn against_midpoint_above(digits: &[u8], exponent: i64, x: f64) -> Ordering {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7FF) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (m, q) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    let mut decimal = Big::from_digits(digits);
    let mut midpoint = Big::from_u64(2 * m + 1);
    if exponent >= 0 {
        decimal.mul_pow10(exponent as u32);
    } else {
        midpoint.mul_pow10(exponent.unsigned_abs() as u32);
    }
    let shift = q - 1;
    if shift >= 0 {
        midpoint.shl(shift as u32);
    } else {
        decimal.shl(shift.unsigned_abs() as u32);
    }
    decimal.cmp(&midpoint)
}

/// A non-negative integer, 32-bit limbs, least significant first, no high zero limbs.
#[derive(PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(n: u64) -> Big {
        let mut big = Big(vec![n as u32, (n >> 32) as u32]);
        big.trim();
        big
    }

    fn from_digits(digits: &[u8]) -> Big {
        let mut big = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let value = chunk.iter().fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
            big.mul_add(10u32.pow(chunk.len() as u32), value);
        }
        big
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// `self × factor + addend`.
    fn mul_add(&mut self, factor: u32, addend: u32) {
        let mut carry = u64::from(addend);
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn mul_pow10(&mut self, mut power: u32) {
        while power > 0 {
            let step = power.min(9);
            self.mul_add(10u32.pow(step), 0);
            power -= step;
        }
    }

    fn shl(&mut self, bits: u32) {
        if self.0.is_empty() {
            return;
        }
        let (limbs, bits) = ((bits / 32) as usize, bits % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let next = *limb >> (32 - bits);
                *limb = (*limb << bits) | carry;
                carry = next;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}
