//! Audio clip values: gain in dB and warp mode names
//! (docs/design/tool-rules.md §11, §13).

/// Where the clip-gain scale reads 0 dB. `Clip.gain` and a Simpler's `Sample.gain` are
/// 0…1 on the same scale (core/fake-live/README.md rows 34, 40 and 41).
pub const UNITY_GAIN: f64 = 0.4;

/// The dB a gain of 0 reads on the measured curve (its lowest point).
pub const MIN_GAIN_DB: f64 = -48.8;

/// The dB a gain of 1 reads.
pub const MAX_GAIN_DB: f64 = 24.0;

/// Clip (or sample) gain → dB on Live's measured curve (row 34: 24.0 / 4.0 / 0.0 /
/// −10.8 / −26.6 / −42.7 dB at 1 / 0.5 / 0.4 / 0.25 / 0.125 / 0.03125): above 0.4,
/// 40 dB per unit; below it 42x − 200x² with x = gain − 0.4.
pub fn gain_to_db(gain: f64) -> f64 {
    let x = gain.clamp(0.0, 1.0) - UNITY_GAIN;
    if x >= 0.0 {
        40.0 * x
    } else {
        42.0 * x - 200.0 * x * x
    }
}

/// dB → clip gain, the inverse of [`gain_to_db`] (clamped to the curve's range).
pub fn db_to_gain(db: f64) -> f64 {
    let d = db.clamp(MIN_GAIN_DB, MAX_GAIN_DB);
    if d >= 0.0 {
        return UNITY_GAIN + d / 40.0;
    }
    // 200x² − 42x + d = 0, the root at or below 0.
    let x = (42.0 - (42.0f64 * 42.0 - 800.0 * d).max(0.0).sqrt()) / 400.0;
    (UNITY_GAIN + x).clamp(0.0, 1.0)
}

/// Live's `warp_mode` integer as the name results use.
pub fn warp_mode_name(mode: i64) -> &'static str {
    match mode {
        0 => "beats",
        1 => "tones",
        2 => "texture",
        3 => "repitch",
        4 => "complex",
        5 => "rex",
        6 => "pro",
        _ => "beats",
    }
}

/// Audio file extensions accepted for create-clip's `sampleFile` and listed by the sample-folder search (the docs/design/tool-rules.md §2 list).
pub const AUDIO_EXTENSIONS: [&str; 8] = [
    ".wav", ".aiff", ".aif", ".aifc", ".flac", ".ogg", ".mp3", ".m4a",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_measured_gain_points_hold_both_ways() {
        let points = [
            (1.0, 24.0),
            (0.5, 4.0),
            (0.4, 0.0),
            (0.25, -10.8),
            (0.125, -26.6),
            (0.03125, -42.7),
        ];
        for (g, db) in points {
            // The curve is a fit of the measured texts: within 0.1 dB of each.
            assert!((gain_to_db(g) - db).abs() < 0.1, "{g}: {}", gain_to_db(g));
            assert!((db_to_gain(gain_to_db(g)) - g).abs() < 1e-9, "{g}");
        }
        assert_eq!(db_to_gain(-100.0), 0.0);
        assert_eq!(db_to_gain(100.0), 1.0);
    }
}
