//! The first step of barline-select (docs/design/tool-rules.md §19): every argument
//! checked and every object resolved before the first change, so a call that fails
//! selects nothing.

use crate::live::LiveId;
use crate::tools::common::clip::reference::{self, Place, Slot};
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::device::target::{self, Target};
use crate::tools::common::refs::{self, Kind, TrackList};
use crate::tools::common::track::reader::{self, Place as TrackPlace, TrackTypes};
use crate::tools::control::select::args::{SelectParams, Views};
use crate::tools::control::select::selection;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::Choice;
use crate::tools::framework::error::{bad, quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;

/// What the call selects, all resolved before any write.
#[derive(Default)]
pub(super) struct Plan {
    pub(super) track: Option<LiveId>,
    pub(super) scene: Option<LiveId>,
    pub(super) clip: Option<(LiveId, Place)>,
    pub(super) slot: Option<(Slot, LiveId)>,
    pub(super) device: Option<LiveId>,
    pub(super) view: Option<&'static str>,
}

/// The track, scene and slot arguments, as the id and the slot are checked against them.
struct Asked {
    track_type: Option<TrackTypes>,
    track_index: Option<u64>,
    scene_index: Option<u64>,
    slot: Option<Slot>,
}

pub(super) fn plan(call: &mut Call<'_>, p: &SelectParams) -> Result<Plan, ToolError> {
    let track_type = p.track_type.as_ref().map(Choice::get);
    let track_index = p.track_index.map(|i| i.get() as u64);
    let scene_index = p.scene_index.map(|i| i.get() as u64);
    check_track_type(track_type, track_index)?;
    let slot = p
        .slot
        .as_ref()
        .map(|s| reference::parse_slot(s.as_str(), &mut call.warnings))
        .transpose()?;
    let asked = Asked {
        track_type,
        track_index,
        scene_index,
        slot,
    };
    let device_path = p
        .device_path
        .as_ref()
        .map(|d| parse_device_path(d.as_str()).map(|path| (d.as_str(), path)))
        .transpose()?;
    let mut plan = Plan {
        view: p.view.as_ref().map(|v| match v.get() {
            Views::Session => "Session",
            Views::Arrangement => "Arranger",
        }),
        ..Default::default()
    };
    // The id first: its kind decides what it selects and what it must agree with.
    if let Some(id) = &p.id {
        plan_id(call, id.as_str(), &asked, device_path.is_some(), &mut plan)?;
    }
    if let Some((text, path)) = device_path {
        plan.device = Some(device_at(call, text, &path)?);
    }
    if plan.track.is_none() {
        plan.track = track_of(call, &asked)?;
    }
    if plan.scene.is_none() {
        if let Some(i) = scene_index {
            plan.scene = Some(refs::scene_by_index(call, i)?);
        }
    }
    if let Some(slot) = slot {
        plan.slot = Some((slot, clip_slot(call, slot, &asked)?));
    }
    Ok(plan)
}

/// The master track has no index; a return track needs one.
fn check_track_type(
    track_type: Option<TrackTypes>,
    track_index: Option<u64>,
) -> Result<(), ToolError> {
    if track_type == Some(TrackTypes::Master) && track_index.is_some() {
        return Err(bad(
            "trackIndex cannot be used with trackType \"master\" (the master track has no index)"
                .into(),
        ));
    }
    if track_type == Some(TrackTypes::Return) && track_index.is_none() {
        return Err(bad(
            "trackType \"return\" needs trackIndex (the return track's index)".into(),
        ));
    }
    Ok(())
}

/// What `id` selects, by its kind, once it agrees with the other arguments.
fn plan_id(
    call: &mut Call<'_>,
    id: &str,
    asked: &Asked,
    device_path: bool,
    plan: &mut Plan,
) -> Result<(), ToolError> {
    let found = refs::any_by_id(call, id)?;
    let class = call.live.type_of(found)?;
    match Kind::of_class(&class) {
        Some(Kind::Track) => {
            check_track_id(call, id, found, asked)?;
            plan.track = Some(found);
        }
        Some(Kind::Scene) => {
            check_scene_id(call, id, found, asked)?;
            plan.scene = Some(found);
        }
        Some(Kind::Clip) => {
            let place = checked_clip_place(call, id, found, asked)?;
            plan.clip = Some((found, place));
        }
        Some(Kind::Device) => {
            if device_path {
                return Err(bad("give a device id or devicePath, not both".into()));
            }
            plan.device = Some(found);
        }
        _ => {
            return Err(ToolError::new(
                ErrorCode::WrongType,
                format!(
                    "id {} is a {class}; select takes a track, scene, clip or device id",
                    quoted(id)
                ),
            ))
        }
    }
    Ok(())
}

/// A track id alone, or with the trackType (and index) of its own list.
fn check_track_id(
    call: &mut Call<'_>,
    id: &str,
    found: LiveId,
    asked: &Asked,
) -> Result<(), ToolError> {
    let (track_type, track_index) = (asked.track_type, asked.track_index);
    let place = reader::place(call.live, found)?;
    let alone = track_type.is_none() && track_index.is_none();
    let (kind_agrees, index) = match place {
        TrackPlace::Master => (alone || track_type == Some(TrackTypes::Master), None),
        TrackPlace::Return(i) => (
            alone || track_type == Some(TrackTypes::Return),
            Some(i as u64),
        ),
        TrackPlace::Regular(i) => (track_type.is_none(), Some(i as u64)),
    };
    let agrees = kind_agrees && track_index.is_none_or(|i| Some(i) == index);
    if !agrees {
        return Err(bad(format!(
            "id {} and trackIndex/trackType name different tracks: give one of them",
            quoted(id)
        )));
    }
    Ok(())
}

/// A scene id with no sceneIndex, or its own.
fn check_scene_id(
    call: &mut Call<'_>,
    id: &str,
    found: LiveId,
    asked: &Asked,
) -> Result<(), ToolError> {
    let index = selection::live_index(call.live, found, "scenes")?;
    if asked.scene_index.is_some_and(|s| s as i64 != index) {
        return Err(bad(format!(
            "id {} is scene {index}, not sceneIndex {}",
            quoted(id),
            asked.scene_index.unwrap_or(0)
        )));
    }
    Ok(())
}

/// Where a clip id sits, when no other argument names another place.
fn checked_clip_place(
    call: &mut Call<'_>,
    id: &str,
    found: LiveId,
    asked: &Asked,
) -> Result<Place, ToolError> {
    let place = reference::place(call.live, found)?;
    let (t, s) = match place {
        Place::Session(slot) => (Some(slot.track as u64), Some(slot.scene as u64)),
        Place::Arrangement { track } => (Some(track as u64), None),
        Place::Other => (None, None),
    };
    let disagrees = asked.track_type.is_some()
        || asked.track_index.is_some_and(|i| Some(i) != t)
        || asked.scene_index.is_some_and(|i| s.is_some_and(|s| s != i))
        || asked.slot.is_some();
    if disagrees {
        return Err(bad(format!(
            "id {} is a clip elsewhere than trackIndex/sceneIndex/slot say: give the clip id alone",
            quoted(id)
        )));
    }
    Ok(place)
}

/// The device at `path`; `text` is the path as given, for the errors.
fn device_at(call: &mut Call<'_>, text: &str, path: &DevicePath) -> Result<LiveId, ToolError> {
    let resolved = target::resolve(call.live, path).map_err(|e| {
        if e.code == ErrorCode::NotFound {
            ToolError::not_found(format!("no device at path {}", quoted(text)))
        } else {
            e
        }
    })?;
    match resolved {
        Target::Device(d) => Ok(d),
        _ => Err(ToolError::new(
            ErrorCode::WrongType,
            format!("devicePath {} names no device", quoted(text)),
        )),
    }
}

/// The track trackType and trackIndex name, if they name one.
fn track_of(call: &mut Call<'_>, asked: &Asked) -> Result<Option<LiveId>, ToolError> {
    Ok(match (asked.track_type, asked.track_index) {
        (Some(TrackTypes::Master), _) => Some(
            lom::resolve(call.live, "live_set master_track")
                .ok_or_else(|| ToolError::not_found("the master track does not resolve"))?,
        ),
        (Some(TrackTypes::Return), Some(i)) => {
            Some(refs::track_by_index(call, i, TrackList::Return)?)
        }
        (None, Some(i)) => Some(refs::track_by_index(call, i, TrackList::Regular)?),
        (Some(TrackTypes::Return) | None, None) => None,
    })
}

/// The clip slot `slot` names, once it agrees with trackIndex and sceneIndex.
fn clip_slot(call: &mut Call<'_>, slot: Slot, asked: &Asked) -> Result<LiveId, ToolError> {
    if asked.track_index.is_some_and(|t| t != slot.track as u64) && asked.track_type.is_none()
        || asked.scene_index.is_some_and(|s| s != slot.scene as u64)
    {
        return Err(bad(format!(
            "slot {slot} disagrees with trackIndex/sceneIndex: give one of them"
        )));
    }
    reference::clip_slot(call.live, slot)
}

/// A device path that must name a device: malformed text and a track-only path (`t0`)
/// are BAD_INPUT (docs/design/tool-contract.md §1.2).
fn parse_device_path(text: &str) -> Result<DevicePath, ToolError> {
    let path = DevicePath::parse(text)?;
    if path.segs.is_empty() {
        return Err(ToolError::bad_input(format!(
            "devicePath {} names a track; add the device segment, e.g. \"{path}/d0\"",
            quoted(text)
        )));
    }
    Ok(path)
}
