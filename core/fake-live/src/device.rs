//! Devices, racks, chains and drum pads: creation from the catalogue with Live's
//! placement rules, deletion with index shifting, chains, and moving devices.

use super::args;
use super::catalogue::{self, Entry};
use super::schema::Class;
use super::set::FakeLive;
use super::store::{Kind, Node, Value};
use barline_core::live::path::id_atoms;
use barline_core::live::{Atom, LiveId};

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Option<Result<Vec<Atom>, String>> {
    let n = live.model.n(id);
    let b = |x: bool| Some(Ok(vec![Atom::Int(x as i64)]));
    match (n.class, prop) {
        (Class::Device, "can_have_chains") => b(matches!(n.kind, Kind::Rack | Kind::DrumRack)),
        (Class::Device, "can_have_drum_pads" | "has_drum_pads") => b(n.kind == Kind::DrumRack),
        (Class::Device, "is_active") => {
            let on = n
                .list("parameters")
                .first()
                .map(|p| live.model.n(*p).float("value") != 0.0);
            b(on.unwrap_or(true))
        }
        // Named after its chains: one chain's name, "Multi", or the note (row 73).
        (Class::DrumPad, "name") => {
            let chains = live.pad_chains(id);
            let name = match chains.as_slice() {
                [] => super::mixer::note_name(n.int("note")),
                [one] => live.model.n(*one).str("name").to_string(),
                _ => "Multi".to_string(),
            };
            Some(Ok(vec![Atom::Symbol(name)]))
        }
        _ => None,
    }
}

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    let n = live.model.n(id);
    match (n.class, name) {
        (Class::Device, "insert_chain") => {
            if !matches!(n.kind, Kind::Rack | Kind::DrumRack) {
                // Live answers 1 instead of an id on non-racks (observed); nothing changes.
                return Ok(vec![Atom::Int(1)]);
            }
            let count = n.list("chains").len();
            let at = match a.first() {
                None => count,
                Some(_) => usize::try_from(args::int(a, 0, "index")?)
                    .ok()
                    .filter(|i| *i <= count)
                    .ok_or_else(|| format!("insert_chain index out of range 0…{count}"))?,
            };
            // A new Drum Rack chain receives C1 whatever pad is selected (row 74).
            let chain = live.new_chain(id, "Chain");
            live.push_child(id, "chains", chain, Some(at));
            live.changed(id, "chains");
            Ok(id_atoms(chain))
        }
        (Class::Device, _) => {
            // Variations, macros and A/B compare: recorded as changes, not simulated.
            live.changed(id, name);
            Ok(vec![])
        }
        (Class::Chain, "insert_device") => {
            let dev = args::text(a, 0, "device name")?;
            let index = if a.len() > 1 {
                Some(args::int(a, 1, "index")?)
            } else {
                None
            };
            live.insert_device(id, &dev, index)
        }
        (Class::Chain, "delete_device") => live.delete_device(id, args::int(a, 0, "index")?),
        (Class::DrumPad, "delete_all_chains") => {
            let rack = live.model.n(id).parent;
            for c in live.pad_chains(id) {
                live.delete_child(rack, "chains", c);
            }
            live.changed(id, "chains");
            Ok(vec![])
        }
        _ => Err(format!(
            "{} has no function \"{name}\"",
            live.type_name(id).unwrap_or("?")
        )),
    }
}

impl FakeLive {
    /// Gives a Simpler a sample (Live loads the file; the fake only records its path).
    pub(crate) fn load_sample(&mut self, simpler: LiveId, path: &str) -> LiveId {
        let sample = self.add(
            Node::new(Class::Sample, Kind::Plain, simpler)
                .with("file_path", Value::Str(path.into()))
                .with("gain", Value::Float(crate::gain::UNITY))
                .with("length", Value::Int(88200))
                .with("sample_rate", Value::Float(44100.0)),
        );
        self.set_single(simpler, "sample", sample);
        sample
    }

    /// Chains of a drum rack whose `in_note` is this pad's note.
    pub(crate) fn pad_chains(&self, pad: LiveId) -> Vec<LiveId> {
        let p = self.model.n(pad);
        let note = p.int("note");
        self.model
            .n(p.parent)
            .list("chains")
            .iter()
            .copied()
            .filter(|c| self.model.n(*c).int("in_note") == note)
            .collect()
    }

