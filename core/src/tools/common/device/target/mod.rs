//! What device paths and ids name in the Live Set
//! (docs/design/tool-contract.md §1.2, §2.4): resolving a [`DevicePath`] to a [`Target`]
//! (NOT_FOUND / WRONG_TYPE with the documented messages), insertion paths ([`insertion`]:
//! container, position, chains to create), [`path_of`] for results (drum chains always
//! with their chain index), and [`resolve_id`] for ids, with STALE_REFERENCE for ids this
//! device issued earlier.
//!
//! Public API for other tools (delete, duplicate):
//! - [`resolve`] → a [`Target`] (track, device, chain, drum pad) from a parsed path;
//! - [`insertion`] → where an insertion path puts a device (container + position);
//! - [`resolve_id`] → a [`Target`] from an id, with the registry check;
//! - [`path_of`] → the canonical path of a device, chain or pad;
//! - [`children`], [`pad_chains`], [`is_rack`], [`is_drum_rack`] → small LOM reads.
//!
//! Walking a path is here; `insertion.rs`, `canonical_path.rs` and `by_id.rs` hold the
//! other three directions.

mod by_id;
mod canonical_path;
mod insertion;

pub use by_id::resolve_id;
pub use canonical_path::{path_of, path_with, PathCache};
pub use insertion::{insertion, Insertion, Place};

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::path::{DevicePath, PadNote, Root, Seg};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use std::fmt::Display;

/// What a path or id names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A track (a path of one segment): a container only.
    Track(LiveId),
    /// A device (any kind: plain, rack, Simpler).
    Device(LiveId),
    /// A rack chain, return chain or drum chain.
    Chain(LiveId),
    /// A drum pad: its rack, its note, the `DrumPad` object (`None` for `p*`) and the
    /// chains with that `in_note`, in `chains` order.
    Pad {
        /// The Drum Rack.
        rack: LiveId,
        /// `in_note` of its chains (−1 for `*`).
        note: i64,
        /// The `DrumPad` object (absent for the catch-all).
        pad: Option<LiveId>,
        /// Its chains.
        chains: Vec<LiveId>,
    },
}

impl Target {
    /// The object to report as the target's id: the pad (or its first chain for `p*`).
    pub fn id(&self) -> LiveId {
        match self {
            Target::Track(id) | Target::Device(id) | Target::Chain(id) => *id,
            Target::Pad {
                pad, chains, rack, ..
            } => pad.or_else(|| chains.first().copied()).unwrap_or(*rack),
        }
    }
}

fn root_id(live: &mut dyn LivePort, root: Root) -> Result<LiveId, ToolError> {
    let (lom_path, what) = match root {
        Root::Track(n) => (format!("live_set tracks {n}"), "track"),
        Root::Return(n) => (format!("live_set return_tracks {n}"), "return track"),
        Root::Master => ("live_set master_track".to_string(), "master track"),
    };
    lom::resolve(live, &lom_path)
        .ok_or_else(|| ToolError::not_found(format!("no {what} at {root}")))
}

fn nth(live: &mut dyn LivePort, id: LiveId, list: &str, n: usize) -> Option<LiveId> {
    lom::child_ids(live, id, list)
        .ok()
        .and_then(|ids| ids.get(n).copied())
}

/// The ids of a child list of an object ([`lom::child_ids`], the one reader of them).
pub fn children(live: &mut dyn LivePort, id: LiveId, list: &str) -> Result<Vec<LiveId>, ToolError> {
    lom::child_ids(live, id, list)
}

/// True when a device is a Drum Rack.
pub fn is_drum_rack(live: &mut dyn LivePort, device: LiveId) -> Result<bool, ToolError> {
    lom::flag(live, device, "can_have_drum_pads")
}

/// True when a device is a rack (chains).
pub fn is_rack(live: &mut dyn LivePort, device: LiveId) -> Result<bool, ToolError> {
    lom::flag(live, device, "can_have_chains")
}

/// The chains of a Drum Rack whose `in_note` is `note`, in `chains` order.
pub fn pad_chains(
    live: &mut dyn LivePort,
    rack: LiveId,
    note: i64,
) -> Result<Vec<LiveId>, ToolError> {
    let mut out = Vec::new();
    for c in children(live, rack, "chains")? {
        if lom::int(live, c, "in_note")? == note {
            out.push(c);
        }
    }
    Ok(out)
}

