//! `barline-delete` (docs/design/tool-rules.md §17): every target is resolved and checked
//! before the first deletion; tracks and scenes go in descending index order so earlier
//! deletions never shift later targets; the master track, Barline's own track and the
//! last scene are refused (honest refusals, docs/design/tool-contract.md §3.3).

mod args;
mod targets;

use crate::live::path::LomPath;
use crate::live::{Atom, LivePort};
use crate::sort;
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::host;
use crate::tools::common::overview;
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{List, OptionEnum};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use args::{DeleteKinds, DeleteParams, Deleted};
use targets::{keep_one_scene, resolve_id, resolve_path, How, Target};

/// `barline-delete`.
pub struct Delete;

impl Tool for Delete {
    type Params = DeleteParams;
    type Output = OneOrMany<Deleted>;
    const META: ToolMeta = ToolMeta {
        hints: Hints::OVERWRITE,
        ..ToolMeta::create(
            "barline-delete",
            "Delete",
            "Delete tracks, scenes, clips, devices or pads; type must name the kind.",
        )
    };

    fn run(call: &mut Call<'_>, p: DeleteParams) -> Result<OneOrMany<Deleted>, ToolError> {
        run(call, &p)
    }
}

fn run(call: &mut Call<'_>, p: &DeleteParams) -> Result<OneOrMany<Deleted>, ToolError> {
    let kind = p.kind.get();
    let by_path = matches!(kind, DeleteKinds::Device | DeleteKinds::DrumPad);
    if p.path.is_some() && !by_path {
        call.warn("path is only used for type \"device\" or \"drum-pad\"; ignored");
    }
    let ids = p.ids.as_ref().map(List::items).unwrap_or_default();
    let paths = if by_path {
        p.path.as_ref().map(List::items).unwrap_or_default()
    } else {
        Vec::new()
    };
    if ids.is_empty() && paths.is_empty() {
        return Err(ToolError::bad_input(if by_path {
            "give ids or path: the objects to delete"
        } else {
            "give ids: the objects to delete"
        }));
    }
    // Syntax of every path before anything else (bad input changes nothing,
    // docs/design/tool-contract.md §3.1).
    let mut parsed = Vec::new();
    for text in call.unique(paths, "path") {
        let path = DevicePath::parse(&text)?;
        if path.segs.is_empty() {
            return Err(ToolError::bad_input(format!(
                "path {} names a track; add the device or pad segment, e.g. \"{path}/d0\"",
                quoted(&text)
            )));
        }
        parsed.push((text, path));
    }
    let ids = call.unique(ids, "id");

    // Resolve everything before the first deletion
    // (docs/design/tool-rules.md §17 step 1).
    let mut bulk: Bulk<Deleted> = Bulk::new();
    let host = host::find(call.live);
    let mut targets: Vec<Target> = Vec::new();
    for id in &ids {
        let r = resolve_id(call, id, kind, host.as_ref());
        push(&mut targets, &mut bulk, r);
    }
    for (text, path) in parsed {
        let r = resolve_path(call, &text, &path, kind, host.as_ref());
        push(&mut targets, &mut bulk, r);
    }
    if kind == DeleteKinds::Scene {
        keep_one_scene(call, &mut targets, &mut bulk)?;
    }
    // Descending index order: regular tracks, then return tracks
    // (docs/design/tool-rules.md §17 step 3).
    sort::sort_by(&mut targets, |a, b| {
        let rank = |h: How| matches!(h, How::ReturnTrack) as u8;
        rank(a.how).cmp(&rank(b.how)).then(b.index.cmp(&a.index))
    });
    let n = targets.len();
    for (i, t) in targets.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, n, &format!("{}s", kind.name()));
            break;
        }
        let r = delete(call.live, t);
        if r.is_ok() {
            call.ids().issue(&t.id.to_string());
        }
        bulk.record(r.map(|()| Deleted {
            id: t.id.to_string(),
            kind: kind.name().to_string(),
            deleted: true,
        }));
    }
    bulk.finish(call)
}

fn push(targets: &mut Vec<Target>, bulk: &mut Bulk<Deleted>, r: Result<Target, ToolError>) {
    match r {
        Ok(t) if targets.iter().any(|o| o.id == t.id) => {}
        Ok(t) => targets.push(t),
        Err(e) => bulk.skip(e),
    }
}

/// Deletes one target, re-reading its current index from its path (earlier deletions
/// may have moved it), and checks that it is gone.
fn delete(live: &mut dyn LivePort, t: &Target) -> Result<(), ToolError> {
    let path = live.path_of(t.id)?;
    let song = overview::song(live)?;
    let at = |word: &str| -> Result<i64, ToolError> {
        lom::index_in_path(&path, word)
            .map(|i| i as i64)
            .ok_or_else(|| ToolError::not_found(format!("{} is gone", t.label)))
    };
    match t.how {
        How::Track => live.call(song, "delete_track", &[Atom::Int(at("tracks")?)])?,
        How::ReturnTrack => live.call(
            song,
            "delete_return_track",
            &[Atom::Int(at("return_tracks")?)],
        )?,
        How::Scene => live.call(song, "delete_scene", &[Atom::Int(at("scenes")?)])?,
        How::SessionClip(slot) => live.call(slot, "delete_clip", &[])?,
        How::ArrangementClip(track) => live.call(
            track,
            "delete_clip",
            &[Atom::from("id"), Atom::Int(t.id.0 as i64)],
        )?,
        How::Device => {
            let parent = LomPath::parse(&path)
                .ok()
                .and_then(|p| p.parent())
                .and_then(|p| lom::resolve(live, &p.to_string()))
                .ok_or_else(|| {
                    ToolError::not_found(format!("the parent of {} is gone", t.label))
                })?;
            live.call(parent, "delete_device", &[Atom::Int(at("devices")?)])?
        }
        How::DrumPad => live.call(t.id, "delete_all_chains", &[])?,
    };
    let gone = match t.how {
        How::DrumPad => lom::count(live, t.id, "chains")? == 0,
        _ => lom::resolve(live, &format!("id {}", t.id)).is_none(),
    };
    if gone {
        Ok(())
    } else {
        Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live refused to delete {}", t.label),
        ))
    }
}
