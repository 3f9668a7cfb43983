//! What barline-select reports (docs/design/tool-rules.md §19): the view, track, scene,
//! clip and device as Live has them selected, read back after the call's changes (or
//! alone, for a call without arguments), so the answer is Live's view of the selection,
//! not the request's.

use crate::live::path::LomPath;
use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::location::ClipLocation;
use crate::tools::common::clip::reference::{self, Place};
use crate::tools::common::device::target;
use crate::tools::common::track::reader::{self, Place as TrackPlace};
use crate::tools::common::{host, overview, time};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

/// A track in the result.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectedTrack {
    /// Track id.
    pub id: String,
    /// midi, audio, return or master.
    #[serde(rename = "type")]
    pub kind: String,
    /// Index among regular tracks, or among return tracks for a return track.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
}

/// A scene in the result.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct SelectedScene {
    pub id: String,
    pub scene_index: i64,
}

/// A device in the result.
#[derive(Debug, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct SelectedDevice {
    pub id: String,
    pub path: String,
}

/// What select returns: only the parts present (docs/design/tool-rules.md §19).
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct Selection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected_track: Option<SelectedTrack>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected_scene: Option<SelectedScene>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected_clip: Option<ClipLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected_device: Option<SelectedDevice>,
}

/// The application view and the Song view, which show and select things.
pub(super) fn views(live: &mut dyn LivePort) -> Result<(LiveId, LiveId), ToolError> {
    let app_view = lom::resolve(live, "live_app view")
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, "live_app view does not resolve"))?;
    let song_view = lom::resolve(live, "live_set view")
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, "live_set view does not resolve"))?;
    Ok((app_view, song_view))
}

/// The index after `list` in an object's path (`live_set scenes 3` → 3).
pub(super) fn live_index(
    live: &mut dyn LivePort,
    id: LiveId,
    list: &str,
) -> Result<i64, ToolError> {
    let path = live.path_of(id)?;
    Ok(LomPath::parse(&path)
        .ok()
        .and_then(|p| p.first_index(list))
        .map_or(-1, |i| i as i64))
}

pub(super) fn view_name(live: &mut dyn LivePort, app_view: LiveId) -> Result<String, ToolError> {
    let v = lom::text(live, app_view, "focused_document_view")?;
    Ok(if v == "Arranger" {
        "arrangement"
    } else {
        "session"
    }
    .to_string())
}

/// The read-only form: view, selected track, scene, detail clip and the selected
/// track's selected device.
pub(super) fn read_state(live: &mut dyn LivePort) -> Result<Selection, ToolError> {
    let (app_view, song_view) = views(live)?;
    let mut out = Selection {
        view: Some(view_name(live, app_view)?),
        ..Default::default()
    };
    if let Some(t) = host::child(live, song_view, "selected_track") {
        out.selected_track = Some(track_info(live, t)?);
        if let Some(tv) = host::child(live, t, "view") {
            if let Some(d) = host::child(live, tv, "selected_device") {
                out.selected_device = Some(device_info(live, d)?);
            }
        }
    }
    if let Some(s) = host::child(live, song_view, "selected_scene") {
        out.selected_scene = Some(scene_info(live, s)?);
    }
    if let Some(c) = host::child(live, song_view, "detail_clip") {
        out.selected_clip = Some(clip_info(live, c)?);
    }
    Ok(out)
}

pub(super) fn track_info(live: &mut dyn LivePort, t: LiveId) -> Result<SelectedTrack, ToolError> {
    let place = reader::place(live, t)?;
    let (kind, index) = match place {
        TrackPlace::Return(i) => ("return", Some(i)),
        TrackPlace::Master => ("master", None),
        TrackPlace::Regular(i) if lom::flag(live, t, "has_midi_input")? => ("midi", Some(i)),
        TrackPlace::Regular(i) => ("audio", Some(i)),
    };
    Ok(SelectedTrack {
        id: t.to_string(),
        kind: kind.into(),
        track_index: index.map(|i| i as i64),
    })
}

pub(super) fn scene_info(live: &mut dyn LivePort, s: LiveId) -> Result<SelectedScene, ToolError> {
    Ok(SelectedScene {
        id: s.to_string(),
        scene_index: live_index(live, s, "scenes")?,
    })
}

pub(super) fn clip_info(live: &mut dyn LivePort, c: LiveId) -> Result<ClipLocation, ToolError> {
    let mut o = ClipLocation {
        id: c.to_string(),
        ..Default::default()
    };
    match reference::place(live, c)? {
        Place::Session(slot) => o.slot = Some(slot.to_string()),
        Place::Arrangement { track } => {
            let song = overview::song(live)?;
            let (n, d) = overview::signature(live, song)?;
            o.track_index = Some(track as i64);
            o.arrangement_start = Some(time::position(lom::number(live, c, "start_time")?, n, d));
        }
        Place::Other => {}
    }
    Ok(o)
}

pub(super) fn device_info(live: &mut dyn LivePort, d: LiveId) -> Result<SelectedDevice, ToolError> {
    let path = match target::path_of(live, d)? {
        Some(p) => p,
        None => live.path_of(d)?,
    };
    Ok(SelectedDevice {
        id: d.to_string(),
        path,
    })
}
