//! The object arena: every Live object of the fake Set is a [`Node`] keyed by its id.
//!
//! One generic node shape (stored properties, list children, single children) lets a
//! single set of routines compute canonical paths, resolve paths and shift indices for
//! every LOM class; the class modules only add what is special about their class.

use super::schema::Class;
use barline_core::live::LiveId;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A stored property value. Bools are stored as `Int(0|1)`, as Live reports them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    Int(i64),
    Float(f64),
    Str(String),
    StrList(Vec<String>),
}

/// The variant of a node inside its class, where the class alone is not enough
/// (a return track and a MIDI track are both `Track`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Plain,
    MidiTrack,
    AudioTrack,
    GroupTrack,
    ReturnTrack,
    MasterTrack,
    /// An instrument, MIDI or audio effect rack (has `chains`).
    Rack,
    /// A Drum Rack (has `chains` and 128 `drum_pads`).
    DrumRack,
    /// Simpler (`SimplerDevice`: `multi_sample_mode`, child `sample`).
    Simpler,
    /// A chain inside a Drum Rack (adds `in_note`, `out_note`, `choke_group`).
    DrumChain,
    MidiClip,
    AudioClip,
}

/// One note of a MIDI clip, with the nine fields of `get_notes_extended`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Note {
    pub id: u64,
    pub pitch: i64,
    pub start: f64,
    pub duration: f64,
    pub velocity: f64,
    pub mute: bool,
    pub probability: f64,
    pub velocity_deviation: f64,
    pub release_velocity: f64,
}

/// The notes of one clip plus the clip's note-id counter (ids are never reused).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Notes {
    pub list: Vec<Note>,
    pub next_id: u64,
}

/// One Live object.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub class: Class,
    pub kind: Kind,
    /// The object whose child this is; `NONE` for roots (`live_set`, `live_app`).
    pub parent: LiveId,
    pub props: BTreeMap<String, Value>,
    pub lists: BTreeMap<String, Vec<LiveId>>,
    pub singles: BTreeMap<String, LiveId>,
    pub notes: Option<Notes>,
}

impl Node {
    /// A node with no properties or children yet.
    pub fn new(class: Class, kind: Kind, parent: LiveId) -> Node {
        Node {
            class,
            kind,
            parent,
            props: BTreeMap::new(),
            lists: BTreeMap::new(),
            singles: BTreeMap::new(),
            notes: None,
        }
    }

    /// Builder-style property setter used when objects are created.
    pub fn with(mut self, name: &str, v: Value) -> Node {
        self.props.insert(name.to_string(), v);
        self
    }

    pub fn int(&self, name: &str) -> i64 {
        match self.props.get(name) {
            Some(Value::Int(i)) => *i,
            Some(Value::Float(f)) => *f as i64,
            _ => 0,
        }
    }

