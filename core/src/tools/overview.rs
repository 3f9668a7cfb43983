//! The Live Set overview shared by barline-connect (3.1), the `live://set` resource and
//! read-live-set with `include: []` (3.3).

use super::error::ToolError;
use super::format::num;
use super::lom;
use crate::live::{LiveId, LivePort};
use serde_json::{json, Map, Value};

/// Pitch-class names spelled with flats, as results show roots and scale pitches.
pub const PITCH_CLASSES: [&str; 12] = [
    "C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B",
];

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

/// Reads the overview object of tools.md 3.3 with `include: []`.
pub fn read(live: &mut dyn LivePort) -> Result<Value, ToolError> {
    let song = song(live)?;
    let mut o = Map::new();
    let name = lom::text(live, song, "name")?;
    if !name.is_empty() {
        o.insert("name".into(), json!(name));
    }
    o.insert("tempo".into(), num(lom::number(live, song, "tempo")?));
    let (n, d) = signature(live, song)?;
    o.insert("timeSignature".into(), json!(format!("{n}/{d}")));
    o.insert("sceneCount".into(), json!(live.get_count(song, "scenes")?));
    o.insert(
        "regularTrackCount".into(),
        json!(live.get_count(song, "tracks")?),
    );
    o.insert(
        "returnTrackCount".into(),
        json!(live.get_count(song, "return_tracks")?),
    );
    if lom::flag(live, song, "is_playing")? {
        o.insert("isPlaying".into(), json!(true));
    }
    if lom::flag(live, song, "scale_mode")? {
        let root = lom::int(live, song, "root_note")?.rem_euclid(12);
        let scale_name = lom::text(live, song, "scale_name")?;
        let intervals = lom::ints(live, song, "scale_intervals")?;
        o.insert(
            "scale".into(),
            json!(format!("{} {}", PITCH_CLASSES[root as usize], scale_name)),
        );
        let pitches: Vec<&str> = intervals
            .iter()
            .map(|i| PITCH_CLASSES[(root + i).rem_euclid(12) as usize])
            .collect();
        o.insert("scalePitches".into(), json!(pitches.join(",")));
    }
    Ok(Value::Object(o))
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
