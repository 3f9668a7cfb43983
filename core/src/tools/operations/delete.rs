//! `barline-delete` (docs/design/tool-rules.md §17): every target is resolved and checked
//! before the first deletion; tracks and scenes go in descending index order so earlier
//! deletions never shift later targets; the master track, Barline's own track and the
//! last scene are refused (honest refusals, docs/design/tool-contract.md §3.3).

use crate::live::path::LomPath;
use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::clip::reference::{self, Place};
use crate::tools::common::device::path::{DevicePath, Seg};
use crate::tools::common::device::target::{self, Target as Found};
use crate::tools::common::host::{self, Host};
use crate::tools::common::overview;
use crate::tools::common::refs::{self, Kind};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{option_set, Choice, List, OptionEnum};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-delete`.
pub struct Delete;

option_set! {
    /// The `type` options.
    pub enum DeleteKinds {
        Track = "track",
        Scene = "scene",
        Clip = "clip",
        Device = "device",
        DrumPad = "drum-pad",
    }
}

/// Arguments of delete.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteParams {
    /// Ids, comma-separated.
    pub ids: Option<List>,
    /// Device or pad paths, comma-separated.
    pub path: Option<List>,
    /// The kind.
    #[serde(rename = "type")]
    pub kind: Choice<DeleteKinds>,
}

/// One deleted object.
#[derive(Debug, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct Deleted {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub deleted: bool,
}

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

/// How a resolved target is deleted.
#[derive(Clone, Copy, Debug, PartialEq)]
enum How {
    /// `Song.delete_track(i)`.
    Track,
    /// `Song.delete_return_track(i)`.
    ReturnTrack,
    /// `Song.delete_scene(i)`.
    Scene,
    /// `ClipSlot.delete_clip()`.
    SessionClip(LiveId),
    /// `Track.delete_clip(clip)`.
    ArrangementClip(LiveId),
    /// `<parent>.delete_device(i)`.
    Device,
    /// `DrumPad.delete_all_chains()`.
    DrumPad,
}

/// A target checked and ready to delete; `index` orders tracks and scenes.
struct Target {
    id: LiveId,
    label: String,
    how: How,
    index: usize,
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
    targets.sort_by(|a, b| {
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

fn unsupported(message: impl Into<String>) -> ToolError {
    ToolError::new(ErrorCode::Unsupported, message)
}

fn resolve_id(
    call: &mut Call<'_>,
    id: &str,
    kind: DeleteKinds,
    host: Option<&Host>,
) -> Result<Target, ToolError> {
    let want = match kind {
        DeleteKinds::Track => Kind::Track,
        DeleteKinds::Scene => Kind::Scene,
        DeleteKinds::Clip => Kind::Clip,
        DeleteKinds::Device => Kind::Device,
        DeleteKinds::DrumPad => Kind::DrumPad,
    };
    let (found, _) = refs::by_id(call, id, want)?;
    target(call.live, found, id, kind, host)
}

/// Resolves a device or pad path (docs/design/tool-rules.md §17 step 1); the catch-all
/// pad `p*` has no pad object and is refused.
fn resolve_path(
    call: &mut Call<'_>,
    text: &str,
    path: &DevicePath,
    kind: DeleteKinds,
    host: Option<&Host>,
) -> Result<Target, ToolError> {
    if kind == DeleteKinds::DrumPad
        && matches!(path.segs.last(), Some(Seg::Pad(p)) if p.pitch.is_none())
    {
        // Skipped like any other target that is not a pad, so a call naming only `p*`
        // says why nothing was deleted.
        return Err(ToolError::new(
            ErrorCode::WrongType,
            format!(
                "path {} names the catch-all chains, which have no drum pad",
                quoted(text)
            ),
        ));
    }
    let found = target::resolve(call.live, path).map_err(|e| {
        if e.code == ErrorCode::NotFound && kind == DeleteKinds::Device {
            ToolError::not_found(format!("no device at path {}", quoted(text)))
        } else {
            e
        }
    })?;
    let wrong = |what: &str, want: &str| {
        ToolError::new(
            ErrorCode::WrongType,
            format!("path {} resolves to {what}, not {want}", quoted(text)),
        )
    };
    let id = match (kind, found) {
        (DeleteKinds::Device, Found::Device(d)) => d,
        (DeleteKinds::Device, Found::Pad { .. }) => return Err(wrong("a drum pad", "a device")),
        (DeleteKinds::Device, _) => return Err(wrong("a chain", "a device")),
        // Only devices and drum pads are named by path, so the rest is a pad.
        (_, Found::Pad { pad: Some(pad), .. }) => pad,
        (_, Found::Pad { pad: None, .. }) => {
            return Err(ToolError::not_found(format!(
                "path {} names no drum pad",
                quoted(text)
            )))
        }
        (_, Found::Device(_)) => return Err(wrong("a device", "a drum pad")),
        _ => return Err(wrong("a chain", "a drum pad")),
    };
    target(call.live, id, text, kind, host)
}

/// Checks a found object of the right kind against the protected targets (honest
/// refusals, docs/design/tool-contract.md §3.3) and works out how to delete it.
fn target(
    live: &mut dyn LivePort,
    found: LiveId,
    id: &str,
    kind: DeleteKinds,
    host: Option<&Host>,
) -> Result<Target, ToolError> {
    let path = live.path_of(found)?;
    let label = format!("{} {}", kind.name(), quoted(id));
    let mut t = Target {
        id: found,
        label,
        how: How::Track,
        index: 0,
    };
    match kind {
        DeleteKinds::Track => {
            if path.contains("master_track") {
                return Err(unsupported("the master track cannot be deleted"));
            }
            if host.is_some_and(|h| host::holds(live, h, found)) {
                return Err(unsupported("the track hosting Barline cannot be deleted"));
            }
            if let Some(i) = lom::index_in_path(&path, "return_tracks") {
                (t.how, t.index) = (How::ReturnTrack, i);
            } else {
                t.index = lom::index_in_path(&path, "tracks").unwrap_or(0);
            }
        }
        DeleteKinds::Scene => {
            (t.how, t.index) = (How::Scene, lom::index_in_path(&path, "scenes").unwrap_or(0))
        }
        DeleteKinds::Clip => {
            t.how = match reference::place(live, found)? {
                Place::Session(slot) => How::SessionClip(reference::clip_slot(live, slot)?),
                Place::Arrangement { track } => How::ArrangementClip(
                    lom::resolve(live, &format!("live_set tracks {track}")).ok_or_else(|| {
                        ToolError::not_found(format!("the track of clip {} is gone", quoted(id)))
                    })?,
                ),
                Place::Other => {
                    return Err(ToolError::not_found(format!(
                        "clip {} is neither in a slot nor on a track",
                        quoted(id)
                    )))
                }
            };
        }
        DeleteKinds::Device => {
            if host.is_some_and(|h| h.device == found) {
                return Err(unsupported("the Barline device cannot delete itself"));
            }
            t.how = How::Device;
        }
        DeleteKinds::DrumPad => t.how = How::DrumPad,
    }
    let holds = matches!(t.how, How::Device | How::DrumPad)
        && host.is_some_and(|h| host::encloses(live, h, found));
    if holds {
        return Err(unsupported(format!(
            "{} contains the Barline device and cannot be deleted: Barline would remove itself from the Set",
            t.label
        )));
    }
    Ok(t)
}

/// Live keeps at least one scene: when the call would delete every scene, the first
/// (processed last) is refused (honest refusals, docs/design/tool-contract.md §3.3).
fn keep_one_scene(
    call: &mut Call<'_>,
    targets: &mut Vec<Target>,
    bulk: &mut Bulk<Deleted>,
) -> Result<(), ToolError> {
    let song = overview::song(call.live)?;
    let scenes = lom::count(call.live, song, "scenes")?;
    if !targets.is_empty() && targets.len() >= scenes {
        if let Some(first) = targets
            .iter()
            .enumerate()
            .min_by_key(|(_, t)| t.index)
            .map(|(i, _)| i)
        {
            targets.remove(first);
            bulk.skip(unsupported(
                "the last scene cannot be deleted: Live keeps at least one scene",
            ));
        }
    }
    Ok(())
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
