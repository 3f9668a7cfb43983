//! `barline-duplicate` (docs/design/tool-rules.md §18): the tool, its arguments and
//! results, and the checks made before the first copy. Each kind of copy has its own
//! module: tracks in `duplicate_track`, scenes (in the session or laid into the
//! arrangement) in `duplicate_scene`, clips (to session slots or arrangement positions)
//! in `duplicate_clip`, devices (`toPath`) in `duplicate_device`. Everything is parsed
//! and resolved before the first copy.

mod args;
pub mod clip_copies;
pub mod device_copies;
mod plan;
pub mod scene_copies;
pub mod track_copies;

use crate::tools::common::device::path::DevicePath;
use crate::tools::common::names;
use crate::tools::common::timeline::Playhead;
use crate::tools::framework::call::{Call, OneOrMany};
use crate::tools::framework::coerce::{text_of, List};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use args::{DuplicateKinds, DuplicateParams, Duplicated};
use plan::{plan, Plan};

/// `barline-duplicate`.
pub struct Duplicate;

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

fn run(call: &mut Call<'_>, p: &DuplicateParams) -> Result<OneOrMany<Duplicated>, ToolError> {
    if let Some(state) = call.resume.take() {
        return track_copies::route_after_a_tick(call, &state);
    }
    match p.kind.get() {
        DuplicateKinds::Device => devices(call, p),
        DuplicateKinds::Track => {
            let plan = planned(call, p)?;
            track_copies::tracks(call, p, &plan)
        }
        DuplicateKinds::Scene => {
            let plan = planned(call, p)?;
            if plan.positions.is_empty() {
                scene_copies::in_session(call, p, &plan)
            } else {
                scene_copies::to_arrangement(call, p, &plan)
            }
        }
        DuplicateKinds::Clip => {
            let plan = planned(call, p)?;
            if plan.positions.is_empty() {
                clip_copies::to_slots(call, p, &plan)
            } else {
                clip_copies::to_arrangement(call, p, &plan)
            }
        }
    }
}

/// The plan of a track, scene or clip copy, which never uses `toPath`.
fn planned(call: &mut Call<'_>, p: &DuplicateParams) -> Result<Plan, ToolError> {
    if p.to_path.is_some() {
        call.warn("toPath is only used for devices; ignored");
    }
    plan(call, p)
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
