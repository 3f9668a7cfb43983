//! The clips a clip action of barline-playback works on, resolved before any write:
//! `ids` or `slots`, bad entries skipped with a warning (docs/design/tool-contract.md §1.9).

use crate::live::LiveId;
use crate::tools::common::clip::reference::{self, Place, Slot};
use crate::tools::common::refs;
use crate::tools::control::playback::args::PlaybackParams;
use crate::tools::framework::call::{Call, MAX_LISTED_FAILURES};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;

/// The slot and track a clip action works on.
pub(super) struct Target {
    pub slot_id: LiveId,
    pub track: LiveId,
}

/// Resolves `ids` or `slots` (docs/design/tool-contract.md §1.9: bad entries skipped with
/// a warning, none left is an error). Launching needs a clip in the slot; stopping only
/// its track.
pub(super) fn clip_targets(
    call: &mut Call<'_>,
    p: &PlaybackParams,
    launch: bool,
) -> Result<Vec<Target>, ToolError> {
    let mut ok = Vec::new();
    let mut failed: Vec<ToolError> = Vec::new();
    if let Some(ids) = &p.ids {
        for id in call.unique(ids.items(), "id") {
            match clip_target(call, &id) {
                Ok(Some(t)) => ok.push(t),
                Ok(None) => failed.push(ToolError::new(
                    ErrorCode::WrongType,
                    format!("clip {id} is an arrangement clip; it cannot be launched"),
                )),
                Err(e) => {
                    call.warn(format!("{}; skipped", e.message));
                    failed.push(e);
                }
            }
        }
    } else if let Some(slots) = &p.slots {
        let mut parsed = Vec::new();
        for s in call.unique(slots.items(), "slot") {
            parsed.push(reference::parse_slot(&s, &mut call.warnings)?);
        }
        for slot in parsed {
            match slot_target(call, slot, launch) {
                Ok(t) => ok.push(t),
                Err(e) => {
                    call.warn(format!("{}; skipped", e.message));
                    failed.push(e);
                }
            }
        }
    } else {
        return Err(ToolError::bad_input(format!(
            "action {} needs ids (session clip ids) or slots (\"trackIndex/sceneIndex\")",
            quoted(p.action.as_str())
        )));
    }
    if ok.is_empty() {
        let code = failed
            .first()
            .map(|e| e.code)
            .unwrap_or(ErrorCode::BadInput);
        let listed: Vec<String> = failed
            .iter()
            .take(MAX_LISTED_FAILURES)
            .map(|e| e.message.clone())
            .collect();
        // The per-item warnings would repeat the error's own text.
        call.warnings
            .retain(|w| !failed.iter().any(|e| w.starts_with(&e.message)));
        if listed.is_empty() {
            // An empty list (`ids: ""`) names nothing to launch or stop.
            let which = if p.ids.is_some() { "ids" } else { "slots" };
            return Err(ToolError::bad_input(format!(
                "{which} names no clip: give session clip ids or \"trackIndex/sceneIndex\" slots, comma-separated"
            )));
        }
        return Err(ToolError::new(code, listed.join("; ")));
    }
    Ok(ok)
}

fn slot_target(call: &mut Call<'_>, slot: Slot, launch: bool) -> Result<Target, ToolError> {
    let slot_id = reference::clip_slot(call.live, slot)?;
    if launch && !lom::flag(call.live, slot_id, "has_clip")? {
        return Err(ToolError::not_found(format!("slot {slot} has no clip")));
    }
    let track = refs::track_by_index(call, slot.track as u64, refs::TrackList::Regular)?;
    Ok(Target { slot_id, track })
}

/// A clip id as a launch target; `None` (with a warning) for arrangement clips.
fn clip_target(call: &mut Call<'_>, id: &str) -> Result<Option<Target>, ToolError> {
    let (clip, _) = refs::by_id(call, id, refs::Kind::Clip)?;
    match reference::place(call.live, clip)? {
        Place::Session(slot) => slot_target(call, slot, false).map(Some),
        _ => {
            call.warn(format!(
                "clip {id} is an arrangement clip; it cannot be launched"
            ));
            Ok(None)
        }
    }
}
