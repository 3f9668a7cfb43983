//! Making room before a paste. Live crashes when an arrangement clip is duplicated onto
//! time other clips of the track hold (core/fake-live/README.md row A1), while a clip
//! *created* there, or a session clip pasted there, simply overwrites its range (rows
//! 45, 46). So before an arrangement clip is copied, its target range is emptied with a
//! temporary clip that is created there and deleted: `create_midi_clip` on a MIDI
//! track; on an audio track a temporary session clip of the same file, sized to the
//! range and pasted from its slot.

use crate::live::path::id_atoms;
use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::clip::timing::{self, Markers, EPS};
use crate::tools::common::overview;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

use super::{answered_id, delete, rejected};

/// Empties `[from, from + len)` on `track`; `like` is a clip of the track's kind (its
/// file supplies an audio track's temporary clip).
pub fn empty_range(
    live: &mut dyn LivePort,
    track: LiveId,
    like: LiveId,
    from: f64,
    len: f64,
) -> Result<(), ToolError> {
    if len <= EPS {
        return Ok(());
    }
    if lom::flag(live, like, "is_midi_clip")? {
        let atoms = live.call(
            track,
            "create_midi_clip",
            &[Atom::Float(from), Atom::Float(len)],
        )?;
        let temp = answered_id(&atoms).ok_or_else(|| {
            rejected("Live refused a temporary clip used to clear a range".into())
        })?;
        return delete(live, track, temp);
    }
    if !occupied(live, track, from, from + len)? {
        return Ok(());
    }
    let file = lom::text(live, like, "file_path")?;
    paste_from_a_slot(live, track, &file, from, len)
}

/// Whether an arrangement clip of `track` overlaps `[from, to)`.
fn occupied(live: &mut dyn LivePort, track: LiveId, from: f64, to: f64) -> Result<bool, ToolError> {
    for clip in lom::child_ids(live, track, "arrangement_clips")? {
        let start = lom::number(live, clip, "start_time")?;
        if start >= to - EPS {
            continue;
        }
        if lom::number(live, clip, "end_time")? > from + EPS {
            return Ok(true);
        }
    }
    Ok(false)
}

/// An audio track's range emptied by a temporary session clip of `file`, looped and
/// sized to `len` beats, pasted at `from` and deleted with its arrangement copy. The
/// slot is the track's first empty one, or one of a temporary scene at the end.
fn paste_from_a_slot(
    live: &mut dyn LivePort,
    track: LiveId,
    file: &str,
    from: f64,
    len: f64,
) -> Result<(), ToolError> {
    let song = overview::song(live)?;
    let mut slot = None;
    for s in lom::child_ids(live, track, "clip_slots")? {
        if !lom::flag(live, s, "has_clip")? {
            slot = Some(s);
            break;
        }
    }
    let temporary_scene = slot.is_none();
    if temporary_scene {
        live.call(song, "create_scene", &[Atom::Int(-1)])?;
        slot = lom::child_ids(live, track, "clip_slots")?.last().copied();
    }
    let slot = slot.ok_or_else(|| rejected("no clip slot for a temporary audio clip".into()))?;
    let result = sized_paste(live, track, slot, file, from, len);
    if lom::flag(live, slot, "has_clip")? {
        live.call(slot, "delete_clip", &[])?;
    }
    if temporary_scene {
        let scenes = lom::count(live, song, "scenes")?;
        live.call(song, "delete_scene", &[Atom::Int(scenes as i64 - 1)])?;
    }
    result
}

fn sized_paste(
    live: &mut dyn LivePort,
    track: LiveId,
    slot: LiveId,
    file: &str,
    from: f64,
    len: f64,
) -> Result<(), ToolError> {
    live.call(slot, "create_audio_clip", &[Atom::Symbol(file.into())])?;
    let temp = lom::child_ids(live, slot, "clip")?
        .first()
        .copied()
        .ok_or_else(|| {
            rejected("Live refused a temporary audio clip used to clear a range".into())
        })?;
    live.set(temp, "warping", &[Atom::Int(1)])?;
    live.set(temp, "looping", &[Atom::Int(1)])?;
    let old = Markers::read(live, temp)?;
    let start = old.loop_start;
    timing::write(live, temp, old, Markers::region(start, start + len))?;
    let mut args = id_atoms(temp);
    args.push(Atom::Float(from));
    let placed = answered_id(&live.call(track, "duplicate_clip_to_arrangement", &args)?)
        .ok_or_else(|| {
            rejected("Live refused to place a temporary audio clip used to clear a range".into())
        })?;
    delete(live, track, placed)
}
