//! `barline-read-live-set` (docs/design/tool-rules.md §3): the Song's tempo, signature,
//! scale and playing state with a track/scene overview; `include` adds full track and
//! scene lists and the arrangement locators. With `include: []` it is exactly the
//! overview that `barline-connect` and the `live://set` resource show ([`base`]).

use crate::live::LiveId;
use crate::tools::common::locators::Locator;
use crate::tools::common::locators::{self};
use crate::tools::common::overview::{self, Overview};
use crate::tools::common::scene::reader::{self as scene_reader, SceneInfo};
use crate::tools::common::session_grid::SessionGrid;
use crate::tools::common::track::info::TrackInfo;
use crate::tools::common::track::reader as track_reader;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{Choices, Include};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::format::{grouped, Rounded, TEXT_CAP};
use crate::tools::framework::lom;
use crate::tools::framework::result_fields::Nested;
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    /// Extra detail; * = all; routings, mixer, color go to each listed track/scene.
    #[serde(default)]
    pub include: Include<SetDetail>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenes: Option<Vec<Nested<SceneInfo>>>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracks: Option<Vec<Nested<TrackInfo>>>,
    /// Every return track (with `include: ["tracks"]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_tracks: Option<Vec<Nested<TrackInfo>>>,
    /// The master track (with `include: ["tracks"]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub master_track: Option<Nested<TrackInfo>>,
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

impl From<Overview> for LiveSet {
    /// read-live-set's result with nothing included: the overview as it stands.
    fn from(o: Overview) -> LiveSet {
        let Overview {
            name,
            tempo,
            time_signature,
            scene_count,
            regular_track_count,
            return_track_count,
            is_playing,
            scale,
            scale_pitches,
        } = o;
        LiveSet {
            name,
            tempo,
            time_signature,
            scene_count: Some(scene_count),
            scenes: None,
            regular_track_count: Some(regular_track_count),
            return_track_count: Some(return_track_count),
            is_playing,
            tracks: None,
            return_tracks: None,
            master_track: None,
            scale,
            scale_pitches,
            locators: None,
        }
    }
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
            "Read the Set: tempo, signature, scale, track/scene counts; more with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadLiveSetParams) -> Result<LiveSet, ToolError> {
        let song = overview::song(call.live)?;
        let mut out = LiveSet::from(overview::read(call.live)?);
        let include = &p.include;
        let nested: Vec<&'static str> = ["routings", "mixer", "color"]
            .into_iter()
            .filter(|o| include.has(o))
            .collect();
        let (with_tracks, with_scenes) = (include.has("tracks"), include.has("scenes"));
        if with_tracks || with_scenes {
            let tracks = lom::child_ids(call.live, song, "tracks")?;
            let scenes = lom::child_ids(call.live, song, "scenes")?;
            let returns = lom::child_ids(call.live, song, "return_tracks")?;
            let listed = (with_tracks as usize) * (tracks.len() + returns.len() + 1);
            ensure_fits(listed, (with_scenes as usize) * scenes.len())?;
            let grid = SessionGrid::probe(call, tracks.len(), &scenes)?;
            if with_scenes {
                out.scene_count = None;
                out.scenes = Some(nested_scenes(call, &scenes, &grid, &nested)?);
            }
            if with_tracks {
                out.regular_track_count = None;
                out.return_track_count = None;
                let mut shared = track_reader::Shared::gather(call.live, &nested)?;
                shared.grid = Some(&grid);
                out.tracks = Some(nested_tracks(call, &tracks, &nested, &shared)?);
                out.return_tracks = Some(nested_tracks(call, &returns, &nested, &shared)?);
                let master = lom::child_ids(call.live, song, "master_track")?;
                out.master_track = nested_tracks(call, &master, &nested, &shared)?.pop();
            }
        }
        if include.has("locators") {
            let sig = overview::signature(call.live, song)?;
            out.locators = Some(locators::shown(&locators::list(call.live, song)?, sig));
        }
        Ok(out)
    }
}

// --- Nested reads --------------------------------------------------------------------
// Nested reads (docs/design/tool-contract.md §1.7): read-track and read-scene themselves,
// given only the options they understand (`routings`, `mixer`, `color`; never `*`).
// Return-track names are read once and shared by every nested mixer read.

fn nested_tracks(
    call: &mut Call<'_>,
    ids: &[LiveId],
    include: &[&'static str],
    shared: &track_reader::Shared<'_>,
) -> Result<Vec<Nested<TrackInfo>>, ToolError> {
    let options = track_reader::options(include);
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let info = track_reader::summary_in(call, *id, &options, shared)?;
        out.push(Nested(info));
    }
    Ok(out)
}

fn nested_scenes(
    call: &mut Call<'_>,
    ids: &[LiveId],
    grid: &SessionGrid,
    include: &[&'static str],
) -> Result<Vec<Nested<SceneInfo>>, ToolError> {
    let mut out = Vec::with_capacity(ids.len());
    for (index, id) in ids.iter().enumerate() {
        let info = scene_reader::summary(call, *id, index, grid.scene(index), include)?;
        out.push(Nested(info));
    }
    Ok(out)
}

/// The fewest characters one nested track and one nested scene take in the compact
/// text (an entry with a one-character id and name and nothing optional; a test keeps
/// these honest).
pub const MIN_TRACK_CHARS: usize = 80;
/// See [`MIN_TRACK_CHARS`].
pub const MIN_SCENE_CHARS: usize = 40;

/// Answers `TOO_LARGE` before any slot is probed when the lists alone could not fit the
/// text cap: the cheap check that keeps a huge Set from costing a grid probe whose
/// result would be refused anyway.
fn ensure_fits(tracks: usize, scenes: usize) -> Result<(), ToolError> {
    let least = tracks
        .saturating_mul(MIN_TRACK_CHARS)
        .saturating_add(scenes.saturating_mul(MIN_SCENE_CHARS));
    if least <= TEXT_CAP {
        return Ok(());
    }
    Err(ToolError::new(
        ErrorCode::TooLarge,
        format!(
            "{tracks} tracks and {scenes} scenes take at least {} characters (limit {})",
            grouped(least),
            grouped(TEXT_CAP)
        ),
    )
    .with_hint(ReadLiveSet::META.too_large_hint))
}
