//! The device path grammar (docs/design/tool-contract.md §1.2): `t0/d1`, `t0/d0/c0/d0`,
//! `rt0`, `mt`, return chains `rc<N>`, drum pads by note (`t0/d0/pC1`, `p*`, `pC1/c0`).
//! Parsing is pure — malformed text is BAD_INPUT before any Live access — and `Display`
//! writes a path back exactly (one spelling per path). What a path names in the Live Set
//! is `device_target/`.

use crate::notation::pitch_name;
use crate::tools::framework::error::{quoted, ToolError};

/// Longest path accepted, in segments; deeper nesting is not something Live builds.
pub const MAX_SEGMENTS: usize = 64;
/// Largest index a segment may carry (the framework's index bound).
pub const MAX_SEGMENT_INDEX: usize = crate::tools::framework::coerce::INDEX_MAX as usize;

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

/// Parses a pitch name as docs/design/notation.md §3.4 spells it (`C3` = 60, `F#-1`,
/// `Bb0`), through the notation's own reading ([`crate::notation::pitch_value`]); a path
/// also writes its octave canonically (one or two digits, no leading zero), so each pad
/// has one spelling per pitch class.
pub fn parse_pitch(text: &str) -> Option<u8> {
    let digits = text.trim_start_matches(|c: char| !(c.is_ascii_digit() || c == '-'));
    let digits = digits.strip_prefix('-').unwrap_or(digits);
    let canonical = digits == "0" || (digits.len() <= 2 && !digits.starts_with('0'));
    if !canonical {
        return None;
    }
    crate::notation::pitch_value(text)
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

/// The first segment of `text`: `t<N>`, `rt<N>` or `mt`.
fn parse_root(text: &str, first: &str) -> Result<Root, ToolError> {
    if first == "mt" {
        Ok(Root::Master)
    } else if let Some(n) = first.strip_prefix("rt").and_then(index) {
        Ok(Root::Return(n))
    } else if let Some(n) = first.strip_prefix('t').and_then(index) {
        Ok(Root::Track(n))
    } else {
        Err(bad_path(
            text,
            &format!(
                "the first segment {} must be t<N>, rt<N> or mt",
                quoted(first)
            ),
        ))
    }
}

/// A segment after the first: `d<N>`, `c<N>`, `rc<N>` or `p<note>`.
fn parse_seg(text: &str, part: &str) -> Result<Seg, ToolError> {
    if let Some(n) = part.strip_prefix("rc").and_then(index) {
        Ok(Seg::ReturnChain(n))
    } else if let Some(n) = part.strip_prefix('d').and_then(index) {
        Ok(Seg::Device(n))
    } else if let Some(n) = part.strip_prefix('c').and_then(index) {
        Ok(Seg::Chain(n))
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
        Ok(Seg::Pad(PadNote {
            pitch,
            spelled: note.to_string(),
        }))
    } else {
        Err(bad_path(
            text,
            &format!(
                "segment {} is not d<N>, c<N>, rc<N> or p<note>",
                quoted(part)
            ),
        ))
    }
}

impl At {
    /// Where the walk stands after `seg` (written `part` in `text`), refusing a segment
    /// that cannot follow what it stands on now.
    fn then(self, text: &str, part: &str, seg: &Seg) -> Result<At, ToolError> {
        let ok = matches!(
            (self, seg),
            (At::Container, Seg::Device(_))
                | (
                    At::Device,
                    Seg::Chain(_) | Seg::ReturnChain(_) | Seg::Pad(_)
                )
                | (At::Pad, Seg::Chain(_) | Seg::Device(_))
        );
        if !ok {
            let expected = match self {
                At::Container => "a track or chain is followed by d<N>",
                At::Device => "a device is followed by c<N>, rc<N> or p<note>",
                At::Pad => "a drum pad is followed by c<N> or d<N>",
            };
            return Err(bad_path(text, &format!("{expected}, not {}", quoted(part))));
        }
        Ok(match seg {
            Seg::Device(_) => At::Device,
            Seg::Pad(_) => At::Pad,
            Seg::Chain(_) | Seg::ReturnChain(_) => At::Container,
        })
    }
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
        let root = parse_root(text, parts[0])?;
        let mut at = At::Container;
        let mut segs = Vec::with_capacity(parts.len() - 1);
        for part in &parts[1..] {
            let seg = parse_seg(text, part)?;
            at = at.then(text, part, &seg)?;
            segs.push(seg);
        }
        Ok(DevicePath { root, segs })
    }

    /// The path up to (not including) segment `n`, as text for messages.
    pub fn prefix(&self, n: usize) -> String {
        DevicePath {
            root: self.root,
            segs: self.segs[..n].to_vec(),
        }
        .to_string()
    }
}
