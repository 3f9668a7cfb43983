//! `barline-select` (docs/design/tool-rules.md §19): show the Session or Arrangement view
//! and select a track, scene, slot, clip or device; without arguments, report what is
//! selected. Every argument is checked (and every object resolved) before the first
//! change; what the call selected is read back from Live ([`selection`]).
//!
//! [`selection`]: crate::tools::control::select::selection

mod args;
mod plan;
pub mod selection;

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::clip::reference::{self, Place};
use crate::tools::common::host;
use crate::tools::control::select::plan::{plan, Plan};
use crate::tools::control::select::selection::Selection;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use args::SelectParams;

/// `barline-select`.
pub struct Select;

impl Tool for Select {
    type Params = SelectParams;
    type Output = Selection;
    const META: ToolMeta = ToolMeta {
        small_removed: &[
            "trackType",
            "slot",
            "devicePath",
            "trackIndex",
            "sceneIndex",
        ],
        hints: Hints {
            read_only: false,
            destructive: false,
            idempotent: true,
        },
        ..ToolMeta::create(
            "barline-select",
            "Select",
            "Show and select in Live (\"show me\", \"go to\"); no arguments: the selection.",
        )
    };

    fn run(call: &mut Call<'_>, p: SelectParams) -> Result<Selection, ToolError> {
        run(call, &p)
    }
}

fn obj(id: LiveId) -> [Atom; 2] {
    [Atom::from("id"), Atom::Int(id.0 as i64)]
}

fn run(call: &mut Call<'_>, p: &SelectParams) -> Result<Selection, ToolError> {
    let nothing = p.id.is_none()
        && p.track_index.is_none()
        && p.track_type.is_none()
        && p.scene_index.is_none()
        && p.slot.is_none()
        && p.device_path.is_none()
        && p.view.is_none();
    if nothing {
        return selection::read_state(call.live);
    }
    let mut plan = plan(call, p)?;
    let (app_view, song_view) = selection::views(call.live)?;
    plan.view = view_to_show(call, &plan);
    let live = &mut *call.live;
    let mut out = Selection::default();
    let shown_clip = select(live, app_view, song_view, &plan, &mut out)?;
    focus(live, app_view, &plan, shown_clip)?;
    // Report what the call selected, read back from Live.
    out.view = Some(selection::view_name(live, app_view)?);
    if plan.track.is_some() || plan.slot.is_some() || plan.clip.is_some() || plan.device.is_some() {
        if let Some(t) = host::child(live, song_view, "selected_track") {
            out.selected_track = Some(selection::track_info(live, t)?);
        }
    }
    if let Some(clip) = shown_clip {
        out.selected_clip = Some(selection::clip_info(live, clip)?);
    }
    for id in [
        out.selected_track.as_ref().map(|t| t.id.clone()),
        out.selected_scene.as_ref().map(|s| s.id.clone()),
        out.selected_clip.as_ref().map(|c| c.id.clone()),
        out.selected_device.as_ref().map(|d| d.id.clone()),
    ]
    .into_iter()
    .flatten()
    {
        call.ids().issue(&id);
    }
    Ok(out)
}

/// Which main view to show (docs/design/tool-rules.md §19 step 3, 4): a clip's own view
/// (a different one asked for is ignored with a warning), else the view asked for, else
/// Session for a scene or slot.
fn view_to_show(call: &mut Call<'_>, plan: &Plan) -> Option<&'static str> {
    let mut show = plan.view;
    if let Some((clip, place)) = plan.clip {
        let own = if matches!(place, Place::Arrangement { .. }) {
            "Arranger"
        } else {
            "Session"
        };
        if let Some(v) = plan.view.filter(|v| *v != own) {
            let (asked, kind) = if v == "Session" {
                ("session", "an arrangement")
            } else {
                ("arrangement", "a session")
            };
            call.warn(format!(
                "view \"{asked}\" ignored: clip {clip} is {kind} clip"
            ));
        }
        show = Some(own);
    } else if show.is_none() && (plan.scene.is_some() || plan.slot.is_some()) {
        show = Some("Session");
    }
    show
}

/// Shows the view and selects what the plan names; returns the clip shown in the Detail
/// area, if any. The scene and device are read back into `out` as they are selected.
fn select(
    live: &mut dyn LivePort,
    app_view: LiveId,
    song_view: LiveId,
    plan: &Plan,
    out: &mut Selection,
) -> Result<Option<LiveId>, ToolError> {
    if let Some(v) = plan.view {
        live.call(app_view, "show_view", &[Atom::from(v)])?;
    }
    if let Some(t) = plan.track {
        live.set(song_view, "selected_track", &obj(t))?;
    }
    if let Some(s) = plan.scene {
        live.set(song_view, "selected_scene", &obj(s))?;
        out.selected_scene = Some(selection::scene_info(live, s)?);
    }
    let mut shown_clip = None;
    if let Some((clip, place)) = plan.clip {
        if let Place::Session(slot) = place {
            let cs = reference::clip_slot(live, slot)?;
            live.set(song_view, "highlighted_clip_slot", &obj(cs))?;
        }
        live.set(song_view, "detail_clip", &obj(clip))?;
        shown_clip = Some(clip);
    }
    if let Some((slot, cs)) = plan.slot {
        live.set(song_view, "highlighted_clip_slot", &obj(cs))?;
        if let Some(clip) = reference::slot_clip(live, slot) {
            live.set(song_view, "detail_clip", &obj(clip))?;
            shown_clip = Some(clip);
        }
    }
    if let Some(d) = plan.device {
        live.call(song_view, "select_device", &obj(d))?;
        out.selected_device = Some(selection::device_info(live, d)?);
    }
    Ok(shown_clip)
}

/// Detail area and Browser (docs/design/tool-rules.md §19 step 5).
fn focus(
    live: &mut dyn LivePort,
    app_view: LiveId,
    plan: &Plan,
    shown_clip: Option<LiveId>,
) -> Result<(), ToolError> {
    if shown_clip.is_some() {
        live.call(app_view, "focus_view", &[Atom::from("Detail/Clip")])?;
    } else if plan.device.is_some() {
        live.call(app_view, "focus_view", &[Atom::from("Detail/DeviceChain")])?;
    }
    let selected_something = plan.track.is_some()
        || plan.scene.is_some()
        || plan.clip.is_some()
        || plan.slot.is_some()
        || plan.device.is_some();
    if selected_something {
        live.call(app_view, "hide_view", &[Atom::from("Browser")])?;
    } else {
        live.call(app_view, "hide_view", &[Atom::from("Detail")])?;
    }
    Ok(())
}
