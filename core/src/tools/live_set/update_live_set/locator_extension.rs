//! A locator past the end of the arrangement (docs/design/tool-rules.md §4): Live's
//! playhead stops at the song's end, so a create there first lays a temporary clip at the
//! locator's time on a track chosen before any write (bad input changes nothing,
//! docs/design/tool-contract.md §3.1), and removes it once the cue is placed.

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

/// The track that holds the temporary clip, and whether it is a MIDI track (else an
/// audio track, which takes the silent WAV).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder {
    track: LiveId,
    midi: bool,
}

/// The first regular MIDI track (groups left out), else the first regular audio track.
/// Stops at the first MIDI track.
fn holder_track(live: &mut dyn LivePort, song: LiveId) -> Result<Option<Holder>, ToolError> {
    let atoms = live.get(song, "tracks")?;
    let mut audio = None;
    for pair in atoms.chunks(2) {
        let Some(n) = pair.get(1).and_then(Atom::as_i64).filter(|n| *n > 0) else {
            continue;
        };
        let track = LiveId(n as u64);
        if lom::flag(live, track, "is_foldable")? {
            continue;
        }
        if lom::flag(live, track, "has_midi_input")? {
            return Ok(Some(Holder { track, midi: true }));
        }
        audio.get_or_insert(Holder { track, midi: false });
    }
    Ok(audio)
}

/// A create at `t` past the end needs a track to hold the temporary clip (checked
/// before any write): `UNSUPPORTED` in a Set without tracks, or without MIDI tracks when
/// the request carried no silent WAV. `None` when `t` is within the arrangement.
pub fn check(call: &mut Call<'_>, song: LiveId, t: f64) -> Result<Option<Holder>, ToolError> {
    if t <= lom::number(call.live, song, "song_length")? {
        return Ok(None);
    }
    match holder_track(call.live, song)? {
        None => Err(ToolError::new(
            ErrorCode::Unsupported,
            "a locator past the end of the arrangement needs at least one track",
        )
        .with_hint("Create a track first, or place the locator within the arrangement.")),
        Some(Holder { midi: false, .. }) if call.ctx.silent_wav.is_none() => Err(ToolError::new(
            ErrorCode::Unsupported,
            "a locator past the end of the arrangement needs a MIDI track here (this request carried no silent WAV for an audio track)",
        )
        .with_hint("Create a MIDI track first, or place the locator within the arrangement.")),
        found => Ok(found),
    }
}

/// Lays the temporary clip at `t` on the track [`check`] chose: 1 beat of MIDI, or an
/// audio clip from the silent WAV. Returns it as (track, clip) ids for removal; empty
/// when no clip was needed or Live answered no clip.
pub fn extend(
    call: &mut Call<'_>,
    holder: Option<Holder>,
    t: f64,
) -> Result<Vec<(u64, u64)>, ToolError> {
    let Some(Holder { track, midi }) = holder else {
        return Ok(Vec::new());
    };
    let atoms = if midi {
        call.live.call(
            track,
            "create_midi_clip",
            &[Atom::Float(t), Atom::Float(1.0)],
        )?
    } else {
        let wav = call.ctx.silent_wav.clone().unwrap_or_default();
        call.live.call(
            track,
            "create_audio_clip",
            &[Atom::Symbol(wav), Atom::Float(t)],
        )?
    };
    Ok(match atoms.as_slice() {
        [Atom::Symbol(tag), n] if tag == "id" => n
            .as_i64()
            .filter(|n| *n > 0)
            .map(|c| vec![(track.0, c as u64)])
            .unwrap_or_default(),
        _ => Vec::new(),
    })
}

/// Removes the temporary clips [`extend`] laid.
pub fn remove(call: &mut Call<'_>, temp: &[(u64, u64)]) -> Result<(), ToolError> {
    for (track, clip) in temp {
        call.live.call(
            LiveId(*track),
            "delete_clip",
            &[Atom::Symbol("id".into()), Atom::Int(*clip as i64)],
        )?;
    }
    Ok(())
}
