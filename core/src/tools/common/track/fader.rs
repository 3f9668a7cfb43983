//! Live's mixer fader curves as measured on Live 12.4 (core/fake-live/README.md row 76):
//! a track volume reads −70 dB at value 0, −48.6 at 0.1, −34.4 at 0.2, −18 at 0.4, and
//! 40·v − 34 dB from 0.4 up (0 dB at 0.85, +6 dB at 1). A send reads 6 dB below a
//! volume fader at the same value, so a send at 0 dB is value 1. The tools convert with
//! their own copy of these points so what they show and set does not depend on
//! `display_value` answering.

/// The measured points below 0.4: (value, dB), linear between them.
const LOW: [(f64, f64); 4] = [(0.0, -70.0), (0.1, -48.6), (0.2, -34.4), (0.4, -18.0)];

/// How far below a volume fader a send reads at the same value.
const SEND_OFFSET_DB: f64 = -6.0;

/// The dB figure that means "off": a fader at value 0 reports it, and asking for it
/// (or less) writes value 0.
pub const OFF_DB: f64 = -70.0;

/// dB of a volume `value` (0…1).
pub fn volume_db(value: f64) -> f64 {
    let v = value.clamp(0.0, 1.0);
    if v >= 0.4 {
        return 40.0 * v - 34.0;
    }
    for w in LOW.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if v <= x1 {
            return y0 + (v - x0) / (x1 - x0) * (y1 - y0);
        }
    }
    -18.0
}

/// Volume value (0…1) of a dB figure, clamped to the fader's range.
pub fn volume_value(db: f64) -> f64 {
    if db >= -18.0 {
        return ((db + 34.0) / 40.0).min(1.0);
    }
    for w in LOW.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if db <= y1 {
            return (x0 + (db - y0) / (y1 - y0) * (x1 - x0)).max(0.0);
        }
    }
    0.0
}

/// dB of a send `value`; an off send (value 0) reports [`OFF_DB`].
pub fn send_db(value: f64) -> f64 {
    if value <= 0.0 {
        return OFF_DB;
    }
    (volume_db(value) + SEND_OFFSET_DB).max(OFF_DB)
}

/// Send value of a dB figure: [`OFF_DB`] or less is off (0), 0 dB is 1.
pub fn send_value(db: f64) -> f64 {
    if db <= OFF_DB {
        return 0.0;
    }
    volume_value(db - SEND_OFFSET_DB)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_measured_points_hold_both_ways() {
        for (v, db) in [
            (0.0, -70.0),
            (0.1, -48.6),
            (0.2, -34.4),
            (0.4, -18.0),
            (0.85, 0.0),
            (1.0, 6.0),
        ] {
            assert!((volume_db(v) - db).abs() < 1e-9, "{v}");
            assert!((volume_value(db) - v).abs() < 1e-9, "{db}");
        }
        assert!((send_value(0.0) - 1.0).abs() < 1e-9);
        assert!((send_db(1.0)).abs() < 1e-9);
        assert_eq!(send_db(0.0), OFF_DB);
        assert_eq!(send_value(-70.0), 0.0);
        assert_eq!(volume_value(20.0), 1.0);
    }
}
