//! Moving clips for update-clip (docs/design/tool-rules.md §13 step 5): a session clip to
//! another slot, an arrangement clip to another start, and its length on the timeline;
//! the timeline work itself is in `timeline`.

use crate::live::path::id_atoms;
use crate::live::LiveId;
use crate::tools::clip::update_clip::args::UpdatedClip;
use crate::tools::common::clip::reference::{self, Place, Slot};
use crate::tools::common::timeline::{self, ArrangementClip};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;

/// The position arguments of a call, after validation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moves {
    /// `toSlot` (first entry).
    pub to_slot: Option<Slot>,
    /// `arrangementStart`, Live beats.
    pub arrangement_start: Option<f64>,
    /// `arrangementLength`, Live beats.
    pub arrangement_length: Option<f64>,
}

/// `3 clips on track 1 moved to the same position; later clips overwrite earlier ones`.
pub fn warn_same_position(call: &mut Call<'_>, clips: &[(usize, LiveId)]) -> Result<(), ToolError> {
    let mut per_track: std::collections::BTreeMap<usize, usize> = Default::default();
    for (_, clip) in clips {
        if let Place::Arrangement { track } = reference::place(call.live, *clip)? {
            *per_track.entry(track).or_default() += 1;
        }
    }
    for (track, count) in per_track {
        if count > 1 {
            call.warn(format!(
                "{count} clips on track {track} moved to the same position; later clips overwrite earlier ones"
            ));
        }
    }
    Ok(())
}

/// Step 5: toSlot, arrangementStart, arrangementLength.
pub fn position(
    call: &mut Call<'_>,
    plan: &Moves,
    clip: LiveId,
    mut item: UpdatedClip,
) -> Result<Vec<UpdatedClip>, ToolError> {
    let place = reference::place(call.live, clip)?;
    let arrangement_args = plan.arrangement_start.is_some() || plan.arrangement_length.is_some();
    if let Some(dest) = plan.to_slot {
        match place {
            _ if arrangement_args => {
                call.warn("toSlot ignored: arrangementStart or arrangementLength given")
            }
            Place::Session(from) => {
                if let Some((new, slot)) = move_to_slot(call, clip, from, dest)? {
                    if new != clip {
                        call.ids().replace(&clip.to_string(), &new.to_string());
                    }
                    item.id = new.to_string();
                    item.slot = Some(slot.to_string());
                }
                return Ok(vec![item]);
            }
            _ => call.warn(format!(
                "clip {clip} is an arrangement clip; toSlot ignored"
            )),
        }
    }
    if !arrangement_args {
        return Ok(vec![item]);
    }
    let Some(at) = ArrangementClip::of(call.live, clip)? else {
        for (given, what) in [
            (plan.arrangement_start.is_some(), "arrangementStart"),
            (plan.arrangement_length.is_some(), "arrangementLength"),
        ] {
            if given {
                call.warn(format!("clip {clip} is a session clip; {what} ignored"));
            }
        }
        return Ok(vec![item]);
    };
    let mut at = at;
    if let Some(start) = plan.arrangement_start {
        match timeline::move_to(call.live, at, start)? {
            Some(new) => {
                if new != clip {
                    call.ids().replace(&clip.to_string(), &new.to_string());
                    item.id = new.to_string();
                    at = ArrangementClip { clip: new, ..at };
                }
            }
            None => call.warn(format!("failed to copy clip {clip}; original kept")),
        }
    }
    let Some(length) = plan.arrangement_length else {
        return Ok(vec![item]);
    };
    let stop = call.deadline_check();
    let resized = timeline::set_length(call.live, at, length, &stop)?;
    call.warnings.extend(resized.warnings);
    let mut out = vec![item];
    out.extend(resized.clips.iter().skip(1).map(|c| UpdatedClip {
        id: c.to_string(),
        ..Default::default()
    }));
    Ok(out)
}

/// Moves a session clip to `dest` (duplicate, then delete the source); `None` when
/// skipped with a warning.
fn move_to_slot(
    call: &mut Call<'_>,
    clip: LiveId,
    from: Slot,
    dest: Slot,
) -> Result<Option<(LiveId, Slot)>, ToolError> {
    if from == dest {
        return Ok(Some((clip, dest)));
    }
    let target = match reference::clip_slot(call.live, dest) {
        Ok(cs) => cs,
        Err(e) => {
            call.warn(format!("{}; toSlot skipped", e.message));
            return Ok(None);
        }
    };
    let before = reference::slot_clip(call.live, dest);
    if lom::flag(call.live, target, "has_clip")? {
        call.warn(format!("slot {dest} had a clip; it was replaced"));
    }
    let source = reference::clip_slot(call.live, from)?;
    call.live
        .call(source, "duplicate_clip_to", &id_atoms(target))?;
    let copy = reference::slot_clip(call.live, dest).filter(|c| Some(*c) != before);
    let moved = match copy {
        Some(c) if lom::flag(call.live, target, "has_clip")? => c,
        _ => {
            call.warn(format!("failed to copy clip {clip}; original kept"));
            return Ok(None);
        }
    };
    call.live.call(source, "delete_clip", &[])?;
    Ok(Some((moved, dest)))
}
