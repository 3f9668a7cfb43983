//! Where a clip is, as results name it (select's `selectedClip`, create-clip's and
//! duplicate's clips): a session slot, or a track and a position on the timeline.

use crate::live::LiveId;
use crate::tools::common::clip::reference::Slot;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A clip in a result: `{id, slot}`, or `{id, trackIndex, arrangementStart}`. Results
/// that say more of the clip flatten this into their own struct.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct ClipLocation {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_start: Option<String>,
}

impl ClipLocation {
    /// A clip in a session slot: `{id, slot}`.
    pub fn in_slot(id: LiveId, slot: Slot) -> Self {
        ClipLocation {
            id: id.to_string(),
            slot: Some(slot.to_string()),
            ..Default::default()
        }
    }

    /// An arrangement clip at `start` (bar|beat): `{id, arrangementStart}`.
    pub fn at(id: LiveId, start: String) -> Self {
        ClipLocation {
            id: id.to_string(),
            arrangement_start: Some(start),
            ..Default::default()
        }
    }
}
