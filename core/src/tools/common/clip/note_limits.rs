//! What Live accepts in a note list, checked before anything is removed or written:
//! Live refuses a whole `add_new_notes` batch for one bad note, so a note it cannot take
//! would otherwise silently empty a clip (issue 22; docs/design/tool-contract.md §1.14).

use crate::notation::{pitch_name, Note};
use crate::tools::common::time::{beat_text, LIVE_MAX_BEATS};
use crate::tools::framework::error::ToolError;
use crate::transforms;

/// Why Live would refuse a note with this start and duration, if it would.
fn refusal(start: f64, duration: f64) -> Option<&'static str> {
    if !start.is_finite() || !duration.is_finite() {
        Some("its position or length is not a finite number")
    } else if duration <= 0.0 {
        Some("its duration is 0 (Live refuses notes without length; give a duration such as t1/16)")
    } else if start < 0.0 {
        Some("it starts before the clip start")
    } else if start + duration > LIVE_MAX_BEATS {
        Some("it ends after beat 1,576,800, the end of Live's timeline")
    } else {
        None
    }
}

/// `BAD_INPUT` naming the first note of `notes` Live would refuse (velocity-0 notes
/// are deletions and never written, so they are not checked).
pub fn check(notes: &[Note]) -> Result<(), ToolError> {
    for (i, n) in notes.iter().enumerate().filter(|(_, n)| n.velocity > 0) {
        if let Some(why) = refusal(n.start_time, n.duration) {
            return Err(ToolError::bad_input(format!(
                "notes: note {} ({} at beat {} from the clip start) cannot be written to Live: {why}; nothing was changed",
                i + 1,
                pitch_name(n.pitch),
                shown_beat(n.start_time),
            )));
        }
    }
    Ok(())
}

/// Drops the transformed notes Live would refuse (not finite, no length, outside the
/// timeline) and returns how many went; velocity-0 notes are left for the writer.
pub fn keep_writable(notes: &mut Vec<transforms::Note>) -> usize {
    let before = notes.len();
    notes.retain(|n| {
        let finite = [n.pitch, n.velocity, n.probability, n.velocity_deviation]
            .iter()
            .all(|x| x.is_finite());
        n.velocity <= 0.0 || (finite && refusal(n.start_time.max(0.0), n.duration).is_none())
    });
    before - notes.len()
}

/// The warning for `dropped` transformed notes.
pub fn dropped_warning(dropped: usize) -> String {
    format!(
        "{dropped} transformed note(s) could not be written to Live (a value not finite, a duration of 0 or a time past beat 1,576,800) and were dropped"
    )
}

fn shown_beat(x: f64) -> String {
    if x.is_finite() {
        beat_text(x)
    } else {
        x.to_string()
    }
}
