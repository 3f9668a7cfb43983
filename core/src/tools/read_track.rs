//! `barline-read-track` (tools.md 3.5): one regular, return or master track — kind,
//! group, instrument, mixer, clips, devices, drum map, state and routing. The reader is
//! [`summary`], which read-live-set nests (with the include list filtered by
//! [`options`], never `"*"`, 1.7) and the `live://track/{index}` resource uses (B9).

use super::call::Call;
use super::coerce::{Choice, Choices, Id, Include, Index};
use super::error::{ErrorCode, ToolError};
use super::format::{Nullable, Rounded};
use super::read_clip::{self, ClipDetail, ClipInfo};
use super::refs::{self, Kind, TrackList};
use super::routing::{self, Input, Output};
use super::session_grid::{self, SessionGrid};
use super::tool::{Tool, ToolMeta};
use super::{lom, mixer};
use crate::live::{LiveId, LivePort};
use crate::notation::pitch_name;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use std::borrow::Cow;

/// `barline-read-track`.
pub struct ReadTrack;

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

/// The `trackType` options.
pub struct TrackTypes;

impl Choices for TrackTypes {
    const ALL: &'static [&'static str] = &["return", "master"];
}

/// Arguments of read-track.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadTrackParams {
    /// Any track id (regular, return or master). Wins over trackIndex.
    pub track_id: Option<Id>,
    /// Regular track index from 0, or return track index with trackType "return".
    pub track_index: Option<Index>,
    /// "return" or "master"; omit for regular tracks. The master needs no index.
    pub track_type: Option<Choice<TrackTypes>>,
    /// Extra detail: session-clips, arrangement-clips (with notes, timing, sample, color for the listed clips), devices, drum-map, routings, available-routings, mixer, color, or * for all.
    #[serde(default)]
    pub include: Include<TrackDetail>,
}

/// The kind of track (variants undocumented: see `read_clip::ClipType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum TrackType {
    #[default]
    Midi,
    Audio,
    Return,
    Master,
}

/// Monitoring of an armable track (variants undocumented, see [`TrackType`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Monitoring {
    In,
    Auto,
    Off,
}

impl Monitoring {
    /// The `current_monitoring_state` value (0 in, 1 auto, 2 off).
    pub fn live_value(self) -> i64 {
        match self {
            Monitoring::In => 0,
            Monitoring::Auto => 1,
            Monitoring::Off => 2,
        }
    }

    fn from_live(v: i64) -> Option<Monitoring> {
        match v {
            0 => Some(Monitoring::In),
            1 => Some(Monitoring::Auto),
            2 => Some(Monitoring::Off),
            _ => None,
        }
    }
}

/// A clip in a track's lists: read-clip's result without `type` and `view` (and without
/// `trackIndex` for arrangement clips).
#[derive(Clone, Debug, PartialEq)]
pub struct ClipSummary(pub Value);

impl ClipSummary {
    fn of(info: ClipInfo, drop: &[&str]) -> Result<ClipSummary, ToolError> {
        let mut v = serde_json::to_value(info)
            .map_err(|e| ToolError::new(ErrorCode::Internal, e.to_string()))?;
        if let Some(o) = v.as_object_mut() {
            // `retain` keeps the field order (`remove` would swap the last field in).
            o.retain(|k, _| !drop.contains(&k.as_str()));
        }
        Ok(ClipSummary(v))
    }
}

impl Serialize for ClipSummary {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl JsonSchema for ClipSummary {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "ClipSummary".into()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut v = generator.subschema_for::<ClipInfo>().to_value();
        if let Some(p) = v.get_mut("properties").and_then(Value::as_object_mut) {
            p.retain(|k, _| !["type", "view", "trackIndex"].contains(&k.as_str()));
        }
        v["required"] = serde_json::json!(["id"]);
        Schema::try_from(v).unwrap_or_default()
    }
}

/// A device in a track's list (tools.md 3.14 without chains).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSummary {
    /// Device id.
    pub id: String,
    /// Device path (`t0/d1`, `rt0/d0`, `mt/d0`).
    pub path: String,
    /// `instrument: Operator`, `drum-rack`, `audio-effect: Delay`, ….
    #[serde(rename = "type")]
    pub kind: String,
    /// The user's name, when it differs from the device's class name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The device is switched off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deactivated: Option<bool>,
}

