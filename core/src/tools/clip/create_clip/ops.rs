//! Live operations of barline-create-clip: creating clips in slots and on the timeline,
//! setting their region and signature, and firing them afterwards
//! (docs/design/tool-rules.md §12).

use crate::live::path::parse_id_atoms;
use crate::live::{Atom, LiveId, LivePort};
use crate::tools::clip::create_clip::args::AutoPlay;
use crate::tools::common::clip::reference::{self, Slot};
use crate::tools::common::clip::timing::{self, Markers};
use crate::tools::common::scene::props as scene_props;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

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
            crate::tools::framework::error::quoted(path),
            e.message
        )),
        Kind::Midi(_) => ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live refused to create a clip {where_}: {}", e.message),
        ),
    }
}

/// Adds one scene at the end; answers the new scene count. Live refusing (the count
/// did not grow) is `LIVE_REJECTED`.
pub fn add_scene(live: &mut dyn LivePort, song: LiveId, slot: Slot) -> Result<usize, ToolError> {
    let before = lom::count(live, song, "scenes")?;
    let made = live.call(song, "create_scene", &[Atom::Int(-1)])?;
    if let Some(scene) = parse_id_atoms(&made).filter(|id| !id.is_none()) {
        scene_props::clear_inherited(live, scene, false, false)?;
    }
    let now = lom::count(live, song, "scenes")?;
    if now <= before {
        return Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live refused to add the scenes slot {slot} needs"),
        ));
    }
    Ok(now)
}

/// Creates a clip in a session slot, whose scene must exist (the caller adds scenes
/// with [`add_scene`], checking its time budget between them). An occupied slot is a
/// `CONFLICT`.
pub fn create_session(
    live: &mut dyn LivePort,
    slot: Slot,
    kind: Kind,
) -> Result<LiveId, ToolError> {
    let cs = reference::clip_slot(live, slot)?;
    if lom::flag(live, cs, "has_clip")? {
        return Err(
            ToolError::new(ErrorCode::Conflict, reference::occupied(live, slot, cs))
                .with_hint(reference::OCCUPIED_HINT),
        );
    }
    let where_ = format!("in slot {slot}");
    match kind {
        Kind::Midi(len) => live.call(cs, "create_clip", &[Atom::Float(len)]),
        Kind::Audio(path) => live.call(cs, "create_audio_clip", &[Atom::Symbol(path.into())]),
    }
    .map_err(|e| refused(kind, &where_, e))?;
    reference::slot_clip(live, slot).ok_or_else(|| {
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

/// The region and signature of a new MIDI clip (docs/design/tool-rules.md §12 step 5),
/// the markers in the write order of docs/design/tool-rules.md §13 so a region starting
/// after the new clip's end is accepted.
pub fn configure_midi(
    live: &mut dyn LivePort,
    clip: LiveId,
    (start, end): (f64, f64),
    looping: Option<bool>,
    (n, d): (i64, i64),
) -> Result<(), ToolError> {
    let old = Markers::read(live, clip)?;
    let refused = timing::write(live, clip, old, Markers::region(start, end))?;
    if let Some(first) = refused.first() {
        return Err(ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live did not keep the clip's {first}"),
        ));
    }
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
    mode: Option<AutoPlay>,
    created: &[Slot],
    warnings: &mut Vec<String>,
) -> Result<(), ToolError> {
    let Some(mode) = mode else { return Ok(()) };
    if created.is_empty() {
        warnings.push("auto ignored: no session positions".into());
        return Ok(());
    }
    match mode {
        AutoPlay::PlayScene => {
            let path = format!("live_set scenes {}", created[0].scene);
            if let Some(scene) = lom::resolve(live, &path) {
                live.call(scene, "fire", &[])?;
            }
        }
        AutoPlay::PlayClip => {
            for s in created {
                if let Some(cs) = lom::resolve(live, &s.path()) {
                    live.call(cs, "fire", &[])?;
                }
            }
        }
    }
    Ok(())
}
