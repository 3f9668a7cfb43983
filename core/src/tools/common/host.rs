//! Where Barline itself lives in the Set: the device `this_device` names and the track
//! holding it (directly or inside a rack), so tools can refuse to delete it and remove
//! the device from copies of its track (docs/design/tool-rules.md §17, §18;
//! docs/design/tool-contract.md §3.3).

use crate::live::path::{LomPath, Segment};
use crate::live::{Atom, LiveId, LivePort};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

/// The Barline device and its track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Host {
    /// The Barline device.
    pub device: LiveId,
    /// The track holding it.
    pub track: LiveId,
    /// The device's path below its track, e.g. `devices 0` or `devices 1 chains 0 devices 2`.
    pub below_track: Vec<Segment>,
}

/// Barline's device and track, or `None` when `this_device` resolves to nothing on a
/// track (a Set loaded without the device, as some test fixtures are).
pub fn find(live: &mut dyn LivePort) -> Option<Host> {
    let device = lom::resolve(live, "this_device")?;
    let path = LomPath::parse(&live.path_of(device).ok()?).ok()?;
    let steps = path.live_set_steps()?;
    let on_track = matches!(
        steps.first(),
        Some(("tracks" | "return_tracks", Some(_)) | ("master_track", _))
    );
    if !on_track {
        return None;
    }
    let track = lom::resolve(live, &path.prefix(1).to_string())?;
    Some(Host {
        device,
        track,
        below_track: path.segments().get(1..).unwrap_or_default().to_vec(),
    })
}

/// The object a child property names (`["id", n]`), if any.
pub fn child(live: &mut dyn LivePort, id: LiveId, prop: &str) -> Option<LiveId> {
    let atoms = live.get(id, prop).ok()?;
    let n = atoms.iter().rev().find_map(Atom::as_i64)?;
    (n > 0).then_some(LiveId(n as u64))
}

/// Most nesting levels of group tracks followed; Live's groups nest far less deeply.
const MAX_GROUP_DEPTH: usize = 64;

/// True when `track` is the host track or a group track containing it (deleting a
/// group deletes its members).
pub fn holds(live: &mut dyn LivePort, host: &Host, track: LiveId) -> bool {
    let mut t = host.track;
    for _ in 0..MAX_GROUP_DEPTH {
        if t == track {
            return true;
        }
        match child(live, t, "group_track") {
            Some(g) => t = g,
            None => return false,
        }
    }
    false
}

/// True when acting on `object` would act on Barline itself: it is the device, or a
/// rack, chain or drum pad (through its chains) on the way to it.
pub fn encloses(live: &mut dyn LivePort, host: &Host, object: LiveId) -> bool {
    if object == host.device {
        return true;
    }
    let Some(inner) = live
        .path_of(host.device)
        .ok()
        .and_then(|p| LomPath::parse(&p).ok())
    else {
        return false;
    };
    let mut outers = vec![object];
    if live.type_of(object).is_ok_and(|t| t == "DrumPad") {
        let chains = live.get(object, "chains").unwrap_or_default();
        outers.extend(
            chains
                .iter()
                .filter_map(Atom::as_i64)
                .filter(|n| *n > 0)
                .map(|n| LiveId(n as u64)),
        );
    }
    outers.into_iter().any(|o| {
        live.path_of(o).is_ok_and(|outer| {
            // An object Live gives no path for may still hold the device: refusing is
            // the safe answer, as it was when paths were compared word by word.
            outer.trim().is_empty()
                || LomPath::parse(&outer).is_ok_and(|outer| inner.is_within(&outer))
        })
    })
}

/// `UNSUPPORTED` when `object` is or holds the Barline device: the device must never
/// delete, move, wrap or copy itself, which would end the session that asked
/// (docs/design/tool-contract.md §3.3). `what` names the object, `verb` the action.
pub fn protect(
    live: &mut dyn LivePort,
    object: LiveId,
    what: &str,
    verb: &str,
) -> Result<(), ToolError> {
    let Some(host) = find(live) else {
        return Ok(());
    };
    if !encloses(live, &host, object) {
        return Ok(());
    }
    let whose = if object == host.device {
        "is the Barline device"
    } else {
        "contains the Barline device"
    };
    Err(ToolError::new(
        ErrorCode::Unsupported,
        format!("{what} {whose} and cannot be {verb}: Barline would remove itself from the Set"),
    ))
}
