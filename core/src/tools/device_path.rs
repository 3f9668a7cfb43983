//! Device paths (tools.md 1.2): `t0/d1`, `t0/d0/c0/d0`, `rt0`, `mt`, return chains
//! `rc<N>`, drum pads by note (`t0/d0/pC1`, `p*`, `pC1/c0`). Parsing is pure (BAD_INPUT
//! before any Live access); resolving walks the Live Set (NOT_FOUND / WRONG_TYPE);
//! [`path_of`] writes the path of any device, chain or pad for results; [`resolve_id`]
//! turns a `deviceId` into the same targets, with STALE_REFERENCE for ids this device
//! issued earlier (2.4).
//!
//! Public API for other tools (delete, duplicate):
//! - [`DevicePath::parse`] → a syntactically valid path, or BAD_INPUT;
//! - [`resolve`] → a [`Target`] (track, device, chain, drum pad);
//! - [`insertion`] → where an insertion path puts a device (container + position);
//! - [`resolve_id`] → a [`Target`] from an id, with the registry check;
//! - [`path_of`] → the canonical path of a device, chain or pad.

use super::call::Call;
use super::error::{quoted, ErrorCode, ToolError};
use super::lom;
use crate::live::{Atom, LiveId, LivePort};
use crate::notation::pitch_name;

/// Longest path accepted, in segments; deeper nesting is not something Live builds.
pub const MAX_SEGMENTS: usize = 64;
/// Largest index a segment may carry (the framework's index bound).
pub const MAX_SEGMENT_INDEX: usize = super::coerce::INDEX_MAX as usize;

/// The first segment: which track the path starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Root {
    /// `t<N>`: regular track N.
    Track(usize),
    /// `rt<N>`: return track N.
    Return(usize),
    /// `mt`: the master track.
    Master,
}

/// The note of a drum pad segment: a MIDI pitch, or `*` (the catch-all chains, in_note −1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PadNote {
    /// MIDI pitch 0–127, `None` for `p*`.
    pub pitch: Option<u8>,
    /// The note as written (`C#1`, `Db1`, `*`), so messages quote the user's text.
    pub spelled: String,
}

impl PadNote {
    /// The chains' `in_note` this pad selects (−1 for `*`).
    pub fn in_note(&self) -> i64 {
        self.pitch.map_or(-1, i64::from)
    }
}

/// A segment after the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// `d<N>`: device N of the current track or chain.
    Device(usize),
    /// `c<N>`: chain N of the current rack (or of the current drum pad).
    Chain(usize),
    /// `rc<N>`: return chain N of the current rack.
    ReturnChain(usize),
    /// `p<note>`: a drum pad of the current Drum Rack.
    Pad(PadNote),
}

/// A parsed device path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DevicePath {
    /// The track it starts on.
    pub root: Root,
    /// The segments after the track.
    pub segs: Vec<Seg>,
}

impl std::fmt::Display for Root {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Root::Track(n) => write!(f, "t{n}"),
            Root::Return(n) => write!(f, "rt{n}"),
            Root::Master => f.write_str("mt"),
        }
    }
}

impl std::fmt::Display for Seg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seg::Device(n) => write!(f, "d{n}"),
            Seg::Chain(n) => write!(f, "c{n}"),
            Seg::ReturnChain(n) => write!(f, "rc{n}"),
            Seg::Pad(p) => write!(f, "p{}", p.spelled),
        }
    }
}

impl std::fmt::Display for DevicePath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.root)?;
        for s in &self.segs {
            write!(f, "/{s}")?;
        }
        Ok(())
    }
}

/// What the walk stands on after a segment; decides which segment may follow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    Container,
    Device,
    Pad,
}

/// Parses a pitch name as `barbeat.md` 3.4 spells it (`C3` = 60, `F#-1`, `Bb0`):
/// upper-case letter, optional `#` or `b`, integer octave; the result must be 0–127.
pub fn parse_pitch(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let class = match chars.next()? {
        'C' => 0,
        'D' => 2,
        'E' => 4,
        'F' => 5,
        'G' => 7,
        'A' => 9,
        'B' => 11,
        _ => return None,
    };
    let rest = chars.as_str();
    let (class, rest) = match rest.as_bytes().first() {
        Some(b'#') => (class + 1, &rest[1..]),
        Some(b'b') => (class - 1, &rest[1..]),
        _ => (class, rest),
    };
    let digits = rest.strip_prefix('-').unwrap_or(rest);
    let canonical = (digits == "0" && rest.len() == 1) || !digits.starts_with('0');
    if digits.is_empty()
        || digits.len() > 2
        || !canonical
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let octave: i64 = rest.parse().ok()?;
    let midi = (octave + 2) * 12 + class;
    u8::try_from(midi).ok().filter(|m| *m <= 127)
}

