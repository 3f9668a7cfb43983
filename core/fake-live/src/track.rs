//! Track: kinds (MIDI, audio, group, return, master), group membership, routing,
//! colours, and the track functions (arrangement clips, devices).

use super::schema::Class;
use super::store::{Kind, Value};
use super::{args, FakeLive};
use barline_core::live::path::id_atoms;
use barline_core::live::{Atom, LiveId};

type Got = Option<Result<Vec<Atom>, String>>;

const ROUTING: [&str; 4] = [
    "input_routing_type",
    "input_routing_channel",
    "output_routing_type",
    "output_routing_channel",
];

/// `(display_name, identifier)` choices per routing property and track kind [O shape].
fn choices(kind: Kind, prop: &str) -> &'static [(&'static str, i64)] {
    let midi = kind == Kind::MidiTrack;
    match prop {
        "input_routing_type" if midi => {
            &[("All Ins", 1), ("Computer Keyboard", 2), ("No Input", 0)]
        }
        "input_routing_type" => &[("Ext. In", 1), ("Resampling", 2), ("No Input", 0)],
        "input_routing_channel" if midi => &[("All Channels", 1), ("Ch. 1", 2), ("Ch. 2", 3)],
        "input_routing_channel" => &[("1/2", 1), ("1", 2), ("2", 3)],
        "output_routing_type" if kind == Kind::MasterTrack => &[("Ext. Out", 1)],
        "output_routing_type" => &[("Main", 1), ("Sends Only", 2), ("No Output", 0)],
        "output_routing_channel" if kind == Kind::MasterTrack => &[("1/2", 1)],
        "output_routing_channel" => &[("Track In", 1)],
        _ => &[],
    }
}

fn routing_json(key: &str, name: &str, id: i64) -> String {
    serde_json::json!({ key: {"display_name": name, "identifier": id} }).to_string()
}

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Got {
    let n = live.model.n(id);
    let k = n.kind;
    let b = |x: bool| Some(Ok(vec![Atom::Int(x as i64)]));
    match prop {
        "can_be_armed" => b(matches!(k, Kind::MidiTrack | Kind::AudioTrack)),
        "has_midi_input" => b(k == Kind::MidiTrack),
        "has_audio_input" => b(k == Kind::AudioTrack),
        "has_midi_output" => b(k == Kind::MidiTrack && !live.has_instrument(id)),
        "has_audio_output" => b(k != Kind::MidiTrack || live.has_instrument(id)),
        "is_foldable" => b(k == Kind::GroupTrack),
        "is_grouped" => b(live.exists(n.single("group_track"))),
        "is_visible" => b(live.track_visible(id)),
        "muted_via_solo" => {
            let song = live.model.n(live.model.song);
            let any_solo = song
                .list("tracks")
                .iter()
                .chain(song.list("return_tracks"))
                .any(|t| live.model.n(*t).flag("solo"));
            b(any_solo && !n.flag("solo") && k != Kind::MasterTrack)
        }
        p if ROUTING.contains(&p) => {
            let cur = n.int(&format!("route_{p}"));
            let opts = choices(k, p);
            let (name, ident) = opts
                .iter()
                .find(|(_, i)| *i == cur)
                .copied()
                .unwrap_or(opts.first().copied().unwrap_or(("", 0)));
            Some(Ok(vec![Atom::Symbol(routing_json(p, name, ident))]))
        }
        p if p.starts_with("available_") => {
            let base = p.trim_start_matches("available_").trim_end_matches('s');
            let list: Vec<_> = choices(k, base)
                .iter()
                .map(|(d, i)| serde_json::json!({"display_name": d, "identifier": i}))
                .collect();
            Some(Ok(vec![Atom::Symbol(
                serde_json::json!({ p: list }).to_string(),
            )]))
        }
        _ => None,
    }
}

