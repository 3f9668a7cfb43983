//! LOM paths and ids: parsing and formatting of `live_set tracks 0 clip_slots 2 clip`
//! and `id N`, and reading ids out of `LiveAPI` results.
//!
//! Both the real host and the fake speak these strings, so they live next to the port
//! rather than inside either implementation.

use super::{Atom, LiveId};
use std::fmt;

mod steps;
pub use steps::format_steps;

/// One step of a path: a child name, with an index for list children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Child name as the LOM spells it (`tracks`, `clip`, `mixer_device`).
    pub name: String,
    /// Position in a list child; `None` for single children.
    pub index: Option<usize>,
}

/// A parsed path: either an object id or a root followed by child steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LomPath {
    /// `id N`: addresses an object directly.
    Id(LiveId),
    /// `live_set …`, `live_app …`, `this_device …`, `control_surfaces N …`.
    Path {
        /// Root name (`live_set`, `live_app`, `this_device`, `control_surfaces`).
        root: String,
        /// Index after the root (only `control_surfaces N`).
        root_index: Option<usize>,
        /// The child steps after the root.
        segments: Vec<Segment>,
    },
}

/// The root names `LiveAPI` accepts.
pub const ROOTS: [&str; 4] = ["this_device", "control_surfaces", "live_app", "live_set"];

/// Why a path could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError(pub String);

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PathError {}

/// Removes one pair of surrounding double quotes (documented `path` values are quoted).
pub fn unquote(text: &str) -> &str {
    let t = text.trim();
    if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') {
        &t[1..t.len() - 1]
    } else {
        t
    }
}

impl LomPath {
    /// The index of the last `name` step (`live_set tracks 3 devices 1`, `devices` → 1):
    /// the innermost list the path goes through by that name.
    pub fn last_index(&self, name: &str) -> Option<usize> {
        match self {
            LomPath::Id(_) => None,
            LomPath::Path { segments, .. } => segments
                .iter()
                .rev()
                .find(|s| s.name == name)
                .and_then(|s| s.index),
        }
    }

    /// Parses `id N` or a root plus `name [index]` steps; quotes around the whole path
    /// are tolerated because Max documents `path` as quoted.
    pub fn parse(text: &str) -> Result<LomPath, PathError> {
        let words: Vec<&str> = unquote(text).split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(PathError(
                "empty path: expected e.g. `live_set tracks 0` or `id 5`".into(),
            ));
        };
        if first == "id" {
            return match rest {
                [n] => n
                    .parse::<u64>()
                    .map(|n| LomPath::Id(LiveId(n)))
                    .map_err(|_| {
                        PathError(format!("`id {n}`: the id must be a non-negative integer"))
                    }),
                _ => Err(PathError(format!(
                    "`{}`: `id` must be followed by exactly one number",
                    words.join(" ")
                ))),
            };
        }
        if !ROOTS.contains(&first) {
            return Err(PathError(format!(
                "`{first}` is not a root: paths start with live_set, live_app, this_device, control_surfaces or id"
            )));
        }
        let mut i = 0;
        let mut root_index = None;
        if first == "control_surfaces" {
            root_index = Some(parse_index(rest.first().copied(), first)?);
            i = 1;
        }
        let mut segments = Vec::new();
        while i < rest.len() {
            let name = rest[i];
            if name.parse::<i64>().is_ok() {
                return Err(PathError(format!(
                    "index {name} at word {} follows no list name",
                    i + 2
                )));
            }
            let index = match rest.get(i + 1) {
                Some(w) if w.parse::<i64>().is_ok() => {
                    i += 1;
                    Some(parse_index(Some(w), name)?)
                }
                _ => None,
            };
            segments.push(Segment {
                name: name.to_string(),
                index,
            });
            i += 1;
        }
        Ok(LomPath::Path {
            root: first.to_string(),
            root_index,
            segments,
        })
    }
}

