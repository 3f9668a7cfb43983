//! Clip (session and arrangement): length and marker rules, kind flags, playing state,
//! warping, gain and pitch, and the clip functions; the note functions live in `notes`.

use super::schema::Class;
use super::set::FakeLive;
use super::store::{Kind, Note};
use super::{args, gain};
use barline_core::live::{Atom, LiveId};

/// Warp modes an audio clip offers (Beats, Tones, Texture, Re-Pitch, Complex, Complex
/// Pro; 5, Rex, only for REX files), README row 38.
const WARP_MODES: [i64; 6] = [0, 1, 2, 3, 4, 6];

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Option<Result<Vec<Atom>, String>> {
    let n = live.model.n(id);
    let arrangement = live.model.node(n.parent).map(|p| p.class) == Some(Class::Track);
    let b = |x: bool| Some(Ok(vec![Atom::Int(x as i64)]));
    let f = |x: f64| Some(Ok(vec![Atom::Float(x)]));
    match prop {
        "length" => f(live.clip_length(id)),
        "position" => f(n.float("loop_start")),
        // Unlooped, the start marker follows the loop start (row 80).
        "start_marker" if !n.flag("looping") => f(n.float("loop_start")),
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
        "available_warp_modes" => Some(Ok(WARP_MODES.iter().map(|m| Atom::Int(*m)).collect())),
        "sample_length" => Some(Ok(vec![Atom::Int(live.sample_length(id))])),
        _ => None,
    }
}

pub(crate) fn set(
    live: &mut FakeLive,
    id: LiveId,
    prop: &str,
    value: &[Atom],
) -> Option<Result<(), String>> {
    let r = match prop {
        "loop_start" | "loop_end" | "start_marker" | "end_marker" | "position" => {
            set_marker(live, id, prop, value)
        }
        "looping" if live.is_unwarped(id) && value.first().and_then(Atom::as_f64) == Some(1.0) => {
            Err("Unwarped audio cannot be looped (README row 37)".into())
        }
        "warping" => set_warping(live, id, value),
        "warp_mode" => match value.first().and_then(Atom::as_i64) {
            Some(m) if WARP_MODES.contains(&m) => {
                live.set_int(id, "warp_mode", m);
                Ok(())
            }
            _ => Err(format!(
                "warp_mode must be one of available_warp_modes {WARP_MODES:?}"
            )),
        },
        "pitch_fine" => set_pitch_fine(live, id, value),
        "is_playing" => {
            match value.first().and_then(Atom::as_f64) {
                Some(0.0) => live.stop_clip_next_tick(id),
                Some(1.0) => live.fire_clip(id),
                _ => return Some(Err("is_playing is a bool: 0 or 1".into())),
            }
            Ok(())
        }
        _ => return None,
    };
    Some(r)
}

/// Loop and marker writes, keeping loop_start < loop_end and start < end marker.
fn set_marker(live: &mut FakeLive, id: LiveId, prop: &str, value: &[Atom]) -> Result<(), String> {
    let x = args::num(value, 0, prop)?;
    let n = live.model.node_mut(id).ok_or("no object")?;
    let looping = n.flag("looping");
    match prop {
        // Ignored on an unlooped clip: the start marker follows the loop start (row 80).
        "start_marker" if !looping => return Ok(()),
        "position" => {
            let len = n.float("loop_end") - n.float("loop_start");
            n.set_float("loop_start", x);
            n.set_float("loop_end", x + len);
        }
        _ => n.set_float(prop, x),
    }
    if !looping {
        n.set_float("start_marker", n.float("loop_start"));
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
    if looping && sm >= em {
        return Err(format!(
            "{prop} {x}: start_marker must stay before end_marker ({sm} ≥ {em})"
        ));
    }
    live.follow_loop_end(id);
    live.changed(id, "length");
    Ok(())
}

/// Warping off: markers become seconds and looping goes off; on: back to beats.
fn set_warping(live: &mut FakeLive, id: LiveId, value: &[Atom]) -> Result<(), String> {
    let on = match value.first().and_then(Atom::as_f64) {
        Some(x) if x == 0.0 || x == 1.0 => x == 1.0,
        _ => return Err("warping is a bool: 0 or 1".into()),
    };
    if on == live.model.n(id).flag("warping") {
        return Ok(());
    }
    let bps = live.beats_per_second();
    let scale = if on { bps } else { 1.0 / bps };
    live.edit(id, |n| {
        for p in ["loop_start", "loop_end", "start_marker", "end_marker"] {
            n.set_float(p, n.float(p) * scale);
        }
        n.set_int("warping", on as i64);
        if !on {
            n.set_int("looping", 0);
        }
    });
    live.changed(id, "warping");
    Ok(())
}

/// Fine pitch beyond ±50 cents carries whole semitones into `pitch_coarse` (row 39).
fn set_pitch_fine(live: &mut FakeLive, id: LiveId, value: &[Atom]) -> Result<(), String> {
    let cents = args::num(value, 0, "pitch_fine")?;
    if !(-500.0..=500.0).contains(&cents) {
        return Err(format!("pitch_fine {cents} is outside -500…500"));
    }
    let carry = ((cents + 50.0) / 100.0).floor();
    let coarse = live.model.n(id).int("pitch_coarse") as f64 + carry;
    if !(-48.0..=48.0).contains(&coarse) {
        return Err(format!(
            "pitch_fine {cents}: pitch_coarse would leave -48…48"
        ));
    }
    live.edit(id, |n| {
        n.set_float("pitch_fine", cents - carry * 100.0);
        n.set_int("pitch_coarse", coarse as i64);
    });
    live.changed(id, "pitch_coarse");
    Ok(())
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
            live.stop_clip(id);
            Ok(vec![])
        }
        "gain_display_string" => {
            let g = live.model.n(id).float("gain");
            Ok(vec![Atom::Symbol(gain::clip_gain_text(g))])
        }
        "set_fire_button_state" | "move_playing_pos" | "scrub" | "stop_scrub" => Ok(vec![]),
        "duplicate_loop" => duplicate_loop(live, id),
        "crop" => crop(live, id),
        _ => Err(format!("Clip has no function \"{name}\"")),
    }
}

fn duplicate_loop(live: &mut FakeLive, id: LiveId) -> Result<Vec<Atom>, String> {
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

fn crop(live: &mut FakeLive, id: LiveId) -> Result<Vec<Atom>, String> {
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

    /// Frames in an audio clip's file: the fixture's `sample_length`, else the
    /// clip's span at 120 BPM (warped) or its seconds (unwarped).
    pub(crate) fn sample_length(&self, clip: LiveId) -> i64 {
        let n = self.model.n(clip);
        if n.props.contains_key("file_frames") {
            return n.int("file_frames");
        }
        let rate = n.float("sample_rate").max(1.0);
        let seconds = if self.is_unwarped(clip) {
            n.float("end_marker")
        } else {
            n.float("end_marker") / 2.0
        };
        (seconds * rate).round() as i64
    }
}
