//! Track: kinds (MIDI, audio, group, return, master), group membership, routing,
//! colours, and the track functions (arrangement clips, devices).

use super::args;
use super::routing::ROUTING;
use super::schema::Class;
use super::set::FakeLive;
use super::store::{Kind, Value};
use barline_core::live::path::id_atoms;
use barline_core::live::{Atom, LiveId};

type Got = Option<Result<Vec<Atom>, String>>;

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
        p if ROUTING.contains(&p) || p.starts_with("available_") => Some(live.get_routing(id, p)),
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
        p if ROUTING.contains(&p) => Some(live.set_routing(id, p, value)),
        "name" if live.kind(id) == Kind::ReturnTrack => {
            live.rename_return(id, value);
            Some(Ok(()))
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
    let kind = live.kind(id);
    match name {
        "create_midi_clip" => create_midi_clip(live, id, kind, a),
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
        "delete_clip" => delete_clip(live, id, a),
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
        "duplicate_clip_to_arrangement" => duplicate_to_arrangement(live, id, kind, a),
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
        "stop_all_clips" => {
            live.stop_track(id, true);
            Ok(vec![])
        }
        _ => Err(format!("Track has no function \"{name}\"")),
    }
}

impl FakeLive {
    /// Live re-adds a return's letter on every rename (README row 79): "Verb" on the
    /// first return reads "A-Verb".
    fn rename_return(&mut self, id: LiveId, value: &[Atom]) {
        let text = value
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let song = self.model.n(self.model.song);
        let i = song
            .list("return_tracks")
            .iter()
            .position(|t| *t == id)
            .unwrap_or(0);
        let letter = (b'A' + (i % 26) as u8) as char;
        self.edit(id, |n| n.set_str("name", &format!("{letter}-{text}")));
    }

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
}

/// The last time Live's `create_midi_clip` accepts, in beats (README row 77).
const MAX_ARRANGEMENT_TIME: f64 = 1_576_800.0;

/// A path with one of the audio extensions Live loads.
fn is_audio_path(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".wav", ".aif", ".aiff", ".mp3", ".flac", ".ogg"]
        .iter()
        .any(|e| lower.ends_with(e))
}

/// `Track.create_midi_clip(start, length)`: a looping arrangement clip (README rows 42,
/// 47, 77; before Live 12.2 it answers nothing).
fn create_midi_clip(
    live: &mut FakeLive,
    id: LiveId,
    kind: Kind,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    let start = args::num(a, 0, "start_time")?;
    let length = args::num(a, 1, "length")?;
    if kind != Kind::MidiTrack {
        return Err("create_midi_clip works only on MIDI tracks".into());
    }
    // Live's documented range for both ends (README row 77).
    if length <= 0.0 || !(0.0..=MAX_ARRANGEMENT_TIME).contains(&start) {
        return Err(format!(
            "create_midi_clip needs a start in 0…{MAX_ARRANGEMENT_TIME} and a length \
                 > 0 (got {start}, {length})"
        ));
    }
    let color = live.model.n(id).int("color");
    let clip = live.new_clip(id, Kind::MidiClip, length, color);
    live.edit(clip, |n| n.set_float("start_time", start));
    live.place_arrangement_clip(id, clip);
    live.move_playhead_to(start);
    // Live 12.1's create_midi_clip returns nothing (README, "Live versions").
    if !live.live_at_least(12, 2) {
        return Ok(vec![]);
    }
    Ok(id_atoms(clip))
}

/// `Track.delete_clip(clip)`: an arrangement or session clip of this track (README
/// rows 3, 4).
fn delete_clip(live: &mut FakeLive, id: LiveId, a: &[Atom]) -> Result<Vec<Atom>, String> {
    let (clip, _) = args::object(a, 0, "clip")?;
    if live.model.n(id).list("arrangement_clips").contains(&clip) {
        live.delete_child(id, "arrangement_clips", clip);
        live.changed(id, "arrangement_clips");
        return Ok(vec![]);
    }
    // A session clip of this track goes too (README row 3).
    let slot = live.model.node(clip).map(|c| c.parent).unwrap_or_default();
    if !live.model.n(id).list("clip_slots").contains(&slot) {
        return Err(format!(
            "delete_clip: id {clip} is not a clip of this track"
        ));
    }
    live.model.remove_subtree(clip);
    live.edit(slot, |n| n.singles.remove("clip"));
    live.changed(slot, "has_clip");
    Ok(vec![])
}

/// `Track.duplicate_clip_to_arrangement(clip, time)`: the copy spans the clip's loop
/// and overwrites its range (README rows 45–47).
fn duplicate_to_arrangement(
    live: &mut FakeLive,
    id: LiveId,
    kind: Kind,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
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
    let length = live.span_beats(clip);
    if live.is_on_arrangement(clip) && live.arrangement_occupied(id, time, time + length) {
        return Err(format!(
            "duplicate_clip_to_arrangement: an arrangement clip copied onto {time}..{} where \
             other clips lie crashes Live (README, after row 80)",
            time + length
        ));
    }
    let copy = live.clone_subtree(clip, id);
    live.edit(copy, |n| n.set_float("start_time", time));
    live.set_extent(copy, length);
    live.place_arrangement_clip(id, copy);
    live.move_playhead_to(time);
    Ok(id_atoms(copy))
}
