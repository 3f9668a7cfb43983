//! Canonical paths, path resolution, children and `info` for every class, computed
//! from the arena's parent links so that index shifting needs no bookkeeping.

use super::schema::Class;
use super::set::FakeLive;
use super::store::Kind;
use barline_core::live::path::{LomPath, ROOTS};
use barline_core::live::LiveId;

/// A child as `get` sees it: a list (flat ids) or a single object (maybe none).
pub(crate) enum Child {
    List(Vec<LiveId>),
    Single(LiveId),
}

impl FakeLive {
    /// The LOM type name of an existing object.
    pub(crate) fn type_name(&self, id: LiveId) -> Option<&'static str> {
        let n = self.model.node(id)?;
        let parent = self.model.node(n.parent).map(|p| p.class);
        Some(n.class.type_name(n.kind, parent))
    }

    /// The canonical, unquoted path (`live_set tracks 0 clip_slots 2 clip`).
    pub(crate) fn canonical_path(&self, id: LiveId) -> Option<String> {
        let mut parts: Vec<String> = Vec::new();
        let mut cur = id;
        for _ in 0..64 {
            self.model.node(cur)?;
            if cur == self.model.song {
                parts.push("live_set".into());
                break;
            }
            if cur == self.model.app {
                parts.push("live_app".into());
                break;
            }
            let (name, index) = self.model.slot_in_parent(cur)?;
            parts.push(match index {
                Some(i) => format!("{name} {i}"),
                None => name,
            });
            cur = self.model.n(cur).parent;
        }
        parts.reverse();
        Some(parts.join(" "))
    }

    /// Resolves a path or `id N`; [`LiveId::NONE`] when nothing is there.
    pub(crate) fn resolve_path(&self, text: &str) -> LiveId {
        let Ok(path) = LomPath::parse(text) else {
            return LiveId::NONE;
        };
        match path {
            LomPath::Id(id) => {
                if self.exists(id) {
                    id
                } else {
                    LiveId::NONE
                }
            }
            LomPath::Path { root, segments, .. } => {
                let mut cur = match root.as_str() {
                    "live_set" => self.model.song,
                    "live_app" => self.model.app,
                    "this_device" => self.model.this_device,
                    _ => LiveId::NONE,
                };
                for seg in segments {
                    if cur.is_none() {
                        break;
                    }
                    cur = match (self.child(cur, &seg.name), seg.index) {
                        (Some(Child::List(ids)), Some(i)) => {
                            ids.get(i).copied().unwrap_or(LiveId::NONE)
                        }
                        (Some(Child::Single(id)), None) => id,
                        _ => LiveId::NONE,
                    };
                }
                if self.exists(cur) {
                    cur
                } else {
                    LiveId::NONE
                }
            }
        }
    }

    /// A named child of an object, computed ones included.
    pub(crate) fn child(&self, id: LiveId, name: &str) -> Option<Child> {
        let n = self.model.node(id)?;
        if name == "canonical_parent" {
            return Some(Child::Single(n.parent));
        }
        if n.class
            .list_children(n.kind)
            .iter()
            .any(|(c, _)| *c == name)
        {
            let ids = match (n.class, name) {
                (Class::Song, "visible_tracks") => self.visible_tracks(),
                (Class::Scene, "clip_slots") => self.scene_slots(id),
                (Class::DrumPad, "chains") => self.pad_chains(id),
                (Class::Device, "visible_drum_pads") => n
                    .list("drum_pads")
                    .iter()
                    .skip(36)
                    .take(16)
                    .copied()
                    .collect(),
                _ => n.list(name).to_vec(),
            };
            return Some(Child::List(ids));
        }
        if n.class
            .single_children(n.kind)
            .iter()
            .any(|(c, _)| *c == name)
        {
            let target = n.single(name);
            // A reference to a deleted object reads as none.
            let target = if self.exists(target) {
                target
            } else {
                LiveId::NONE
            };
            return Some(Child::Single(target));
        }
        None
    }

    fn visible_tracks(&self) -> Vec<LiveId> {
        let tracks = self.model.n(self.model.song).list("tracks").to_vec();
        tracks
            .into_iter()
            .filter(|t| self.track_visible(*t))
            .collect()
    }

    /// A track is hidden when any enclosing group track is folded.
    pub(crate) fn track_visible(&self, track: LiveId) -> bool {
        let mut g = self.model.n(track).single("group_track");
        for _ in 0..64 {
            match self.model.node(g) {
                Some(group) if group.flag("fold_state") => return false,
                Some(group) => g = group.single("group_track"),
                None => return true,
            }
        }
        true
    }

    /// Slot `scene index` of every regular track.
    pub(crate) fn scene_slots(&self, scene: LiveId) -> Vec<LiveId> {
        let song = self.model.n(self.model.song);
        let Some(i) = song.list("scenes").iter().position(|s| *s == scene) else {
            return Vec::new();
        };
        song.list("tracks")
            .iter()
            .filter_map(|t| self.model.n(*t).list("clip_slots").get(i).copied())
            .collect()
    }

    /// `LiveAPI.children`: the child names; the roots when `id` is none.
    pub fn children(&self, id: LiveId) -> Vec<String> {
        let Some(n) = self.model.node(id) else {
            return ROOTS.iter().map(|s| s.to_string()).collect();
        };
        let mut out: Vec<String> = vec!["canonical_parent".into()];
        out.extend(
            n.class
                .list_children(n.kind)
                .iter()
                .map(|(c, _)| c.to_string()),
        );
        out.extend(
            n.class
                .single_children(n.kind)
                .iter()
                .map(|(c, _)| c.to_string()),
        );
        out
    }

    /// `LiveAPI.info`: the multi-line text in the documented order, ending with `done`
    /// (not counted: Max answers it from the object's description).
    pub fn info(&self, id: LiveId) -> String {
        let Some(n) = self.model.node(id) else {
            return "No object".into();
        };
        let ty = self.type_name(id).unwrap_or("");
        let mut lines = vec![
            format!("id {id}"),
            format!("type {ty}"),
            format!("description {ty}"),
        ];
        for (c, t) in n.class.list_children(n.kind) {
            lines.push(format!("children {c} {t}"));
        }
        for (c, t) in n.class.single_children(n.kind) {
            lines.push(format!("child {c} {t}"));
        }
        for p in n.class.props(n.kind) {
            if !self.member_exists(n.class, p.name) {
                continue;
            }
            lines.push(format!("property {} {}", p.name, p.ty.info_name()));
        }
        for f in n.class.fns(n.kind, self.config.undo_step_functions) {
            if !self.member_exists(n.class, f.name) {
                continue;
            }
            lines.push(format!("function {}", f.name));
        }
        lines.push("done".into());
        lines.join("\n")
    }

    /// The track that (directly or through racks) contains `id`.
    pub(crate) fn track_of(&self, id: LiveId) -> Option<LiveId> {
        let mut cur = id;
        for _ in 0..64 {
            let n = self.model.node(cur)?;
            if n.class == Class::Track {
                return Some(cur);
            }
            cur = n.parent;
        }
        None
    }

    /// Kind of an existing object (`Kind::Plain` when missing).
    pub(crate) fn kind(&self, id: LiveId) -> Kind {
        self.model.node(id).map(|n| n.kind).unwrap_or(Kind::Plain)
    }
}
