//! Reading a track as read-track reports it (docs/design/tool-rules.md §5): kind, group, instrument,
//! mixer, clips, devices, drum map, state and routing. The read-track tool, the nested
//! track lists of read-live-set (with the include list filtered by [`options`], never
//! `"*"`) and the `live://track/{index}` resource all read through [`summary`].

use crate::live::path::LomPath;
use crate::live::{LiveId, LivePort};
use crate::tools::common::refs::{self, TrackList};
use crate::tools::common::session_grid::{self, SessionGrid, SlotClip};
use crate::tools::common::track::gather::{mixer_fields, Facts, Gathered};
use crate::tools::common::track::info::TrackInfo;
use crate::tools::common::track::{devices, mixer, routing_fields};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{option_set, Choices};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use serde_json::Value;

/// The `include` options of read-track.
pub struct TrackDetail;

impl Choices for TrackDetail {
    const ALL: &'static [&'static str] = &[
        "session-clips",
        "arrangement-clips",
        "notes",
        "timing",
        "sample",
        "devices",
        "drum-map",
        "routings",
        "available-routings",
        "mixer",
        "color",
        "*",
    ];
}

option_set! {
    /// The `trackType` options.
    pub enum TrackTypes {
        Return = "return",
        Master = "master",
    }
}

/// The master track.
pub fn master(live: &mut dyn LivePort) -> Result<LiveId, ToolError> {
    lom::resolve(live, "live_set master_track")
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, "the master track does not resolve"))
}

/// Where a track sits (docs/design/tool-contract.md §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// `live_set tracks N`.
    Regular(usize),
    /// `live_set return_tracks N`.
    Return(usize),
    /// `live_set master_track`.
    Master,
}

impl Place {
    /// The first segment of device paths on this track (`t0`, `rt1`, `mt`).
    pub fn path_segment(self) -> String {
        match self {
            Place::Regular(i) => format!("t{i}"),
            Place::Return(i) => format!("rt{i}"),
            Place::Master => "mt".to_string(),
        }
    }
}

/// Where a track sits, from its canonical path.
pub fn place(live: &mut dyn LivePort, track: LiveId) -> Result<Place, ToolError> {
    let path = live.path_of(track)?;
    place_of_path(track, &path)
}

fn place_of_path(track: LiveId, path: &str) -> Result<Place, ToolError> {
    let parsed = LomPath::parse(path).ok();
    let steps = parsed
        .as_ref()
        .and_then(LomPath::live_set_steps)
        .unwrap_or_default();
    match steps.as_slice() {
        [("tracks", Some(n))] => Some(Place::Regular(*n)),
        [("return_tracks", Some(n))] => Some(Place::Return(*n)),
        [("master_track", None)] => Some(Place::Master),
        _ => None,
    }
    .ok_or_else(|| {
        ToolError::new(
            ErrorCode::Internal,
            format!("track {track} has the unexpected path \"{path}\""),
        )
    })
}

/// What a Set-wide read looks up once and hands to every nested track read, so the
/// cost of reading N tracks does not repeat Set-wide lookups N times.
#[derive(Debug, Default)]
pub struct Shared<'g> {
    /// Return-track names for the mixer's sends (filled only when `mixer` is asked for).
    pub returns: Vec<String>,
    /// The canonical path of the track that hosts the Barline device, if any.
    pub host_track: Option<String>,
    /// The session clips of every regular track, when the caller probed the grid.
    pub grid: Option<&'g SessionGrid>,
}

impl Shared<'_> {
    /// Looks up what every track read of `include` needs: the return names (with
    /// `mixer`) and the Barline device's track. The grid is left to the caller.
    pub fn gather(live: &mut dyn LivePort, include: &[&str]) -> Result<Self, ToolError> {
        let returns = if include.contains(&"mixer") {
            mixer::return_names(live)?
        } else {
            Vec::new()
        };
        let host_track = match lom::resolve(live, "this_device") {
            Some(this) => {
                let path = live.path_of(this)?;
                path.split(" devices ").next().map(str::to_string)
            }
            None => None,
        };
        Ok(Shared {
            returns,
            host_track,
            grid: None,
        })
    }
}

