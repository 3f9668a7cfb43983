//! Constructors for new objects with everything Live gives them (a new track gets its
//! view, mixer, sends and one clip slot per scene). Used by fixture loading and by the
//! creating functions, so both produce identical structures.

use super::palette::palette_color;
use super::schema::Class;
use super::set::FakeLive;
use super::store::{Kind, Node, Value};
use barline_core::live::LiveId;

/// What a new parameter needs.
#[derive(Clone, Debug, Default)]
pub(crate) struct ParamSpec {
    pub name: String,
    pub value: f64,
    pub min: f64,
    pub max: f64,
    pub items: Vec<String>,
    pub unit: String,
    pub default: Option<f64>,
}

impl ParamSpec {
    pub fn new(name: &str, value: f64, min: f64, max: f64, unit: &str) -> ParamSpec {
        ParamSpec {
            name: name.into(),
            value,
            min,
            max,
            unit: unit.into(),
            ..Default::default()
        }
    }

    pub fn quantized(name: &str, value: f64, items: &[&str]) -> ParamSpec {
        ParamSpec {
            name: name.into(),
            value,
            min: 0.0,
            max: items.len().saturating_sub(1) as f64,
            items: items.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }
    }
}

impl FakeLive {
    /// Inserts a node under a fresh id.
    pub(crate) fn add(&mut self, node: Node) -> LiveId {
        let id = self.alloc();
        self.model.insert(id, node);
        id
    }

    pub(crate) fn push_child(
        &mut self,
        parent: LiveId,
        list: &str,
        child: LiveId,
        at: Option<usize>,
    ) {
        if let Some(p) = self.model.node_mut(parent) {
            let l = p.lists.entry(list.to_string()).or_default();
            let i = at.unwrap_or(l.len()).min(l.len());
            l.insert(i, child);
        }
    }

    /// Takes `child` out of the parent's list `list`; the object itself stays.
    pub(crate) fn unlink(&mut self, parent: LiveId, list: &str, child: LiveId) {
        if let Some(l) = self
            .model
            .node_mut(parent)
            .and_then(|p| p.lists.get_mut(list))
        {
            l.retain(|x| *x != child);
        }
    }

    /// Takes `child` out of the parent's list and deletes it with everything it owns.
    pub(crate) fn delete_child(&mut self, parent: LiveId, list: &str, child: LiveId) {
        self.unlink(parent, list, child);
        self.model.remove_subtree(child);
    }

    pub(crate) fn set_single(&mut self, parent: LiveId, name: &str, child: LiveId) {
        if let Some(p) = self.model.node_mut(parent) {
            p.singles.insert(name.to_string(), child);
        }
    }

    pub(crate) fn new_parameter(&mut self, parent: LiveId, spec: &ParamSpec) -> LiveId {
        let quantized = !spec.items.is_empty();
        let mut n = Node::new(Class::DeviceParameter, Kind::Plain, parent)
            .with("name", Value::Str(spec.name.clone()))
            .with("original_name", Value::Str(spec.name.clone()))
            .with("value", Value::Float(spec.value))
            .with("min", Value::Float(spec.min))
            .with("max", Value::Float(spec.max))
            .with("is_quantized", Value::Int(quantized as i64))
            .with("is_enabled", Value::Int(1))
            .with("unit", Value::Str(spec.unit.clone()));
        if quantized {
            n = n.with("value_items", Value::StrList(spec.items.clone()));
        } else {
            n = n.with(
                "default_value",
                Value::Float(spec.default.unwrap_or(spec.value)),
            );
        }
        self.add(n)
    }

    /// A mixer with volume, panning, activator, split-stereo pans and one send per
    /// return track (the master mixer adds cue volume, crossfader and song tempo and
    /// has no sends).
    pub(crate) fn new_mixer(&mut self, owner: LiveId, master: bool, chain: bool) -> LiveId {
        let kind = if master {
            Kind::MasterTrack
        } else {
            Kind::Plain
        };
        let mixer = self
            .add(Node::new(Class::MixerDevice, kind, owner).with("panning_mode", Value::Int(0)));
        for (slot, spec) in mixer_params(chain) {
            let p = self.new_parameter(mixer, &spec);
            self.set_single(mixer, slot, p);
        }
        if master {
            self.add_master_params(mixer);
        } else {
            self.set_int(mixer, "crossfade_assign", 1);
            self.edit(mixer, |n| n.lists.insert("sends".into(), Vec::new()));
            if !chain {
                let returns = self.model.n(self.model.song).list("return_tracks").len();
                for i in 0..returns {
                    self.add_send(mixer, i);
                }
            }
        }
        mixer
    }

    /// The main track's extra mixer parameters: cue volume, crossfader and the song
    /// tempo (starting at the Song's current tempo).
    fn add_master_params(&mut self, mixer: LiveId) {
        let tempo = self.model.n(self.model.song).float("tempo");
        for (slot, spec) in [
            (
                "cue_volume",
                ParamSpec::new("Cue Volume", 0.85, 0.0, 1.0, "volume"),
            ),
            (
                "crossfader",
                ParamSpec::new("Crossfade", 0.0, -1.0, 1.0, ""),
            ),
            (
                "song_tempo",
                ParamSpec::new("Song Tempo", tempo, 20.0, 999.0, ""),
            ),
        ] {
            let p = self.new_parameter(mixer, &spec);
            self.set_single(mixer, slot, p);
        }
    }