/// A drum map: pad note names (`C1`) to pad names, in note order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrumMap(pub Vec<(String, String)>);

impl Serialize for DrumMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl JsonSchema for DrumMap {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "DrumMap".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({"type": "object", "additionalProperties": {"type": "string"}})
    }
}

/// What read-track returns (tools.md 3.5), fields in the spec's order.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct TrackInfo {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: TrackType,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_armed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_group: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_group_member: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instrument: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_db: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub panning_mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pan: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_pan: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_pan: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sends: Option<Vec<mixer::Send>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_clips: Option<Vec<ClipSummary>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_clip_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_clips: Option<Vec<ClipSummary>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_clip_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub devices: Option<Vec<DeviceSummary>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_count: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drum_map: Option<DrumMap>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playing_slot_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fired_slot_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_routing_type: Option<Nullable<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_routing_channel: Option<Nullable<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_routing_type: Option<Nullable<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_routing_channel: Option<Nullable<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub monitoring_state: Option<Monitoring>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_input_routing_types: Option<Vec<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_input_routing_channels: Option<Vec<Input>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_output_routing_types: Option<Vec<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_output_routing_channels: Option<Vec<Output>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_barline_device: Option<bool>,
}

impl Tool for ReadTrack {
    type Params = ReadTrackParams;
    type Output = TrackInfo;
    const META: ToolMeta = ToolMeta {
        small_removed_values: &[("include", &["available-routings", "*"])],
        too_large_hint: "Drop notes/timing/sample from include, or list clips without notes and read single clips with barline-read-clip.",
        ..ToolMeta::read(
            "barline-read-track",
            "Read Track",
            "Read a track's settings, clips and devices. Returns an overview; add detail with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadTrackParams) -> Result<TrackInfo, ToolError> {
        let track = target(call, &p)?;
        summary(call, track, p.include.options())
    }
}

fn target(call: &mut Call<'_>, p: &ReadTrackParams) -> Result<LiveId, ToolError> {
    if let Some(id) = &p.track_id {
        if p.track_index.is_some() {
            call.warn("trackIndex ignored because trackId was given");
        }
        return Ok(refs::by_id(call, id.as_str(), Kind::Track)?.0);
    }
    let index = p.track_index.map(|i| i.index() as u64);
    match (p.track_type.as_ref().map(Choice::as_str), index) {
        (Some("master"), _) => master(call.live),
        (Some(_), Some(i)) => refs::track_by_index(call, i, TrackList::Return),
        (None, Some(i)) => refs::track_by_index(call, i, TrackList::Regular),
        (_, None) => Err(ToolError::bad_input(
            "give trackId, or trackIndex (with trackType \"return\" for a return track), or trackType \"master\"",
        )),
    }
}

/// The master track.
pub fn master(live: &mut dyn LivePort) -> Result<LiveId, ToolError> {
    lom::resolve(live, "live_set master_track")
        .ok_or_else(|| ToolError::new(ErrorCode::Internal, "the master track does not resolve"))
}

/// Where a track sits (tools.md 1.3).
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
    let parts: Vec<&str> = path.split_whitespace().collect();
    let index = |s: &str| s.parse::<usize>().ok();
    match parts.as_slice() {
        ["live_set", "tracks", n] => index(n).map(Place::Regular),
        ["live_set", "return_tracks", n] => index(n).map(Place::Return),
        ["live_set", "master_track"] => Some(Place::Master),
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
/// (tools.md 1.7: nested reads never receive `"*"`).
pub fn options(include: &[&str]) -> Vec<&'static str> {
    TrackDetail::ALL
        .iter()
        .copied()
        .filter(|o| *o != "*" && include.contains(o))
        .collect()
}

/// The `live://track/{index}` resource (B9): read-track of regular track `index` with
/// `session-clips`, `arrangement-clips`, `devices` and `mixer`.
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
    let mut issued = vec![track.to_string()];
    let mut warnings = Vec::new();
    let track_path = call.live.path_of(track)?;
    let place = place_of_path(track, &track_path)?;
    let regular = matches!(place, Place::Regular(_));
    // Session clips: non-empty slots of regular tracks (returns and master have none).
    let session_slots = match (place, shared.grid) {
        (Place::Regular(i), Some(grid)) => grid.track(i).to_vec(),
        (Place::Regular(_), None) => session_grid::track_clips(call, track)?,
        _ => Vec::new(),
    };
    let live = &mut *call.live;
    let group = regular && lom::flag(live, track, "is_foldable")?;
    let armable = regular && lom::flag(live, track, "can_be_armed")?;
    let mut o = TrackInfo {
        id: track.to_string(),
        kind: match place {
            Place::Master => TrackType::Master,
            Place::Return(_) => TrackType::Return,
            Place::Regular(_) if lom::flag(live, track, "has_midi_input")? => TrackType::Midi,
            Place::Regular(_) => TrackType::Audio,
        },
        name: lom::text(live, track, "name")?,
        ..TrackInfo::default()
    };
    if has("color") {
        o.color = Some(lom::color_hex(lom::int(live, track, "color")?));
    }
    if armable && lom::flag(live, track, "arm")? {
        o.is_armed = Some(true);
    }
    if group {
        o.is_group = Some(true);
    }
    if regular && lom::flag(live, track, "is_grouped")? {
        o.is_group_member = Some(true);
        if let Some(g) = lom::child_ids(live, track, "group_track")?.first() {
            o.group_id = Some(g.to_string());
            issued.push(g.to_string());
        }
    }
    let devices = lom::child_ids(live, track, "devices")?;
    for d in &devices {
        if lom::int(live, *d, "type")? == INSTRUMENT {
            o.instrument = Some(lom::text(live, *d, "class_display_name")?);
            break;
        }
    }
    if has("mixer") {
        let m = mixer::of_track(live, track)?;
        let levels = mixer::read(live, m, &shared.returns)?;
        o.gain_db = Some(Rounded(levels.gain_db));
        if levels.split {
            o.panning_mode = Some("split".into());
        }
        o.pan = levels.pan.map(Rounded);
        if let Some((l, r)) = levels.split_pans {
            o.left_pan = Some(Rounded(l));
            o.right_pan = Some(Rounded(r));
        }
        if place != Place::Master {
            o.sends = Some(levels.sends);
        }
    }
    match place {
        Place::Regular(i) => o.track_index = Some(i as i64),
        Place::Return(i) => o.return_track_index = Some(i as i64),
        Place::Master => {}
    }
    let clip_include: Vec<&str> = include
        .iter()
        .copied()
        .filter(|k| *k != "*" && ClipDetail::ALL.contains(k))
        .collect();
    let mut session = Vec::new();
    if has("session-clips") {
        for &(_, clip) in &session_slots {
            let info = read_clip::summary(live, clip, &clip_include, &mut warnings)?;
            session.push(ClipSummary::of(info, &["type", "view"])?);
            issued.push(clip.to_string());
        }
    }
    if has("session-clips") {
        o.session_clips = Some(session);
    } else {
        o.session_clip_count = Some(session_slots.len() as i64);
    }
    // Arrangement clips: regular tracks other than groups.
    let arrangement = if regular && !group {
        lom::child_ids(live, track, "arrangement_clips")?
    } else {
        Vec::new()
    };
    if has("arrangement-clips") {
        let mut list = Vec::with_capacity(arrangement.len());
        for clip in &arrangement {
            let info = read_clip::summary(live, *clip, &clip_include, &mut warnings)?;
            list.push(ClipSummary::of(info, &["type", "view", "trackIndex"])?);
            issued.push(clip.to_string());
        }
        o.arrangement_clips = Some(list);
    } else {
        o.arrangement_clip_count = Some(arrangement.len() as i64);
    }
    if has("devices") {
        let mut list = Vec::with_capacity(devices.len());
        for (i, d) in devices.iter().enumerate() {
            let path = format!("{}/d{i}", place.path_segment());
            list.push(device_summary(live, *d, path)?);
            issued.push(d.to_string());
        }
        o.devices = Some(list);
    } else {
        o.device_count = Some(devices.len() as i64);
    }
    if has("drum-map") {
        if let Some(rack) = find_drum_rack(live, &devices, 0)? {
            o.drum_map = Some(drum_map(live, rack)?);
        }
    }
    if regular {
        let playing = lom::int(live, track, "playing_slot_index")?;
        let fired = lom::int(live, track, "fired_slot_index")?;
        o.playing_slot_index = (playing >= 0).then_some(playing);
        o.fired_slot_index = (fired >= 0).then_some(fired);
    }
    if place != Place::Master {
        o.state = state(live, track)?.map(str::to_string);
    }
    if has("routings") {
        routings(live, track, place, group, armable, &mut o)?;
    }
    if has("available-routings") {
        available_routings(live, track, place, group, &mut o)?;
    }
    if shared.host_track.as_deref() == Some(track_path.as_str()) {
        o.has_barline_device = Some(true);
    }
    call.warnings.append(&mut warnings);
    let registry = call.ids();
    for id in &issued {
        registry.issue(id);
    }
    Ok(o)
}

