//! What barline-delete resolves and checks before the first deletion: each target, how
//! it is deleted, and the refusals (the master track, Barline's own track, the last
//! scene, the catch-all pad).

use super::args::{DeleteKinds, Deleted};
use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::reference::{self, Place};
use crate::tools::common::device::path::{DevicePath, Seg};
use crate::tools::common::device::target::{self, Target as Found};
use crate::tools::common::host::{self, Host};
use crate::tools::common::overview;
use crate::tools::common::refs::{self, Kind};
use crate::tools::framework::call::{Bulk, Call};
use crate::tools::framework::coerce::OptionEnum;
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;

/// How a resolved target is deleted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum How {
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
pub(super) struct Target {
    pub(super) id: LiveId,
    pub(super) label: String,
    pub(super) how: How,
    pub(super) index: usize,
}

pub(super) fn unsupported(message: impl Into<String>) -> ToolError {
    ToolError::new(ErrorCode::Unsupported, message)
}

pub(super) fn resolve_id(
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
pub(super) fn resolve_path(
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
pub(super) fn target(
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
pub(super) fn keep_one_scene(
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
