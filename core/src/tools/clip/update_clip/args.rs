//! The arguments and per-clip result of update-clip (docs/design/tool-rules.md §13), apart from the
//! tool so every step can read them without importing the tool.

use crate::tools::common::clip::clip_transforms::Seed;
use crate::tools::framework::coerce::{option_set, Choice, Flag, List, Num, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// `noteUpdateMode` options.
    pub enum NoteModes {
        Replace = "replace",
        Merge = "merge",
    }
}

option_set! {
    /// `warpMode` options, in the order of Live's `warp_mode` codes (5 is unused).
    pub enum WarpModes {
        Beats = "beats",
        Tones = "tones",
        Texture = "texture",
        Repitch = "repitch",
        Complex = "complex",
        Pro = "pro",
    }
}

option_set! {
    /// `quantizeGrid` options, in the order of Live's grid codes 1…8.
    pub enum Grids {
        Quarter = "1/4",
        Eighth = "1/8",
        EighthTriplet = "1/8T",
        EighthAndTriplet = "1/8+1/8T",
        Sixteenth = "1/16",
        SixteenthTriplet = "1/16T",
        SixteenthAndTriplet = "1/16+1/16T",
        ThirtySecond = "1/32",
    }
}

impl WarpModes {
    /// Live's `warp_mode` code (0 beats … 4 complex, 6 pro; 5 is unused).
    pub fn live_code(self) -> i64 {
        match self {
            WarpModes::Beats => 0,
            WarpModes::Tones => 1,
            WarpModes::Texture => 2,
            WarpModes::Repitch => 3,
            WarpModes::Complex => 4,
            WarpModes::Pro => 6,
        }
    }
}

impl Grids {
    /// Live's grid code for `quantize` (1 = 1/4 … 8 = 1/32).
    pub fn live_code(self) -> i64 {
        match self {
            Grids::Quarter => 1,
            Grids::Eighth => 2,
            Grids::EighthTriplet => 3,
            Grids::EighthAndTriplet => 4,
            Grids::Sixteenth => 5,
            Grids::SixteenthTriplet => 6,
            Grids::SixteenthAndTriplet => 7,
            Grids::ThirtySecond => 8,
        }
    }
}

/// Most split points one call takes.
pub const MAX_SPLIT_POINTS: usize = 32;

/// Arguments of update-clip.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateClipParams {
    /// Clip ids, comma-separated.
    pub ids: List,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
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
    /// Move to bar|beat.
    pub arrangement_start: Option<Text>,
    /// Timeline length, bars:beats.
    pub arrangement_length: Option<Text>,
    /// Move to slot "track/scene".
    pub to_slot: Option<List>,
    /// Split at bar|beat from clip start, comma-separated.
    pub split: Option<List>,
    /// Audio gain, dB.
    pub gain_db: Option<Num<-70, 24>>,
    /// Semitones.
    pub pitch_shift: Option<Num<-48, 48>>,
    /// Warp mode.
    pub warp_mode: Option<Choice<WarpModes>>,
    /// Warping.
    pub warping: Option<Flag>,
    /// bar|beat notes.
    pub notes: Option<Text>,
    /// Default merge.
    pub note_update_mode: Option<Choice<NoteModes>>,
    /// Strength 0–1, with quantizeGrid.
    pub quantize: Option<Num<0, 1>>,
    /// Grid.
    pub quantize_grid: Option<Choice<Grids>>,
    /// Only this pitch, e.g. "C3".
    pub quantize_pitch: Option<Text>,
    /// Rewrites all notes after notes merge (audio: gain, pitch); see transforms://reference.
    pub transforms: Option<Text>,
    /// Random seed (default drawn).
    pub seed: Option<Seed>,
}

/// One resulting clip.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatedClip {
    /// The clip's id (new after a move; one per segment or copy).
    pub id: String,
    /// Notes the clip holds after the update (when notes were given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note_count: Option<i64>,
    /// Notes the transforms matched (MIDI clips given transforms).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transformed: Option<i64>,
    /// The seed the transforms used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<i64>,
    /// The session slot after a toSlot move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
}