    pub fn float(&self, name: &str) -> f64 {
        match self.props.get(name) {
            Some(Value::Float(f)) => *f,
            Some(Value::Int(i)) => *i as f64,
            _ => 0.0,
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        self.int(name) != 0
    }

    pub fn str(&self, name: &str) -> &str {
        match self.props.get(name) {
            Some(Value::Str(s)) => s,
            _ => "",
        }
    }

    pub fn list(&self, name: &str) -> &[LiveId] {
        self.lists.get(name).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn single(&self, name: &str) -> LiveId {
        self.singles.get(name).copied().unwrap_or(LiveId::NONE)
    }

    pub fn set_int(&mut self, name: &str, v: i64) {
        self.props.insert(name.to_string(), Value::Int(v));
    }

    pub fn set_float(&mut self, name: &str, v: f64) {
        self.props.insert(name.to_string(), Value::Float(v));
    }

    pub fn set_str(&mut self, name: &str, v: &str) {
        self.props
            .insert(name.to_string(), Value::Str(v.to_string()));
    }
}

/// Everything undo restores: the objects and the roots. Counters, posted errors and
/// the id counter are outside it (ids are never reused, even after an undo).
/// Nodes are shared copy-on-write, so an undo snapshot copies pointers, not objects.
#[derive(Clone, Debug, Default)]
pub(crate) struct Model {
    nodes: BTreeMap<u64, Arc<Node>>,
    pub song: LiveId,
    pub app: LiveId,
    pub this_device: LiveId,
}

impl Model {
    pub fn node(&self, id: LiveId) -> Option<&Node> {
        self.nodes.get(&id.0).map(|n| &**n)
    }

    pub fn node_mut(&mut self, id: LiveId) -> Option<&mut Node> {
        self.nodes.get_mut(&id.0).map(Arc::make_mut)
    }

    /// Notes held by nodes this model does not share with `prev`: what keeping it as an
    /// undo snapshot costs beyond `prev` (nodes are shared copy-on-write).
    pub fn notes_beyond(&self, prev: Option<&Model>) -> usize {
        self.nodes
            .iter()
            .filter(|(id, n)| {
                prev.and_then(|p| p.nodes.get(id))
                    .is_none_or(|old| !Arc::ptr_eq(old, n))
            })
            .filter_map(|(_, n)| n.notes.as_ref().map(|x| x.list.len()))
            .sum()
    }

    /// Stores (or replaces) the object with this id.
    pub fn insert(&mut self, id: LiveId, node: Node) {
        self.nodes.insert(id.0, Arc::new(node));
    }

    /// The node for an id the caller already checked; a default-less lookup that
    /// returns a placeholder instead of panicking if the invariant was broken.
    pub fn n(&self, id: LiveId) -> &Node {
        static MISSING: std::sync::OnceLock<Node> = std::sync::OnceLock::new();
        self.node(id).unwrap_or_else(|| {
            MISSING.get_or_init(|| Node::new(Class::Song, Kind::Plain, LiveId::NONE))
        })
    }

    /// Where `child` sits in `parent`: the list name and index, or the single name.
    pub fn slot_in_parent(&self, child: LiveId) -> Option<(String, Option<usize>)> {
        let parent = self.node(self.node(child)?.parent)?;
        for (name, ids) in &parent.lists {
            if let Some(i) = ids.iter().position(|x| *x == child) {
                return Some((name.clone(), Some(i)));
            }
        }
        for (name, id) in &parent.singles {
            if *id == child && owned_single(name) {
                return Some((name.clone(), None));
            }
        }
        None
    }

    /// Removes an object and everything it owns (children listed in `lists` and owned
    /// singles); ids of removed objects are gone for good.
    pub fn remove_subtree(&mut self, id: LiveId) {
        let Some(node) = self.nodes.remove(&id.0) else {
            return;
        };
        let mut owned: Vec<LiveId> = node.lists.values().flatten().copied().collect();
        owned.extend(
            node.singles
                .iter()
                .filter(|(k, _)| owned_single(k))
                .map(|(_, v)| *v),
        );
        for child in owned {
            if self.node(child).map(|c| c.parent) == Some(id) {
                self.remove_subtree(child);
            }
        }
    }

    /// All ids in the subtree of `id`, parent first.
    pub fn subtree(&self, id: LiveId) -> Vec<LiveId> {
        let mut out = vec![id];
        let mut i = 0;
        while i < out.len() {
            if let Some(n) = self.node(out[i]) {
                for c in n.lists.values().flatten() {
                    if self.node(*c).map(|x| x.parent) == Some(out[i]) {
                        out.push(*c);
                    }
                }
                for (k, c) in &n.singles {
                    if owned_single(k) && self.node(*c).map(|x| x.parent) == Some(out[i]) {
                        out.push(*c);
                    }
                }
            }
            i += 1;
        }
        out
    }
}

/// Single children that the parent owns (as opposed to references such as
/// `selected_track` or `group_track`, which point elsewhere in the tree).
pub(crate) fn owned_single(name: &str) -> bool {
    matches!(
        name,
        "view"
            | "master_track"
            | "mixer_device"
            | "clip"
            | "volume"
            | "panning"
            | "track_activator"
            | "left_split_stereo"
            | "right_split_stereo"
            | "cue_volume"
            | "crossfader"
            | "song_tempo"
            | "sample"
    )
}
