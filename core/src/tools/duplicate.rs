//! `barline-duplicate` (tools.md 3.18) for tracks, scenes and clips: in-place session
//! copies of tracks and scenes, scenes laid into the arrangement at positions or
//! locators, clips copied to session slots or arrangement positions. Everything is
//! parsed and resolved before the first copy. Device copies (`type: "device"`,
//! `toPath`) are not offered yet.

use super::arrangement_copy::{self, Placed, Workspace};
use super::call::{Bulk, Call, OneOrMany};
use super::clip_ref::{self, Place, Slot};
use super::coerce::{Choice, Choices, Flag, Id, Int, List, Text};
use super::error::{quoted, ErrorCode, ToolError};
use super::host::{self, Host};
use super::locators;
use super::refs::{self, Kind};
use super::tool::{Hints, Tool, ToolMeta};
use super::{lom, names, overview, time};
use crate::live::{Atom, LiveId, LivePort};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-duplicate`.
pub struct Duplicate;

/// The `type` options.
pub struct DuplicateKinds;

impl Choices for DuplicateKinds {
    const ALL: &'static [&'static str] = &["track", "scene", "clip"];
}

/// Arguments of duplicate.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DuplicateParams {
    /// Id of the object to copy.
    pub id: Id,
    /// Its kind: track, scene or clip.
    #[serde(rename = "type")]
    pub kind: Choice<DuplicateKinds>,
    /// Name of the copy; comma-separated names for several copies.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB; comma-separated colours cycle over the copies.")]
    pub color: Option<Text>,
    /// Number of track or scene copies (1-100); a scene going to one arrangement position is laid end to end this many times.
    pub count: Option<Int<1, 100>>,
    /// Tracks and scenes: make the copies without clips.
    pub without_clips: Option<Flag>,
    /// Tracks: make the copies without devices.
    pub without_devices: Option<Flag>,
    /// Arrangement positions for clips and scenes: comma-separated bar|beat, e.g. "17|1,33|1".
    pub arrangement_start: Option<List>,
    /// Instead of arrangementStart: comma-separated locator ids ("locator-2") or names.
    pub locator: Option<List>,
    /// Length of each arrangement copy, bars:beats (longer fills with loop copies, shorter trims).
    pub arrangement_length: Option<Text>,
    /// Clips: session slots "trackIndex/sceneIndex", comma-separated (an occupied slot is overwritten).
    pub to_slot: Option<List>,
    /// Tracks: make the copy an empty MIDI track that plays the source track's instrument.
    pub route_to_source: Option<Flag>,
}

/// A clip in a result.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct CopiedClip {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// One copy (tools.md 3.18 "Results"): a track `{id, trackIndex, clips}`, a scene
/// `{id, sceneIndex, clips}`, a scene position `{arrangementStart, clips}`, a clip
/// `{id, slot}` or `{id, trackIndex, arrangementStart}`, or a lengthened clip
/// `{trackIndex, clips}`.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct Duplicated {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene_index: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrangement_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clips: Option<Vec<CopiedClip>>,
}

impl Tool for Duplicate {
    type Params = DuplicateParams;
    type Output = OneOrMany<Duplicated>;
    const META: ToolMeta = ToolMeta {
        hints: Hints {
            read_only: false,
            destructive: true,
            idempotent: false,
        },
        small_removed: &[
            "count",
            "withoutClips",
            "withoutDevices",
            "locator",
            "routeToSource",
        ],
        small_description: Some(
            "Duplicate a track, scene or clip; place clips with arrangementStart or toSlot.",
        ),
        ..ToolMeta::create(
            "barline-duplicate",
            "Duplicate",
            "Duplicate a track, scene or clip. count makes several track/scene copies; arrangementStart, locator or toSlot place clips (and scenes in the arrangement).",
        )
    };

    fn run(call: &mut Call<'_>, p: DuplicateParams) -> Result<OneOrMany<Duplicated>, ToolError> {
        run(call, &p)
    }
}

fn bad(message: impl Into<String>) -> ToolError {
    ToolError::bad_input(message)
}

fn text(t: &Option<Text>) -> Option<&str> {
    t.as_ref().map(Text::as_str)
}

fn obj(id: LiveId) -> [Atom; 2] {
    [Atom::from("id"), Atom::Int(id.0 as i64)]
}

/// The index after `word` in a LOM path.
fn index_after(path: &str, word: &str) -> Option<usize> {
    let words: Vec<&str> = path.split_whitespace().collect();
    let at = words.iter().position(|w| *w == word)?;
    words.get(at + 1)?.parse().ok()
}

/// Everything checked before the first copy.
struct Plan {
    source: LiveId,
    count: usize,
    colors: Vec<i64>,
    /// Arrangement positions in beats, with their bar|beat text.
    positions: Vec<(f64, String)>,
    length: Option<f64>,
    slots: Vec<Slot>,
    sig: (i64, i64),
}

fn plan(call: &mut Call<'_>, p: &DuplicateParams) -> Result<Plan, ToolError> {
    let kind = p.kind.as_str();
    let starts = p
        .arrangement_start
        .as_ref()
        .map(List::items)
        .unwrap_or_default();
    let locs = p.locator.as_ref().map(List::items).unwrap_or_default();
    if p.arrangement_start.is_some() && p.locator.is_some() {
        return Err(bad("give arrangementStart or locator, not both"));
    }
    let to_arrangement = !starts.is_empty() || !locs.is_empty();
    if p.route_to_source.is_some() && kind != "track" {
        return Err(bad("routeToSource works only with type \"track\""));
    }
    if kind == "track" && to_arrangement {
        return Err(bad(
            "tracks cannot be copied into the arrangement: duplicate a scene or clips there instead",
        ));
    }
    let slots_given = p.to_slot.as_ref().is_some_and(|l| !l.items().is_empty());
    if kind == "clip" && !to_arrangement && !slots_given {
        return Err(bad(
            "a clip needs toSlot (session slots) or arrangementStart/locator (arrangement positions)",
        ));
    }
    if slots_given && kind != "clip" {
        call.warn("toSlot is only used for clips; ignored");
    } else if slots_given && to_arrangement {
        call.warn("toSlot ignored: the clip goes to the arrangement");
    }
    if p.count.is_some() && kind == "clip" {
        call.warn("count is ignored for clips");
    }
    if p.without_clips.is_some() && kind == "clip" {
        call.warn("withoutClips is only used for tracks and scenes; ignored");
    }
    if p.without_devices.is_some() && kind != "track" {
        call.warn("withoutDevices is only used for tracks; ignored");
    }
    if p.arrangement_length.is_some() && !to_arrangement {
        call.warn("arrangementLength is only used with arrangementStart or locator; ignored");
    }
    let colors = text(&p.color)
        .map(names::parse_colors)
        .transpose()?
        .unwrap_or_default();
    let mut slots = Vec::new();
    if kind == "clip" && !to_arrangement {
        let items = p.to_slot.as_ref().map(List::items).unwrap_or_default();
        for s in call.unique(items, "slot") {
            slots.push(clip_ref::parse_slot(&s, &mut call.warnings)?);
        }
    }
    let song = overview::song(call.live)?;
    let sig = overview::signature(call.live, song)?;
    let mut positions = Vec::new();
    for s in &starts {
        let beats = time::parse_position(s, sig.0, sig.1)
            .map_err(|e| bad(format!("arrangementStart: {e}")))?;
        positions.push((beats, time::position(beats, sig.0, sig.1)));
    }
    let length = match (text(&p.arrangement_length), to_arrangement) {
        (Some(t), true) => {
            let l = time::parse_duration(t, sig.0, sig.1)
                .map_err(|e| bad(format!("arrangementLength: {e}")))?;
            if l <= 0.0 {
                return Err(bad(format!(
                    "arrangementLength {} must be longer than 0",
                    quoted(t)
                )));
            }
            Some(l)
        }
        _ => None,
    };
    if !locs.is_empty() {
        let all = locators::list(call.live, song)?;
        for l in &locs {
            let found = locators::find(&all, l, "locator")?;
            positions.push((found.time, time::position(found.time, sig.0, sig.1)));
        }
    }
    let want = match kind {
        "track" => Kind::Track,
        "scene" => Kind::Scene,
        _ => Kind::Clip,
    };
    let (source, _) = refs::by_id(call, p.id.as_str(), want)?;
    Ok(Plan {
        source,
        count: p.count.map(|c| c.index()).unwrap_or(1),
        colors,
        positions,
        length,
        slots,
        sig,
    })
}

fn run(call: &mut Call<'_>, p: &DuplicateParams) -> Result<OneOrMany<Duplicated>, ToolError> {
    let plan = plan(call, p)?;
    match p.kind.as_str() {
        "track" => tracks(call, p, &plan),
        "scene" if plan.positions.is_empty() => scenes(call, p, &plan),
        "scene" => scene_to_arrangement(call, p, &plan),
        _ if plan.positions.is_empty() => clip_to_slots(call, p, &plan),
        _ => clip_to_arrangement(call, p, &plan),
    }
}

/// Names and colours copy `i` of `n` gets (1.6).
fn style(
    call: &mut Call<'_>,
    id: LiveId,
    name: &Option<String>,
    colors: &[i64],
    i: usize,
    what: &str,
) -> Result<(), ToolError> {
    if let Some(name) = name {
        call.live.set(id, "name", &[Atom::Symbol(name.clone())])?;
    }
    if !colors.is_empty() {
        let label = match name {
            Some(n) => format!("{what} {}", quoted(n)),
            None => format!("{what} {id}"),
        };
        call.set_color(id, colors[i % colors.len()], &label)?;
    }
    Ok(())
}

fn issue(call: &mut Call<'_>, copy: &Duplicated) {
    if let Some(id) = &copy.id {
        call.ids().issue(id);
    }
    for c in copy.clips.iter().flatten() {
        call.ids().issue(&c.id);
    }
}

// ---------------------------------------------------------------- tracks

fn tracks(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let path = call.live.path_of(plan.source)?;
    if path.contains("return_tracks") {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            "return tracks cannot be duplicated",
        ));
    }
    let index = match index_after(&path, "tracks") {
        Some(i) => i,
        None => {
            return Err(ToolError::new(
                ErrorCode::Unsupported,
                "the master track cannot be duplicated",
            ))
        }
    };
    let route = p.route_to_source.is_some_and(|f| f.0);
    let source_name = lom::text(call.live, plan.source, "name")?;
    if route && !lom::flag(call.live, plan.source, "has_midi_input")? {
        return Err(ToolError::new(
            ErrorCode::WrongType,
            format!(
                "routeToSource needs a MIDI track: track {} is not one",
                quoted(&source_name)
            ),
        ));
    }
    if route && (p.without_clips.is_some_and(|f| !f.0) || p.without_devices.is_some_and(|f| !f.0)) {
        call.warn("routeToSource needs withoutClips and withoutDevices; using true");
    }
    let without_clips = route || p.without_clips.is_some_and(|f| f.0);
    let without_devices = route || p.without_devices.is_some_and(|f| f.0);
    let host = host::find(call.live).filter(|h| h.track == plan.source);
    let song = overview::song(call.live)?;
    let names = call.names(text(&p.name), plan.count);
    let mut bulk = Bulk::new();
    let mut copies = Vec::new();
    let mut next = index;
    for (k, name) in names.iter().enumerate() {
        if k > 0 && call.deadline_near() {
            call.warn_stopped(k, plan.count, "tracks");
            break;
        }
        // The copy is the track that was not there before (a group's copy lands after
        // its members, so its index is not always the next one).
        let before = track_ids(call.live, song)?;
        call.live
            .call(song, "duplicate_track", &[Atom::Int(next as i64)])?;
        let after = track_ids(call.live, song)?;
        let found = after
            .iter()
            .enumerate()
            .find(|(_, t)| !before.contains(t))
            .map(|(i, t)| (i, *t));
        let Some((copy_index, copy)) = found else {
            bulk.skip(ToolError::new(
                ErrorCode::LiveRejected,
                format!("Live did not duplicate track {}", quoted(&source_name)),
            ));
            break;
        };
        next = copy_index;
        if let Some(h) = &host {
            remove_barline(call, copy, h)?;
        }
        if without_devices {
            let n = call.live.get_count(copy, "devices")?;
            for j in (0..n).rev() {
                call.live
                    .call(copy, "delete_device", &[Atom::Int(j as i64)])?;
            }
        }
        if without_clips {
            clear_clips(call.live, copy)?;
        }
        style(call, copy, name, &plan.colors, k, "track")?;
        copies.push(copy);
        let c = Duplicated {
            id: Some(copy.to_string()),
            track_index: Some(copy_index as i64),
            clips: Some(track_clips(call.live, copy, copy_index, plan.sig)?),
            ..Default::default()
        };
        issue(call, &c);
        bulk.ok(c);
    }
    if route && !copies.is_empty() {
        route_to_source(call, plan.source, &source_name, &copies)?;
    }
    bulk.finish(call)
}

/// The ids of the Song's regular tracks, in order (one `get`).
fn track_ids(live: &mut dyn LivePort, song: LiveId) -> Result<Vec<LiveId>, ToolError> {
    Ok(live
        .get(song, "tracks")?
        .iter()
        .filter_map(Atom::as_i64)
        .filter(|n| *n > 0)
        .map(|n| LiveId(n as u64))
        .collect())
}

/// Deletes the copy's Barline device (same place below the track as the original).
fn remove_barline(call: &mut Call<'_>, copy: LiveId, h: &Host) -> Result<(), ToolError> {
    let words: Vec<&str> = h.below_track.split_whitespace().collect();
    let Some(index) = words.last().and_then(|w| w.parse::<i64>().ok()) else {
        return Ok(());
    };
    let copy_path = call.live.path_of(copy)?;
    let parent_path = format!("{copy_path} {}", words[..words.len() - 2].join(" "));
    if let Some(parent) = lom::resolve(call.live, parent_path.trim()) {
        call.live
            .call(parent, "delete_device", &[Atom::Int(index)])?;
        call.warn("the Barline device was removed from the copy; it cannot be duplicated");
    }
    Ok(())
}

/// Deletes every session and arrangement clip of a track.
fn clear_clips(live: &mut dyn LivePort, track: LiveId) -> Result<(), ToolError> {
    let path = live.path_of(track)?;
    for s in 0..live.get_count(track, "clip_slots")? {
        if let Some(cs) = lom::resolve(live, &format!("{path} clip_slots {s}")) {
            if lom::flag(live, cs, "has_clip")? {
                live.call(cs, "delete_clip", &[])?;
            }
        }
    }
    let mut arranged = Vec::new();
    for a in 0..live.get_count(track, "arrangement_clips")? {
        if let Some(c) = lom::resolve(live, &format!("{path} arrangement_clips {a}")) {
            arranged.push(c);
        }
    }
    for c in arranged {
        arrangement_copy::remove(live, track, c)?;
    }
    Ok(())
}

/// The clips of a track: session ones with their slot, then arrangement ones.
fn track_clips(
    live: &mut dyn LivePort,
    track: LiveId,
    index: usize,
    sig: (i64, i64),
) -> Result<Vec<CopiedClip>, ToolError> {
    let mut out = Vec::new();
    for s in 0..live.get_count(track, "clip_slots")? {
        if let Some(c) = clip_ref::slot_clip(
            live,
            Slot {
                track: index,
                scene: s,
            },
        ) {
            out.push(CopiedClip {
                id: c.to_string(),
                slot: Some(format!("{index}/{s}")),
                ..Default::default()
            });
        }
    }
    for a in 0..live.get_count(track, "arrangement_clips")? {
        if let Some(c) = lom::resolve(
            live,
            &format!("live_set tracks {index} arrangement_clips {a}"),
        ) {
            let start = lom::number(live, c, "start_time")?;
            out.push(CopiedClip {
                id: c.to_string(),
                arrangement_start: Some(time::position(start, sig.0, sig.1)),
                ..Default::default()
            });
        }
    }
    Ok(out)
}

/// A routing property's entries as `(display_name, JSON object)`.
fn routing_entries(
    live: &mut dyn LivePort,
    track: LiveId,
    prop: &str,
) -> Result<Vec<(String, serde_json::Value)>, ToolError> {
    let raw = lom::text(live, track, prop)?;
    let v: serde_json::Value = serde_json::from_str(&raw).unwrap_or_default();
    let list = v
        .get(prop)
        .and_then(|l| l.as_array())
        .cloned()
        .unwrap_or_default();
    Ok(list
        .into_iter()
        .map(|e| {
            let name = e
                .get("display_name")
                .and_then(|n| n.as_str())
                .unwrap_or("")
                .to_string();
            (name, e)
        })
        .collect())
}

fn set_routing(
    live: &mut dyn LivePort,
    track: LiveId,
    prop: &str,
    entry: &serde_json::Value,
) -> Result<(), ToolError> {
    let value = serde_json::json!({ prop: entry }).to_string();
    live.set(track, prop, &[Atom::Symbol(value)])?;
    Ok(())
}

/// routeToSource: arm the source, free its input, and send each copy's MIDI to it.
fn route_to_source(
    call: &mut Call<'_>,
    source: LiveId,
    name: &str,
    copies: &[LiveId],
) -> Result<(), ToolError> {
    let live = &mut *call.live;
    let mut warnings = Vec::new();
    if !lom::flag(live, source, "arm")? {
        live.set(source, "arm", &[Atom::Int(1)])?;
        warnings.push(format!(
            "armed track {} so the copy can play it",
            quoted(name)
        ));
    }
    let current: serde_json::Value =
        serde_json::from_str(&lom::text(live, source, "input_routing_type")?).unwrap_or_default();
    let was = current["input_routing_type"]["display_name"]
        .as_str()
        .unwrap_or("")
        .to_string();
    if was != "No Input" {
        let inputs = routing_entries(live, source, "available_input_routing_types")?;
        if let Some((_, entry)) = inputs.iter().find(|(n, _)| n == "No Input") {
            set_routing(live, source, "input_routing_type", entry)?;
            warnings.push(format!(
                "set input of track {} to \"No Input\" (was {})",
                quoted(name),
                quoted(&was)
            ));
        }
    }
    // With several tracks of this name, the n-th by id order is the n-th entry.
    let song = overview::song(live)?;
    let mut same: Vec<LiveId> = Vec::new();
    for t in 0..live.get_count(song, "tracks")? {
        if let Some(id) = lom::resolve(live, &format!("live_set tracks {t}")) {
            if !copies.contains(&id) && lom::text(live, id, "name")? == name {
                same.push(id);
            }
        }
    }
    same.sort();
    let nth = same.iter().position(|t| *t == source).unwrap_or(0);
    for copy in copies {
        let outputs = routing_entries(live, *copy, "available_output_routing_types")?;
        match outputs.iter().filter(|(n, _)| n == name).nth(nth) {
            Some((_, entry)) => set_routing(live, *copy, "output_routing_type", entry)?,
            None => warnings.push(format!(
                "no output routing named {}; routing unchanged",
                quoted(name)
            )),
        }
    }
    call.warnings.extend(warnings);
    Ok(())
}

// ---------------------------------------------------------------- scenes

fn scenes(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let path = call.live.path_of(plan.source)?;
    let index = index_after(&path, "scenes").unwrap_or(0);
    let song = overview::song(call.live)?;
    let names = call.names(text(&p.name), plan.count);
    let without_clips = p.without_clips.is_some_and(|f| f.0);
    let mut bulk = Bulk::new();
    for (k, name) in names.iter().enumerate() {
        if k > 0 && call.deadline_near() {
            call.warn_stopped(k, plan.count, "scenes");
            break;
        }
        let before = call.live.get_count(song, "scenes")?;
        call.live
            .call(song, "duplicate_scene", &[Atom::Int((index + k) as i64)])?;
        let at = index + k + 1;
        let copy = match lom::resolve(call.live, &format!("live_set scenes {at}")) {
            Some(c) if call.live.get_count(song, "scenes")? > before => c,
            _ => {
                bulk.skip(ToolError::new(
                    ErrorCode::LiveRejected,
                    "Live did not duplicate the scene",
                ));
                break;
            }
        };
        let tracks = call.live.get_count(song, "tracks")?;
        let mut clips = Vec::new();
        for t in 0..tracks {
            let slot = Slot {
                track: t,
                scene: at,
            };
            let Some(clip) = clip_ref::slot_clip(call.live, slot) else {
                continue;
            };
            if without_clips {
                if let Some(cs) = lom::resolve(call.live, &slot.path()) {
                    call.live.call(cs, "delete_clip", &[])?;
                }
            } else {
                clips.push(CopiedClip {
                    id: clip.to_string(),
                    slot: Some(slot.to_string()),
                    ..Default::default()
                });
            }
        }
        style(call, copy, name, &plan.colors, k, "scene")?;
        let c = Duplicated {
            id: Some(copy.to_string()),
            scene_index: Some(at as i64),
            clips: Some(clips),
            ..Default::default()
        };
        issue(call, &c);
        bulk.ok(c);
    }
    bulk.finish(call)
}

/// Most positions one call fills (100 copies of one position, or a list this long).
const MAX_POSITIONS: usize = 1_000;

fn scene_to_arrangement(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let path = call.live.path_of(plan.source)?;
    let index = index_after(&path, "scenes").unwrap_or(0);
    let song = overview::song(call.live)?;
    // The scene's clips, and its length: the longest clip, at least 4 beats.
    let mut sources = Vec::new();
    let mut scene_len: f64 = 4.0;
    for t in 0..call.live.get_count(song, "tracks")? {
        let slot = Slot {
            track: t,
            scene: index,
        };
        if let Some(clip) = clip_ref::slot_clip(call.live, slot) {
            let len = lom::number(call.live, clip, "length")?;
            scene_len = scene_len.max(len);
            let track = refs::track_by_index(call, t as u64, refs::TrackList::Regular)?;
            sources.push((t, track, clip, len));
        }
    }
    if sources.is_empty() {
        call.warn(format!("scene {index} has no clips; nothing was copied"));
    }
    let mut positions = plan.positions.clone();
    if plan.count > 1 {
        if positions.len() == 1 {
            let first = positions[0].0;
            positions = (0..plan.count)
                .map(|k| {
                    let b = first + k as f64 * plan.length.unwrap_or(scene_len);
                    (b, time::position(b, plan.sig.0, plan.sig.1))
                })
                .collect();
        } else {
            call.warn("count is ignored with several positions");
        }
    }
    positions.truncate(MAX_POSITIONS);
    let each = plan.length.unwrap_or(scene_len);
    let latest = positions.iter().map(|(b, _)| b + each).fold(0.0, f64::max);
    let holding = holding_area(call.live, song, latest)?;
    let names = call.names(text(&p.name), positions.len());
    let n = positions.len();
    let mut bulk = Bulk::new();
    for (i, (at, at_text)) in positions.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "positions");
            break;
        }
        let mut clips = Vec::new();
        for (t, track, clip, len) in &sources {
            let ws = Workspace {
                track: *track,
                holding,
            };
            let placed = arrangement_copy::place(
                call.live,
                ws,
                *clip,
                *len,
                *at,
                Some(each),
                &mut call.warnings,
            );
            let placed = match placed {
                Ok(v) => v,
                Err(e) => {
                    call.warn(format!("{}; skipped", e.message));
                    continue;
                }
            };
            for pc in placed {
                style(call, pc.id, &names[i], &plan.colors, i, "clip")?;
                let name = lom::text(call.live, pc.id, "name")?;
                clips.push(CopiedClip {
                    id: pc.id.to_string(),
                    track_index: Some(*t as i64),
                    name: (!name.is_empty()).then_some(name),
                    ..Default::default()
                });
            }
        }
        let c = Duplicated {
            arrangement_start: Some(at_text.clone()),
            clips: Some(clips),
            ..Default::default()
        };
        issue(call, &c);
        bulk.ok(c);
    }
    bulk.finish(call)
}

/// First beat of a holding area after the Set's content and every target of the call.
fn holding_area(live: &mut dyn LivePort, song: LiveId, latest: f64) -> Result<f64, ToolError> {
    let end = lom::number(live, song, "song_length")?.max(latest);
    Ok((end / 4.0).ceil() * 4.0 + 4.0)
}

// ---------------------------------------------------------------- clips

fn clip_to_slots(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let Place::Session(from) = clip_ref::place(call.live, plan.source)? else {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            "arrangement clips cannot be copied to session slots",
        ));
    };
    let source_slot = clip_ref::clip_slot(call.live, from)?;
    let midi = lom::flag(call.live, plan.source, "is_midi_clip")?;
    // Every target checked before the first copy.
    let mut bulk = Bulk::new();
    let mut targets = Vec::new();
    for slot in &plan.slots {
        match check_slot(call, *slot, from, midi) {
            Ok(cs) => targets.push((*slot, cs)),
            Err(e) => bulk.skip(e),
        }
    }
    let names = call.names(text(&p.name), targets.len());
    let n = targets.len();
    for (i, (slot, cs)) in targets.into_iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        let old = clip_ref::slot_clip(call.live, slot);
        call.live.call(source_slot, "duplicate_clip_to", &obj(cs))?;
        let new = clip_ref::slot_clip(call.live, slot).filter(|c| Some(*c) != old);
        let Some(new) = new else {
            bulk.skip(ToolError::new(
                ErrorCode::LiveRejected,
                format!("Live did not copy clip {} to slot {slot}", plan.source),
            ));
            continue;
        };
        if old.is_some() {
            call.warn(format!("slot {slot} had a clip; it was replaced"));
        }
        style(call, new, &names[i], &plan.colors, i, "clip")?;
        let c = Duplicated {
            id: Some(new.to_string()),
            slot: Some(slot.to_string()),
            ..Default::default()
        };
        issue(call, &c);
        bulk.ok(c);
    }
    bulk.finish(call)
}

fn check_slot(
    call: &mut Call<'_>,
    slot: Slot,
    from: Slot,
    midi: bool,
) -> Result<LiveId, ToolError> {
    let cs = clip_ref::clip_slot(call.live, slot)?;
    if slot == from {
        return Err(ToolError::new(
            ErrorCode::Conflict,
            format!("slot {slot} holds the source clip"),
        ));
    }
    let track = refs::track_by_index(call, slot.track as u64, refs::TrackList::Regular)?;
    let want = if midi {
        "has_midi_input"
    } else {
        "has_audio_input"
    };
    if !lom::flag(call.live, track, want)? {
        return Err(ToolError::new(
            ErrorCode::WrongType,
            format!(
                "track {} takes no {} clips",
                slot.track,
                if midi { "MIDI" } else { "audio" }
            ),
        ));
    }
    Ok(cs)
}

fn clip_to_arrangement(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let place = clip_ref::place(call.live, plan.source)?;
    let (track_index, len) = match place {
        Place::Session(slot) => (slot.track, lom::number(call.live, plan.source, "length")?),
        Place::Arrangement { track } => (
            track,
            lom::number(call.live, plan.source, "end_time")?
                - lom::number(call.live, plan.source, "start_time")?,
        ),
        Place::Other => {
            return Err(ToolError::new(
                ErrorCode::Unsupported,
                "this clip is neither in a session slot nor on a track's timeline",
            ))
        }
    };
    let track = refs::track_by_index(call, track_index as u64, refs::TrackList::Regular)?;
    let song = overview::song(call.live)?;
    let each = plan.length.unwrap_or(len);
    let latest = plan
        .positions
        .iter()
        .map(|(b, _)| b + each)
        .fold(0.0, f64::max);
    let holding = holding_area(call.live, song, latest)?;
    // An arrangement source may be overwritten by its own copies: work from a copy
    // kept in the holding area, after the area the trimming uses.
    let stash_at = holding + ((len.max(each) * 2.0) / 4.0).ceil() * 4.0 + 4.0;
    let source = match place {
        Place::Arrangement { .. } => Some(arrangement_copy::duplicate(
            call.live,
            track,
            plan.source,
            stash_at,
        )?),
        _ => None,
    };
    let from = source.unwrap_or(plan.source);
    let ws = Workspace { track, holding };
    let positions: Vec<(f64, String)> =
        plan.positions.iter().take(MAX_POSITIONS).cloned().collect();
    let names = call.names(text(&p.name), positions.len());
    let n = positions.len();
    let mut bulk = Bulk::new();
    for (i, (at, _)) in positions.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "clips");
            break;
        }
        let placed = arrangement_copy::place(
            call.live,
            ws,
            from,
            len,
            *at,
            plan.length,
            &mut call.warnings,
        );
        let placed: Vec<Placed> = match placed {
            Ok(v) => v,
            Err(e) => {
                bulk.skip(e);
                continue;
            }
        };
        for pc in &placed {
            style(call, pc.id, &names[i], &plan.colors, i, "clip")?;
        }
        let c = if placed.len() == 1 {
            Duplicated {
                id: Some(placed[0].id.to_string()),
                track_index: Some(track_index as i64),
                arrangement_start: Some(time::position(placed[0].start, plan.sig.0, plan.sig.1)),
                ..Default::default()
            }
        } else {
            Duplicated {
                track_index: Some(track_index as i64),
                clips: Some(
                    placed
                        .iter()
                        .map(|pc| CopiedClip {
                            id: pc.id.to_string(),
                            arrangement_start: Some(time::position(
                                pc.start, plan.sig.0, plan.sig.1,
                            )),
                            ..Default::default()
                        })
                        .collect(),
                ),
                ..Default::default()
            }
        };
        issue(call, &c);
        bulk.ok(c);
    }
    if let Some(stash) = source {
        arrangement_copy::remove(call.live, track, stash)?;
    }
    bulk.finish(call)
}