/// Device `type` of instruments (1), audio effects (2) and MIDI effects (4).
const INSTRUMENT: i64 = 1;
const AUDIO_EFFECT: i64 = 2;
const MIDI_EFFECT: i64 = 4;
/// Deepest rack nesting the drum-rack search follows (read-device's depth guard).
const MAX_DEPTH: usize = 8;

/// The 3.14 type text of a device: `instrument: Operator`, `drum-rack`, ….
fn device_type(live: &mut dyn LivePort, dev: LiveId, display: &str) -> Result<String, ToolError> {
    let kind = lom::int(live, dev, "type")?;
    let base = match kind {
        INSTRUMENT => "instrument",
        AUDIO_EFFECT => "audio-effect",
        MIDI_EFFECT => "midi-effect",
        _ => {
            let class = lom::text(live, dev, "class_name")?;
            return Ok(format!("unknown: {class}"));
        }
    };
    if lom::flag(live, dev, "can_have_drum_pads")? {
        return Ok("drum-rack".into());
    }
    if lom::flag(live, dev, "can_have_chains")? {
        return Ok(format!("{base}-rack"));
    }
    Ok(format!("{base}: {display}"))
}

fn device_summary(
    live: &mut dyn LivePort,
    dev: LiveId,
    path: String,
) -> Result<DeviceSummary, ToolError> {
    let display = lom::text(live, dev, "class_display_name")?;
    let name = lom::text(live, dev, "name")?;
    Ok(DeviceSummary {
        id: dev.to_string(),
        path,
        kind: device_type(live, dev, &display)?,
        name: (name != display).then_some(name),
        deactivated: (!lom::flag(live, dev, "is_active")?).then_some(true),
    })
}

