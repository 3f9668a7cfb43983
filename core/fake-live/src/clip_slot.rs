//! ClipSlot: `has_clip`, group slots, and creating, deleting and copying clips where
//! Live allows it (empty slots of MIDI tracks for `create_clip`).

use super::args;
use super::set::FakeLive;
use super::store::Kind;
use barline_core::live::{Atom, LiveId};

pub(crate) fn get(live: &FakeLive, id: LiveId, prop: &str) -> Option<Result<Vec<Atom>, String>> {
    let n = live.model.n(id);
    let track_kind = live.kind(n.parent);
    let clip = live.model.node(n.single("clip"));
    let v = match prop {
        "has_clip" => clip.is_some() as i64,
        "is_group_slot" => (track_kind == Kind::GroupTrack) as i64,
        "is_playing" | "playing_status" => clip.is_some_and(|c| c.flag("is_playing")) as i64,
        "color" if track_kind == Kind::GroupTrack => live.model.n(n.parent).int("color"),
        "color_index" if track_kind == Kind::GroupTrack => {
            live.model.n(n.parent).int("color_index")
        }
        _ => return None,
    };
    Some(Ok(vec![Atom::Int(v)]))
}

pub(crate) fn call(
    live: &mut FakeLive,
    id: LiveId,
    name: &str,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    let track = live.model.n(id).parent;
    let track_kind = live.kind(track);
    let has_clip = live.exists(live.model.n(id).single("clip"));
    match name {
        "create_clip" => {
            let length = args::num(a, 0, "length")?;
            if track_kind != Kind::MidiTrack {
                return Err("create_clip works only on MIDI tracks".into());
            }
            if has_clip {
                return Err("create_clip: the slot already has a clip".into());
            }
            if length <= 0.0 {
                return Err(format!("create_clip: length must be > 0, not {length}"));
            }
            let color = live.model.n(track).int("color");
            let clip = live.new_clip(id, Kind::MidiClip, length, color);
            live.set_single(id, "clip", clip);
            live.changed(id, "has_clip");
            Ok(vec![])
        }
        "create_audio_clip" => {
            let path = args::text(a, 0, "file_path")?;
            if track_kind != Kind::AudioTrack {
                return Err("create_audio_clip works only on audio tracks".into());
            }
            if has_clip {
                return Err("create_audio_clip: the slot already has a clip".into());
            }
            live.check_audio_file(&path)?;
            let color = live.model.n(track).int("color");
            let clip = live.new_clip(id, Kind::AudioClip, 4.0, color);
            live.edit(clip, |n| n.set_str("file_path", &path));
            live.set_single(id, "clip", clip);
            live.changed(id, "has_clip");
            Ok(vec![])
        }
        "delete_clip" => {
            if !has_clip {
                return Err("delete_clip: the slot is empty".into());
            }
            let clip = live.model.n(id).single("clip");
            live.model.remove_subtree(clip);
            live.edit(id, |n| n.singles.remove("clip"));
            live.changed(id, "has_clip");
            Ok(vec![])
        }
        "duplicate_clip_to" => duplicate_clip_to(live, id, track_kind, has_clip, a),
        "fire" => {
            let clip = live.model.n(id).single("clip");
            if live.exists(clip) {
                live.fire_clip(clip);
            }
            Ok(vec![])
        }
        // Any slot of a track stops the track's clip (rows 16, 21).
        "stop" => {
            live.stop_track(track, false);
            Ok(vec![])
        }
        "set_fire_button_state" => Ok(vec![]),
        _ => Err(format!("ClipSlot has no function \"{name}\"")),
    }
}

/// `ClipSlot.duplicate_clip_to(slot)`: copies the clip over the target's, same track kind.
fn duplicate_clip_to(
    live: &mut FakeLive,
    id: LiveId,
    track_kind: Kind,
    has_clip: bool,
    a: &[Atom],
) -> Result<Vec<Atom>, String> {
    let (target, _) = args::object(a, 0, "target slot")?;
    if !has_clip {
        return Err("duplicate_clip_to: the source slot is empty".into());
    }
    if live.model.node(target).map(|n| n.class) != Some(super::schema::Class::ClipSlot) {
        return Err(format!("duplicate_clip_to: id {target} is not a clip slot"));
    }
    let target_kind = live.kind(live.model.n(target).parent);
    if target_kind != track_kind {
        return Err("duplicate_clip_to: the target track kind differs".into());
    }
    let old = live.model.n(target).single("clip");
    if live.exists(old) {
        live.model.remove_subtree(old);
    }
    let clip = live.model.n(id).single("clip");
    let copy = live.clone_subtree(clip, target);
    live.set_single(target, "clip", copy);
    live.changed(target, "has_clip");
    Ok(vec![])
}