fn parse_index(word: Option<&str>, after: &str) -> Result<usize, PathError> {
    let w = word.ok_or_else(|| PathError(format!("`{after}` needs an index")))?;
    w.parse::<usize>().map_err(|_| {
        PathError(format!(
            "`{after} {w}`: an index must be a non-negative integer"
        ))
    })
}

impl fmt::Display for LomPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LomPath::Id(id) => write!(f, "id {id}"),
            LomPath::Path {
                root,
                root_index,
                segments,
            } => {
                f.write_str(root)?;
                if let Some(i) = root_index {
                    write!(f, " {i}")?;
                }
                for s in segments {
                    write!(f, " {s}")?;
                }
                Ok(())
            }
        }
    }
}

/// Reads an object argument: `"id N"`, or the two atoms `"id", N`, or a bare number.
pub fn parse_id_atoms(atoms: &[Atom]) -> Option<LiveId> {
    match atoms {
        [Atom::Symbol(s)] => match LomPath::parse(s) {
            Ok(LomPath::Id(id)) => Some(id),
            _ => None,
        },
        [Atom::Symbol(s), n] if s == "id" => {
            n.as_i64().filter(|n| *n >= 0).map(|n| LiveId(n as u64))
        }
        [n] => n.as_i64().filter(|n| *n >= 0).map(|n| LiveId(n as u64)),
        _ => None,
    }
}

/// Reads the flat id lists `get` returns for children (`["id", 3, "id", 4]`); `None`
/// when the atoms are not such a list.
pub fn ids_from_atoms(atoms: &[Atom]) -> Option<Vec<LiveId>> {
    if !atoms.len().is_multiple_of(2) {
        return None;
    }
    atoms
        .chunks(2)
        .map(|pair| match pair {
            [Atom::Symbol(s), n] if s == "id" => {
                n.as_i64().filter(|n| *n >= 0).map(|n| LiveId(n as u64))
            }
            _ => None,
        })
        .collect()
}

/// Builds the flat `["id", a, "id", b]` atoms of a list child.
pub fn id_list_atoms(ids: &[LiveId]) -> Vec<Atom> {
    ids.iter()
        .flat_map(|id| [Atom::from("id"), Atom::Int(id.0 as i64)])
        .collect()
}

/// Builds the `["id", n]` atoms of a single child (`["id", 0]` when absent).
pub fn id_atoms(id: LiveId) -> Vec<Atom> {
    vec![Atom::from("id"), Atom::Int(id.0 as i64)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_canonical_paths() {
        for p in [
            "live_set",
            "live_set tracks 0 clip_slots 2 clip",
            "live_set master_track mixer_device volume",
            "control_surfaces 1",
            "id 42",
        ] {
            assert_eq!(LomPath::parse(p).unwrap().to_string(), p);
        }
        assert_eq!(
            LomPath::parse("\"live_set tracks 3\"").unwrap().to_string(),
            "live_set tracks 3"
        );
    }

    #[test]
    fn rejects_bad_paths_with_reasons() {
        assert!(LomPath::parse("").unwrap_err().0.contains("empty"));
        assert!(LomPath::parse("tracks 0")
            .unwrap_err()
            .0
            .contains("not a root"));
        assert!(LomPath::parse("id x")
            .unwrap_err()
            .0
            .contains("non-negative"));
        assert!(LomPath::parse("live_set 3")
            .unwrap_err()
            .0
            .contains("follows no list"));
        assert!(LomPath::parse("live_set tracks -1")
            .unwrap_err()
            .0
            .contains("non-negative"));
    }

    #[test]
    fn reads_id_atoms() {
        assert_eq!(parse_id_atoms(&["id 7".into()]), Some(LiveId(7)));
        assert_eq!(
            parse_id_atoms(&["id".into(), Atom::Int(8)]),
            Some(LiveId(8))
        );
        let flat = id_list_atoms(&[LiveId(3), LiveId(4)]);
        assert_eq!(ids_from_atoms(&flat), Some(vec![LiveId(3), LiveId(4)]));
        assert_eq!(ids_from_atoms(&["x".into(), Atom::Int(1)]), None);
    }
}
