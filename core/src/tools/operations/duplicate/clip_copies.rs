//! Clip copies for `barline-duplicate` (docs/design/tool-rules.md §18): a session clip to
//! session slots (`toSlot`, an occupied slot overwritten), or any clip to arrangement
//! positions on its own track, at its own length or `arrangementLength` (the rules of
//! docs/design/tool-rules.md §13, in `timeline`).

use crate::live::path::id_atoms;
use crate::live::LiveId;
use crate::tools::common::clip::location::ClipLocation;
use crate::tools::common::clip::reference::{self, Place, Slot};
use crate::tools::common::names;
use crate::tools::common::timeline::{self, CopySource, Laid};
use crate::tools::common::{refs, time};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::operations::duplicate::args::{DuplicateParams, Duplicated};
use crate::tools::operations::duplicate::plan::{issue, style, Plan, MAX_POSITIONS};

/// A session clip to each `toSlot` slot; every slot is checked before the first copy.
pub(super) fn to_slots(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let Place::Session(from) = reference::place(call.live, plan.source)? else {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            "arrangement clips cannot be copied to session slots",
        ));
    };
    let source_slot = reference::clip_slot(call.live, from)?;
    let midi = lom::flag(call.live, plan.source, "is_midi_clip")?;
    let mut bulk = Bulk::new();
    let mut targets = Vec::new();
    for slot in &plan.slots {
        match check_slot(call, *slot, from, midi) {
            Ok(cs) => targets.push((*slot, cs)),
            Err(e) => bulk.skip(e),
        }
    }
    let names = names::names_for(call, text_of(&p.name), targets.len());
    let n = targets.len();
    for (i, (slot, cs)) in targets.into_iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        let old = reference::slot_clip(call.live, slot);
        call.live
            .call(source_slot, "duplicate_clip_to", &id_atoms(cs))?;
        let new = reference::slot_clip(call.live, slot).filter(|c| Some(*c) != old);
        let Some(new) = new else {
            bulk.skip(ToolError::new(
                ErrorCode::LiveRejected,
                format!("Live did not copy clip {} to slot {slot}", plan.source),
            ));
            continue;
        };
        if old.is_some() {
            call.warn(format!("slot {slot} had a clip; it was replaced"));
        }
        style(call, new, &names[i], &plan.colors, i, "clip")?;
        let c = Duplicated {
            id: Some(new.to_string()),
            slot: Some(slot.to_string()),
            ..Default::default()
        };
        issue(call, &c);
        bulk.ok(c);
    }
    bulk.finish(call)
}

/// The clip slot a copy may go to: not the source's own, on a track taking the clip's
/// kind.
fn check_slot(
    call: &mut Call<'_>,
    slot: Slot,
    from: Slot,
    midi: bool,
) -> Result<LiveId, ToolError> {
    let cs = reference::clip_slot(call.live, slot)?;
    if slot == from {
        return Err(ToolError::new(
            ErrorCode::Conflict,
            format!("slot {slot} holds the source clip"),
        ));
    }
    let track = refs::track_by_index(call, slot.track as u64, refs::TrackList::Regular)?;
    let want = if midi {
        "has_midi_input"
    } else {
        "has_audio_input"
    };
    if !lom::flag(call.live, track, want)? {
        return Err(ToolError::new(
            ErrorCode::WrongType,
            format!(
                "track {} takes no {} clips",
                slot.track,
                if midi { "MIDI" } else { "audio" }
            ),
        ));
    }
    Ok(cs)
}

/// The clip laid at each arrangement position on its own track.
pub(super) fn to_arrangement(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let (place, source) = copy_source(call, plan)?;
    let each = plan.length.unwrap_or(source.length);
    // An arrangement source may be overwritten by its own copies: work from a copy
    // kept after every target.
    let stashed = match place {
        Place::Arrangement { .. } => {
            let latest = plan
                .positions
                .iter()
                .map(|(b, _)| b + each)
                .fold(0.0, f64::max);
            Some(source.stash(call.live, latest)?)
        }
        _ => None,
    };
    let from = stashed.unwrap_or(source);
    let positions = &plan.positions[..plan.positions.len().min(MAX_POSITIONS)];
    let names = names::names_for(call, text_of(&p.name), positions.len());
    let n = positions.len();
    let mut bulk = Bulk::new();
    for (i, (at, _)) in positions.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        let stop = call.deadline_check();
        let placed = match timeline::place_copy(call.live, from, *at, each, &stop) {
            Ok(placed) => placed,
            Err(e) => {
                bulk.skip(e);
                continue;
            }
        };
        call.warnings.extend(placed.warnings);
        for (id, _) in &placed.clips {
            style(call, *id, &names[i], &plan.colors, i, "clip")?;
        }
        let c = laid_copy(&placed.clips, source.track_index, plan.sig);
        issue(call, &c);
        bulk.ok(c);
    }
    if let Some(kept) = stashed {
        timeline::delete(call.live, source.track, kept.clip)?;
    }
    bulk.finish(call)
}

/// Where the source clip is, and what its copies are made from: its track and its
/// length on the timeline (a session clip's `length`, an arrangement clip's span).
fn copy_source(call: &mut Call<'_>, plan: &Plan) -> Result<(Place, CopySource), ToolError> {
    let place = reference::place(call.live, plan.source)?;
    let (track_index, len) = match place {
        Place::Session(slot) => (slot.track, lom::number(call.live, plan.source, "length")?),
        Place::Arrangement { track } => (
            track,
            lom::number(call.live, plan.source, "end_time")?
                - lom::number(call.live, plan.source, "start_time")?,
        ),
        Place::Other => {
            return Err(ToolError::new(
                ErrorCode::Unsupported,
                "this clip is neither in a session slot nor on a track's timeline",
            ))
        }
    };
    let track = refs::track_by_index(call, track_index as u64, refs::TrackList::Regular)?;
    let source = CopySource {
        clip: plan.source,
        length: len,
        track,
        track_index,
    };
    Ok((place, source))
}

/// The result of one copy: the clip with its start, or, when it was lengthened by loop
/// copies, every clip laid.
fn laid_copy(clips: &Laid, track_index: usize, sig: (i64, i64)) -> Duplicated {
    let position = |start: f64| time::position(start, sig.0, sig.1);
    match clips.as_slice() {
        [(id, start)] => Duplicated {
            id: Some(id.to_string()),
            track_index: Some(track_index as i64),
            arrangement_start: Some(position(*start)),
            ..Default::default()
        },
        several => Duplicated {
            track_index: Some(track_index as i64),
            clips: Some(
                several
                    .iter()
                    .map(|(id, start)| ClipLocation::at(*id, position(*start)).into())
                    .collect(),
            ),
            ..Default::default()
        },
    }
}
