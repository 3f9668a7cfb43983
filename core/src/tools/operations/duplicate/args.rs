//! The arguments and the result of barline-duplicate, shared by its steps.

use crate::tools::common::clip::location::ClipLocation;
use crate::tools::framework::coerce::{option_set, Choice, Flag, Id, Int, List, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// The `type` options.
    pub enum DuplicateKinds {
        Track = "track",
        Scene = "scene",
        Clip = "clip",
        Device = "device",
    }
}

/// Arguments of duplicate.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DuplicateParams {
    /// Id to copy.
    pub id: Id,
    /// Its kind.
    #[serde(rename = "type")]
    pub kind: Choice<DuplicateKinds>,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// Copies of a track or scene.
    pub count: Option<Int<1, 100>>,
    /// No clips.
    pub without_clips: Option<Flag>,
    /// No devices.
    pub without_devices: Option<Flag>,
    /// bar|beat, comma-separated.
    pub arrangement_start: Option<List>,
    /// Locator ids or names.
    pub locator: Option<List>,
    /// bars:beats each.
    pub arrangement_length: Option<Text>,
    /// Slots "track/scene", comma-separated.
    pub to_slot: Option<List>,
    /// Device paths, comma-separated.
    pub to_path: Option<List>,
    /// Empty MIDI track playing the source's instrument.
    pub route_to_source: Option<Flag>,
}

/// One copy (docs/design/tool-rules.md §18 "Results"): a track `{id, trackIndex, clips}`,
/// a scene `{id, sceneIndex, clips}`, a scene position `{arrangementStart, clips}`, a
/// clip `{id, slot}` or `{id, trackIndex, arrangementStart}`, or a lengthened clip
/// `{trackIndex, clips}`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct Duplicated {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clips: Option<Vec<CopiedClip>>,
}

/// A clip a duplicate made: where it is, and its name when an arrangement copy has one.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct CopiedClip {
    /// The copy's id and place.
    #[serde(flatten)]
    pub at: ClipLocation,
    /// The copy's name, when not empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl From<ClipLocation> for CopiedClip {
    fn from(at: ClipLocation) -> Self {
        CopiedClip { at, name: None }
    }
}
