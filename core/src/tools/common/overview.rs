//! The Live Set overview shared by barline-connect (3.1), the `live://set` resource and
//! read-live-set with `include: []` (3.3), and the result type read-live-set fills in.

use crate::live::{LiveId, LivePort};
use crate::tools::common::locators::Locator;
use crate::tools::common::scale;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::Rounded;
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{json, Value};

/// The Song, or an error when Live has no Set (never expected, but never a panic).
pub fn song(live: &mut dyn LivePort) -> Result<LiveId, ToolError> {
    lom::resolve(live, "live_set").ok_or_else(|| {
        ToolError::new(
            crate::tools::framework::error::ErrorCode::LiveRejected,
            "live_set did not resolve",
        )
    })
}

/// The time signature of a Song or Clip as (numerator, denominator).
pub fn signature(live: &mut dyn LivePort, id: LiveId) -> Result<(i64, i64), ToolError> {
    Ok((
        lom::int(live, id, "signature_numerator")?,
        lom::int(live, id, "signature_denominator")?,
    ))
}

/// Reads the overview object of docs/design/tool-rules.md §3 with `include: []` (read-live-set's
/// own reader, so connect, `live://set` and read-live-set always agree).
pub fn read(live: &mut dyn LivePort) -> Result<Value, ToolError> {
    let set = base(live)?;
    serde_json::to_value(set).map_err(|e| {
        ToolError::new(
            crate::tools::framework::error::ErrorCode::Internal,
            format!("overview: {e}"),
        )
    })
}

/// Output schema of the overview object.
pub fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "tempo": {"type": "number"},
            "timeSignature": {"type": "string"},
            "sceneCount": {"type": "integer"},
            "regularTrackCount": {"type": "integer"},
            "returnTrackCount": {"type": "integer"},
            "isPlaying": {"type": "boolean"},
            "scale": {"type": "string"},
            "scalePitches": {"type": "string"}
        },
        "required": ["tempo", "timeSignature"]
    })
}

/// [`schema`] for a result field typed `Value` (`#[schemars(schema_with = …)]`).
pub fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::Schema::try_from(schema()).unwrap_or_default()
}

/// What read-live-set returns (docs/design/tool-rules.md §3). Counts and lists exclude each other:
/// `sceneCount` without `scenes`, the track counts without `tracks`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveSet {
    /// Set name, when not empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Tempo in BPM.
    pub tempo: Rounded,
    /// `"N/D"`.
    pub time_signature: String,
    /// Number of scenes (without `include: ["scenes"]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene_count: Option<usize>,
    /// Every scene (with `include: ["scenes"]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "objects_schema")]
    pub scenes: Option<Vec<Value>>,
    /// Number of regular tracks (without `include: ["tracks"]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regular_track_count: Option<usize>,
    /// Number of return tracks (without `include: ["tracks"]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_track_count: Option<usize>,
    /// Present (true) while the transport plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_playing: Option<bool>,
    /// Every regular track (with `include: ["tracks"]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "objects_schema")]
    pub tracks: Option<Vec<Value>>,
    /// Every return track (with `include: ["tracks"]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "objects_schema")]
    pub return_tracks: Option<Vec<Value>>,
    /// The master track (with `include: ["tracks"]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "object_schema")]
    pub master_track: Option<Value>,
    /// `"<Root> <Scale name>"`, root spelled with flats, when scale mode is on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<String>,
    /// Pitch classes of the scale in scale order, comma-separated, flats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale_pitches: Option<String>,
    /// Arrangement locators in time order (with `include: ["locators"]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locators: Option<Vec<Locator>>,
}

/// The output schema of a list of objects described elsewhere (a clip list is read-clip's
/// shape): every client loads output schemas with `tools/list`, so nested lists stay
/// opaque there (docs/design/tool-contract.md §1.12).
pub fn objects_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "array", "items": {"type": "object"}})
}

fn object_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "object"})
}

/// The overview (`include: []`): Song properties and counts only.
pub fn base(live: &mut dyn LivePort) -> Result<LiveSet, ToolError> {
    let song = song(live)?;
    let name = lom::text(live, song, "name")?;
    let (n, d) = signature(live, song)?;
    let mut out = LiveSet {
        name: (!name.is_empty()).then_some(name),
        tempo: Rounded(lom::number(live, song, "tempo")?),
        time_signature: format!("{n}/{d}"),
        scene_count: Some(lom::count(live, song, "scenes")?),
        regular_track_count: Some(lom::count(live, song, "tracks")?),
        return_track_count: Some(lom::count(live, song, "return_tracks")?),
        is_playing: lom::flag(live, song, "is_playing")?.then_some(true),
        scenes: None,
        tracks: None,
        return_tracks: None,
        master_track: None,
        scale: None,
        scale_pitches: None,
        locators: None,
    };
    if lom::flag(live, song, "scale_mode")? {
        let root = lom::int(live, song, "root_note")?;
        let name = lom::text(live, song, "scale_name")?;
        let intervals = lom::ints(live, song, "scale_intervals")?;
        out.scale = Some(format!("{} {name}", scale::flat_root(root)));
        out.scale_pitches = Some(scale::pitches(root, &intervals));
    }
    Ok(out)
}
