//! Placing clips on a track's arrangement timeline: copying, moving, lengthening,
//! trimming and splitting (docs/design/tool-rules.md §13 steps 0 and 5; duplicate's
//! `arrangementStart` and `arrangementLength`, docs/design/tool-rules.md §18).
//!
//! The LOM has no move, resize or split call for arrangement clips. Everything here is
//! built from three calls and Live's overlap rule (docs/design/live-model.md §2.4: a clip
//! placed over others deletes what it covers, trims what it partly covers and splits what
//! it covers in the middle): `Track.duplicate_clip_to_arrangement`,
//! `Track.create_midi_clip` / `create_audio_clip` for temporary clips, and
//! `Track.delete_clip`. Work that must not disturb the Set happens in a *holding area*
//! after the end of the song and after the range being worked on, so no temporary clip
//! lands on a copy just laid.
//!
//! Public API (all positions in Live beats on the timeline):
//! * [`ArrangementClip::of`] — a clip, its track and its span;
//! * [`place_copy`] — a copy of a session or arrangement clip at a start, with a length;
//! * [`move_to`] — copy to a new start and delete the original;
//! * [`set_length`] — lengthen (loop copies, longer markers, more audio) or trim;
//! * [`split`] — cut into segments at points measured from the clip start;
//! * [`clear`] — empty a range of the track.

use crate::live::path::id_atoms;
use crate::live::{Atom, LiveId, LivePort};
use crate::sort;
use crate::tools::common::clip::reference::{self, Place};
use crate::tools::common::clip::timing::EPS;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

mod length;
mod place;
mod playhead;
mod room;
mod shape;

pub use length::{set_length, Laid};
pub use place::{place_copy, CopySource};
pub use playhead::Playhead;

/// Beats kept free between the end of the song and the holding area.
const HOLDING_GAP: f64 = 16.0;

/// An arrangement clip with its track.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArrangementClip {
    /// The clip.
    pub clip: LiveId,
    /// Its track.
    pub track: LiveId,
    /// Regular track index.
    pub track_index: usize,
}

impl ArrangementClip {
    /// The clip's track, or `None` when the clip is not on an arrangement timeline.
    pub fn of(live: &mut dyn LivePort, clip: LiveId) -> Result<Option<Self>, ToolError> {
        let Place::Arrangement { track } = reference::place(live, clip)? else {
            return Ok(None);
        };
        let Some(track_id) = lom::resolve(live, &format!("live_set tracks {track}")) else {
            return Ok(None);
        };
        Ok(Some(ArrangementClip {
            clip,
            track: track_id,
            track_index: track,
        }))
    }

    /// The same track with another clip.
    fn with(self, clip: LiveId) -> Self {
        ArrangementClip { clip, ..self }
    }

    /// `(start_time, end_time)`.
    pub fn span(self, live: &mut dyn LivePort) -> Result<(f64, f64), ToolError> {
        Ok((
            lom::number(live, self.clip, "start_time")?,
            lom::number(live, self.clip, "end_time")?,
        ))
    }
}

fn rejected(message: String) -> ToolError {
    ToolError::new(ErrorCode::LiveRejected, message)
}

/// The first id in a call's answer (`["id", n]`); `None` for id 0 (Live refused).
fn answered_id(atoms: &[Atom]) -> Option<LiveId> {
    atoms
        .iter()
        .filter_map(Atom::as_i64)
        .find(|n| *n > 0)
        .map(|n| LiveId(n as u64))
}

/// Copies `clip` onto `track` at `at`; `None` when Live made no copy. An arrangement
/// clip is never pasted onto other clips (Live crashes, core/fake-live/README.md row
/// A1): the target range is emptied first, and a clip whose own span is in that range
/// is first held in the holding area and the held copy pasted.
pub fn copy_to(
    live: &mut dyn LivePort,
    track: LiveId,
    clip: LiveId,
    at: f64,
) -> Result<Option<LiveId>, ToolError> {
    if !lom::flag(live, clip, "is_arrangement_clip")? {
        return duplicate(live, track, clip, at);
    }
    let (start, end) = (
        lom::number(live, clip, "start_time")?,
        lom::number(live, clip, "end_time")?,
    );
    // What the copy will cover: its loop or markers, which may reach past the span.
    let len = (end - start).max(shape::copy_span(live, clip)?);
    let over_itself = start < at + len - EPS && end > at + EPS;
    if !over_itself {
        room::empty_range(live, track, clip, at, len)?;
        return duplicate(live, track, clip, at);
    }
    let h = holding(live, end.max(at + len))?;
    room::empty_range(live, track, clip, h, len)?;
    let Some(held) = duplicate(live, track, clip, h)? else {
        return Ok(None);
    };
    room::empty_range(live, track, held, at, len)?;
    let placed = duplicate(live, track, held, at)?;
    delete(live, track, held)?;
    Ok(placed)
}

