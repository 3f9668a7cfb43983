//! The arguments of barline-select, shared by its steps.

use crate::tools::common::track::reader::TrackTypes;
use crate::tools::framework::coerce::{option_set, Choice, Id, Index, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// The `view` options.
    pub enum Views {
        Session = "session",
        Arrangement = "arrangement",
    }
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
