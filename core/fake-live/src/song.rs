//! Song (`live_set`), Song.View (`live_set view`), Application (`live_app`) and
//! Application.View: transport, tempo, scale, selections, undo and version.

use super::schema::Class;
use super::set::FakeLive;
use super::store::Kind;
use super::{args, scales};
use barline_core::live::path::id_atoms;
use barline_core::live::{Atom, LiveId};

type Got = Option<Result<Vec<Atom>, String>>;

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Got {
    let n = live.model.n(id);
    Some(Ok(match prop {
        "song_length" => vec![Atom::Float(live.song_length())],
        "last_event_time" => vec![Atom::Float(live.last_event_time())],
        "scale_intervals" => scales::intervals(n.str("scale_name"))
            .unwrap_or(&[])
            .iter()
            .map(|i| Atom::Int(*i))
            .collect(),
        "can_undo" => vec![Atom::Int(!live.history.past.is_empty() as i64)],
        "can_redo" => vec![Atom::Int(!live.history.future.is_empty() as i64)],
        _ => return None,
    }))
}

pub(crate) fn set(
    live: &mut FakeLive,
    id: LiveId,
    prop: &str,
    value: &[Atom],
) -> Option<Result<(), String>> {
    let p = Class::Song.prop(Kind::Plain, prop)?;
    if !p.writable {
        return None;
    }
    let v = match super::values::coerce(p, value) {
        Ok(v) => v,
        Err(e) => return Some(Err(e)),
    };
    let r = match prop {
        "signature_denominator" => match value[0].as_i64() {
            Some(d) if [1, 2, 4, 8, 16].contains(&d) => {
                live.set_int(id, prop, d);
                Ok(())
            }
            _ => Err(format!(
                "signature_denominator must be 1, 2, 4, 8 or 16, not {}",
                value[0]
            )),
        },
        "scale_name" => {
            let name = value[0].to_string();
            if scales::intervals(&name).is_some() {
                live.edit(id, |n| n.set_str(prop, &name));
                live.changed(id, "scale_intervals");
                Ok(())
            } else {
                Err(format!(
                    "scale_name: \"{name}\" is not one of Live's scales"
                ))
            }
        }
        "tempo" => {
            let t = value[0].as_f64().unwrap_or(120.0);
            live.edit(id, |n| n.set_float("tempo", t));
            if let Some(p) = live.master_mixer_param("song_tempo") {
                live.edit(p, |n| n.set_float("value", t));
            }
            Ok(())
        }
        // Only 0 sticks: Live never lights "back to arrangement" on request (row 56).
        "back_to_arranger" => {
            if value[0].as_f64() == Some(0.0) {
                live.set_int(id, prop, 0);
            }
            Ok(())
        }
        "start_time" => {
            let t = value[0].as_f64().unwrap_or(0.0).min(live.song_length());
            live.edit(id, |n| n.set_float("start_time", t));
            Ok(())
        }
        "current_song_time" => {
            // Clamped to the song length (row 48) and visible only after a deferral.
            let t = value[0].as_f64().unwrap_or(0.0).min(live.song_length());
            live.pending_song_time = Some(t);
            Ok(())
        }
        _ => {
            live.edit(id, |n| n.props.insert(prop.to_string(), v));
            Ok(())
        }
    };
    Some(r)
}

pub(crate) fn set_view(
    live: &mut FakeLive,
    id: LiveId,
    prop: &str,
    value: &[Atom],
) -> Option<Result<(), String>> {
    let want = match prop {
        "selected_track" => Class::Track,
        "selected_scene" => Class::Scene,
        "detail_clip" => Class::Clip,
        "highlighted_clip_slot" => Class::ClipSlot,
        "selected_chain" => Class::Chain,
        "selected_parameter" => {
            return Some(Err("Song.View.selected_parameter is read-only".into()))
        }
        _ => return None,
    };
    let r = args::object(value, 0, prop).and_then(|(target, _)| match live.model.node(target) {
        Some(n) if n.class == want => {
            live.set_single(id, prop, target);
            if want == Class::ClipSlot {
                if let Some(t) = live.track_of(target) {
                    live.set_single(id, "selected_track", t);
                }
            }
            Ok(())
        }
        Some(_) => Err(format!(
            "{prop} needs a {:?}; id {target} is a {}",
            want,
            live.type_name(target).unwrap_or("?")
        )),
        None => Err(format!("{prop}: no object with id {target}")),
    });
    Some(r)
}

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    match name {
        "create_midi_track" => live.create_track(Kind::MidiTrack, args::int_or(a, 0, "index", -1)?),
        "create_audio_track" => {
            live.create_track(Kind::AudioTrack, args::int_or(a, 0, "index", -1)?)
        }
        "create_return_track" => live.create_return_track(),
        "create_scene" => live.create_scene(args::int_or(a, 0, "index", -1)?),
        "delete_track" => live.delete_track(args::int(a, 0, "index")?),
        "delete_return_track" => live.delete_return_track(args::int(a, 0, "index")?),
        "delete_scene" => live.delete_scene(args::int(a, 0, "index")?),
        "duplicate_track" => live.duplicate_track(args::int(a, 0, "index")?),
        "duplicate_scene" => live.duplicate_scene(args::int(a, 0, "index")?),
        "capture_and_insert_scene" => live.capture_and_insert_scene(),
        "set_or_delete_cue" => live.set_or_delete_cue(),
        "move_device" => {
            let (device, used) = args::object(a, 0, "device")?;
            let (target, used2) = args::object(a, used, "target")?;
            let position = args::int(a, used + used2, "position")?;
            live.move_device(device, target, position)
        }
        "start_playing" | "continue_playing" => {
            live.set_int(id, "is_playing", 1);
            live.changed(id, "is_playing");
            Ok(vec![])
        }
        "stop_playing" => {
            live.stop_playing();
            Ok(vec![])
        }
        "stop_all_clips" => {
            live.stop_all_clips();
            Ok(vec![])
        }
        "jump_by" => {
            let by = args::num(a, 0, "beats")?;
            let now = live
                .pending_song_time
                .unwrap_or(live.model.n(id).float("current_song_time"));
            live.pending_song_time = Some((now + by).clamp(0.0, live.song_length()));
            Ok(vec![])
        }
        "get_current_beats_song_time" => {
            let t = live.model.n(id).float("current_song_time");
            let num = live.model.n(id).int("signature_numerator").max(1) as f64;
            let (bar, rest) = ((t / num).floor(), t % num);
            let sixteenth = ((rest.fract()) * 4.0).floor();
            Ok(vec![Atom::Symbol(format!(
                "{}.{}.{}.000",
                bar as i64 + 1,
                rest.floor() as i64 + 1,
                sixteenth as i64 + 1
            ))])
        }
        "undo" | "redo" => undo_redo(live, id, name),
        "begin_undo_step" => {
            live.history.bracket_open = true;
            live.history.bracket_used = false;
            Ok(vec![])
        }
        "end_undo_step" => {
            live.history.bracket_open = false;
            Ok(vec![])
        }
        _ => Err(format!("Song has no function \"{name}\"")),
    }
}