/// `Track.duplicate_clip_to_arrangement` itself.
fn duplicate(
    live: &mut dyn LivePort,
    track: LiveId,
    clip: LiveId,
    at: f64,
) -> Result<Option<LiveId>, ToolError> {
    let mut args = id_atoms(clip);
    args.push(Atom::Float(at));
    let atoms = live.call(track, "duplicate_clip_to_arrangement", &args)?;
    Ok(answered_id(&atoms))
}

/// Deletes an arrangement clip.
pub fn delete(live: &mut dyn LivePort, track: LiveId, clip: LiveId) -> Result<(), ToolError> {
    live.call(track, "delete_clip", &id_atoms(clip))?;
    Ok(())
}

/// Where temporary clips may go: well after the end of the song and after `beyond`, the
/// end of the range being filled (read now, so earlier steps of the same call that
/// lengthened the song are respected).
fn holding(live: &mut dyn LivePort, beyond: f64) -> Result<f64, ToolError> {
    let song = crate::tools::common::overview::song(live)?;
    let end = lom::number(live, song, "song_length")?.max(beyond);
    Ok((end.max(0.0) / 4.0).ceil() * 4.0 + HOLDING_GAP)
}

/// Empties `[from, from + len)` on the clip's track: Live deletes, trims or splits
/// whatever a temporary clip created over that range covers ([`room::empty_range`]).
pub fn clear(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    from: f64,
    len: f64,
) -> Result<(), ToolError> {
    room::empty_range(live, at.track, at.clip, from, len)
}

/// Moves a clip to `start` on its track: whatever overlaps the target range is
/// replaced (Live's overlap rule), the copy is made, and the original deleted.
/// `Ok(None)`: Live made no copy; the original is kept.
pub fn move_to(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    start: f64,
) -> Result<Option<LiveId>, ToolError> {
    let (from, to) = at.span(live)?;
    if (from - start).abs() <= EPS {
        return Ok(Some(at.clip));
    }
    let Some(copy) = copy_to(live, at.track, at.clip, start)? else {
        return Ok(None);
    };
    // The copy may have trimmed the original; it is deleted whatever remains of it.
    if still_on(live, at)? {
        delete(live, at.track, at.clip)?;
    }
    // A copy covers the clip's loop or markers; the moved clip keeps its span.
    let (copy_start, copy_end) = at.with(copy).span(live)?;
    let keep = to - from;
    if copy_end - copy_start > keep + EPS {
        clear(
            live,
            at.with(copy),
            copy_start + keep,
            copy_end - copy_start - keep,
        )?;
    }
    Ok(Some(copy))
}

/// True when the clip is still one of its track's arrangement clips.
fn still_on(live: &mut dyn LivePort, at: ArrangementClip) -> Result<bool, ToolError> {
    Ok(matches!(
        ArrangementClip::of(live, at.clip),
        Ok(Some(a)) if a.track == at.track
    ))
}

/// A check that answers true once the call's time budget is spent
/// (docs/design/tool-contract.md §1.15): `call.deadline_check()`, or `&|| false` where
/// there is no budget.
pub type Stop<'a> = &'a dyn Fn() -> bool;

/// Splits a clip at `points` (beats from the clip start; those outside `(0, length)`
/// are ignored). The original becomes the first segment; the others are built from
/// copies trimmed in the holding area and moved into place. Returns every segment in
/// timeline order (just the clip when no point lies inside it).
pub fn split(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    points: &[f64],
) -> Result<Vec<LiveId>, ToolError> {
    let (start, end) = at.span(live)?;
    let len = end - start;
    let mut cuts: Vec<f64> = points
        .iter()
        .copied()
        .filter(|p| *p > EPS && *p < len - EPS)
        .collect();
    sort::sort_numbers(&mut cuts);
    cuts.dedup_by(|a, b| (*a - *b).abs() <= EPS);
    if cuts.is_empty() {
        return Ok(vec![at.clip]);
    }
    let h = holding(live, end)?;
    let Some(whole) = copy_to(live, at.track, at.clip, h)? else {
        return Err(rejected(format!("failed to copy clip {}", at.clip)));
    };
    // The original becomes the first segment before any segment is placed, so no
    // placement splits it.
    clear(live, at, start + cuts[0], len - cuts[0])?;
    // Segments are cut from copies of `whole` placed one clip length further on.
    let work = h + len + HOLDING_GAP;
    let mut bounds = cuts.clone();
    bounds.push(len);
    let mut segments = vec![at.clip];
    for pair in bounds.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let Some(piece) = copy_to(live, at.track, whole, work)? else {
            return Err(rejected(format!("failed to copy clip {}", at.clip)));
        };
        if !shape::to_piece(live, piece, a, b - a)? {
            clear(live, at.with(piece), work, a)?;
            clear(live, at.with(piece), work + b, len - b)?;
        }
        let placed = copy_to(live, at.track, piece, start + a)?;
        if still_on(live, at.with(piece))? {
            delete(live, at.track, piece)?;
        }
        segments.push(placed.ok_or_else(|| rejected(format!("failed to copy clip {}", at.clip)))?);
    }
    delete(live, at.track, whole)?;
    Ok(segments)
}
