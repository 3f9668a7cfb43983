//! What read-track returns (docs/design/tool-rules.md §5): [`TrackInfo`] with the track's
//! kind, its monitoring and its clip lists, in the documented field order. Clips reuse
//! read-clip's result with the fields a track list leaves out, so the two tools cannot
//! drift.

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::reader::{self as clip_reader, ClipFacts, ClipInfo};
use crate::tools::common::track::devices::{DeviceSummary, DrumMap};
use crate::tools::common::track::mixer;
use crate::tools::common::track::routing::{Input, Output};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::{Nullable, Rounded};
use crate::tools::framework::result_fields::Nested;
use schemars::JsonSchema;
use serde::Serialize;

/// The kind of track (variants undocumented: see `clip_reader::ClipType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum TrackType {
    #[default]
    Midi,
    Audio,
    Return,
    Master,
}

/// Monitoring of an armable track (variants undocumented, see [`TrackType`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Monitoring {
    In,
    Auto,
    Off,
}

impl Monitoring {
    /// The `current_monitoring_state` value (0 in, 1 auto, 2 off).
    pub fn live_value(self) -> i64 {
        match self {
            Monitoring::In => 0,
            Monitoring::Auto => 1,
            Monitoring::Off => 2,
        }
    }

    /// The monitoring of a `current_monitoring_state` value; `None` for a value Live
    /// does not document.
    pub fn from_live(v: i64) -> Option<Monitoring> {
        match v {
            0 => Some(Monitoring::In),
            1 => Some(Monitoring::Auto),
            2 => Some(Monitoring::Off),
            _ => None,
        }
    }
}

/// A clip in a track's lists: read-clip's result without `type` and `view` (and without
/// `trackIndex` for arrangement clips), in read-clip's order.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct ClipSummary {
    pub id: Nullable<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<Nullable<String>>,
    #[serde(flatten)]
    pub facts: ClipFacts,
}

impl ClipSummary {
    /// read-clip's summaries of `clips` with `include`; arrangement clips leave out
    /// `trackIndex` (the track is the one listing them).
    pub fn read_all(
        live: &mut dyn LivePort,
        clips: &[LiveId],
        include: &[&str],
        arrangement: bool,
        warnings: &mut Vec<String>,
    ) -> Result<Vec<Nested<ClipSummary>>, ToolError> {
        let mut list = Vec::with_capacity(clips.len());
        for clip in clips {
            let info = clip_reader::summary(live, *clip, include, warnings)?;
            let mut summary = ClipSummary::from(info);
            if arrangement {
                summary.facts.track_index = None;
            }
            list.push(Nested(summary));
        }
        Ok(list)
    }
}

impl From<ClipInfo> for ClipSummary {
    fn from(info: ClipInfo) -> ClipSummary {
        ClipSummary {
            id: info.id,
            name: info.name,
            facts: info.facts,
        }
    }
}

/// What read-track returns (docs/design/tool-rules.md §5), fields in the documented
/// order.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct TrackInfo {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: TrackType,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_armed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_group: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_group_member: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instrument: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_db: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub panning_mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pan: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_pan: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_pan: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sends: Option<Vec<mixer::Send>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_clips: Option<Vec<Nested<ClipSummary>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_clip_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_clips: Option<Vec<Nested<ClipSummary>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_clip_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub devices: Option<Vec<DeviceSummary>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drum_map: Option<DrumMap>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playing_slot_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fired_slot_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_routing_type: Option<Nullable<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_routing_channel: Option<Nullable<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_routing_type: Option<Nullable<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_routing_channel: Option<Nullable<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monitoring_state: Option<Monitoring>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_input_routing_types: Option<Vec<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_input_routing_channels: Option<Vec<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_output_routing_types: Option<Vec<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_output_routing_channels: Option<Vec<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_barline_device: Option<bool>,
}
