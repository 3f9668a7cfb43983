//! `barline-select` (docs/design/tool-rules.md §19): show the Session or Arrangement view
//! and select a track, scene, slot, clip or device; without arguments, report what is
//! selected. Every argument is checked (and every object resolved) before the first
//! change; what the call selected is read back from Live ([`selection`]).
//!
//! [`selection`]: crate::tools::control::select::selection

pub mod selection;

use crate::live::{Atom, LiveId};
use crate::tools::common::clip::reference::{self, Place, Slot};
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::device::target::{self, Target};
use crate::tools::common::host;
use crate::tools::common::refs::{self, Kind, TrackList};
use crate::tools::common::track::reader::{self, Place as TrackPlace, TrackTypes};
use crate::tools::control::select::selection::Selection;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Choice, Choices, Id, Index, Text};
use crate::tools::framework::error::{bad, quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-select`.
pub struct Select;

/// The `view` options.
pub struct Views;

impl Choices for Views {
    const ALL: &'static [&'static str] = &["session", "arrangement"];
}

/// Arguments of select.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectParams {
    /// Any id.
    pub id: Option<Id>,
    /// Track index.
    pub track_index: Option<Index>,
    /// Omit for regular tracks.
    pub track_type: Option<Choice<TrackTypes>>,
    /// Scene index.
    pub scene_index: Option<Index>,
    /// "track/scene".
    pub slot: Option<Text>,
    /// e.g. "t1/d0".
    pub device_path: Option<Text>,
    /// Main view.
    pub view: Option<Choice<Views>>,
}

impl Tool for Select {
    type Params = SelectParams;
    type Output = Selection;
    const META: ToolMeta = ToolMeta {
        small_removed: &[
            "trackType",
            "slot",
            "devicePath",
            "trackIndex",
            "sceneIndex",
        ],
        hints: Hints {
            read_only: false,
            destructive: false,
            idempotent: true,
        },
        ..ToolMeta::create(
            "barline-select",
            "Select",
            "Show and select in Live (\"show me\", \"go to\"); no arguments: the selection.",
        )
    };

    fn run(call: &mut Call<'_>, p: SelectParams) -> Result<Selection, ToolError> {
        run(call, &p)
    }
}

/// What the call selects, all resolved before any write.
#[derive(Default)]
struct Plan {
    track: Option<LiveId>,
    scene: Option<LiveId>,
    clip: Option<(LiveId, Place)>,
    slot: Option<(Slot, LiveId)>,
    device: Option<LiveId>,
    view: Option<&'static str>,
}

fn plan(call: &mut Call<'_>, p: &SelectParams) -> Result<Plan, ToolError> {
    let track_type = p.track_type.as_ref().map(Choice::as_str);
    let track_index = p.track_index.map(|i| i.get() as u64);
    let scene_index = p.scene_index.map(|i| i.get() as u64);
    if track_type == Some("master") && track_index.is_some() {
        return Err(bad(
            "trackIndex cannot be used with trackType \"master\" (the master track has no index)"
                .into(),
        ));
    }
    if track_type == Some("return") && track_index.is_none() {
        return Err(bad(
            "trackType \"return\" needs trackIndex (the return track's index)".into(),
        ));
    }
    let slot = p
        .slot
        .as_ref()
        .map(|s| reference::parse_slot(s.as_str(), &mut call.warnings))
        .transpose()?;
    let device_path = p
        .device_path
        .as_ref()
        .map(|d| parse_device_path(d.as_str()).map(|path| (d.as_str(), path)))
        .transpose()?;
    let mut plan = Plan {
        view: p.view.as_ref().map(|v| {
            if v.as_str() == "session" {
                "Session"
            } else {
                "Arranger"
            }
        }),
        ..Default::default()
    };
    // The id first: its kind decides what it selects and what it must agree with.
    if let Some(id) = &p.id {
        let found = refs::any_by_id(call, id.as_str())?;
        let class = call.live.type_of(found)?;
        match Kind::of_class(&class) {
            Some(Kind::Track) => {
                let place = reader::place(call.live, found)?;
                // The id alone, or with the trackType (and index) of its own list.
                let alone = track_type.is_none() && track_index.is_none();
                let (kind_agrees, index) = match place {
                    TrackPlace::Master => (alone || track_type == Some("master"), None),
                    TrackPlace::Return(i) => {
                        (alone || track_type == Some("return"), Some(i as u64))
                    }
                    TrackPlace::Regular(i) => (track_type.is_none(), Some(i as u64)),
                };
                let agrees = kind_agrees && track_index.is_none_or(|i| Some(i) == index);
                if !agrees {
                    return Err(bad(format!(
                        "id {} and trackIndex/trackType name different tracks: give one of them",
                        quoted(id.as_str())
                    )));
                }
                plan.track = Some(found);
            }
            Some(Kind::Scene) => {
                let index = selection::live_index(call.live, found, "scenes")?;
                if scene_index.is_some_and(|s| s as i64 != index) {
                    return Err(bad(format!(
                        "id {} is scene {index}, not sceneIndex {}",
                        quoted(id.as_str()),
                        scene_index.unwrap_or(0)
                    )));
                }
                plan.scene = Some(found);
            }
            Some(Kind::Clip) => {
                let place = reference::place(call.live, found)?;
                let (t, s) = match place {
                    Place::Session(slot) => (Some(slot.track as u64), Some(slot.scene as u64)),
                    Place::Arrangement { track } => (Some(track as u64), None),
                    Place::Other => (None, None),
                };
                let disagrees = track_type.is_some()
                    || track_index.is_some_and(|i| Some(i) != t)
                    || scene_index.is_some_and(|i| s.is_some_and(|s| s != i))
                    || slot.is_some();
                if disagrees {
                    return Err(bad(format!("id {} is a clip elsewhere than trackIndex/sceneIndex/slot say: give the clip id alone", quoted(id.as_str()))));
                }
                plan.clip = Some((found, place));
            }
            Some(Kind::Device) => {
                if device_path.is_some() {
                    return Err(bad("give a device id or devicePath, not both".into()));
                }
                plan.device = Some(found);
            }
            _ => {
                return Err(ToolError::new(
                    ErrorCode::WrongType,
                    format!(
                        "id {} is a {class}; select takes a track, scene, clip or device id",
                        quoted(id.as_str())
                    ),
                ))
            }
        }
    }
    if let Some((text, path)) = device_path {
        let resolved = target::resolve(call.live, &path).map_err(|e| {
            if e.code == ErrorCode::NotFound {
                ToolError::not_found(format!("no device at path {}", quoted(text)))
            } else {
                e
            }
        })?;
        let found = match resolved {
            Target::Device(d) => d,
            _ => {
                return Err(ToolError::new(
                    ErrorCode::WrongType,
                    format!("devicePath {} names no device", quoted(text)),
                ))
            }
        };
        plan.device = Some(found);
    }
    if plan.track.is_none() {
        plan.track = match (track_type, track_index) {
            (Some("master"), _) => Some(
                lom::resolve(call.live, "live_set master_track")
                    .ok_or_else(|| ToolError::not_found("the master track does not resolve"))?,
            ),
            (Some(_), Some(i)) => Some(refs::track_by_index(call, i, TrackList::Return)?),
            (None, Some(i)) => Some(refs::track_by_index(call, i, TrackList::Regular)?),
            _ => None,
        };
    }
    if plan.scene.is_none() {
        if let Some(i) = scene_index {
            plan.scene = Some(refs::scene_by_index(call, i)?);
        }
    }
    if let Some(slot) = slot {
        if track_index.is_some_and(|t| t != slot.track as u64) && track_type.is_none()
            || scene_index.is_some_and(|s| s != slot.scene as u64)
        {
            return Err(bad(format!(
                "slot {slot} disagrees with trackIndex/sceneIndex: give one of them"
            )));
        }
        let cs = reference::clip_slot(call.live, slot)?;
        plan.slot = Some((slot, cs));
    }
    Ok(plan)
}

fn obj(id: LiveId) -> [Atom; 2] {
    [Atom::from("id"), Atom::Int(id.0 as i64)]
}

fn run(call: &mut Call<'_>, p: &SelectParams) -> Result<Selection, ToolError> {
    let nothing = p.id.is_none()
        && p.track_index.is_none()
        && p.track_type.is_none()
        && p.scene_index.is_none()
        && p.slot.is_none()
        && p.device_path.is_none()
        && p.view.is_none();
    if nothing {
        return selection::read_state(call.live);
    }
    let mut plan = plan(call, p)?;
    let (app_view, song_view) = selection::views(call.live)?;
    // Which main view to show (docs/design/tool-rules.md §19 step 3, 4).
    let mut show = plan.view;
    if let Some((clip, place)) = plan.clip {
        let own = if matches!(place, Place::Arrangement { .. }) {
            "Arranger"
        } else {
            "Session"
        };
        if let Some(v) = plan.view.filter(|v| *v != own) {
            let (asked, kind) = if v == "Session" {
                ("session", "an arrangement")
            } else {
                ("arrangement", "a session")
            };
            call.warn(format!(
                "view \"{asked}\" ignored: clip {clip} is {kind} clip"
            ));
        }
        show = Some(own);
    } else if show.is_none() && (plan.scene.is_some() || plan.slot.is_some()) {
        show = Some("Session");
    }
    plan.view = show;
    let live = &mut *call.live;
    if let Some(v) = show {
        live.call(app_view, "show_view", &[Atom::from(v)])?;
    }
    let mut out = Selection::default();
    if let Some(t) = plan.track {
        live.set(song_view, "selected_track", &obj(t))?;
    }
    if let Some(s) = plan.scene {
        live.set(song_view, "selected_scene", &obj(s))?;
        out.selected_scene = Some(selection::scene_info(live, s)?);
    }
    let mut shown_clip = None;
    if let Some((clip, place)) = plan.clip {
        if let Place::Session(slot) = place {
            let cs = reference::clip_slot(live, slot)?;
            live.set(song_view, "highlighted_clip_slot", &obj(cs))?;
        }
        live.set(song_view, "detail_clip", &obj(clip))?;
        shown_clip = Some(clip);
    }
    if let Some((slot, cs)) = plan.slot {
        live.set(song_view, "highlighted_clip_slot", &obj(cs))?;
        if let Some(clip) = reference::slot_clip(live, slot) {
            live.set(song_view, "detail_clip", &obj(clip))?;
            shown_clip = Some(clip);
        }
    }
    if let Some(d) = plan.device {
        live.call(song_view, "select_device", &obj(d))?;
        out.selected_device = Some(selection::device_info(live, d)?);
    }
    // Detail area and Browser (docs/design/tool-rules.md §19 step 5).
    if shown_clip.is_some() {
        live.call(app_view, "focus_view", &[Atom::from("Detail/Clip")])?;
    } else if plan.device.is_some() {
        live.call(app_view, "focus_view", &[Atom::from("Detail/DeviceChain")])?;
    }
    let selected_something = plan.track.is_some()
        || plan.scene.is_some()
        || plan.clip.is_some()
        || plan.slot.is_some()
        || plan.device.is_some();
    if selected_something {
        live.call(app_view, "hide_view", &[Atom::from("Browser")])?;
    } else {
        live.call(app_view, "hide_view", &[Atom::from("Detail")])?;
    }
    // Report what the call selected, read back from Live.
    out.view = Some(selection::view_name(live, app_view)?);
    if plan.track.is_some() || plan.slot.is_some() || plan.clip.is_some() || plan.device.is_some() {
        if let Some(t) = host::child(live, song_view, "selected_track") {
            out.selected_track = Some(selection::track_info(live, t)?);
        }
    }
    if let Some(clip) = shown_clip {
        out.selected_clip = Some(selection::clip_info(live, clip)?);
    }
    for id in [
        out.selected_track.as_ref().map(|t| t.id.clone()),
        out.selected_scene.as_ref().map(|s| s.id.clone()),
        out.selected_clip.as_ref().map(|c| c.id.clone()),
        out.selected_device.as_ref().map(|d| d.id.clone()),
    ]
    .into_iter()
    .flatten()
    {
        call.ids().issue(&id);
    }
    Ok(out)
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
