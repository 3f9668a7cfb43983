//! Device copies of `barline-duplicate` (docs/design/tool-rules.md §18, `type:
//! "device"`). Live has no call that copies one device, so each copy goes through a
//! temporary duplicate of the source's track: the copied device is moved to its
//! destination and the temporary track is deleted again (also when a step fails). When
//! the source track hosts Barline, the temporary copy's Barline device is deleted before
//! anything else so a second instance never starts serving.

use crate::live::path::{format_steps, LomPath, Segment};
use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::device::insert::make_container;
use crate::tools::common::device::path::{DevicePath, Root, Seg};
use crate::tools::common::device::target::{self, Target};
use crate::tools::common::host::{self, Host};
use crate::tools::common::overview;
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::operations::duplicate::args::Duplicated;

/// The source device, checked before the first copy.
pub struct Source {
    /// Index of its (regular) track.
    pub track: usize,
    /// Its LOM path below the track (`devices 1 chains 0 devices 0`).
    pub below_track: Vec<Segment>,
    /// Its path (`t2/d1`).
    pub path: DevicePath,
}

/// Resolves the source id and checks it is a device on a regular track.
pub fn source(call: &mut Call<'_>, id: &str) -> Result<Source, ToolError> {
    let device = match target::resolve_id(call, id)? {
        Target::Device(d) => d,
        _ => {
            return Err(ToolError::new(
                ErrorCode::WrongType,
                format!("id {} is not a device", quoted(id)),
            ))
        }
    };
    host::protect(
        call.live,
        device,
        &format!("device {}", quoted(id)),
        "duplicated",
    )?;
    let text = target::path_of(call.live, device)?
        .ok_or_else(|| ToolError::not_found(format!("device {} is not on a track", quoted(id))))?;
    let path = DevicePath::parse(&text)?;
    let Root::Track(track) = path.root else {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            "devices on return or master tracks cannot be duplicated",
        ));
    };
    let lom_path = call.live.path_of(device)?;
    let below_track = LomPath::parse(&lom_path)
        .ok()
        .and_then(|p| p.segments().get(1..).map(<[Segment]>::to_vec))
        .ok_or_else(|| ToolError::not_found(format!("device {} is not on a track", quoted(id))))?;
    Ok(Source {
        track,
        below_track,
        path,
    })
}

/// Parses the `toPath` entries (BAD_INPUT before any copy); without any, the place
/// right after the source.
pub fn destinations(src: &Source, to_path: &[String]) -> Result<Vec<DevicePath>, ToolError> {
    if to_path.is_empty() {
        let mut after = src.path.clone();
        if let Some(Seg::Device(n)) = after.segs.last_mut() {
            *n += 1;
        }
        return Ok(vec![after]);
    }
    to_path.iter().map(|t| DevicePath::parse(t)).collect()
}

/// One copy per destination, named per docs/design/tool-contract.md §1.6; `{id}` per
/// copy.
pub fn copy_all(
    call: &mut Call<'_>,
    src: &Source,
    dests: &[DevicePath],
    names: &[Option<String>],
) -> Result<OneOrMany<Duplicated>, ToolError> {
    let host = host::find(call.live);
    let mut bulk: Bulk<Duplicated> = Bulk::new();
    for (i, dest) in dests.iter().enumerate() {
        if i > 0 && call.deadline_near() {
            call.warn_stopped(i, dests.len(), "devices");
            break;
        }
        let r = copy_one(call, src, dest, host.as_ref());
        let r = r.and_then(|id| {
            if let Some(Some(name)) = names.get(i) {
                call.live.set(id, "name", &[Atom::Symbol(name.clone())])?;
            }
            call.ids().issue(&id.to_string());
            Ok(Duplicated {
                id: Some(id.to_string()),
                ..Duplicated::default()
            })
        });
        bulk.record(r);
    }
    bulk.finish(call)
}