    pub(crate) fn new_chain(&mut self, rack: LiveId, name: &str) -> LiveId {
        let kind = if self.kind(rack) == Kind::DrumRack {
            Kind::DrumChain
        } else {
            Kind::Plain
        };
        let color = self
            .track_of(rack)
            .map(|t| self.model.n(t).int("color"))
            .unwrap_or(0);
        let (ci, c) = super::palette::snap_color(color);
        let mut node = Node::new(Class::Chain, kind, rack)
            .with("name", Value::Str(name.into()))
            .with("color", Value::Int(c as i64))
            .with("color_index", Value::Int(ci as i64))
            .with("is_auto_colored", Value::Int(1));
        if kind == Kind::DrumChain {
            node = node
                .with("in_note", Value::Int(36))
                .with("out_note", Value::Int(60))
                .with("choke_group", Value::Int(0));
        }
        let chain = self.add(node);
        self.edit(chain, |n| n.lists.insert("devices".into(), Vec::new()));
        let mixer = self.new_mixer(chain, false, true);
        self.set_single(chain, "mixer_device", mixer);
        chain
    }

    /// Builds a device (not yet placed) from a catalogue or Max device entry.
    pub(crate) fn new_device(&mut self, parent: LiveId, display: &str, entry: &Entry) -> LiveId {
        let node = Node::new(Class::Device, entry.kind, parent)
            .with("name", Value::Str(display.into()))
            .with("class_name", Value::Str(entry.class_name.clone()))
            .with("class_display_name", Value::Str(display.into()))
            .with("type", Value::Int(entry.device_type))
            .with("can_compare_ab", Value::Int(1));
        let dev = self.add(node);
        let view = self.add(Node::new(Class::DeviceView, Kind::Plain, dev));
        self.set_single(dev, "view", view);
        for spec in catalogue::params(display, entry.kind) {
            let p = self.new_parameter(dev, &spec);
            self.push_child(dev, "parameters", p, None);
        }
        if matches!(entry.kind, Kind::Rack | Kind::DrumRack) {
            for l in ["chains", "return_chains"] {
                self.edit(dev, |n| n.lists.insert(l.into(), Vec::new()));
            }
            self.set_int(dev, "visible_macro_count", 8);
        }
        if entry.kind == Kind::Simpler {
            self.set_int(dev, "multi_sample_mode", 0);
        }
        if entry.kind == Kind::DrumRack {
            for note in 0..128 {
                let pad = self.add(
                    Node::new(Class::DrumPad, Kind::Plain, dev).with("note", Value::Int(note)),
                );
                self.push_child(dev, "drum_pads", pad, None);
            }
        }
        dev
    }

    /// What a container (track or chain) accepts: `(midi effects, instruments, audio effects)`.
    fn accepts(&self, container: LiveId) -> (bool, bool, bool) {
        let n = self.model.n(container);
        match (n.class, n.kind) {
            (Class::Track, Kind::MidiTrack) => (true, true, true),
            (Class::Track, _) => (false, false, true),
            (Class::Chain, _) => match self.model.n(n.parent).int("type") {
                1 => (true, true, true),
                4 => (true, false, false),
                _ => (false, false, true),
            },
            _ => (false, false, false),
        }
    }

    /// Checks what a container takes (rows 65, 66): only audio effects on audio,
    /// return and master tracks, one instrument per chain.
    fn check_placement(
        &self,
        container: LiveId,
        device_type: i64,
        moving: Option<LiveId>,
    ) -> Result<(), String> {
        let (midi, inst, audio) = self.accepts(container);
        let ok = match device_type {
            1 => inst,
            2 => audio,
            4 => midi,
            _ => false,
        };
        let where_ = self.type_name(container).unwrap_or("container");
        if !ok && !midi && audio {
            return Err(format!(
                "Only audio effects can be inserted into this {where_}"
            ));
        }
        if !ok {
            let what = ["", "an instrument", "an audio effect", "", "a MIDI effect"]
                .get(device_type as usize)
                .copied()
                .unwrap_or("this device");
            return Err(format!("{what} cannot go on this {where_}"));
        }
        let has_inst = self
            .model
            .n(container)
            .list("devices")
            .iter()
            .any(|d| Some(*d) != moving && self.model.n(*d).int("type") == 1);
        if device_type == 1 && has_inst {
            return Err("Device chains cannot have more than one instrument each".into());
        }
        Ok(())
    }

