//! What device paths and ids name in the Live Set (tools.md 1.2, 2.4): resolving a
//! [`DevicePath`] to a [`Target`] (NOT_FOUND / WRONG_TYPE with the spec's messages),
//! insertion paths ([`insertion`]: container, position, chains to create),
//! [`path_of`] for results (drum chains always with their chain index), and
//! [`resolve_id`] for ids, with STALE_REFERENCE for ids this device issued earlier.
//!
//! Public API for other tools (delete, duplicate):
//! - [`resolve`] → a [`Target`] (track, device, chain, drum pad) from a parsed path;
//! - [`insertion`] → where an insertion path puts a device (container + position);
//! - [`resolve_id`] → a [`Target`] from an id, with the registry check;
//! - [`path_of`] → the canonical path of a device, chain or pad;
//! - [`children`], [`pad_chains`], [`is_rack`], [`is_drum_rack`] → small LOM reads.

use super::call::Call;
use super::device_path::{note_name, DevicePath, PadNote, Root, Seg};
use super::error::{quoted, ErrorCode, ToolError};
use super::lom;
use crate::live::{Atom, LiveId, LivePort};

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
    live.get(id, list)
        .ok()
        .and_then(|atoms| ids_of(&atoms).get(n).copied())
}

/// The ids of a child-list answer (`["id", 3, "id", 7]`).
pub fn ids_of(atoms: &[Atom]) -> Vec<LiveId> {
    atoms
        .chunks(2)
        .filter_map(|pair| match pair {
            [Atom::Symbol(s), n] if s == "id" => n
                .as_i64()
                .and_then(|v| u64::try_from(v).ok())
                .filter(|v| *v > 0)
                .map(LiveId),
            _ => None,
        })
        .collect()
}

/// The ids of a child list of an object.
pub fn children(live: &mut dyn LivePort, id: LiveId, list: &str) -> Result<Vec<LiveId>, ToolError> {
    Ok(ids_of(&live.get(id, list)?))
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
            if !is_rack(live, *d)? {
                return Err(ToolError::new(
                    ErrorCode::WrongType,
                    format!("{parent} is not a rack, so {here} names nothing"),
                ));
            }
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
            if !is_drum_rack(live, *d)? {
                return Err(ToolError::new(
                    ErrorCode::WrongType,
                    format!("{parent} is not a Drum Rack, so {here} names no drum pad"),
                ));
            }
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

/// Where an insertion path puts a device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Insertion {
    /// The track or chain that receives the device, once it exists.
    pub container: Place,
    /// Position given by a final `d<N>` (`None`: append).
    pub position: Option<usize>,
}

/// The receiving container of an insertion path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// An existing track or chain.
    Existing(LiveId),
    /// Chain `index` of a (non-drum) rack that has only `count` chains: chains
    /// `count..=index` must be created first.
    NewChain {
        /// The rack.
        rack: LiveId,
        /// The chain index the path names.
        index: usize,
        /// Chains the rack has now.
        count: usize,
    },
    /// A drum pad without chains: one chain with this `in_note` must be created.
    NewPadChain {
        /// The Drum Rack.
        rack: LiveId,
        /// The pad's note.
        note: i64,
    },
}

/// Most chains one insertion path may create (tools.md 3.15).
pub const MAX_NEW_CHAINS: usize = 16;