pub(crate) fn call_view(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    match name {
        "select_device" => {
            let (device, _) = args::object(a, 0, "device")?;
            if live.model.node(device).map(|n| n.class) != Some(Class::Device) {
                return Err(format!("select_device: id {device} is not a device"));
            }
            let track = live
                .track_of(device)
                .ok_or("select_device: the device is on no track")?;
            let view = live.model.n(track).single("view");
            live.set_single(view, "selected_device", device);
            live.set_single(id, "selected_track", track);
            Ok(vec![])
        }
        _ => Err(format!("Song.View has no function \"{name}\"")),
    }
}

const VIEWS: [&str; 6] = [
    "Session",
    "Arranger",
    "Browser",
    "Detail",
    "Detail/Clip",
    "Detail/DeviceChain",
];

pub(crate) fn call_app(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    let version: Vec<i64> = live
        .config
        .version
        .split('.')
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    let part = |i: usize| vec![Atom::Int(version.get(i).copied().unwrap_or(0))];
    match name {
        "get_major_version" => Ok(part(0)),
        "get_minor_version" => Ok(part(1)),
        "get_bugfix_version" => Ok(part(2)),
        "get_version_string" => Ok(vec![Atom::Symbol(live.config.version.clone())]),
        "get_document" => Ok(id_atoms(live.model.song)),
        "show_view" | "focus_view" | "hide_view" => {
            let view = args::text(a, 0, "view name")?;
            if !VIEWS.contains(&view.as_str()) {
                return Err(format!(
                    "{name}: unknown view \"{view}\" (one of {})",
                    VIEWS.join(", ")
                ));
            }
            if name != "hide_view" && (view == "Session" || view == "Arranger") {
                live.edit(id, |n| n.set_str("focused_document_view", &view));
                live.changed(id, "focused_document_view");
            }
            Ok(vec![])
        }
        _ => Err(format!("Application has no function \"{name}\"")),
    }
}

/// How far `song_length` reaches past the last event, as measured (row 53).
const SONG_LENGTH_MARGIN: f64 = 32.0;

impl FakeLive {
    /// The last event: the latest arrangement clip end, cue point or loop end.
    pub(crate) fn last_event_time(&self) -> f64 {
        let song = self.model.n(self.model.song);
        let clips = song
            .list("tracks")
            .iter()
            .flat_map(|t| self.model.n(*t).list("arrangement_clips").to_vec())
            .map(|c| self.clip_end_time(c));
        let cues = song
            .list("cue_points")
            .iter()
            .map(|c| self.model.n(*c).float("time"));
        let loop_end = song.float("loop_start") + song.float("loop_length");
        clips.chain(cues).fold(loop_end, f64::max)
    }

    /// Arrangement length: always beyond the last event (row 53).
    pub(crate) fn song_length(&self) -> f64 {
        self.last_event_time() + SONG_LENGTH_MARGIN
    }

    pub(crate) fn master_mixer_param(&self, slot: &str) -> Option<LiveId> {
        let master = self.model.n(self.model.song).single("master_track");
        let mixer = self.model.node(master)?.single("mixer_device");
        Some(self.model.node(mixer)?.single(slot)).filter(|p| !p.is_none())
    }
}

/// `Song.undo` / `Song.redo`: swaps in the previous (or next) snapshot.
fn undo_redo(live: &mut FakeLive, id: LiveId, name: &str) -> Result<Vec<Atom>, String> {
    let (from, to) = if name == "undo" {
        (&mut live.history.past, &mut live.history.future)
    } else {
        (&mut live.history.future, &mut live.history.past)
    };
    if let Some(state) = from.pop() {
        let current = std::mem::replace(&mut live.model, state);
        to.push(current);
        live.history.resync_notes();
        live.changed(id, name);
    }
    Ok(vec![])
}
