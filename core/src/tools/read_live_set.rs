//! `barline-read-live-set` (tools.md 3.3): the Song's tempo, signature, scale and
//! playing state with a track/scene overview; `include` adds full track and scene
//! lists and the arrangement locators. With `include: []` it is exactly the overview
//! that `barline-connect` and the `live://set` resource show ([`base`]).

use super::call::Call;
use super::coerce::{Choices, Include};
use super::error::ToolError;
use super::format::Rounded;
use super::locators::{self, Locator};
use super::tool::{Tool, ToolMeta};
use super::{lom, overview, scale};
use crate::live::{Atom, LiveId, LivePort};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// `barline-read-live-set`.
pub struct ReadLiveSet;

/// The `include` options of read-live-set.
pub struct SetDetail;

impl Choices for SetDetail {
    const ALL: &'static [&'static str] = &[
        "tracks", "scenes", "routings", "mixer", "color", "locators", "*",
    ];
}

/// Arguments of read-live-set.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadLiveSetParams {
    /// Extra detail: tracks and scenes (full lists instead of counts), routings, mixer and color (passed to each track and scene), locators, or * for all.
    #[serde(default)]
    pub include: Include<SetDetail>,
}

/// What read-live-set returns (tools.md 3.3). Counts and lists exclude each other:
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

fn objects_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "array", "items": {"type": "object"}})
}

fn object_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "object"})
}

impl Tool for ReadLiveSet {
    type Params = ReadLiveSetParams;
    type Output = LiveSet;
    const META: ToolMeta = ToolMeta {
        small_removed_values: &[("include", &["locators", "*"])],
        too_large_hint: "Ask for fewer include options; the track and scene lists are the largest.",
        ..ToolMeta::read(
            "barline-read-live-set",
            "Read Live Set",
            "Read the Live Set: tempo, time signature, scale and a track/scene overview. Add detail with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadLiveSetParams) -> Result<LiveSet, ToolError> {
        let song = overview::song(call.live)?;
        let mut out = base(call.live)?;
        let include = &p.include;
        let nested: Vec<&'static str> = ["routings", "mixer", "color"]
            .into_iter()
            .filter(|o| include.has(o))
            .collect();
        if include.has("scenes") {
            out.scene_count = None;
            out.scenes = Some(nested_scenes(call, song, &nested)?);
        }
        if include.has("tracks") {
            out.regular_track_count = None;
            out.return_track_count = None;
            out.tracks = Some(nested_tracks(call, song, "tracks", &nested)?);
            out.return_tracks = Some(nested_tracks(call, song, "return_tracks", &nested)?);
            let master = child(call.live, song, "master_track")?;
            out.master_track = Some(nested_track(call, master, None, &nested)?);
        }
        if include.has("locators") {
            let sig = overview::signature(call.live, song)?;
            out.locators = Some(locators::shown(&locators::list(call.live, song)?, sig));
        }
        Ok(out)
    }
}

/// The overview (`include: []`): Song properties and counts only.
pub fn base(live: &mut dyn LivePort) -> Result<LiveSet, ToolError> {
    let song = overview::song(live)?;
    let name = lom::text(live, song, "name")?;
    let (n, d) = overview::signature(live, song)?;
    let mut out = LiveSet {
        name: (!name.is_empty()).then_some(name),
        tempo: Rounded(lom::number(live, song, "tempo")?),
        time_signature: format!("{n}/{d}"),
        scene_count: Some(live.get_count(song, "scenes")?),
        regular_track_count: Some(live.get_count(song, "tracks")?),
        return_track_count: Some(live.get_count(song, "return_tracks")?),
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

/// The ids of a list child (`["id", 3, "id", 4]`).
fn children(live: &mut dyn LivePort, id: LiveId, list: &str) -> Result<Vec<LiveId>, ToolError> {
    let atoms = live.get(id, list)?;
    Ok(atoms
        .chunks(2)
        .filter_map(|pair| match pair {
            [Atom::Symbol(tag), n] if tag == "id" => n.as_i64().filter(|n| *n > 0),
            _ => None,
        })
        .map(|n| LiveId(n as u64))
        .collect())
}

fn child(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Result<LiveId, ToolError> {
    Ok(children(live, id, prop)?
        .into_iter()
        .next()
        .unwrap_or(LiveId::NONE))
}

// --- Nested reads --------------------------------------------------------------------
// PLACEHOLDER for the merge: read-track (3.5) and read-scene (3.8) were not on main when
// this tool was written. These minimal items (id, name, index) stand in for
// `read_track::summary` / `read_scene::summary`; swap them for the real readers, which
// take the `routings`, `mixer` and `color` options passed here as `_include`.

fn nested_tracks(
    call: &mut Call<'_>,
    song: LiveId,
    list: &str,
    include: &[&'static str],
) -> Result<Vec<Value>, ToolError> {
    let ids = children(call.live, song, list)?;
    let mut out = Vec::with_capacity(ids.len());
    for (i, id) in ids.into_iter().enumerate() {
        let key = if list == "tracks" {
            "trackIndex"
        } else {
            "returnTrackIndex"
        };
        out.push(nested_track(call, id, Some((key, i)), include)?);
    }
    Ok(out)
}

fn nested_track(
    call: &mut Call<'_>,
    id: LiveId,
    index: Option<(&str, usize)>,
    _include: &[&'static str],
) -> Result<Value, ToolError> {
    let mut o = Map::new();
    o.insert("id".into(), json!(id.to_string()));
    o.insert("name".into(), json!(lom::text(call.live, id, "name")?));
    if let Some((key, i)) = index {
        o.insert(key.into(), json!(i));
    }
    call.ids().issue(&id.to_string());
    Ok(Value::Object(o))
}

fn nested_scenes(
    call: &mut Call<'_>,
    song: LiveId,
    _include: &[&'static str],
) -> Result<Vec<Value>, ToolError> {
    let ids = children(call.live, song, "scenes")?;
    let mut out = Vec::with_capacity(ids.len());
    for (i, id) in ids.into_iter().enumerate() {
        out.push(json!({
            "id": id.to_string(),
            "name": lom::text(call.live, id, "name")?,
            "sceneIndex": i,
        }));
        call.ids().issue(&id.to_string());
    }
    Ok(out)
}
