//! The Live Set overview shared by barline-connect (3.1), the `live://set` resource and
//! read-live-set with `include: []` (3.3), and the Song reads the tools share.

use crate::live::{LiveId, LivePort};
use crate::tools::common::scale;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::Rounded;
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

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

/// The overview of docs/design/tool-rules.md §3 (`include: []`): Song properties and
/// counts only. barline-connect, the `live://set` resource and read-live-set all read it
/// with [`read`], so they always agree.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Overview {
    /// Set name, when not empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Tempo in BPM.
    pub tempo: Rounded,
    /// `"N/D"`.
    pub time_signature: String,
    /// Number of scenes.
    pub scene_count: usize,
    /// Number of regular tracks.
    pub regular_track_count: usize,
    /// Number of return tracks.
    pub return_track_count: usize,
    /// Present (true) while the transport plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_playing: Option<bool>,
    /// `"<Root> <Scale name>"`, root spelled with flats, when scale mode is on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<String>,
    /// Pitch classes of the scale in scale order, comma-separated, flats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale_pitches: Option<String>,
}

/// The overview (`include: []`): Song properties and counts only.
pub fn read(live: &mut dyn LivePort) -> Result<Overview, ToolError> {
    let song = song(live)?;
    let name = lom::text(live, song, "name")?;
    let (n, d) = signature(live, song)?;
    let mut out = Overview {
        name: (!name.is_empty()).then_some(name),
        tempo: Rounded(lom::number(live, song, "tempo")?),
        time_signature: format!("{n}/{d}"),
        scene_count: lom::count(live, song, "scenes")?,
        regular_track_count: lom::count(live, song, "tracks")?,
        return_track_count: lom::count(live, song, "return_tracks")?,
        is_playing: lom::flag(live, song, "is_playing")?.then_some(true),
        scale: None,
        scale_pitches: None,
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
