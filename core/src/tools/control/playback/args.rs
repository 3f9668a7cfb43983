//! The arguments of barline-playback, shared by its steps.

use crate::tools::framework::coerce::{option_set, Choice, Flag, Index, List, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// The `action` options.
    pub enum Actions {
        PlayArrangement = "play-arrangement",
        UpdateArrangement = "update-arrangement",
        PlayScene = "play-scene",
        PlaySessionClips = "play-session-clips",
        StopSessionClips = "stop-session-clips",
        StopAllSessionClips = "stop-all-session-clips",
        Stop = "stop",
    }
}

/// Arguments of playback.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaybackParams {
    /// What to do.
    pub action: Choice<Actions>,
    /// bar|beat.
    pub start_time: Option<Text>,
    /// Locator id or name.
    pub start_locator: Option<Text>,
    /// Loop.
    #[serde(rename = "loop")]
    pub looping: Option<Flag>,
    /// bar|beat.
    pub loop_start: Option<Text>,
    /// Locator id or name.
    pub loop_start_locator: Option<Text>,
    /// bar|beat.
    pub loop_end: Option<Text>,
    /// Locator id or name.
    pub loop_end_locator: Option<Text>,
    /// Clip ids, comma-separated.
    pub ids: Option<List>,
    /// Slots "track/scene", comma-separated.
    pub slots: Option<List>,
    /// Scene index.
    pub scene_index: Option<Index>,
}
