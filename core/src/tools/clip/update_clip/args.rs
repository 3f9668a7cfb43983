//! The arguments and per-clip result of update-clip (docs/design/tool-rules.md §13), apart from the
//! tool so every step can read them without importing the tool.

use crate::tools::common::clip::clip_transforms::Seed;
use crate::tools::framework::coerce::{Choice, Choices, Flag, List, Num, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `noteUpdateMode` options.
pub struct NoteModes;

impl Choices for NoteModes {
    const ALL: &'static [&'static str] = &["replace", "merge"];
}

/// `warpMode` options, in the order of Live's `warp_mode` codes (5 is unused).
pub struct WarpModes;

impl Choices for WarpModes {
    const ALL: &'static [&'static str] =
        &["beats", "tones", "texture", "repitch", "complex", "pro"];
}

/// `quantizeGrid` options, in the order of Live's grid codes 1…8.
pub struct Grids;

impl Choices for Grids {
    const ALL: &'static [&'static str] = &[
        "1/4",
        "1/8",
        "1/8T",
        "1/8+1/8T",
        "1/16",
        "1/16T",
        "1/16+1/16T",
        "1/32",
    ];
}

/// Most split points one call takes.
pub const MAX_SPLIT_POINTS: usize = 32;

/// Arguments of update-clip.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateClipParams {
    /// Clip ids, comma-separated.
    pub ids: List,
    /// New name; comma-separated names for several clips.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB; comma-separated colours cycle over the clips.")]
    pub color: Option<Text>,
    /// Clip signature "N/D"; also used to read this call's start, length, firstStart and notes.
    pub time_signature: Option<Text>,
    /// bar|beat where the clip region starts.
    pub start: Option<Text>,
    /// Region length, bars:beats (e.g. "4:0").
    pub length: Option<Text>,
    /// Loop the clip.
    pub looping: Option<Flag>,
    /// Looping clips: bar|beat where playback first starts.
    pub first_start: Option<Text>,
    /// Arrangement clips: move to this bar|beat (Set signature).
    pub arrangement_start: Option<Text>,
    /// Arrangement clips: length on the timeline, bars:beats (Set signature).
    pub arrangement_length: Option<Text>,
    /// Session clips: move to this slot "trackIndex/sceneIndex".
    pub to_slot: Option<List>,
    /// Arrangement clips: split points, comma-separated bar|beat from the clip start (at most 32; "1|1" is the start itself).
    pub split: Option<List>,
    /// Audio clips: gain in dB.
    pub gain_db: Option<Num<-70, 24>>,
    /// Audio clips: pitch shift in semitones (cents as decimals).
    pub pitch_shift: Option<Num<-48, 48>>,
    /// Audio clips: warp mode.
    pub warp_mode: Option<Choice<WarpModes>>,
    /// Audio clips: warping on or off.
    pub warping: Option<Flag>,
    /// MIDI clips: notes in bar|beat notation.
    pub notes: Option<Text>,
    /// How notes combine with the clip's notes (default merge).
    pub note_update_mode: Option<Choice<NoteModes>>,
    /// MIDI clips: quantise strength 0–1 (needs quantizeGrid).
    pub quantize: Option<Num<0, 1>>,
    /// Quantise grid.
    pub quantize_grid: Option<Choice<Grids>>,
    /// Quantise only notes of this pitch, e.g. "C3".
    pub quantize_pitch: Option<Text>,
    /// Transform expressions applied to MIDI notes or audio gain/pitch, e.g. "velocity += rand(-10, 10)".
    pub transforms: Option<Text>,
    /// Seed of the transforms' randomness (default: drawn by Barline; reported on each transformed clip).
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
