//! Insertion paths (docs/design/tool-rules.md §15): where a path puts a device — the
//! receiving track or chain and the position — and which chains must be created first.

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::path::{DevicePath, Seg};
use crate::tools::common::device::target::{
    is_drum_rack, nth, pad_chains, require_drum_rack, require_rack, resolve, root_id, Target,
};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

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

/// Most chains one insertion path may create (docs/design/tool-rules.md §15).
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
            let (parent, rack) = container_rack(live, &container_path, "chain")?;
            require_rack(live, rack, &parent, &container_path)?;
            if is_drum_rack(live, rack)? {
                return Err(ToolError::bad_input(format!(
                    "{parent} is a Drum Rack: address drum chains with p<note>, e.g. {parent}/pC1"
                )));
            }
            let count = lom::count(live, rack, "chains")?;
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
            let (parent, rack) = container_rack(live, &container_path, "pad")?;
            require_drum_rack(live, rack, &parent, &container_path)?;
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

/// The rack a chain or pad container path (`…/d0/c3`, `…/d0/pC1`) sits in, with the
/// path of that rack; BAD_INPUT when the parent path names no device.
fn container_rack(
    live: &mut dyn LivePort,
    container_path: &DevicePath,
    what: &str,
) -> Result<(DevicePath, LiveId), ToolError> {
    let parent = DevicePath {
        root: container_path.root,
        segs: container_path.segs[..container_path.segs.len().saturating_sub(1)].to_vec(),
    };
    match resolve(live, &parent)? {
        Target::Device(rack) => Ok((parent, rack)),
        _ => Err(ToolError::bad_input(format!(
            "{container_path} is not a {what} path"
        ))),
    }
}
