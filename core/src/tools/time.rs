//! Beat values as results show them (tools.md 1.4): positions as `bar|beat`, durations
//! as `bars:beats`, counted in a time signature's beat unit.

/// Formats a beat part: integer when exact, else at most 3 decimals, no trailing zeros.
pub fn beat_text(x: f64) -> String {
    let r = (x * 1000.0).round() / 1000.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        let s = format!("{r:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Splits Live beats (quarter notes) into whole bars and remaining musical beats.
fn split(live_beats: f64, num: i64, den: i64) -> (i64, f64) {
    let num = num.max(1);
    let den = den.max(1);
    let musical = live_beats * den as f64 / 4.0;
    // Round away float noise (e.g. 7.9999999) before taking whole bars.
    let musical = (musical * 1e9).round() / 1e9;
    let bars = (musical / num as f64).floor();
    (bars as i64, musical - bars * num as f64)
}

/// A position in Live beats from the start as `bar|beat` (1-based).
pub fn position(live_beats: f64, num: i64, den: i64) -> String {
    let (bars, beats) = split(live_beats, num, den);
    format!("{}|{}", bars + 1, beat_text(beats + 1.0))
}

/// A duration in Live beats as `bars:beats` (0-based amounts).
pub fn duration(live_beats: f64, num: i64, den: i64) -> String {
    let (bars, beats) = split(live_beats, num, den);
    format!("{}:{}", bars, beat_text(beats))
}

/// Live beats per bar in a signature.
pub fn bar_beats(num: i64, den: i64) -> f64 {
    num.max(1) as f64 * 4.0 / den.max(1) as f64
}
