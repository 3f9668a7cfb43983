//! Live's range for times in beats: a note, marker or position past it is refused, as
//! Live refuses it, so the fake never takes a time its own arithmetic (starts compared
//! to within 1e-9 beats) cannot hold.

/// The last beat of Live's timeline (1,576,800 beats).
pub(crate) const MAX_BEATS: f64 = 1_576_800.0;

/// The Song and Clip properties that hold a time in beats (clip markers in seconds for
/// unwarped audio, a smaller number still).
const TIME_PROPERTIES: [&str; 8] = [
    "loop_start",
    "loop_end",
    "loop_length",
    "start_marker",
    "end_marker",
    "position",
    "start_time",
    "current_song_time",
];

/// `Err` when a time property is given a value that is not a finite number within
/// ±[`MAX_BEATS`]: Live refuses times past its timeline (issue 22's measurements), and
/// the fake's arithmetic could not hold them.
pub(crate) fn time_property(prop: &str, value: &[barline_core::live::Atom]) -> Result<(), String> {
    if !TIME_PROPERTIES.contains(&prop) {
        return Ok(());
    }
    match value.first().and_then(barline_core::live::Atom::as_f64) {
        Some(x) if x.is_finite() && x.abs() <= MAX_BEATS => Ok(()),
        Some(x) => Err(format!(
            "{prop} {x} is past beat 1576800, the end of Live's timeline"
        )),
        None => Ok(()),
    }
}

/// `Err` naming note `i` when it starts or ends past [`MAX_BEATS`].
pub(crate) fn note_span(i: usize, start: f64, duration: f64) -> Result<(), String> {
    if start + duration > MAX_BEATS {
        return Err(format!(
            "note {i}: start_time + duration ({}) is past beat 1576800, the end of Live's timeline",
            start + duration
        ));
    }
    Ok(())
}