    /// Adds the send for return track `index` to a mixer (inserted at that index).
    pub(crate) fn add_send(&mut self, mixer: LiveId, index: usize) -> LiveId {
        let letter = (b'A' + (index % 26) as u8) as char;
        let p = self.new_parameter(
            mixer,
            &ParamSpec::new(&format!("{letter}-Send"), 0.0, 0.0, 1.0, "send"),
        );
        self.push_child(mixer, "sends", p, Some(index));
        p
    }

    pub(crate) fn set_int(&mut self, id: LiveId, name: &str, v: i64) {
        if let Some(n) = self.model.node_mut(id) {
            n.set_int(name, v);
        }
    }

    /// A track of `kind` (not yet placed in any list), with view, mixer and — for
    /// regular tracks — one clip slot per scene.
    pub(crate) fn new_track(&mut self, kind: Kind, name: &str, color_index: usize) -> LiveId {
        let song = self.model.song;
        let node = Node::new(Class::Track, kind, song)
            .with("name", Value::Str(name.into()))
            .with("color", Value::Int(palette_color(color_index) as i64))
            .with("color_index", Value::Int(color_index as i64))
            .with("playing_slot_index", Value::Int(-1))
            .with("fired_slot_index", Value::Int(-1))
            .with("current_monitoring_state", Value::Int(1));
        let track = self.add(node);
        let view = self.add(Node::new(Class::TrackView, Kind::Plain, track));
        self.set_single(track, "view", view);
        let mixer = self.new_mixer(track, kind == Kind::MasterTrack, false);
        self.set_single(track, "mixer_device", mixer);
        if let Some(n) = self.model.node_mut(track) {
            n.lists.insert("devices".into(), Vec::new());
        }
        if matches!(kind, Kind::MidiTrack | Kind::AudioTrack | Kind::GroupTrack) {
            for l in ["clip_slots", "arrangement_clips", "take_lanes"] {
                self.edit(track, |n| n.lists.insert(l.into(), Vec::new()));
            }
            let scenes = self.model.n(song).list("scenes").len();
            for _ in 0..scenes {
                let slot = self.new_clip_slot(track);
                self.push_child(track, "clip_slots", slot, None);
            }
        }
        track
    }

    pub(crate) fn new_clip_slot(&mut self, track: LiveId) -> LiveId {
        self.add(
            Node::new(Class::ClipSlot, Kind::Plain, track).with("has_stop_button", Value::Int(1)),
        )
    }

    /// A scene node (not yet placed); callers add the matching clip slots.
    pub(crate) fn new_scene(&mut self, name: &str) -> LiveId {
        let song = self.model.song;
        self.add(
            Node::new(Class::Scene, Kind::Plain, song)
                .with("name", Value::Str(name.into()))
                .with("color", Value::Int(palette_color(13) as i64))
                .with("color_index", Value::Int(13))
                .with("tempo", Value::Float(120.0))
                .with("time_signature_numerator", Value::Int(4))
                .with("time_signature_denominator", Value::Int(4)),
        )
    }

    /// A clip of `length` beats with the markers `create_clip` gives (loop 0…len).
    pub(crate) fn new_clip(
        &mut self,
        parent: LiveId,
        kind: Kind,
        length: f64,
        color: i64,
    ) -> LiveId {
        let (ci, c) = super::palette::snap_color(color);
        let mut node = Node::new(Class::Clip, kind, parent)
            .with("name", Value::Str(String::new()))
            .with("color", Value::Int(c as i64))
            .with("color_index", Value::Int(ci as i64))
            .with("looping", Value::Int(1))
            .with("loop_start", Value::Float(0.0))
            .with("loop_end", Value::Float(length))
            .with("start_marker", Value::Float(0.0))
            .with("end_marker", Value::Float(length))
            .with("signature_numerator", Value::Int(4))
            .with("signature_denominator", Value::Int(4))
            .with("launch_quantization", Value::Int(0));
        if kind == Kind::MidiClip {
            node.notes = Some(Default::default());
        } else {
            node = node
                .with("warping", Value::Int(1))
                .with("gain", Value::Float(0.4))
                .with("sample_rate", Value::Float(44100.0));
        }
        self.add(node)
    }
}

/// The parameters every mixer has, by slot; a chain's mixer names them as Live's
/// chain mixer does.
fn mixer_params(chain: bool) -> [(&'static str, ParamSpec); 5] {
    [
        (
            "volume",
            ParamSpec::new(
                if chain {
                    "Chain Volume"
                } else {
                    "Track Volume"
                },
                0.85,
                0.0,
                1.0,
                "volume",
            ),
        ),
        (
            "panning",
            ParamSpec::new(
                if chain { "Chain Pan" } else { "Track Panning" },
                0.0,
                -1.0,
                1.0,
                "pan",
            ),
        ),
        (
            "track_activator",
            ParamSpec::quantized(
                if chain {
                    "Chain Activator"
                } else {
                    "Speaker On"
                },
                1.0,
                &["Off", "On"],
            ),
        ),
        (
            "left_split_stereo",
            ParamSpec::new("Left Split Stereo Pan", -1.0, -1.0, 1.0, "pan"),
        ),
        (
            "right_split_stereo",
            ParamSpec::new("Right Split Stereo Pan", 1.0, -1.0, 1.0, "pan"),
        ),
    ]
}
