//! `barline-duplicate` (docs/design/tool-rules.md §18): the tool, its arguments and
//! results, and the checks made before the first copy. Each kind of copy has its own
//! module: tracks in `duplicate_track`, scenes (in the session or laid into the
//! arrangement) in `duplicate_scene`, clips (to session slots or arrangement positions)
//! in `duplicate_clip`, devices (`toPath`) in `duplicate_device`. Everything is parsed
//! and resolved before the first copy.

pub mod clip_copies;
pub mod device_copies;
pub mod scene_copies;
pub mod track_copies;

use crate::live::LiveId;
use crate::tools::common::clip::reference::{self, Slot};
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::locators;
use crate::tools::common::refs::{self, Kind};
use crate::tools::common::timeline::Playhead;
use crate::tools::common::{names, overview, time};
use crate::tools::framework::call::{Call, OneOrMany};
use crate::tools::framework::coerce::{text_of, Choice, Choices, Flag, Id, Int, List, Text};
use crate::tools::framework::error::{bad, quoted, ToolError};
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-duplicate`.
pub struct Duplicate;

/// The `type` options.
pub struct DuplicateKinds;

impl Choices for DuplicateKinds {
    const ALL: &'static [&'static str] = &["track", "scene", "clip", "device"];
}

/// Arguments of duplicate.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DuplicateParams {
    /// Id to copy.
    pub id: Id,
    /// Its kind.
    #[serde(rename = "type")]
    pub kind: Choice<DuplicateKinds>,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// Copies of a track or scene.
    pub count: Option<Int<1, 100>>,
    /// No clips.
    pub without_clips: Option<Flag>,
    /// No devices.
    pub without_devices: Option<Flag>,
    /// bar|beat, comma-separated.
    pub arrangement_start: Option<List>,
    /// Locator ids or names.
    pub locator: Option<List>,
    /// bars:beats each.
    pub arrangement_length: Option<Text>,
    /// Slots "track/scene", comma-separated.
    pub to_slot: Option<List>,
    /// Device paths, comma-separated.
    pub to_path: Option<List>,
    /// Empty MIDI track playing the source's instrument.
    pub route_to_source: Option<Flag>,
}

/// A clip in a result.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
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

impl CopiedClip {
    /// A clip in a session slot: `{id, slot}`.
    pub fn in_slot(id: LiveId, slot: Slot) -> Self {
        CopiedClip {
            id: id.to_string(),
            slot: Some(slot.to_string()),
            ..Default::default()
        }
    }

    /// An arrangement clip at `start` (bar|beat): `{id, arrangementStart}`.
    pub fn at(id: LiveId, start: String) -> Self {
        CopiedClip {
            id: id.to_string(),
            arrangement_start: Some(start),
            ..Default::default()
        }
    }
}

/// One copy (docs/design/tool-rules.md §18 "Results"): a track `{id, trackIndex, clips}`,
/// a scene `{id, sceneIndex, clips}`, a scene position `{arrangementStart, clips}`, a
/// clip `{id, slot}` or `{id, trackIndex, arrangementStart}`, or a lengthened clip
/// `{trackIndex, clips}`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
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
        hints: Hints::EDIT,
        small_removed: &[
            "count",
            "withoutClips",
            "withoutDevices",
            "locator",
            "routeToSource",
            "name",
            "color",
        ],
        small_description: Some(
            "Duplicate a track, scene, clip or device to slots, the arrangement or a path.",
        ),
        ..ToolMeta::create(
            "barline-duplicate",
            "Duplicate",
            "Duplicate a track, scene, clip or device, to slots, arrangement or a path.",
        )
    };

    fn run(call: &mut Call<'_>, p: DuplicateParams) -> Result<OneOrMany<Duplicated>, ToolError> {
        let playhead = Playhead::note(call.live)?;
        let out = run(call, &p);
        call.warnings.extend(playhead.restore(call.live));
        out
    }
}

/// Most arrangement positions one call fills (100 copies of one position, or a list
/// this long).
pub(super) const MAX_POSITIONS: usize = 1_000;

/// Everything checked before the first copy.
pub(super) struct Plan {
    /// The object copied.
    pub source: LiveId,
    /// Track or scene copies (`count`).
    pub count: usize,
    /// Colours to cycle over the copies.
    pub colors: Vec<i64>,
    /// Arrangement positions in beats, with their bar|beat text.
    pub positions: Vec<(f64, String)>,
    /// `arrangementLength` in beats.
    pub length: Option<f64>,
    /// Session slots for clips (`toSlot`).
    pub slots: Vec<Slot>,
    /// The Set's time signature.
    pub sig: (i64, i64),
}

/// Refuses argument combinations that cannot work and warns about arguments the
/// copy's kind or destination does not use.
fn check_combination(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    to_arrangement: bool,
) -> Result<(), ToolError> {
    let kind = p.kind.as_str();
    if p.arrangement_start.is_some() && p.locator.is_some() {
        return Err(ToolError::bad_input(
            "give arrangementStart or locator, not both",
        ));
    }
    if p.route_to_source.is_some() && kind != "track" {
        return Err(ToolError::bad_input(
            "routeToSource works only with type \"track\"",
        ));
    }
    if kind == "track" && to_arrangement {
        return Err(ToolError::bad_input("tracks cannot be copied into the arrangement: duplicate a scene or clips there instead"));
    }
    let slots_given = p.to_slot.as_ref().is_some_and(|l| !l.items().is_empty());
    if kind == "clip" && !to_arrangement && !slots_given {
        return Err(ToolError::bad_input("a clip needs toSlot (session slots) or arrangementStart/locator (arrangement positions)"));
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
    Ok(())
}

/// `arrangementLength` in beats, which must be positive; only read for arrangement
/// copies.
fn arrangement_length(
    p: &DuplicateParams,
    to_arrangement: bool,
    sig: (i64, i64),
) -> Result<Option<f64>, ToolError> {
    Ok(match (text_of(&p.arrangement_length), to_arrangement) {
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
    })
}

fn plan(call: &mut Call<'_>, p: &DuplicateParams) -> Result<Plan, ToolError> {
    let kind = p.kind.as_str();
    let starts = p
        .arrangement_start
        .as_ref()
        .map(List::items)
        .unwrap_or_default();
    let locs = p.locator.as_ref().map(List::items).unwrap_or_default();
    let to_arrangement = !starts.is_empty() || !locs.is_empty();
    check_combination(call, p, to_arrangement)?;
    let colors = names::colors(text_of(&p.color))?;
    let mut slots = Vec::new();
    if kind == "clip" && !to_arrangement {
        let items = p.to_slot.as_ref().map(List::items).unwrap_or_default();
        for s in call.unique(items, "slot") {
            slots.push(reference::parse_slot(&s, &mut call.warnings)?);
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
    let length = arrangement_length(p, to_arrangement, sig)?;
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
    if let Some(state) = call.resume.take() {
        return track_copies::route_after_a_tick(call, &state);
    }
    if p.kind.as_str() == "device" {
        return devices(call, p);
    }
    if p.to_path.is_some() {
        call.warn("toPath is only used for devices; ignored");
    }
    let plan = plan(call, p)?;
    match p.kind.as_str() {
        "track" => track_copies::tracks(call, p, &plan),
        "scene" if plan.positions.is_empty() => scene_copies::in_session(call, p, &plan),
        "scene" => scene_copies::to_arrangement(call, p, &plan),
        _ if plan.positions.is_empty() => clip_copies::to_slots(call, p, &plan),
        _ => clip_copies::to_arrangement(call, p, &plan),
    }
}

/// `type: "device"`: one copy per `toPath` entry (docs/design/tool-rules.md §18).
fn devices(call: &mut Call<'_>, p: &DuplicateParams) -> Result<OneOrMany<Duplicated>, ToolError> {
    let to_path = p.to_path.as_ref().map(List::items).unwrap_or_default();
    let to_path = call.unique(to_path, "toPath");
    for (given, what) in [
        (p.color.is_some(), "color"),
        (p.without_clips.is_some(), "withoutClips"),
        (p.without_devices.is_some(), "withoutDevices"),
        (p.arrangement_start.is_some(), "arrangementStart"),
        (p.locator.is_some(), "locator"),
        (p.arrangement_length.is_some(), "arrangementLength"),
        (p.to_slot.is_some(), "toSlot"),
    ] {
        if given {
            call.warn(format!("{what} is not used for devices; ignored"));
        }
    }
    if p.route_to_source.is_some() {
        return Err(ToolError::bad_input(
            "routeToSource works only with type \"track\"",
        ));
    }
    if p.count.is_some_and(|c| c.index() > 1) {
        call.warn("count is ignored for devices");
    }
    for t in &to_path {
        DevicePath::parse(t)?;
    }
    let src = device_copies::source(call, p.id.as_str())?;
    let dests = device_copies::destinations(&src, &to_path)?;
    let names = names::names_for(call, text_of(&p.name), dests.len());
    device_copies::copy_all(call, &src, &dests, &names)
}

/// Names and colours copy `i` of `n` gets (docs/design/tool-contract.md §1.6).
pub(super) fn style(
    call: &mut Call<'_>,
    id: LiveId,
    name: &Option<String>,
    colors: &[i64],
    i: usize,
    what: &str,
) -> Result<(), ToolError> {
    names::write_name_and_color(call, id, what, name.as_deref(), names::cycled(colors, i))
}

/// Registers every id a copy reports (docs/design/tool-contract.md §2.4).
pub(super) fn issue(call: &mut Call<'_>, copy: &Duplicated) {
    if let Some(id) = &copy.id {
        call.ids().issue(id);
    }
    for c in copy.clips.iter().flatten() {
        call.ids().issue(&c.id);
    }
}
