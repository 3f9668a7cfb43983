//! Audio clip values: gain in dB and warp mode names
//! (docs/design/tool-rules.md §11, §13).

/// Clip gain (0..1) → dB. Piecewise linear over anchor points of Live's gain curve
/// (0 → −70 dB, 0.4 → 0 dB, 1 → +24 dB, with intermediate anchors); the same table is
/// used for writing so a value read and written back is unchanged.
pub const GAIN_TABLE: &[(f64, f64)] = &[
    (0.0, -70.0),
    (0.1, -36.0),
    (0.2, -18.0),
    (0.3, -7.5),
    (0.4, 0.0),
    (0.55, 6.0),
    (0.7, 12.0),
    (0.85, 18.0),
    (1.0, 24.0),
];

/// Clip gain → dB by linear interpolation in [`GAIN_TABLE`].
pub fn gain_to_db(gain: f64) -> f64 {
    let g = gain.clamp(0.0, 1.0);
    for w in GAIN_TABLE.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if g <= x1 {
            return y0 + (y1 - y0) * (g - x0) / (x1 - x0);
        }
    }
    24.0
}

/// dB → clip gain, the inverse of [`gain_to_db`].
pub fn db_to_gain(db: f64) -> f64 {
    let d = db.clamp(-70.0, 24.0);
    for w in GAIN_TABLE.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if d <= y1 {
            return x0 + (x1 - x0) * (d - y0) / (y1 - y0);
        }
    }
    1.0
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
