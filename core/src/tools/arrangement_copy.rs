//! Placing a copy of a clip on a track's arrangement timeline with a chosen length
//! (duplicate's `arrangementLength`, tools.md 3.18 and the rules of 3.13). Live has no
//! call that sets an arrangement clip's length, so lengths come from its overlap rule
//! (5.2 item 4): a clip placed over another's tail trims it. Work happens in a holding
//! area after the last thing on the timeline, and the copies made there are deleted.
//!
//! - equal length (or none given): one `duplicate_clip_to_arrangement`;
//! - shorter: a copy in the holding area, trimmed by a second copy placed over its
//!   tail (then deleted), moved to the position;
//! - longer, looping clip: copies laid end to end, the last one trimmed as above;
//! - longer, non-looping MIDI clip: the range is cleared with a temporary clip, then
//!   `loop_end` and `end_marker` are extended (one clip);
//! - longer, non-looping audio clip: the markers are extended up to what the file
//!   holds, with a warning when Live kept less.

use super::error::{ErrorCode, ToolError};
use super::lom;
use crate::live::{Atom, LiveId, LivePort};

/// Float noise allowed when comparing beat lengths.
const EPS: f64 = 1e-6;
/// Most loop copies one placement lays down (a 1-beat loop filling 1,000 bars is 4,000).
pub const MAX_LOOP_COPIES: usize = 4_096;

/// One clip on the timeline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// The clip.
    pub id: LiveId,
    /// Its start in beats.
    pub start: f64,
}

/// Where copies are built: `holding` is after everything on the timeline (and after
/// every target of the call), so nothing there overwrites the user's clips.
#[derive(Clone, Copy, Debug)]
pub struct Workspace {
    /// The track whose timeline is used.
    pub track: LiveId,
    /// First beat of the holding area.
    pub holding: f64,
}

fn obj(id: LiveId) -> [Atom; 2] {
    [Atom::from("id"), Atom::Int(id.0 as i64)]
}

/// `Track.duplicate_clip_to_arrangement(clip, at)`, checked: id 0 is `LIVE_REJECTED`.
pub fn duplicate(
    live: &mut dyn LivePort,
    track: LiveId,
    clip: LiveId,
    at: f64,
) -> Result<LiveId, ToolError> {
    let [a, b] = obj(clip);
    let atoms = live.call(
        track,
        "duplicate_clip_to_arrangement",
        &[a, b, Atom::Float(at)],
    )?;
    let id = atoms.iter().rev().find_map(Atom::as_i64).unwrap_or(0);
    if id <= 0 {
        return Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live did not copy clip {clip} to the arrangement at beat {at}"),
        ));
    }
    Ok(LiveId(id as u64))
}

/// `Track.delete_clip(clip)`.
pub fn remove(live: &mut dyn LivePort, track: LiveId, clip: LiveId) -> Result<(), ToolError> {
    live.call(track, "delete_clip", &obj(clip))?;
    Ok(())
}

/// A copy of `clip` in the holding area, `keep` beats long (`len` is the clip's own
/// length on the timeline): a second copy over its tail trims it, then goes.
fn trimmed(
    live: &mut dyn LivePort,
    ws: Workspace,
    clip: LiveId,
    keep: f64,
) -> Result<LiveId, ToolError> {
    let held = duplicate(live, ws.track, clip, ws.holding)?;
    let cutter = duplicate(live, ws.track, clip, ws.holding + keep)?;
    remove(live, ws.track, cutter)?;
    if lom::resolve(live, &format!("id {held}")).is_none() {
        return Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live did not keep the trimmed copy of clip {clip}"),
        ));
    }
    Ok(held)
}

/// Moves a holding-area clip to `at` (copy there, delete the held one).
fn settle(
    live: &mut dyn LivePort,
    ws: Workspace,
    held: LiveId,
    at: f64,
) -> Result<LiveId, ToolError> {
    let placed = duplicate(live, ws.track, held, at);
    remove(live, ws.track, held)?;
    placed
}

/// Copies `clip` (whose timeline length is `len` beats) to `at`, `length` beats long
/// (`None`: its own length). Returns every clip the placement left, in time order.
pub fn place(
    live: &mut dyn LivePort,
    ws: Workspace,
    clip: LiveId,
    len: f64,
    at: f64,
    length: Option<f64>,
    warnings: &mut Vec<String>,
) -> Result<Vec<Placed>, ToolError> {
    let want = length.unwrap_or(len);
    if (want - len).abs() < EPS || len <= EPS {
        let id = duplicate(live, ws.track, clip, at)?;
        return Ok(vec![Placed { id, start: at }]);
    }
    if want < len {
        let held = trimmed(live, ws, clip, want)?;
        let id = settle(live, ws, held, at)?;
        return Ok(vec![Placed { id, start: at }]);
    }
    if lom::flag(live, clip, "looping")? {
        let whole = ((want + EPS) / len).floor().max(1.0);
        if whole as usize > MAX_LOOP_COPIES {
            return Err(ToolError::bad_input(format!(
                "arrangementLength needs {whole} loop copies; at most {MAX_LOOP_COPIES}"
            )));
        }
        let mut out = Vec::new();
        for k in 0..whole as usize {
            let start = at + k as f64 * len;
            out.push(Placed {
                id: duplicate(live, ws.track, clip, start)?,
                start,
            });
        }
        let rest = want - whole * len;
        if rest > EPS {
            let start = at + whole * len;
            let held = trimmed(live, ws, clip, rest)?;
            out.push(Placed {
                id: settle(live, ws, held, start)?,
                start,
            });
        }
        return Ok(out);
    }
    let midi = lom::flag(live, clip, "is_midi_clip")?;
    if midi {
        // Clear what lies in the extension, as a longer copy would.
        let atoms = live.call(
            ws.track,
            "create_midi_clip",
            &[Atom::Float(at + len), Atom::Float(want - len)],
        )?;
        if let Some(tmp) = atoms.iter().rev().find_map(Atom::as_i64).filter(|n| *n > 0) {
            remove(live, ws.track, LiveId(tmp as u64))?;
        }
    }
    let id = duplicate(live, ws.track, clip, at)?;
    let start_marker = lom::number(live, id, "start_marker")?;
    let loop_start = lom::number(live, id, "loop_start")?;
    live.set(id, "loop_end", &[Atom::Float(loop_start + want)])?;
    live.set(id, "end_marker", &[Atom::Float(start_marker + want)])?;
    if !midi {
        let got = lom::number(live, id, "end_marker")? - start_marker;
        if got <= len + EPS {
            warnings.push("cannot lengthen: no more audio in the file".into());
        } else if got + EPS < want {
            warnings.push(format!(
                "unlooped audio clip capped at the end of its file ({} beats available, {} requested)",
                super::format::num(got),
                super::format::num(want)
            ));
        }
    }
    Ok(vec![Placed { id, start: at }])
}
