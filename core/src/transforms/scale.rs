//! `snap` and `step` (docs/design/transforms.md §5.3.2): pitches kept in the Live Set's
//! scale, given as a 12-bit pitch-class mask (bit `q mod 12` set when pitch `q` is in the
//! scale).

use super::eval::{js_round, modp};

/// A usable scale mask: `None` for no scale, an empty or a chromatic one.
pub(crate) fn usable(mask: Option<u16>) -> Option<u16> {
    mask.map(|m| m & 0x0FFF).filter(|&m| m != 0 && m != 0x0FFF)
}

fn in_scale(mask: u16, q: f64) -> bool {
    let class = modp(q, 12.0);
    // `class` is an integer 0–11 here: q is integral and finite whenever this is called.
    (0.0..12.0).contains(&class) && mask & (1 << (class as u32)) != 0
}

/// Bound snapping: above 127 → the highest in-scale pitch ≤ 127; below 0 → the
/// lowest in-scale pitch ≥ 0.
fn bound(mask: u16, q: f64) -> f64 {
    if q > 127.0 {
        (0..=127)
            .rev()
            .map(f64::from)
            .find(|&p| in_scale(mask, p))
            .unwrap_or(127.0)
    } else if q < 0.0 {
        (0..=127)
            .map(f64::from)
            .find(|&p| in_scale(mask, p))
            .unwrap_or(0.0)
    } else {
        q
    }
}

/// `snap(x)`: the nearest in-scale pitch, ties upwards, then bound-snapped.
pub(crate) fn snap(mask: Option<u16>, x: f64) -> f64 {
    let Some(mask) = usable(mask) else {
        return x;
    };
    let r = js_round(x);
    if !r.is_finite() {
        return bound(mask, r);
    }
    for dist in 0..12 {
        let d = f64::from(dist);
        if in_scale(mask, r + d) {
            return bound(mask, r + d);
        }
        if dist > 0 && in_scale(mask, r - d) {
            return bound(mask, r - d);
        }
    }
    bound(mask, r)
}

/// `step(x, k)`: `round(k)` scale steps from `snap(x)`, bound-snapped when the walk
/// leaves 0–127 (so the walk never takes more than 128 semitones).
pub(crate) fn step(mask: Option<u16>, x: f64, k: f64) -> f64 {
    let Some(m) = usable(mask) else {
        return x + k;
    };
    let mut q = snap(mask, x);
    let s = js_round(k);
    if s.is_nan() {
        return q;
    }
    let direction = if s < 0.0 { -1.0 } else { 1.0 };
    let mut counted = 0.0;
    while counted < s.abs() {
        q += direction;
        if !(0.0..=127.0).contains(&q) {
            return bound(m, q);
        }
        if in_scale(m, q) {
            counted += 1.0;
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    const C_MAJOR: Option<u16> = Some(0b1010_1011_0101);

    #[test]
    fn snaps_and_steps_as_the_spec_examples() {
        assert_eq!(snap(C_MAJOR, 61.0), 62.0); // C#3 → D3: ties go up
        assert_eq!(step(C_MAJOR, 60.0, 2.0), 64.0);
        assert_eq!(step(C_MAJOR, 64.0, -2.0), 60.0);
        assert_eq!(step(C_MAJOR, 60.0, 7.0), 72.0);
        assert_eq!(step(C_MAJOR, 61.0, 0.0), 62.0);
        assert_eq!(step(C_MAJOR, 127.0, 1.0), 127.0);
        assert_eq!(step(C_MAJOR, 60.0, 1e300), 127.0);
        assert_eq!(snap(None, 60.4), 60.4);
        assert_eq!(step(Some(0x0FFF), 60.0, 1.5), 61.5);
    }
}