/// The first Drum Rack among `devices`, searching into rack chains in order.
fn find_drum_rack(
    live: &mut dyn LivePort,
    devices: &[LiveId],
    depth: usize,
) -> Result<Option<LiveId>, ToolError> {
    if depth > MAX_DEPTH {
        return Ok(None);
    }
    for d in devices {
        if lom::flag(live, *d, "can_have_drum_pads")? {
            return Ok(Some(*d));
        }
        if lom::flag(live, *d, "can_have_chains")? {
            for chain in lom::child_ids(live, *d, "chains")? {
                let inner = lom::child_ids(live, chain, "devices")?;
                if let Some(found) = find_drum_rack(live, &inner, depth + 1)? {
                    return Ok(Some(found));
                }
            }
        }
    }
    Ok(None)
}

/// A Drum Rack's pads that hold an instrument, by note: the pad's name is its first
/// chain's name (as Live names pads).
fn drum_map(live: &mut dyn LivePort, rack: LiveId) -> Result<DrumMap, ToolError> {
    // (note, name, has instrument), one entry per note in first-chain order.
    let mut pads: Vec<(i64, String, bool)> = Vec::new();
    for chain in lom::child_ids(live, rack, "chains")? {
        let note = lom::int(live, chain, "in_note")?;
        if !(0..=127).contains(&note) {
            continue;
        }
        let mut instrument = false;
        for d in lom::child_ids(live, chain, "devices")? {
            if lom::int(live, d, "type")? == INSTRUMENT {
                instrument = true;
                break;
            }
        }
        match pads.iter_mut().find(|p| p.0 == note) {
            Some(p) => p.2 |= instrument,
            None => pads.push((note, lom::text(live, chain, "name")?, instrument)),
        }
    }
    pads.sort_by_key(|p| p.0);
    Ok(DrumMap(
        pads.into_iter()
            .filter(|p| p.2)
            .map(|(note, name, _)| (pitch_name(note as u8).to_string(), name))
            .collect(),
    ))
}