/// Resolves an insertion path: a container path (`t0`, `t0/d0/c0`, `t0/d0/pC1`,
/// `rt0`, `mt`) appends; a final `d<N>` inserts at N. Missing chains of a non-drum
/// rack (at most 16) and a drum pad's first chain are reported as [`Place`]s to create;
/// `c<N>` directly in a Drum Rack is BAD_INPUT; return chains are never created.
pub fn insertion(live: &mut dyn LivePort, path: &DevicePath) -> Result<Insertion, ToolError> {
    let (container_segs, position) = match path.segs.last() {
        Some(Seg::Device(n)) => (&path.segs[..path.segs.len() - 1], Some(*n)),
        _ => (&path.segs[..], None),
    };
    let container_path = DevicePath {
        root: path.root,
        segs: container_segs.to_vec(),
    };
    let last = container_segs.last().cloned();
    let place = match last {
        None => Place::Existing(root_id(live, path.root)?),
        Some(Seg::Chain(n)) if !matches!(container_segs.iter().rev().nth(1), Some(Seg::Pad(_))) => {
            let parent = DevicePath {
                root: path.root,
                segs: container_segs[..container_segs.len() - 1].to_vec(),
            };
            let rack = match resolve(live, &parent)? {
                Target::Device(d) => d,
                _ => {
                    return Err(ToolError::bad_input(format!(
                        "{container_path} is not a chain path"
                    )))
                }
            };
            if !is_rack(live, rack)? {
                return Err(ToolError::new(
                    ErrorCode::WrongType,
                    format!("{parent} is not a rack, so {container_path} names nothing"),
                ));
            }
            if is_drum_rack(live, rack)? {
                return Err(ToolError::bad_input(format!(
                    "{parent} is a Drum Rack: address drum chains with p<note>, e.g. {parent}/pC1"
                )));
            }
            let count = live.get_count(rack, "chains")?;
            if n < count {
                Place::Existing(
                    nth(live, rack, "chains", n).ok_or_else(|| {
                        ToolError::not_found(format!("no chain at {container_path}"))
                    })?,
                )
            } else if n - count >= MAX_NEW_CHAINS {
                return Err(ToolError::bad_input(format!(
                    "{container_path} would create {} chains; at most {MAX_NEW_CHAINS} new chains per path",
                    n + 1 - count
                )));
            } else {
                Place::NewChain {
                    rack,
                    index: n,
                    count,
                }
            }
        }
        Some(Seg::Pad(note)) => {
            let parent = DevicePath {
                root: path.root,
                segs: container_segs[..container_segs.len() - 1].to_vec(),
            };
            let rack = match resolve(live, &parent)? {
                Target::Device(d) => d,
                _ => {
                    return Err(ToolError::bad_input(format!(
                        "{container_path} is not a pad path"
                    )))
                }
            };
            if !is_drum_rack(live, rack)? {
                return Err(ToolError::new(
                    ErrorCode::WrongType,
                    format!("{parent} is not a Drum Rack, so {container_path} names no drum pad"),
                ));
            }
            match pad_chains(live, rack, note.in_note())?.first() {
                Some(c) => Place::Existing(*c),
                None => Place::NewPadChain {
                    rack,
                    note: note.in_note(),
                },
            }
        }
        Some(_) => match resolve(live, &container_path)? {
            Target::Track(c) | Target::Chain(c) => Place::Existing(c),
            Target::Pad { chains, .. } => match chains.first() {
                Some(c) => Place::Existing(*c),
                None => {
                    return Err(ToolError::not_found(format!(
                        "no chain at {container_path}"
                    )))
                }
            },
            Target::Device(_) => {
                return Err(ToolError::new(
                    ErrorCode::WrongType,
                    format!(
                    "{container_path} is a device, not a track or chain: append /c<N> or /p<note>"
                ),
                ))
            }
        },
    };
    Ok(Insertion {
        container: place,
        position,
    })
}