pub(crate) fn set(
    live: &mut FakeLive,
    id: LiveId,
    prop: &str,
    value: &[Atom],
) -> Option<Result<(), String>> {
    match prop {
        p if ROUTING.contains(&p) => Some((|| {
            let v = args::dict(value, 0, p)?;
            let ident = v
                .get(p)
                .and_then(|o| o.get("identifier"))
                .and_then(|i| i.as_i64())
                .ok_or_else(|| format!("{p} must be JSON {{\"{p}\": {{\"identifier\": n}}}}"))?;
            let kind = live.kind(id);
            if !choices(kind, p).iter().any(|(_, i)| *i == ident) {
                return Err(format!(
                    "{p}: identifier {ident} is not in available_{p}s; routing unchanged"
                ));
            }
            live.set_int(id, &format!("route_{p}"), ident);
            Ok(())
        })()),
        _ => None,
    }
}

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    let kind = live.kind(id);
    match name {
        "create_midi_clip" => {
            let start = args::num(a, 0, "start_time")?;
            let length = args::num(a, 1, "length")?;
            if kind != Kind::MidiTrack {
                return Err("create_midi_clip works only on MIDI tracks".into());
            }
            if length <= 0.0 || start < 0.0 {
                return Err(format!(
                    "create_midi_clip needs start ≥ 0 and length > 0 (got {start}, {length})"
                ));
            }
            let color = live.model.n(id).int("color");
            let clip = live.new_clip(id, Kind::MidiClip, length, color);
            live.edit(clip, |n| n.set_float("start_time", start));
            live.place_arrangement_clip(id, clip);
            Ok(id_atoms(clip))
        }
        "create_audio_clip" => {
            let path = args::text(a, 0, "file_path")?;
            let position = args::num(a, 1, "position")?;
            if kind != Kind::AudioTrack {
                return Err("create_audio_clip works only on audio tracks".into());
            }
            live.check_audio_file(&path)?;
            let color = live.model.n(id).int("color");
            let clip = live.new_clip(id, Kind::AudioClip, 4.0, color);
            if let Some(n) = live.model.node_mut(clip) {
                n.set_float("start_time", position);
                n.set_str("file_path", &path);
                n.set_str(
                    "name",
                    path.rsplit(['/', '\\'])
                        .next()
                        .unwrap_or("")
                        .split('.')
                        .next()
                        .unwrap_or(""),
                );
            }
            live.place_arrangement_clip(id, clip);
            Ok(id_atoms(clip))
        }
        "delete_clip" => {
            let (clip, _) = args::object(a, 0, "clip")?;
            if !live.model.n(id).list("arrangement_clips").contains(&clip) {
                return Err(format!(
                    "delete_clip: id {clip} is not an arrangement clip of this track"
                ));
            }
            live.delete_child(id, "arrangement_clips", clip);
            live.changed(id, "arrangement_clips");
            Ok(vec![])
        }
        "duplicate_clip_slot" => {
            let i = args::int(a, 0, "index")?;
            let slots = live.model.n(id).list("clip_slots").to_vec();
            let src = usize::try_from(i)
                .ok()
                .and_then(|i| slots.get(i))
                .copied()
                .ok_or_else(|| format!("duplicate_clip_slot: no slot {i}"))?;
            let clip = live.model.n(src).single("clip");
            if !live.exists(clip) {
                return Err(format!("duplicate_clip_slot: slot {i} is empty"));
            }
            let dst = slots[i as usize + 1..]
                .iter()
                .find(|s| !live.exists(live.model.n(**s).single("clip")))
                .copied()
                .ok_or("duplicate_clip_slot: no empty slot below")?;
            let copy = live.clone_subtree(clip, dst);
            live.set_single(dst, "clip", copy);
            live.changed(dst, "has_clip");
            Ok(vec![])
        }
        "duplicate_clip_to_arrangement" => {
            let (clip, used) = args::object(a, 0, "clip")?;
            let time = args::num(a, used, "destination_time")?;
            let src = live
                .model
                .node(clip)
                .filter(|n| n.class == Class::Clip)
                .ok_or_else(|| format!("duplicate_clip_to_arrangement: id {clip} is not a clip"))?;
            let fits = matches!(
                (src.kind, kind),
                (Kind::MidiClip, Kind::MidiTrack) | (Kind::AudioClip, Kind::AudioTrack)
            );
            if !fits || time < 0.0 {
                return Err("duplicate_clip_to_arrangement: the clip kind must match the track and time must be ≥ 0".into());
            }
            let copy = live.clone_subtree(clip, id);
            live.edit(copy, |n| n.set_float("start_time", time));
            live.place_arrangement_clip(id, copy);
            Ok(id_atoms(copy))
        }
        "insert_device" => {
            let name = args::text(a, 0, "device name")?;
            let index = if a.len() > 1 {
                Some(args::int(a, 1, "index")?)
            } else {
                None
            };
            live.insert_device(id, &name, index)
        }
        "delete_device" => live.delete_device(id, args::int(a, 0, "index")?),
        "stop_all_clips" => Ok(vec![]),
        _ => Err(format!("Track has no function \"{name}\"")),
    }
}