/// The pitch name results use (`C1`, `Db1`), or `*` for −1.
pub fn note_name(note: i64) -> String {
    match u8::try_from(note) {
        Ok(n) if n <= 127 => pitch_name(n).to_string(),
        _ => "*".into(),
    }
}

fn bad_path(text: &str, why: &str) -> ToolError {
    ToolError::bad_input(format!(
        "path {} is not a valid device path: {why}; write segments like \"t0/d1\", \"t0/d0/c0/d0\", \"rt0\", \"mt\" or \"t0/d0/pC1\"",
        quoted(text)
    ))
}

/// A segment index: decimal digits without leading zeros (so a path has one spelling).
fn index(digits: &str) -> Option<usize> {
    if digits.is_empty()
        || digits.len() > 4
        || (digits.len() > 1 && digits.starts_with('0'))
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    digits.parse().ok().filter(|n| *n <= MAX_SEGMENT_INDEX)
}

impl DevicePath {
    /// Parses a path (case-sensitive, no spaces; surrounding whitespace is trimmed).
    /// Malformed text is BAD_INPUT saying which segment is wrong.
    pub fn parse(text: &str) -> Result<DevicePath, ToolError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(bad_path(text, "it is empty"));
        }
        let parts: Vec<&str> = t.split('/').collect();
        if parts.len() > MAX_SEGMENTS {
            return Err(bad_path(
                text,
                &format!("it has more than {MAX_SEGMENTS} segments"),
            ));
        }
        let first = parts[0];
        let root = if first == "mt" {
            Root::Master
        } else if let Some(n) = first.strip_prefix("rt").and_then(index) {
            Root::Return(n)
        } else if let Some(n) = first.strip_prefix('t').and_then(index) {
            Root::Track(n)
        } else {
            return Err(bad_path(
                text,
                &format!(
                    "the first segment {} must be t<N>, rt<N> or mt",
                    quoted(first)
                ),
            ));
        };
        let mut at = At::Container;
        let mut segs = Vec::with_capacity(parts.len() - 1);
        for part in &parts[1..] {
            let seg = if let Some(n) = part.strip_prefix("rc").and_then(index) {
                Seg::ReturnChain(n)
            } else if let Some(n) = part.strip_prefix('d').and_then(index) {
                Seg::Device(n)
            } else if let Some(n) = part.strip_prefix('c').and_then(index) {
                Seg::Chain(n)
            } else if let Some(note) = part.strip_prefix('p') {
                let pitch = if note == "*" {
                    None
                } else {
                    Some(parse_pitch(note).ok_or_else(|| {
                        bad_path(
                            text,
                            &format!(
                                "{} is not a drum pad: write p and a pitch name such as pC1, pF#1, pBb0, or p*",
                                quoted(part)
                            ),
                        )
                    })?)
                };
                Seg::Pad(PadNote {
                    pitch,
                    spelled: note.to_string(),
                })
            } else {
                return Err(bad_path(
                    text,
                    &format!(
                        "segment {} is not d<N>, c<N>, rc<N> or p<note>",
                        quoted(part)
                    ),
                ));
            };
            let ok = matches!(
                (at, &seg),
                (At::Container, Seg::Device(_))
                    | (
                        At::Device,
                        Seg::Chain(_) | Seg::ReturnChain(_) | Seg::Pad(_)
                    )
                    | (At::Pad, Seg::Chain(_) | Seg::Device(_))
            );
            if !ok {
                let expected = match at {
                    At::Container => "a track or chain is followed by d<N>",
                    At::Device => "a device is followed by c<N>, rc<N> or p<note>",
                    At::Pad => "a drum pad is followed by c<N> or d<N>",
                };
                return Err(bad_path(text, &format!("{expected}, not {}", quoted(part))));
            }
            at = match seg {
                Seg::Device(_) => At::Device,
                Seg::Pad(_) => At::Pad,
                Seg::Chain(_) | Seg::ReturnChain(_) => At::Container,
            };
            segs.push(seg);
        }
        Ok(DevicePath { root, segs })
    }

    /// The path up to (not including) segment `n`, as text for messages.
    fn prefix(&self, n: usize) -> String {
        DevicePath {
            root: self.root,
            segs: self.segs[..n].to_vec(),
        }
        .to_string()
    }
}

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
