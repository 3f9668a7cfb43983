//! The arguments and result of update-track, apart from the tool so its steps read
//! them without importing it.

use crate::tools::framework::coerce::{option_set, Choice, Flag, Index, List, Num, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// The `panningMode` options.
    pub enum PanningModes {
        Stereo = "stereo",
        Split = "split",
    }
}

option_set! {
    /// The `monitoringState` options.
    pub enum MonitoringStates {
        In = "in",
        Auto = "auto",
        Off = "off",
    }
}

/// Arguments of update-track.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateTrackParams {
    /// Track ids, comma-separated.
    pub ids: List,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// Colour (a doc line starting with `#` would become a title, so it is spelled out).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// Volume, dB.
    pub gain_db: Option<Num<-70, 6>>,
    /// -1 left to 1 right.
    pub pan: Option<Num<-1, 1>>,
    /// Pan mode.
    pub panning_mode: Option<Choice<PanningModes>>,
    /// Split mode, -1 to 1.
    pub left_pan: Option<Num<-1, 1>>,
    /// Split mode, -1 to 1.
    pub right_pan: Option<Num<-1, 1>>,
    /// Mute.
    pub mute: Option<Flag>,
    /// Solo.
    pub solo: Option<Flag>,
    /// Arm.
    pub arm: Option<Flag>,
    /// An inputId of availableInputRoutingTypes.
    pub input_routing_type_id: Option<Text>,
    /// An inputId of availableInputRoutingChannels.
    pub input_routing_channel_id: Option<Text>,
    /// An outputId of availableOutputRoutingTypes.
    pub output_routing_type_id: Option<Text>,
    /// An outputId of availableOutputRoutingChannels.
    pub output_routing_channel_id: Option<Text>,
    /// Armable tracks.
    pub monitoring_state: Option<Choice<MonitoringStates>>,
    /// Send level, dB, with sendReturn.
    pub send_gain_db: Option<Num<-70, 0>>,
    /// Return name or letter, e.g. "A".
    pub send_return: Option<Text>,
    /// Unsupported: Live cannot reorder tracks.
    pub move_to_index: Option<Index>,
}

/// One updated track.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UpdatedTrack {
    /// The track's id.
    pub id: String,
}