    /// The positions a device of `device_type` may take in `container` (the moving
    /// device left out): after every MIDI effect and instrument that must precede it,
    /// before every one that must follow (rows 63, 64).
    fn valid_positions(
        &self,
        container: LiveId,
        device_type: i64,
        moving: Option<LiveId>,
    ) -> (usize, usize) {
        let rank = |t: i64| match t {
            4 => 0,
            1 => 1,
            _ => 2,
        };
        let r = rank(device_type);
        let others: Vec<i64> = self
            .model
            .n(container)
            .list("devices")
            .iter()
            .filter(|d| Some(**d) != moving)
            .map(|d| rank(self.model.n(*d).int("type")))
            .collect();
        let lo = others.iter().filter(|x| **x < r).count();
        let hi = others.iter().filter(|x| **x <= r).count();
        (lo, hi)
    }

    pub(crate) fn insert_device(
        &mut self,
        container: LiveId,
        name: &str,
        index: Option<i64>,
    ) -> Result<Vec<Atom>, String> {
        let entry = catalogue::entry(name)
            .ok_or_else(|| format!("insert_device: \"{name}\" is not a native device name"))?;
        let count = self.model.n(container).list("devices").len();
        let at = match index {
            None => count,
            Some(i) => usize::try_from(i)
                .ok()
                .filter(|i| *i <= count)
                .ok_or_else(|| format!("insert_device index {i} out of range 0…{count}"))?,
        };
        self.check_placement(container, entry.device_type, None)?;
        let (lo, hi) = self.valid_positions(container, entry.device_type, None);
        if at < lo || at > hi {
            return Err(format!(
                "Invalid insert index {at}: MIDI effects go before the instrument, audio \
                 effects after it (valid here: {lo}…{hi})"
            ));
        }
        let dev = self.new_device(container, name, &entry);
        self.push_child(container, "devices", dev, Some(at));
        self.changed(container, "devices");
        Ok(id_atoms(dev))
    }

    pub(crate) fn delete_device(
        &mut self,
        container: LiveId,
        index: i64,
    ) -> Result<Vec<Atom>, String> {
        let devices = self.model.n(container).list("devices").to_vec();
        let dev = usize::try_from(index)
            .ok()
            .and_then(|i| devices.get(i))
            .copied()
            .ok_or_else(|| format!("delete_device: no device at index {index}"))?;
        if dev == self.model.this_device {
            return Err("delete_device: a device cannot delete itself".into());
        }
        self.delete_child(container, "devices", dev);
        self.changed(container, "devices");
        Ok(vec![])
    }

    pub(crate) fn move_device(
        &mut self,
        device: LiveId,
        target: LiveId,
        position: i64,
    ) -> Result<Vec<Atom>, String> {
        let dev = self
            .model
            .node(device)
            .filter(|n| n.class == Class::Device)
            .ok_or_else(|| format!("move_device: id {device} is not a device"))?;
        let (dtype, from) = (dev.int("type"), dev.parent);
        if !matches!(
            self.model.node(target).map(|n| n.class),
            Some(Class::Track | Class::Chain)
        ) {
            return Err(format!("move_device: id {target} is not a track or chain"));
        }
        if self.model.subtree(device).contains(&target) {
            return Err("move_device: cannot move a rack into itself".into());
        }
        self.check_placement(target, dtype, Some(device))?;
        // Live picks the nearest valid position and answers it (row 67).
        let (lo, hi) = self.valid_positions(target, dtype, Some(device));
        self.unlink(from, "devices", device);
        let at = usize::try_from(position).unwrap_or(hi).clamp(lo, hi);
        self.push_child(target, "devices", device, Some(at));
        self.edit(device, |n| n.parent = target);
        self.recolor_auto_chains(device);
        self.changed(from, "devices");
        self.changed(target, "devices");
        Ok(vec![Atom::Int(at as i64)])
    }

    /// Auto-coloured chains take the colour of the track that now holds them, as Live
    /// recolours a rack's chains when the rack moves to another track.
    fn recolor_auto_chains(&mut self, device: LiveId) {
        let Some(track) = self.track_of(device) else {
            return;
        };
        let (ci, c) = super::palette::snap_color(self.model.n(track).int("color"));
        let chains: Vec<LiveId> = self
            .model
            .subtree(device)
            .into_iter()
            .filter(|id| {
                self.model
                    .node(*id)
                    .is_some_and(|n| n.class == Class::Chain && n.int("is_auto_colored") == 1)
            })
            .collect();
        for chain in chains {
            self.edit(chain, |n| {
                n.set_int("color", c as i64);
                n.set_int("color_index", ci as i64);
            });
        }
    }
}
