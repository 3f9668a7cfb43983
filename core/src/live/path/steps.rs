//! Reading parts of a parsed [`LomPath`]: its steps, the index after a list name, the
//! path up to a step, and whether one path lies below another. Tools ask these
//! questions of the paths Live answers, so the answers come from the one parser.

use super::{LomPath, Segment};
use std::fmt;

impl LomPath {
    /// The root name (`live_set`, `control_surfaces`, …); `None` for `id N`.
    pub fn root(&self) -> Option<&str> {
        match self {
            LomPath::Id(_) => None,
            LomPath::Path { root, .. } => Some(root),
        }
    }

    /// The child steps after the root; empty for `id N`.
    pub fn segments(&self) -> &[Segment] {
        match self {
            LomPath::Id(_) => &[],
            LomPath::Path { segments, .. } => segments,
        }
    }

    /// The steps of a `live_set …` path as `(name, index)` pairs, so callers can match
    /// the shapes they expect with slice patterns; `None` for other roots and ids.
    pub fn live_set_steps(&self) -> Option<Vec<(&str, Option<usize>)>> {
        (self.root() == Some("live_set")).then(|| {
            self.segments()
                .iter()
                .map(|s| (s.name.as_str(), s.index))
                .collect()
        })
    }

    /// The index of the first `name` step (`live_set tracks 3 devices 1`, `tracks` → 3):
    /// the outermost list the path goes through by that name.
    pub fn first_index(&self, name: &str) -> Option<usize> {
        self.segments()
            .iter()
            .find(|s| s.name == name)
            .and_then(|s| s.index)
    }

    /// The path cut after its first `count` steps (`live_set tracks 3 devices 1`, 1 →
    /// `live_set tracks 3`): the object on the way that holds this one. `id N` and
    /// shorter paths come back whole.
    pub fn prefix(&self, count: usize) -> LomPath {
        match self {
            LomPath::Id(_) => self.clone(),
            LomPath::Path {
                root,
                root_index,
                segments,
            } => LomPath::Path {
                root: root.clone(),
                root_index: *root_index,
                segments: segments[..count.min(segments.len())].to_vec(),
            },
        }
    }

    /// The path without its last step (`live_set tracks 3 devices 1` → `live_set tracks
    /// 3`); `None` for `id N` and bare roots, which have no parent by path.
    pub fn parent(&self) -> Option<LomPath> {
        let steps = self.segments().len();
        (steps > 0).then(|| self.prefix(steps - 1))
    }

    /// True when this path is `outer` or lies below it (same root, and `outer`'s steps
    /// begin this path's steps): whether acting on `outer` reaches this object.
    pub fn is_within(&self, outer: &LomPath) -> bool {
        match (self, outer) {
            (LomPath::Id(a), LomPath::Id(b)) => a == b,
            (
                LomPath::Path {
                    root,
                    root_index,
                    segments,
                },
                LomPath::Path {
                    root: outer_root,
                    root_index: outer_index,
                    segments: outer_segments,
                },
            ) => {
                root == outer_root
                    && root_index == outer_index
                    && segments.starts_with(outer_segments)
            }
            _ => false,
        }
    }
}

impl fmt::Display for Segment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        match self.index {
            Some(i) => write!(f, " {i}"),
            None => Ok(()),
        }
    }
}

/// Writes steps without a root (`devices 1 chains 0`), the way a path below a known
/// object is appended to that object's path.
pub fn format_steps(steps: &[Segment]) -> String {
    steps
        .iter()
        .map(Segment::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::LiveId;

    fn path(text: &str) -> LomPath {
        LomPath::parse(text).unwrap()
    }

    #[test]
    fn root_and_segments() {
        let p = path("live_set tracks 3 devices 0");
        assert_eq!(p.root(), Some("live_set"));
        assert_eq!(p.segments().len(), 2);
        assert_eq!(p.segments()[1].to_string(), "devices 0");
        assert_eq!(path("id 3").root(), None);
        assert!(path("id 3").segments().is_empty());
        assert!(path("live_set").segments().is_empty());
    }

    #[test]
    fn live_set_steps_only_for_live_set() {
        assert_eq!(
            path("  live_set   tracks 3  clip_slots 1 clip ").live_set_steps(),
            Some(vec![
                ("tracks", Some(3)),
                ("clip_slots", Some(1)),
                ("clip", None)
            ])
        );
        assert_eq!(path("live_set").live_set_steps(), Some(vec![]));
        assert_eq!(path("live_app view").live_set_steps(), None);
        assert_eq!(path("id 3").live_set_steps(), None);
    }

    #[test]
    fn first_index_is_the_outermost() {
        let p = path("live_set tracks 3 devices 0 chains 1 devices 2");
        assert_eq!(p.first_index("devices"), Some(0));
        assert_eq!(p.last_index("devices"), Some(2));
        assert_eq!(p.first_index("tracks"), Some(3));
        assert_eq!(p.first_index("scenes"), None);
        assert_eq!(
            path("live_set master_track").first_index("master_track"),
            None
        );
        assert_eq!(path("id 3").first_index("id"), None);
        // A non-numeric word after a list name is read as the next step, not an index.
        assert_eq!(path("live_set tracks x").first_index("tracks"), None);
    }

    #[test]
    fn prefix_and_parent() {
        let p = path("live_set tracks 3 devices 0 chains 1");
        assert_eq!(p.prefix(1).to_string(), "live_set tracks 3");
        assert_eq!(p.prefix(0).to_string(), "live_set");
        assert_eq!(p.prefix(9), p);
        assert_eq!(
            p.parent().unwrap().to_string(),
            "live_set tracks 3 devices 0"
        );
        assert_eq!(path("live_set").parent(), None);
        assert_eq!(path("id 3").parent(), None);
        assert_eq!(path("id 3").prefix(1), LomPath::Id(LiveId(3)));
        assert_eq!(
            path("control_surfaces 1 components 2")
                .parent()
                .unwrap()
                .to_string(),
            "control_surfaces 1"
        );
    }

    #[test]
    fn is_within_compares_whole_steps() {
        let inner = path("live_set tracks 1 devices 0 chains 2 devices 3");
        assert!(inner.is_within(&path("live_set tracks 1 devices 0")));
        assert!(inner.is_within(&inner));
        assert!(inner.is_within(&path("live_set")));
        assert!(!inner.is_within(&path("live_set tracks 10")));
        assert!(!inner.is_within(&path("live_set tracks 1 devices 1")));
        assert!(!path("live_set tracks 1").is_within(&inner));
        assert!(!inner.is_within(&path("id 3")));
        assert!(path("id 3").is_within(&path(" id  3 ")));
        assert!(!path("control_surfaces 1").is_within(&path("control_surfaces 0")));
    }

    #[test]
    fn formats_steps_without_root() {
        let p = path("live_set tracks 3 devices 0 chains 1 mixer_device");
        assert_eq!(
            format_steps(&p.segments()[1..]),
            "devices 0 chains 1 mixer_device"
        );
        assert_eq!(format_steps(&[]), "");
    }
}
