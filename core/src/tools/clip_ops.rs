//! Live operations of barline-create-clip: creating clips in slots and on the timeline,
//! setting their region and signature, and firing them afterwards (tools.md 3.12).

use super::clip_ref::{self, Slot};
use super::error::{ErrorCode, ToolError};
use super::lom;
use crate::live::{Atom, LiveId, LivePort};

/// What kind of clip to create.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind<'a> {
    /// A MIDI clip of this many beats.
    Midi(f64),
    /// An audio clip from this file.
    Audio(&'a str),
}

/// A failed create call: a refused audio file is `NOT_FOUND`, anything else
/// `LIVE_REJECTED`.
fn refused(kind: Kind, where_: &str, e: crate::live::LiveError) -> ToolError {
    match kind {
        Kind::Audio(path) => ToolError::not_found(format!(
            "sample file {} could not be loaded {where_} ({})",
            super::error::quoted(path),
            e.message
        )),
        Kind::Midi(_) => ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live refused to create a clip {where_}: {}", e.message),
        ),
    }
}

/// Creates a clip in a session slot, adding scenes at the end until the slot exists.
/// An occupied slot is a `CONFLICT`.
pub fn create_session(
    live: &mut dyn LivePort,
    song: LiveId,
    slot: Slot,
    kind: Kind,
) -> Result<LiveId, ToolError> {
    while live.get_count(song, "scenes")? <= slot.scene {
        live.call(song, "create_scene", &[Atom::Int(-1)])?;
    }
    let cs = clip_ref::clip_slot(live, slot)?;
    if lom::flag(live, cs, "has_clip")? {
        return Err(ToolError::new(
            ErrorCode::Conflict,
            format!("slot {slot} already has a clip"),
        ));
    }
    let where_ = format!("in slot {slot}");
    match kind {
        Kind::Midi(len) => live.call(cs, "create_clip", &[Atom::Float(len)]),
        Kind::Audio(path) => live.call(cs, "create_audio_clip", &[Atom::Symbol(path.into())]),
    }
    .map_err(|e| refused(kind, &where_, e))?;
    clip_ref::slot_clip(live, slot).ok_or_else(|| {
        ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live created no clip {where_}"),
        )
    })
}

/// Creates a clip on a track's arrangement timeline at `at` beats.
pub fn create_arrangement(
    live: &mut dyn LivePort,
    track: usize,
    at: f64,
    kind: Kind,
) -> Result<LiveId, ToolError> {
    let tid = lom::resolve(live, &format!("live_set tracks {track}"))
        .ok_or_else(|| ToolError::not_found(format!("trackIndex {track} does not exist")))?;
    let where_ = format!("on track {track}");
    let atoms = match kind {
        Kind::Midi(len) => live.call(
            tid,
            "create_midi_clip",
            &[Atom::Float(at), Atom::Float(len)],
        ),
        Kind::Audio(path) => live.call(
            tid,
            "create_audio_clip",
            &[Atom::Symbol(path.into()), Atom::Float(at)],
        ),
    }
    .map_err(|e| refused(kind, &where_, e))?;
    let id = atoms.iter().filter_map(Atom::as_i64).next().unwrap_or(0);
    if id <= 0 {
        return Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live created no arrangement clip {where_}"),
        ));
    }
    Ok(LiveId(id as u64))
}

/// The region and signature of a new MIDI clip, in the order of tools.md 3.12 step 5.
pub fn configure_midi(
    live: &mut dyn LivePort,
    clip: LiveId,
    (start, end): (f64, f64),
    looping: Option<bool>,
    (n, d): (i64, i64),
) -> Result<(), ToolError> {
    live.set(clip, "start_marker", &[Atom::Float(start)])?;
    live.set(clip, "loop_start", &[Atom::Float(start)])?;
    live.set(clip, "loop_end", &[Atom::Float(end)])?;
    live.set(clip, "end_marker", &[Atom::Float(end)])?;
    if let Some(l) = looping {
        live.set(clip, "looping", &[Atom::Int(i64::from(l))])?;
    }
    live.set(clip, "signature_numerator", &[Atom::Int(n)])?;
    live.set(clip, "signature_denominator", &[Atom::Int(d)])?;
    Ok(())
}

/// `auto`: fire the first created session clip's scene, or every created session clip.
pub fn auto(
    live: &mut dyn LivePort,
    mode: Option<&str>,
    created: &[Slot],
    warnings: &mut Vec<String>,
) -> Result<(), ToolError> {
    let Some(mode) = mode else { return Ok(()) };
    if created.is_empty() {
        warnings.push("auto ignored: no session positions".into());
        return Ok(());
    }
    if mode == "play-scene" {
        if let Some(scene) = lom::resolve(live, &format!("live_set scenes {}", created[0].scene)) {
            live.call(scene, "fire", &[])?;
        }
    } else {
        for s in created {
            if let Some(cs) = lom::resolve(live, &s.path()) {
                live.call(cs, "fire", &[])?;
            }
        }
    }
    Ok(())
}
