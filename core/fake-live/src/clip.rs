//! Clip (session and arrangement): length and marker rules, kind flags, playing state,
//! and the clip functions; the note functions live in `notes`.

use super::schema::Class;
use super::store::{Kind, Note};
use super::{args, FakeLive};
use barline_core::live::{Atom, LiveId};

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Option<Result<Vec<Atom>, String>> {
    let n = live.model.n(id);
    let arrangement = live.model.node(n.parent).map(|p| p.class) == Some(Class::Track);
    let b = |x: bool| Some(Ok(vec![Atom::Int(x as i64)]));
    let f = |x: f64| Some(Ok(vec![Atom::Float(x)]));
    match prop {
        "length" => f(live.clip_length(id)),
        "position" => f(n.float("loop_start")),
        "is_midi_clip" => b(n.kind == Kind::MidiClip),
        "is_audio_clip" => b(n.kind == Kind::AudioClip),
        "is_arrangement_clip" => b(arrangement),
        "is_session_clip" => b(!arrangement),
        "start_time" => f(if arrangement {
            n.float("start_time")
        } else {
            0.0
        }),
        "end_time" => f(if arrangement {
            live.clip_end_time(id)
        } else {
            live.clip_length(id)
        }),
        "sample_length" => Some(Ok(vec![Atom::Int(
            (live.clip_length(id) / 2.0 * 44100.0) as i64,
        )])),
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
        "loop_start" | "loop_end" | "start_marker" | "end_marker" | "position" => Some((|| {
            let x = args::num(value, 0, prop)?;
            let n = live.model.node_mut(id).ok_or("no object")?;
            if prop == "position" {
                let len = n.float("loop_end") - n.float("loop_start");
                n.set_float("loop_start", x);
                n.set_float("loop_end", x + len);
            } else {
                n.set_float(prop, x);
            }
            let (ls, le, sm, em) = (
                n.float("loop_start"),
                n.float("loop_end"),
                n.float("start_marker"),
                n.float("end_marker"),
            );
            if ls >= le {
                return Err(format!(
                    "{prop} {x}: loop_start must stay before loop_end ({ls} ≥ {le})"
                ));
            }
            if sm >= em {
                return Err(format!(
                    "{prop} {x}: start_marker must stay before end_marker ({sm} ≥ {em})"
                ));
            }
            live.changed(id, "length");
            Ok(())
        })(
        )),
        _ => None,
    }
}

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    if let Some(r) = live.call_notes(id, name, a) {
        return r;
    }
    match name {
        "fire" => {
            live.fire_clip(id);
            Ok(vec![])
        }
        "stop" => {
            live.set_int(id, "is_playing", 0);
            live.changed(id, "is_playing");
            Ok(vec![])
        }
        "set_fire_button_state" | "move_playing_pos" | "scrub" | "stop_scrub" => Ok(vec![]),
        "duplicate_loop" => {
            let n = live.model.n(id);
            if !n.flag("looping") {
                return Err("duplicate_loop needs a looping clip".into());
            }
            let (ls, le) = (n.float("loop_start"), n.float("loop_end"));
            let len = le - ls;
            if let Some(notes) = live.model.node_mut(id).and_then(|n| n.notes.as_mut()) {
                let copies: Vec<_> = notes
                    .list
                    .iter()
                    .filter(|x| x.start >= ls && x.start < le)
                    .map(|x| Note {
                        id: 0,
                        start: x.start + len,
                        ..x.clone()
                    })
                    .collect();
                notes.insert_many(copies);
            }
            if let Some(n) = live.model.node_mut(id) {
                n.set_float("loop_end", le + len);
                if n.float("end_marker") < le + len {
                    n.set_float("end_marker", le + len);
                }
            }
            live.changed(id, "notes");
            Ok(vec![])
        }
        "crop" => {
            let n = live.model.n(id);
            let (s, e) = if n.flag("looping") {
                (n.float("loop_start"), n.float("loop_end"))
            } else {
                (n.float("start_marker"), n.float("end_marker"))
            };
            if let Some(node) = live.model.node_mut(id) {
                if let Some(notes) = node.notes.as_mut() {
                    notes.list.retain(|x| x.start >= s && x.start < e);
                    notes.list.iter_mut().for_each(|x| x.start -= s);
                }
                for (p, v) in [
                    ("loop_start", 0.0),
                    ("start_marker", 0.0),
                    ("loop_end", e - s),
                    ("end_marker", e - s),
                ] {
                    node.set_float(p, v);
                }
            }
            live.changed(id, "notes");
            Ok(vec![])
        }
        _ => Err(format!("Clip has no function \"{name}\"")),
    }
}

impl FakeLive {
    /// Loop length when looping, else the marker distance.
    pub(crate) fn clip_length(&self, clip: LiveId) -> f64 {
        let n = self.model.n(clip);
        if n.flag("looping") {
            n.float("loop_end") - n.float("loop_start")
        } else {
            n.float("end_marker") - n.float("start_marker")
        }
    }

    /// Launches a session clip: it plays, the other clips of its track stop.
    pub(crate) fn fire_clip(&mut self, clip: LiveId) {
        let slot = self.model.n(clip).parent;
        let Some(track) = self
            .model
            .node(slot)
            .filter(|s| s.class == Class::ClipSlot)
            .map(|s| s.parent)
        else {
            return;
        };
        let slots = self.model.n(track).list("clip_slots").to_vec();
        for s in &slots {
            let c = self.model.n(*s).single("clip");
            if self.exists(c) {
                self.set_int(c, "is_playing", (c == clip) as i64);
            }
        }
        let index = slots
            .iter()
            .position(|s| *s == slot)
            .map(|i| i as i64)
            .unwrap_or(-1);
        self.set_int(track, "playing_slot_index", index);
        self.changed(clip, "is_playing");
        self.changed(track, "playing_slot_index");
    }
}
