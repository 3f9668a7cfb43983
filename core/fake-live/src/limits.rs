//! Live's range for times in beats: a note, marker or position past it is refused, as
//! Live refuses it, so the fake never takes a time its own arithmetic (starts compared
//! to within 1e-9 beats) cannot hold.

/// The last beat of Live's timeline (1,576,800 beats).
pub(crate) const MAX_BEATS: f64 = 1_576_800.0;

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
