//! Shaping a clip in the holding area before it is copied into place. Live gives a copy
//! of an arrangement clip the length of the clip's loop (looping) or of its markers (not
//! looping), not the span the clip was trimmed to; and a looping clip's span does not
//! follow its loop or markers (core/fake-live/README.md rows 43 to 46). So a piece that
//! must cover exactly `keep` beats is turned into an unlooped clip whose markers hold
//! exactly that much: its copies then cover that span and nothing after it.

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::clip::timing::{self, Markers, EPS};
use crate::tools::common::overview;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// Makes `clip` (in the holding area) an unlooped clip playing `keep` beats from
/// `head` beats after its start, as it played before. Answers false, changing
/// nothing, when that stretch crosses the clip's loop end (an unlooped clip cannot
/// wrap); the caller then trims the placed range instead.
pub fn to_piece(
    live: &mut dyn LivePort,
    clip: LiveId,
    head: f64,
    keep: f64,
) -> Result<bool, ToolError> {
    let scale = marker_units_per_beat(live, clip)?;
    let m = Markers::read(live, clip)?;
    let looping = lom::flag(live, clip, "looping")?;
    let (from, to) = if looping {
        let loop_len = m.loop_end - m.loop_start;
        let mut phase = m.start_marker + head * scale;
        if phase >= m.loop_end - EPS && loop_len > EPS {
            phase = m.loop_start + (phase - m.loop_end).rem_euclid(loop_len);
        }
        (phase, phase + keep * scale)
    } else {
        let from = m.loop_start + head * scale;
        (from, from + keep * scale)
    };
    if looping && to > m.loop_end + EPS {
        return Ok(false);
    }
    if looping {
        live.set(clip, "looping", &[Atom::Int(0)])?;
    }
    let now = Markers::read(live, clip)?;
    let refused = timing::write(live, clip, now, Markers::region(from, to))?;
    // An unlooped clip's start marker follows its loop start, so only the others count.
    Ok(refused.iter().all(|r| *r == "start_marker"))
}

/// Beats a copy of `clip` covers: Live sizes it by the clip's loop (looping) or its
/// markers (not looping), whatever the clip's own span on the timeline (rows 43–45).
pub fn copy_span(live: &mut dyn LivePort, clip: LiveId) -> Result<f64, ToolError> {
    let m = Markers::read(live, clip)?;
    let units = if lom::flag(live, clip, "looping")? {
        m.loop_end - m.loop_start
    } else {
        m.end_marker - m.start_marker
    };
    Ok(units / marker_units_per_beat(live, clip)?)
}

/// Marker units per timeline beat: 1, or seconds per beat for unwarped audio (its
/// markers are seconds of the file, core/fake-live/README.md row 36).
fn marker_units_per_beat(live: &mut dyn LivePort, clip: LiveId) -> Result<f64, ToolError> {
    if lom::flag(live, clip, "is_midi_clip")? || lom::flag(live, clip, "warping")? {
        return Ok(1.0);
    }
    let song = overview::song(live)?;
    Ok(60.0 / lom::number(live, song, "tempo")?.max(1.0))
}
