//! Scene copies for `barline-duplicate` (docs/design/tool-rules.md §18):
//! `duplicate_scene` in the session, or the scene's clips laid into the arrangement at
//! positions or locators, each as long as the scene (its longest clip, at least a bar of
//! 4 beats) or as `arrangementLength`.

use crate::live::{Atom, LiveId};
use crate::tools::common::clip::location::ClipLocation;
use crate::tools::common::clip::reference::{self, Slot};
use crate::tools::common::names;
use crate::tools::common::session_grid;
use crate::tools::common::timeline::{self, CopySource};
use crate::tools::common::{overview, refs, time};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::operations::duplicate::args::{CopiedClip, DuplicateParams, Duplicated};
use crate::tools::operations::duplicate::plan::{issue, style, Plan, MAX_POSITIONS};

/// The source scene's index and the Song.
fn source_scene(call: &mut Call<'_>, plan: &Plan) -> Result<(usize, LiveId), ToolError> {
    let path = call.live.path_of(plan.source)?;
    let index = lom::index_in_path(&path, "scenes").unwrap_or(0);
    Ok((index, overview::song(call.live)?))
}

/// Session copies: `count` copies, each right after the previous one.
pub(super) fn in_session(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let (index, song) = source_scene(call, plan)?;
    let names = names::names_for(call, text_of(&p.name), plan.count);
    let without_clips = p.without_clips.is_some_and(|f| f.0);
    let mut bulk = Bulk::new();
    for (k, name) in names.iter().enumerate() {
        if k > 0 && call.deadline_near() {
            call.warn_stopped(k, plan.count, "scenes");
            break;
        }
        let before = lom::count(call.live, song, "scenes")?;
        call.live
            .call(song, "duplicate_scene", &[Atom::Int((index + k) as i64)])?;
        let at = index + k + 1;
        let copy = match lom::resolve(call.live, &format!("live_set scenes {at}")) {
            Some(c) if lom::count(call.live, song, "scenes")? > before => c,
            _ => {
                bulk.skip(ToolError::new(
                    ErrorCode::LiveRejected,
                    "Live did not duplicate the scene",
                ));
                break;
            }
        };
        let mut clips = Vec::new();
        for (track, clip) in session_grid::scene_clips(call.live, copy)? {
            let slot = Slot { track, scene: at };
            if without_clips {
                let cs = reference::clip_slot(call.live, slot)?;
                call.live.call(cs, "delete_clip", &[])?;
            } else {
                clips.push(ClipLocation::in_slot(clip, slot).into());
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

/// The scene's clips, and its length: the longest clip, at least 4 beats.
fn scene_sources(call: &mut Call<'_>, plan: &Plan) -> Result<(Vec<CopySource>, f64), ToolError> {
    let mut sources = Vec::new();
    let mut scene_len: f64 = 4.0;
    for (t, clip) in session_grid::scene_clips(call.live, plan.source)? {
        let len = lom::number(call.live, clip, "length")?;
        scene_len = scene_len.max(len);
        let track = refs::track_by_index(call, t as u64, refs::TrackList::Regular)?;
        sources.push(CopySource {
            clip,
            length: len,
            track,
            track_index: t,
        });
    }
    Ok((sources, scene_len))
}

/// The scene's clips laid into the arrangement at each position: one position with
/// `count` lays the copies end to end.
pub(super) fn to_arrangement(
    call: &mut Call<'_>,
    p: &DuplicateParams,
    plan: &Plan,
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let (index, _) = source_scene(call, plan)?;
    let (sources, scene_len) = scene_sources(call, plan)?;
    if sources.is_empty() {
        call.warn(format!("scene {index} has no clips; nothing was copied"));
    }
    let each = plan.length.unwrap_or(scene_len);
    let mut positions = plan.positions.clone();
    if plan.count > 1 {
        if positions.len() == 1 {
            let first = positions[0].0;
            positions = (0..plan.count)
                .map(|k| {
                    let b = first + k as f64 * each;
                    (b, time::position(b, plan.sig.0, plan.sig.1))
                })
                .collect();
        } else {
            call.warn("count is ignored with several positions");
        }
    }
    positions.truncate(MAX_POSITIONS);
    let names = names::names_for(call, text_of(&p.name), positions.len());
    let n = positions.len();
    let mut bulk = Bulk::new();
    for (i, (at, at_text)) in positions.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, "positions");
            break;
        }
        let mut clips = Vec::new();
        for from in &sources {
            let stop = call.deadline_check();
            let placed = match timeline::place_copy(call.live, *from, *at, each, &stop) {
                Ok(placed) => placed,
                Err(e) => {
                    call.warn(format!("{}; skipped", e.message));
                    continue;
                }
            };
            call.warnings.extend(placed.warnings);
            for (id, _) in placed.clips {
                style(call, id, &names[i], &plan.colors, i, "clip")?;
                let name = lom::text(call.live, id, "name")?;
                clips.push(CopiedClip {
                    at: ClipLocation {
                        id: id.to_string(),
                        track_index: Some(from.track_index as i64),
                        ..Default::default()
                    },
                    name: (!name.is_empty()).then_some(name),
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
