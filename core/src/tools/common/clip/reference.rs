//! Finding a clip from `clipId` or `slot` (docs/design/tool-contract.md §1.2,
//! docs/design/tool-rules.md §11), and the parts of a clip path (`live_set tracks 1
//! clip_slots 0 clip`) results report.

use crate::live::path::LomPath;
use crate::live::{LiveId, LivePort};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;

/// A session slot `"t/s"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// 0-based regular track index.
    pub track: usize,
    /// 0-based scene index.
    pub scene: usize,
}

impl std::fmt::Display for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.track, self.scene)
    }
}

impl Slot {
    /// The LOM path of the slot's ClipSlot, e.g. `live_set tracks 1 clip_slots 0`.
    pub fn path(self) -> String {
        format!("live_set tracks {} clip_slots {}", self.track, self.scene)
    }
}

/// Parses `"t/s"` (whitespace trimmed). A third part is ignored with a warning.
pub fn parse_slot(text: &str, warnings: &mut Vec<String>) -> Result<Slot, ToolError> {
    let parts: Vec<&str> = text.trim().split('/').map(str::trim).collect();
    let bad = || {
        ToolError::bad_input(format!(
            "slot {} is not valid: write \"trackIndex/sceneIndex\" with non-negative integers, e.g. \"0/3\"",
            quoted(text)
        ))
    };
    if parts.len() < 2 {
        return Err(bad());
    }
    let num = |p: &str| -> Result<usize, ToolError> {
        if p.is_empty() || !p.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        p.parse::<usize>().map_err(|_| bad())
    };
    let slot = Slot {
        track: num(parts[0])?,
        scene: num(parts[1])?,
    };
    if parts.len() > 2 {
        warnings.push(format!(
            "slot {} has extra parts; using \"{slot}\"",
            quoted(text.trim())
        ));
    }
    Ok(slot)
}

/// Checks that a slot's track and scene exist; returns the ClipSlot id.
pub fn clip_slot(live: &mut dyn LivePort, slot: Slot) -> Result<LiveId, ToolError> {
    let song = crate::tools::common::overview::song(live)?;
    let tracks = lom::count(live, song, "tracks")?;
    if slot.track >= tracks {
        return Err(ToolError::not_found(format!(
            "trackIndex {} does not exist (the Set has {tracks} tracks)",
            slot.track
        )));
    }
    let scenes = lom::count(live, song, "scenes")?;
    if slot.scene >= scenes {
        return Err(ToolError::not_found(format!(
            "sceneIndex {} does not exist (the Set has {scenes} scenes)",
            slot.scene
        )));
    }
    lom::resolve(live, &slot.path())
        .ok_or_else(|| ToolError::not_found(format!("slot {slot} does not exist")))
}

/// The clip in a slot (`live_set tracks {t} clip_slots {s} clip`), or `None` when
/// nothing resolves there; callers decide what a missing clip means.
pub fn slot_clip(live: &mut dyn LivePort, slot: Slot) -> Option<LiveId> {
    lom::resolve(live, &format!("{} clip", slot.path()))
}

/// Resolves a clip id argument: digits only, must exist, must be a Clip.
pub fn clip_by_id(live: &mut dyn LivePort, id: &str) -> Result<LiveId, ToolError> {
    let found = id
        .chars()
        .all(|c| c.is_ascii_digit())
        .then(|| id.parse::<u64>().ok())
        .flatten()
        .filter(|n| *n > 0)
        .and_then(|n| lom::resolve(live, &format!("id {n}")))
        .ok_or_else(|| ToolError::not_found(format!("clipId {} does not exist", quoted(id))))?;
    let kind = live.type_of(found)?;
    if kind != "Clip" {
        return Err(ToolError::new(
            ErrorCode::WrongType,
            format!("id {} is a {kind}, not a clip", quoted(id)),
        ));
    }
    Ok(found)
}

/// Where a clip lives, read from its canonical path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In a session slot.
    Session(Slot),
    /// On a track's arrangement timeline.
    Arrangement {
        /// Regular track index.
        track: usize,
    },
    /// Somewhere else (return tracks, unexpected paths).
    Other,
}

/// Reads a clip's place from its path.
pub fn place(live: &mut dyn LivePort, clip: LiveId) -> Result<Place, ToolError> {
    let path = live.path_of(clip)?;
    let parsed = LomPath::parse(&path).ok();
    let steps = parsed
        .as_ref()
        .and_then(LomPath::live_set_steps)
        .unwrap_or_default();
    Ok(match steps.as_slice() {
        [("tracks", Some(track)), ("clip_slots", Some(scene)), ("clip", None)] => {
            Place::Session(Slot {
                track: *track,
                scene: *scene,
            })
        }
        [("tracks", Some(track)), ("arrangement_clips", Some(_))] => {
            Place::Arrangement { track: *track }
        }
        _ => Place::Other,
    })
}

/// A clip id argument through the shared resolver (`refs`): `NOT_FOUND`,
/// `STALE_REFERENCE` naming the replacing clip after a move
/// (docs/design/tool-contract.md §2.4, §3.5), or `WRONG_TYPE`.
pub fn clip_in_call(call: &mut Call<'_>, id: &str) -> Result<LiveId, ToolError> {
    crate::tools::common::refs::by_id(call, id, crate::tools::common::refs::Kind::Clip)
        .map(|(clip, _)| clip)
}

/// What stands in an occupied slot, for a refusal that lets the next call be right:
/// `slot 0/0 already has clip "Beat A" (id 123)`.
pub fn occupied(live: &mut dyn LivePort, slot: Slot, clip_slot: LiveId) -> String {
    let clip = crate::tools::framework::lom::child_ids(live, clip_slot, "clip")
        .ok()
        .and_then(|c| c.first().copied());
    match clip {
        Some(c) => {
            let name = crate::tools::framework::lom::text(live, c, "name").unwrap_or_default();
            format!(
                "slot {slot} already has clip {} (id {c})",
                crate::tools::framework::error::quoted(&name)
            )
        }
        None => format!("slot {slot} already has a clip"),
    }
}

/// The fix for an occupied slot.
pub const OCCUPIED_HINT: &str =
    "Pick an empty slot (a scene index past the last clip), or change that clip by its id.";