/// `state` of tools.md 3.5: absent when the track plays normally.
fn state(live: &mut dyn LivePort, track: LiveId) -> Result<Option<&'static str>, ToolError> {
    let muted = lom::flag(live, track, "mute")?;
    let soloed = lom::flag(live, track, "solo")?;
    let via_solo = lom::flag(live, track, "muted_via_solo")?;
    Ok(match (muted, soloed, via_solo) {
        (true, true, _) => Some("muted-and-soloed"),
        (true, false, true) => Some("muted-also-via-solo"),
        (true, false, false) => Some("muted"),
        (false, true, _) => Some("soloed"),
        (false, false, true) => Some("muted-via-solo"),
        (false, false, false) => None,
    })
}

fn input(c: Option<(String, String)>) -> Nullable<Input> {
    Nullable(c.map(|(name, input_id)| Input { name, input_id }))
}

fn output(c: Option<(String, String)>) -> Nullable<Output> {
    Nullable(c.map(|(name, output_id)| Output { name, output_id }))
}

/// Routing fields: inputs omitted on groups and `null` on returns, all `null` on the
/// master; monitoring only where the track can be armed.
fn routings(
    live: &mut dyn LivePort,
    track: LiveId,
    place: Place,
    group: bool,
    armable: bool,
    o: &mut TrackInfo,
) -> Result<(), ToolError> {
    let [in_type, in_channel, out_type, out_channel] = routing::PROPS;
    match place {
        Place::Master => {
            o.input_routing_type = Some(Nullable(None));
            o.input_routing_channel = Some(Nullable(None));
            o.output_routing_type = Some(Nullable(None));
            o.output_routing_channel = Some(Nullable(None));
            return Ok(());
        }
        Place::Return(_) => {
            o.input_routing_type = Some(Nullable(None));
            o.input_routing_channel = Some(Nullable(None));
        }
        Place::Regular(_) if !group => {
            o.input_routing_type = Some(input(routing::current(live, track, in_type)?));
            o.input_routing_channel = Some(input(routing::current(live, track, in_channel)?));
        }
        Place::Regular(_) => {}
    }
    o.output_routing_type = Some(output(routing::current(live, track, out_type)?));
    o.output_routing_channel = Some(output(routing::current(live, track, out_channel)?));
    if armable {
        o.monitoring_state =
            Monitoring::from_live(lom::int(live, track, "current_monitoring_state")?);
    }
    Ok(())
}

fn inputs(list: Vec<(String, String)>) -> Vec<Input> {
    list.into_iter()
        .map(|(name, input_id)| Input { name, input_id })
        .collect()
}

fn outputs(list: Vec<(String, String)>) -> Vec<Output> {
    list.into_iter()
        .map(|(name, output_id)| Output { name, output_id })
        .collect()
}

/// Available routing fields, with the rules of [`routings`] (empty lists for `null`).
fn available_routings(
    live: &mut dyn LivePort,
    track: LiveId,
    place: Place,
    group: bool,
    o: &mut TrackInfo,
) -> Result<(), ToolError> {
    let [in_type, in_channel, out_type, out_channel] = routing::PROPS;
    match place {
        Place::Master => {
            o.available_input_routing_types = Some(Vec::new());
            o.available_input_routing_channels = Some(Vec::new());
            o.available_output_routing_types = Some(Vec::new());
            o.available_output_routing_channels = Some(Vec::new());
            return Ok(());
        }
        Place::Return(_) => {
            o.available_input_routing_types = Some(Vec::new());
            o.available_input_routing_channels = Some(Vec::new());
        }
        Place::Regular(_) if !group => {
            o.available_input_routing_types =
                Some(inputs(routing::available(live, track, in_type)?));
            o.available_input_routing_channels =
                Some(inputs(routing::available(live, track, in_channel)?));
        }
        Place::Regular(_) => {}
    }
    o.available_output_routing_types = Some(outputs(routing::available(live, track, out_type)?));
    o.available_output_routing_channels =
        Some(outputs(routing::available(live, track, out_channel)?));
    Ok(())
}
