//! The Live Set overview shared by barline-connect (docs/design/tool-rules.md §1), the
//! `live://set` resource and read-live-set with `include: []`
//! (docs/design/tool-rules.md §3).

use super::error::ToolError;
use super::lom;
use crate::live::{LiveId, LivePort};
use serde_json::{json, Value};

/// Pitch-class names spelled with flats, as results show roots and scale pitches.
pub const PITCH_CLASSES: [&str; 12] = super::scale::FLATS;

/// The Song, or an error when Live has no Set (never expected, but never a panic).
pub fn song(live: &mut dyn LivePort) -> Result<LiveId, ToolError> {
    lom::resolve(live, "live_set")
        .ok_or_else(|| ToolError::new(super::ErrorCode::LiveRejected, "live_set did not resolve"))
}

/// The time signature of a Song or Clip as (numerator, denominator).
pub fn signature(live: &mut dyn LivePort, id: LiveId) -> Result<(i64, i64), ToolError> {
    Ok((
        lom::int(live, id, "signature_numerator")?,
        lom::int(live, id, "signature_denominator")?,
    ))
}

/// Reads the overview object of docs/design/tool-rules.md §3 with `include: []`
/// (read-live-set's own reader, so connect, `live://set` and read-live-set always agree).
pub fn read(live: &mut dyn LivePort) -> Result<Value, ToolError> {
    let set = super::read_live_set::base(live)?;
    serde_json::to_value(set)
        .map_err(|e| ToolError::new(super::ErrorCode::Internal, format!("overview: {e}")))
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