/// Keeps the options read-track understands from another read's expanded include list
/// (docs/design/tool-contract.md §1.7: nested reads never receive `"*"`).
pub fn options(include: &[&str]) -> Vec<&'static str> {
    TrackDetail::ALL
        .iter()
        .copied()
        .filter(|o| *o != "*" && include.contains(o))
        .collect()
}

/// The `live://track/{index}` resource (resources, docs/design/tool-contract.md §3.10):
/// read-track of regular track `index` with `session-clips`, `arrangement-clips`,
/// `devices` and `mixer`.
pub fn resource(call: &mut Call<'_>, index: u64) -> Result<Value, ToolError> {
    let track = refs::track_by_index(call, index, TrackList::Regular)?;
    let info = summary(
        call,
        track,
        &["session-clips", "arrangement-clips", "devices", "mixer"],
    )?;
    serde_json::to_value(info).map_err(|e| ToolError::new(ErrorCode::Internal, e.to_string()))
}

/// Reads one track with read-track's `include` options (others are ignored); the ids it
/// reports go into the issued-id registry.
pub fn summary(
    call: &mut Call<'_>,
    track: LiveId,
    include: &[&str],
) -> Result<TrackInfo, ToolError> {
    let shared = Shared::gather(call.live, include)?;
    summary_in(call, track, include, &shared)
}

/// [`summary`] with the Set-wide lookups done once by the caller (read-live-set shares
/// them across its nested reads).
pub fn summary_in(
    call: &mut Call<'_>,
    track: LiveId,
    include: &[&str],
    shared: &Shared<'_>,
) -> Result<TrackInfo, ToolError> {
    let has = |k: &str| include.contains(&k);
    let track_path = call.live.path_of(track)?;
    let place = place_of_path(track, &track_path)?;
    let session_slots = session_slots(call, track, place, shared)?;
    let live = &mut *call.live;
    let facts = Facts::read(live, track, place)?;
    let mut g = Gathered {
        info: TrackInfo::default(),
        issued: vec![track.to_string()],
        warnings: Vec::new(),
    };
    g.identity(live, &facts, has("color"))?;
    let devices = lom::child_ids(live, track, "devices")?;
    g.info.instrument = devices::instrument(live, &devices)?;
    if has("mixer") {
        mixer_fields(live, &facts, &shared.returns, &mut g.info)?;
    }
    match place {
        Place::Regular(i) => g.info.track_index = Some(i as i64),
        Place::Return(i) => g.info.return_track_index = Some(i as i64),
        Place::Master => {}
    }
    g.clips(live, &facts, include, &session_slots)?;
    g.devices(live, &facts, include, &devices)?;
    g.play_state(live, &facts)?;
    if has("routings") {
        routing_fields::current(live, track, place, facts.group, facts.armable, &mut g.info)?;
    }
    if has("available-routings") {
        routing_fields::available(live, track, place, facts.group, &mut g.info)?;
    }
    if shared.host_track.as_deref() == Some(track_path.as_str()) {
        g.info.has_barline_device = Some(true);
    }
    call.warnings.append(&mut g.warnings);
    let registry = call.ids();
    for id in &g.issued {
        registry.issue(id);
    }
    Ok(g.info)
}

/// Session clips: non-empty slots of regular tracks (returns and master have none).
fn session_slots(
    call: &mut Call<'_>,
    track: LiveId,
    place: Place,
    shared: &Shared<'_>,
) -> Result<Vec<SlotClip>, ToolError> {
    Ok(match (place, shared.grid) {
        (Place::Regular(i), Some(grid)) => grid.track(i).to_vec(),
        (Place::Regular(_), None) => {
            let stop = call.deadline_check();
            session_grid::track_clips(call.live, track, &stop)?
        }
        _ => Vec::new(),
    })
}