impl FakeLive {
    /// Snaps `color` to the palette (or takes `color_index`) and keeps both in step.
    pub(crate) fn set_color(
        &mut self,
        id: LiveId,
        prop: &str,
        value: &[Atom],
    ) -> Result<(), String> {
        let v = value
            .first()
            .and_then(|a| a.as_i64())
            .ok_or_else(|| format!("{prop} must be an integer"))?;
        let (index, rgb) = if prop == "color" {
            if !(0..=0xFF_FFFF).contains(&v) {
                return Err(format!("color {v} is not an 0xRRGGBB value"));
            }
            super::palette::snap_color(v)
        } else {
            if !(0..70).contains(&v) {
                return Err(format!("color_index {v} out of range 0…69"));
            }
            (v as usize, super::palette::PALETTE[v as usize])
        };
        let n = self.model.node_mut(id).ok_or("no object")?;
        n.props.insert("color".into(), Value::Int(rgb as i64));
        n.props
            .insert("color_index".into(), Value::Int(index as i64));
        self.changed(
            id,
            if prop == "color" {
                "color_index"
            } else {
                "color"
            },
        );
        Ok(())
    }

    pub(crate) fn has_instrument(&self, track: LiveId) -> bool {
        self.model
            .n(track)
            .list("devices")
            .iter()
            .any(|d| self.model.n(*d).int("type") == 1)
    }

    /// Whether a file "exists" (the fake has no file system): one of the fixture's
    /// `files`, or, when it lists none, any path with an audio extension.
    pub fn has_file(&self, path: &str) -> bool {
        if self.files.is_empty() {
            is_audio_path(path)
        } else {
            self.files.iter().any(|f| f == path)
        }
    }

    /// Makes `path` exist, as a file the simulator found on the real disk (Live opens
    /// any file there). Only needed when the fixture lists `files`: with none listed,
    /// every audio path exists already, and adding one would hide the others.
    pub fn add_file(&mut self, path: &str) {
        if !self.files.is_empty() && !self.has_file(path) {
            self.files.push(path.to_string());
        }
    }

    /// Audio files must have an audio extension and exist ([`FakeLive::has_file`]).
    pub(crate) fn check_audio_file(&self, path: &str) -> Result<(), String> {
        if !is_audio_path(path) || !self.has_file(path) {
            return Err(format!("no audio file at \"{path}\""));
        }
        Ok(())
    }

    /// Song-time end of an arrangement clip.
    pub(crate) fn clip_end_time(&self, clip: LiveId) -> f64 {
        self.model.n(clip).float("start_time") + self.clip_length(clip)
    }

    /// Places an arrangement clip, replacing what it overlaps: covered clips are
    /// deleted, partly covered ones trimmed, one covered in its middle is split.
    pub(crate) fn place_arrangement_clip(&mut self, track: LiveId, clip: LiveId) {
        let s = self.model.n(clip).float("start_time");
        let e = self.clip_end_time(clip);
        for other in self.model.n(track).list("arrangement_clips").to_vec() {
            let (cs, ce) = (
                self.model.n(other).float("start_time"),
                self.clip_end_time(other),
            );
            if ce <= s || cs >= e {
                continue;
            }
            if cs >= s && ce <= e {
                self.delete_child(track, "arrangement_clips", other);
            } else if cs < s && ce > e {
                let tail = self.clone_subtree(other, track);
                self.trim_tail(other, s - cs);
                self.trim_head(tail, e - cs);
                self.push_child(track, "arrangement_clips", tail, None);
            } else if cs < s {
                self.trim_tail(other, s - cs);
            } else {
                self.trim_head(other, e - cs);
            }
        }
        self.push_child(track, "arrangement_clips", clip, None);
        let mut clips = self.model.n(track).list("arrangement_clips").to_vec();
        clips.sort_by(|a, b| {
            self.model
                .n(*a)
                .float("start_time")
                .total_cmp(&self.model.n(*b).float("start_time"))
        });
        self.edit(track, |n| n.lists.insert("arrangement_clips".into(), clips));
        self.edit(clip, |n| n.parent = track);
        self.changed(track, "arrangement_clips");
    }

    fn trim_tail(&mut self, clip: LiveId, keep: f64) {
        if let Some(n) = self.model.node_mut(clip) {
            let (ls, sm) = (n.float("loop_start"), n.float("start_marker"));
            n.set_float("loop_end", ls + keep);
            n.set_float("end_marker", sm + keep);
        }
    }

    fn trim_head(&mut self, clip: LiveId, cut: f64) {
        if let Some(n) = self.model.node_mut(clip) {
            for p in ["start_time", "loop_start", "start_marker"] {
                let v = n.float(p);
                n.set_float(p, v + cut);
            }
        }
    }
}

/// A path with one of the audio extensions Live loads.
fn is_audio_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".wav", ".aif", ".aiff", ".mp3", ".flac", ".ogg"]
        .iter()
        .any(|e| lower.ends_with(e))
}