/// The path of a device, chain or drum pad for results (`t1/d0/c0/d0`; drum chains
/// always with their chain index, `t1/d0/pC1/c0`); `None` for objects not on a track.
pub fn path_of(live: &mut dyn LivePort, id: LiveId) -> Result<Option<String>, ToolError> {
    let lom_path = live.path_of(id)?;
    let words: Vec<&str> = lom_path.split_whitespace().collect();
    let num = |i: usize| words.get(i).and_then(|w| w.parse::<usize>().ok());
    let (mut out, mut i) = match words.as_slice() {
        ["live_set", "tracks", ..] => match num(2) {
            Some(n) => (format!("t{n}"), 3),
            None => return Ok(None),
        },
        ["live_set", "return_tracks", ..] => match num(2) {
            Some(n) => (format!("rt{n}"), 3),
            None => return Ok(None),
        },
        ["live_set", "master_track", ..] => ("mt".to_string(), 2),
        _ => return Ok(None),
    };
    let mut prefix: Vec<&str> = words[..i].to_vec();
    while i < words.len() {
        let (Some(list), Some(n)) = (words.get(i).copied(), num(i + 1)) else {
            return Ok(None);
        };
        let parent = prefix.join(" ");
        prefix.push(list);
        prefix.push(words[i + 1]);
        match list {
            "devices" => out.push_str(&format!("/d{n}")),
            "return_chains" => out.push_str(&format!("/rc{n}")),
            "chains" => {
                let chain = lom::resolve(live, &prefix.join(" ")).unwrap_or(LiveId::NONE);
                if !chain.is_none() && live.type_of(chain)? == "DrumChain" {
                    let note = lom::int(live, chain, "in_note")?;
                    let rack = lom::resolve(live, &parent).unwrap_or(LiveId::NONE);
                    let siblings = pad_chains(live, rack, note)?;
                    let k = siblings.iter().position(|c| *c == chain).unwrap_or(0);
                    out.push_str(&format!("/p{}/c{k}", note_name(note)));
                } else {
                    out.push_str(&format!("/c{n}"));
                }
            }
            "drum_pads" => {
                let pad = lom::resolve(live, &prefix.join(" ")).unwrap_or(LiveId::NONE);
                let note = if pad.is_none() {
                    n as i64
                } else {
                    lom::int(live, pad, "note")?
                };
                out.push_str(&format!("/p{}", note_name(note)));
            }
            _ => return Ok(None),
        }
        i += 2;
    }
    Ok(Some(out))
}

/// Resolves a `deviceId`-style id to a device, chain or drum pad. Text that is not an
/// id, or an id that resolves to nothing, is NOT_FOUND — or STALE_REFERENCE when this
/// device issued it earlier (naming the replacement when known); other objects are
/// WRONG_TYPE.
pub fn resolve_id(call: &mut Call<'_>, text: &str) -> Result<Target, ToolError> {
    let t = text.trim();
    let digits = t.strip_prefix("id ").unwrap_or(t).trim();
    let id = digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| digits.parse::<u64>().ok())
        .flatten()
        .filter(|n| *n > 0)
        .and_then(|n| lom::resolve(call.live, &format!("id {n}")));
    let Some(id) = id else {
        let ids = call.ids();
        if let Some(new) = ids.replacement(digits) {
            return Err(ToolError::new(
                ErrorCode::StaleReference,
                format!("object {digits} was replaced; its new id is {new}"),
            ));
        }
        if ids.was_issued(digits) {
            return Err(ToolError::new(
                ErrorCode::StaleReference,
                format!(
                    "id {} no longer exists: the object was deleted",
                    quoted(digits)
                ),
            ));
        }
        return Err(ToolError::not_found(format!(
            "id {} does not exist",
            quoted(digits)
        )));
    };
    let kind = call.live.type_of(id)?;
    match kind.as_str() {
        "Chain" | "DrumChain" => Ok(Target::Chain(id)),
        "DrumPad" => {
            let lom_path = call.live.path_of(id)?;
            let rack_path = lom_path
                .rsplit_once(" drum_pads ")
                .map(|(head, _)| head.to_string())
                .unwrap_or_default();
            let rack = lom::resolve(call.live, &rack_path).ok_or_else(|| {
                ToolError::new(ErrorCode::Internal, format!("drum pad {id} has no rack"))
            })?;
            let note = lom::int(call.live, id, "note")?;
            let chains = pad_chains(call.live, rack, note)?;
            Ok(Target::Pad {
                rack,
                note,
                pad: Some(id),
                chains,
            })
        }
        k if k.ends_with("Device") && !k.contains("Mixer") => Ok(Target::Device(id)),
        other => Err(ToolError::new(
            ErrorCode::WrongType,
            format!(
                "id {} is a {other}, not a device, chain or drum pad",
                quoted(digits)
            ),
        )),
    }
}