fn pad_target(live: &mut dyn LivePort, rack: LiveId, note: &PadNote) -> Result<Target, ToolError> {
    let chains = pad_chains(live, rack, note.in_note())?;
    let pad = match note.pitch {
        Some(p) => nth(live, rack, "drum_pads", usize::from(p)),
        None => None,
    };
    Ok(Target::Pad {
        rack,
        note: note.in_note(),
        pad,
        chains,
    })
}

/// Walks a path to what it names. A drum pad without chains is NOT_FOUND
/// (`drum pad C#1 not found`); use [`insertion`] where missing chains get created.
pub fn resolve(live: &mut dyn LivePort, path: &DevicePath) -> Result<Target, ToolError> {
    let mut cur = Target::Track(root_id(live, path.root)?);
    for (i, seg) in path.segs.iter().enumerate() {
        let here = path.prefix(i + 1);
        cur = step(live, &cur, seg, &here, &path.prefix(i))?;
    }
    Ok(cur)
}

fn step(
    live: &mut dyn LivePort,
    cur: &Target,
    seg: &Seg,
    here: &str,
    parent: &str,
) -> Result<Target, ToolError> {
    let missing = |what: &str| ToolError::not_found(format!("no {what} at {here}"));
    match (cur, seg) {
        (Target::Track(c) | Target::Chain(c), Seg::Device(n)) => nth(live, *c, "devices", *n)
            .map(Target::Device)
            .ok_or_else(|| missing("device")),
        (Target::Device(d), Seg::Chain(n) | Seg::ReturnChain(n)) => {
            require_rack(live, *d, parent, here)?;
            let (list, what) = match seg {
                Seg::ReturnChain(_) => ("return_chains", "return chain"),
                _ => ("chains", "chain"),
            };
            if list == "chains" && is_drum_rack(live, *d)? {
                return Err(ToolError::bad_input(format!(
                    "{parent} is a Drum Rack: address its chains by pad, e.g. {parent}/pC1/c0"
                )));
            }
            nth(live, *d, list, *n)
                .map(Target::Chain)
                .ok_or_else(|| missing(what))
        }
        (Target::Device(d), Seg::Pad(note)) => {
            require_drum_rack(live, *d, parent, here)?;
            let t = pad_target(live, *d, note)?;
            if matches!(&t, Target::Pad { chains, .. } if chains.is_empty()) {
                return Err(ToolError::not_found(format!(
                    "drum pad {} not found",
                    note.spelled
                )));
            }
            Ok(t)
        }
        (Target::Pad { chains, .. }, Seg::Chain(n)) => {
            chains.get(*n).copied().map(Target::Chain).ok_or_else(|| {
                ToolError::not_found(format!("chain index {n} out of range in {here}"))
            })
        }
        (Target::Pad { chains, .. }, Seg::Device(n)) => chains
            .first()
            .and_then(|c| nth(live, *c, "devices", *n))
            .map(Target::Device)
            .ok_or_else(|| missing("device")),
        _ => Err(ToolError::bad_input(format!(
            "path segment {} cannot follow {parent}",
            quoted(&seg.to_string())
        ))),
    }
}

/// WRONG_TYPE unless the device at `parent` is a rack: `here` needs its chains.
fn require_rack(
    live: &mut dyn LivePort,
    device: LiveId,
    parent: impl Display,
    here: impl Display,
) -> Result<(), ToolError> {
    if is_rack(live, device)? {
        return Ok(());
    }
    Err(ToolError::new(
        ErrorCode::WrongType,
        format!("{parent} is not a rack, so {here} names nothing"),
    ))
}

/// WRONG_TYPE unless the device at `parent` is a Drum Rack: `here` needs its pads.
fn require_drum_rack(
    live: &mut dyn LivePort,
    device: LiveId,
    parent: impl Display,
    here: impl Display,
) -> Result<(), ToolError> {
    if is_drum_rack(live, device)? {
        return Ok(());
    }
    Err(ToolError::new(
        ErrorCode::WrongType,
        format!("{parent} is not a Drum Rack, so {here} names no drum pad"),
    ))
}