/// The copy for one destination; the temporary track is gone afterwards, whatever
/// happened in between.
fn copy_one(
    call: &mut Call<'_>,
    src: &Source,
    dest: &DevicePath,
    host: Option<&Host>,
) -> Result<LiveId, ToolError> {
    let live = &mut *call.live;
    let song = overview::song(live)?;
    let index =
        i64::try_from(src.track).map_err(|_| ToolError::bad_input("track index too large"))?;
    live.call(song, "duplicate_track", &[Atom::Int(index)])?;
    let temp = lom::resolve(live, &format!("live_set tracks {}", src.track + 1))
        .filter(|t| Some(*t) != lom::resolve(live, &format!("live_set tracks {}", src.track)))
        .ok_or_else(|| {
            ToolError::new(
                ErrorCode::LiveRejected,
                format!("Live refused to duplicate track {}", src.track),
            )
        })?;
    let result = move_copy(live, src, dest, host);
    let deleted = delete_temp(live, song, temp);
    match (result, deleted) {
        (Ok(id), Ok(())) => Ok(id),
        (Err(e), _) => Err(e),
        (Ok(_), Err(e)) => Err(e),
    }
}

/// Removes the copy's Barline (first), finds the copied device and moves it.
fn move_copy(
    live: &mut dyn LivePort,
    src: &Source,
    dest: &DevicePath,
    host: Option<&Host>,
) -> Result<LiveId, ToolError> {
    let temp_path = format!("live_set tracks {}", src.track + 1);
    let mut below = src.below_track.clone();
    let src_track = lom::resolve(live, &format!("live_set tracks {}", src.track));
    if let Some(h) = host.filter(|h| Some(h.track) == src_track) {
        remove_barline(live, &temp_path, &h.below_track, &mut below)?;
    }
    let copied_path = format!("{temp_path} {}", format_steps(&below));
    let copied = lom::resolve(live, &copied_path).ok_or_else(|| {
        ToolError::new(
            ErrorCode::LiveRejected,
            "Live did not copy the device with its track".to_string(),
        )
    })?;
    // Tracks after the source moved down by one while the temporary track exists.
    let mut shifted = dest.clone();
    if let Root::Track(n) = shifted.root {
        if n > src.track {
            shifted.root = Root::Track(n + 1);
        }
    }
    let ins = target::insertion(live, &shifted)?;
    let container = make_container(live, &ins.container, dest)?;
    let count = lom::count(live, container, "devices")?;
    let at = ins.position.unwrap_or(count).min(count);
    let song = overview::song(live)?;
    live.call(
        song,
        "move_device",
        &[
            Atom::from("id"),
            Atom::Int(copied.0 as i64),
            Atom::from("id"),
            Atom::Int(container.0 as i64),
            Atom::Int(at as i64),
        ],
    )?;
    let moved = target::children(live, container, "devices")?;
    if moved.contains(&copied) {
        Ok(copied)
    } else {
        Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!(
                "Live refused to move the copy to {}",
                quoted(&dest.to_string())
            ),
        ))
    }
}

/// Deletes the copy's Barline device (the steps `host` below the temporary track) and
/// shifts `below`, the copied device's steps, when it sat after Barline in the same
/// container, since it moved up by one.
fn remove_barline(
    live: &mut dyn LivePort,
    temp_path: &str,
    host: &[Segment],
    below: &mut [Segment],
) -> Result<(), ToolError> {
    let Some((last, container)) = host.split_last() else {
        return Ok(());
    };
    let parent_path = format!("{temp_path} {}", format_steps(container));
    let hi = last.index;
    if let Some(parent) = lom::resolve(live, parent_path.trim()) {
        let at = hi.map_or(-1, |i| i as i64);
        live.call(parent, "delete_device", &[Atom::Int(at)])?;
    }
    let depth = container.len();
    if below.len() > depth && below[..depth] == *container {
        if let (Some(hi), Some(n)) = (hi, below[depth].index) {
            if hi < n {
                below[depth].index = Some(n - 1);
            }
        }
    }
    Ok(())
}

/// Deletes the temporary track by its current index.
fn delete_temp(live: &mut dyn LivePort, song: LiveId, temp: LiveId) -> Result<(), ToolError> {
    let path = live.path_of(temp)?;
    let Some(i) = LomPath::parse(&path)
        .ok()
        .and_then(|p| p.first_index("tracks"))
    else {
        return Ok(());
    };
    live.call(song, "delete_track", &[Atom::Int(i as i64)])?;
    Ok(())
}
