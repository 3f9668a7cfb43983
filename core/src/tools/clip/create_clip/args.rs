//! The arguments of barline-create-clip, shared by its steps.

use crate::tools::common::clip::clip_transforms::Seed;
use crate::tools::framework::coerce::{option_set, Choice, Flag, Index, List, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// The `auto` options.
    pub enum AutoPlay {
        PlayScene = "play-scene",
        PlayClip = "play-clip",
    }
}

/// Arguments of create-clip.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateClipParams {
    /// Slots "track/scene", comma-separated.
    pub slot: Option<List>,
    /// Track for arrangementStart.
    pub track_index: Option<Index>,
    /// bar|beat, comma-separated.
    pub arrangement_start: Option<List>,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// Colour (a doc line starting with `#` would become a title, so it is spelled out).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// "N/D" of notes and times.
    pub time_signature: Option<Text>,
    /// Region start, bar|beat.
    pub start: Option<Text>,
    /// bars:beats ("4:0"); a bare number is beats.
    pub length: Option<Text>,
    /// Loop.
    pub looping: Option<Flag>,
    /// First play position, bar|beat.
    pub first_start: Option<Text>,
    /// bar|beat, e.g. "t4 C3 E3 G3 1|1".
    pub notes: Option<Text>,
    /// Runs on the written notes, e.g. "velocity += rand(-8, 8)"; see transforms://reference.
    pub transforms: Option<Text>,
    /// Random seed (default drawn).
    pub seed: Option<Seed>,
    /// Absolute audio file path.
    pub sample_file: Option<Text>,
    /// Then fire the scene, or each clip.
    pub auto: Option<Choice<AutoPlay>>,
}
