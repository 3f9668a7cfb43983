//! The counter-based random source of docs/design/transforms.md §7: every draw is a pure
//! function of `(seed, assignment, note, draw)`, so results reproduce from the seed alone
//! and a note's draws do not depend on any other note.

fn mix(mut z: u64) -> u64 {
    z ^= z >> 30;
    z = z.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^= z >> 27;
    z = z.wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn f(x: u64) -> u64 {
    mix(x.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// The hash state after `seed` and the assignment index `a`: `f(f(seed) ^ a)`.
pub(crate) fn assignment_key(seed: u64, a: u64) -> u64 {
    f(f(seed) ^ a)
}

/// The draws of one (assignment, note) pair, numbered from 0.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Draws {
    key: u64,
    count: u64,
}

impl Draws {
    /// Draws for note (or clip) index `i` under an [`assignment_key`].
    pub(crate) fn new(assignment_key: u64, i: u64) -> Self {
        Draws {
            key: f(assignment_key ^ i),
            count: 0,
        }
    }

    /// The next `r` in [0, 1).
    pub(crate) fn next(&mut self) -> f64 {
        let h = f(self.key ^ self.count);
        self.count += 1;
        (h >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }
}

/// `r` for `(seed, a, i, k)` directly (docs/design/transforms.md §7).
pub fn draw(seed: u64, a: u64, i: u64, k: u64) -> f64 {
    let mut d = Draws::new(assignment_key(seed, a), i);
    d.count = k;
    d.next()
}

/// A seed for the tools from a host random number `unit` in [0, 1): uniform over 0 … 2^32
/// − 1 (docs/design/transforms.md §9). Out-of-range input is clamped, never trusted.
pub fn seed_from_unit(unit: f64) -> u64 {
    let scaled = (unit * 4_294_967_296.0).floor();
    if scaled.is_nan() || scaled < 0.0 {
        0
    } else if scaled > 4_294_967_295.0 {
        4_294_967_295
    } else {
        scaled as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_values_of_spec_7() {
        assert_eq!(draw(0, 0, 0, 0), 0.1296456182997474);
        assert_eq!(draw(42, 0, 0, 0), 0.7553888514674879);
        assert_eq!(draw(42, 1, 3, 0), 0.3495747534636062);
        assert_eq!(draw(42, 1, 3, 1), 0.047944172083533076);
        assert_eq!(draw(12345, 2, 0, 5), 0.11178836388940239);
    }

    #[test]
    fn seeds_from_unit_stay_in_range() {
        assert_eq!(seed_from_unit(0.0), 0);
        assert_eq!(seed_from_unit(0.999_999_999_999), 4_294_967_295);
        assert_eq!(seed_from_unit(f64::NAN), 0);
        assert_eq!(seed_from_unit(7.0), 4_294_967_295);
        assert_eq!(seed_from_unit(-1.0), 0);
    }
}
