//! Live's gain curves as they were measured (core/fake-live/README.md rows 34, 40, 41):
//! `Clip.gain` and `Sample.gain` are 0…1 with 0 dB at 0.4.

/// Where the clip-gain scale reads 0 dB.
pub(crate) const UNITY: f64 = 0.4;

/// dB of a clip (or sample) gain value: above 0.4, 40 dB per unit; below it the
/// measured curve 42x − 200x² (x = gain − 0.4).
pub(crate) fn clip_gain_db(gain: f64) -> f64 {
    let x = gain - UNITY;
    if x >= 0.0 {
        40.0 * x
    } else {
        42.0 * x - 200.0 * x * x
    }
}

/// The text `gain_display_string` answers, e.g. `"-10.8 dB"`.
pub(crate) fn clip_gain_text(gain: f64) -> String {
    let db = clip_gain_db(gain);
    // Avoid "-0.0 dB" at unity.
    let db = if db.abs() < 0.05 { 0.0 } else { db };
    format!("{db:.1} dB")
}
