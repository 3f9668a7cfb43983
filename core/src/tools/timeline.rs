//! Placing clips on a track's arrangement timeline: moving, lengthening, trimming and
//! splitting (tools.md 3.13 steps 0 and 5; duplicate's `arrangementLength`, 3.18).
//!
//! The LOM has no move, resize or split call for arrangement clips. Everything here is
//! built from three calls and Live's overlap rule (5.2 item 4: a clip placed over others
//! deletes what it covers, trims what it partly covers and splits what it covers in the
//! middle): `Track.duplicate_clip_to_arrangement`, `Track.create_midi_clip` /
//! `create_audio_clip` for temporary clips, and `Track.delete_clip`. Work that must not
//! disturb the Set happens in a *holding area* after the end of the song and after the
//! range being worked on, so no temporary clip lands on a copy just laid.
//!
//! Public API (all positions in Live beats on the timeline):
//! * [`ArrangementClip::of`] — a clip, its track and its span;
//! * [`move_to`] — copy to a new start and delete the original;
//! * [`set_length`] — lengthen (loop copies, longer markers, more audio) or trim;
//! * [`split`] — cut into segments at points measured from the clip start;
//! * [`clear`] — empty a range of the track.

use super::clip_ref::{self, Place};
use super::clip_timing::{self, Markers, EPS};
use super::error::{ErrorCode, ToolError};
use super::{lom, time};
use crate::live::path::id_atoms;
use crate::live::{Atom, LiveId, LivePort};

/// Beats kept free between the end of the song and the holding area.
const HOLDING_GAP: f64 = 16.0;

/// Most clips one lengthening may create (copies of a short loop over a long span).
pub const MAX_COPIES: usize = 512;

/// An arrangement clip with its track.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArrangementClip {
    /// The clip.
    pub clip: LiveId,
    /// Its track.
    pub track: LiveId,
    /// Regular track index.
    pub track_index: usize,
}

impl ArrangementClip {
    /// The clip's track, or `None` when the clip is not on an arrangement timeline.
    pub fn of(live: &mut dyn LivePort, clip: LiveId) -> Result<Option<Self>, ToolError> {
        let Place::Arrangement { track } = clip_ref::place(live, clip)? else {
            return Ok(None);
        };
        let Some(track_id) = lom::resolve(live, &format!("live_set tracks {track}")) else {
            return Ok(None);
        };
        Ok(Some(ArrangementClip {
            clip,
            track: track_id,
            track_index: track,
        }))
    }

    /// The same track with another clip.
    fn with(self, clip: LiveId) -> Self {
        ArrangementClip { clip, ..self }
    }

    /// `(start_time, end_time)`.
    pub fn span(self, live: &mut dyn LivePort) -> Result<(f64, f64), ToolError> {
        Ok((
            lom::number(live, self.clip, "start_time")?,
            lom::number(live, self.clip, "end_time")?,
        ))
    }
}

fn rejected(message: String) -> ToolError {
    ToolError::new(ErrorCode::LiveRejected, message)
}

/// The first id in a call's answer (`["id", n]`); `None` for id 0 (Live refused).
fn answered_id(atoms: &[Atom]) -> Option<LiveId> {
    atoms
        .iter()
        .filter_map(Atom::as_i64)
        .find(|n| *n > 0)
        .map(|n| LiveId(n as u64))
}

/// Copies `clip` onto `track` at `at`; `None` when Live made no copy.
pub fn copy_to(
    live: &mut dyn LivePort,
    track: LiveId,
    clip: LiveId,
    at: f64,
) -> Result<Option<LiveId>, ToolError> {
    let mut args = id_atoms(clip);
    args.push(Atom::Float(at));
    let atoms = live.call(track, "duplicate_clip_to_arrangement", &args)?;
    Ok(answered_id(&atoms))
}

/// Deletes an arrangement clip.
pub fn delete(live: &mut dyn LivePort, track: LiveId, clip: LiveId) -> Result<(), ToolError> {
    live.call(track, "delete_clip", &id_atoms(clip))?;
    Ok(())
}

/// Where temporary clips may go: well after the end of the song and after `beyond`, the
/// end of the range being filled (read now, so earlier steps of the same call that
/// lengthened the song are respected).
fn holding(live: &mut dyn LivePort, beyond: f64) -> Result<f64, ToolError> {
    let song = super::overview::song(live)?;
    let end = lom::number(live, song, "song_length")?.max(beyond);
    Ok((end.max(0.0) / 4.0).ceil() * 4.0 + HOLDING_GAP)
}

/// Empties `[from, from + len)` on the clip's track by placing a temporary clip of
/// exactly that span and deleting it: Live's overlap rule deletes, trims or splits
/// whatever was there. MIDI tracks use `create_midi_clip`; audio tracks a clip of the
/// given clip's own file, sized in the holding area first so it never covers more
/// than the range.
pub fn clear(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    from: f64,
    len: f64,
) -> Result<(), ToolError> {
    if len <= EPS {
        return Ok(());
    }
    if lom::flag(live, at.clip, "is_midi_clip")? {
        let atoms = live.call(
            at.track,
            "create_midi_clip",
            &[Atom::Float(from), Atom::Float(len)],
        )?;
        let temp = answered_id(&atoms)
            .ok_or_else(|| rejected("Live refused a temporary clip used to trim".into()))?;
        return delete(live, at.track, temp);
    }
    let file = lom::text(live, at.clip, "file_path")?;
    let h = holding(live, from + len)?;
    let atoms = live.call(
        at.track,
        "create_audio_clip",
        &[Atom::Symbol(file), Atom::Float(h)],
    )?;
    let temp = answered_id(&atoms)
        .ok_or_else(|| rejected("Live refused a temporary audio clip used to trim".into()))?;
    // Looping, so the temporary clip can be as long as the range even when the file
    // is shorter.
    live.set(temp, "looping", &[Atom::Int(1)])?;
    let old = Markers::read(live, temp)?;
    let start = old.loop_start;
    clip_timing::write(live, temp, old, Markers::region(start, start + len))?;
    let placed = copy_to(live, at.track, temp, from)?;
    delete(live, at.track, temp)?;
    match placed {
        Some(p) => delete(live, at.track, p),
        None => Err(rejected(
            "Live refused to place a temporary audio clip used to trim".into(),
        )),
    }
}

/// Moves a clip to `start` on its track: whatever overlaps the target range is
/// replaced (Live's overlap rule), the copy is made, and the original deleted.
/// `Ok(None)`: Live made no copy; the original is kept.
pub fn move_to(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    start: f64,
) -> Result<Option<LiveId>, ToolError> {
    let (from, _) = at.span(live)?;
    if (from - start).abs() <= EPS {
        return Ok(Some(at.clip));
    }
    let Some(copy) = copy_to(live, at.track, at.clip, start)? else {
        return Ok(None);
    };
    // The copy may have trimmed the original; it is deleted whatever remains of it.
    if still_on(live, at)? {
        delete(live, at.track, at.clip)?;
    }
    Ok(Some(copy))
}

/// True when the clip is still one of its track's arrangement clips.
fn still_on(live: &mut dyn LivePort, at: ArrangementClip) -> Result<bool, ToolError> {
    Ok(matches!(
        ArrangementClip::of(live, at.clip),
        Ok(Some(a)) if a.track == at.track
    ))
}

/// A check that answers true once the call's time budget is spent (tools.md 1.15):
/// `call.deadline_check()`, or `&|| false` where there is no budget.
pub type Stop<'a> = &'a dyn Fn() -> bool;

/// What [`set_length`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Resized {
    /// The clip and, when lengthened by copies, every copy in timeline order.
    pub clips: Vec<LiveId>,
    /// Warnings (capped audio, nothing more to show).
    pub warnings: Vec<String>,
}

/// Gives an arrangement clip the timeline length `length` (> 0):
/// * longer, looping: copies placed end to end after it, each continuing the loop
///   where the previous one stopped, the last trimmed to fit;
/// * longer, not looping, MIDI: `end_marker` and `loop_end` extended (one clip);
/// * longer, not looping, audio: the same up to the end of the file, with a warning
///   when capped or when nothing more is available;
/// * shorter: the tail is covered by a temporary clip, which Live then trims away.
///
/// Copies stop when `stop` answers true (after at least one), with the deadline
/// warning of 1.15; the clip is then shorter than asked but whole.
pub fn set_length(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    length: f64,
    stop: Stop<'_>,
) -> Result<Resized, ToolError> {
    let (start, end) = at.span(live)?;
    let current = end - start;
    let mut out = Resized {
        clips: vec![at.clip],
        warnings: Vec::new(),
    };
    if (length - current).abs() <= EPS {
        return Ok(out);
    }
    if length < current {
        clear(live, at, start + length, current - length)?;
        return Ok(out);
    }
    let looping = lom::flag(live, at.clip, "looping")?;
    let midi = lom::flag(live, at.clip, "is_midi_clip")?;
    if looping {
        let (copies, stopped) = loop_copies(live, at, (start, current, length), stop)?;
        if let Some(total) = stopped {
            out.warnings.push(format!(
                "stopped after {} of {total} copies to stay within the time limit; repeat the call for the rest",
                copies.len()
            ));
        }
        out.clips.extend(copies);
        return Ok(out);
    }
    let m = Markers::read(live, at.clip)?;
    let mut extra = length - current;
    if !midi {
        let available = audio_end(live, at.clip)? - m.end_marker;
        if available <= EPS {
            out.warnings
                .push("cannot lengthen: no more audio in the file".into());
            return Ok(out);
        }
        if available + EPS < extra {
            out.warnings.push(format!(
                "unlooped audio clip capped at the end of its file ({} beats available, {} requested)",
                time::beat_text(current + available),
                time::beat_text(length)
            ));
            extra = available;
        }
    }
    // The extension must not lie over the next clips: empty that range first.
    clear(live, at, end, extra)?;
    let new = Markers {
        end_marker: m.end_marker + extra,
        loop_end: m.loop_end.max(m.end_marker + extra),
        ..m
    };
    let refused = clip_timing::write(live, at.clip, m, new)?;
    if let Some(r) = refused.first() {
        return Err(rejected(format!(
            "Live did not extend clip {} ({r} kept)",
            at.clip
        )));
    }
    Ok(out)
}

/// The beat at which an audio clip's file ends, in the clip's own beat scale:
/// seconds of audio × the song tempo (warped clips follow the song's tempo).
fn audio_end(live: &mut dyn LivePort, clip: LiveId) -> Result<f64, ToolError> {
    let samples = lom::number(live, clip, "sample_length")?;
    let rate = lom::number(live, clip, "sample_rate")?;
    if rate <= 0.0 {
        return Ok(0.0);
    }
    let song = super::overview::song(live)?;
    let tempo = lom::number(live, song, "tempo")?;
    Ok(samples / rate * tempo / 60.0)
}

/// Copies of a looping clip after it, each starting where the loop playback of the
/// previous one ended, the last trimmed to end at `start + length`. The second value
/// is the number of copies planned when `stop` ended the work early.
fn loop_copies(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    (start, current, length): (f64, f64, f64),
    stop: Stop<'_>,
) -> Result<(Vec<LiveId>, Option<usize>), ToolError> {
    let m = Markers::read(live, at.clip)?;
    let loop_len = m.loop_end - m.loop_start;
    if loop_len <= EPS || current <= EPS {
        return Err(rejected(format!("clip {} has an empty loop", at.clip)));
    }
    let count = ((length - current) / current - EPS).ceil().max(0.0);
    if count > MAX_COPIES as f64 {
        return Err(ToolError::bad_input(format!(
            "arrangementLength would need {count} copies of clip {}; at most {MAX_COPIES}",
            at.clip
        )));
    }
    let h = holding(live, start + length)?;
    let mut copies = Vec::new();
    let mut played = current;
    let mut pos = start + current;
    while pos < start + length - EPS {
        if !copies.is_empty() && stop() {
            return Ok((copies, Some(count as usize)));
        }
        let piece = current.min(start + length - pos);
        // Where the loop playback stands after `played` beats from the start marker.
        let mut phase = m.start_marker + played;
        if phase >= m.loop_end - EPS {
            phase = m.loop_start + (phase - m.loop_end).rem_euclid(loop_len);
        }
        let Some(held) = copy_to(live, at.track, at.clip, h)? else {
            return Err(rejected(format!("failed to copy clip {}", at.clip)));
        };
        let hm = Markers::read(live, held)?;
        clip_timing::write(
            live,
            held,
            hm,
            Markers {
                start_marker: phase,
                ..hm
            },
        )?;
        if piece < current - EPS {
            clear(live, at.with(held), h + piece, current - piece)?;
        }
        let placed = copy_to(live, at.track, held, pos)?;
        delete(live, at.track, held)?;
        let placed = placed.ok_or_else(|| rejected(format!("failed to copy clip {}", at.clip)))?;
        copies.push(placed);
        played += piece;
        pos += piece;
    }
    Ok((copies, None))
}

/// Splits a clip at `points` (beats from the clip start; those outside `(0, length)`
/// are ignored). The original becomes the first segment; the others are built from
/// copies trimmed in the holding area and moved into place. Returns every segment in
/// timeline order (just the clip when no point lies inside it).
pub fn split(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    points: &[f64],
) -> Result<Vec<LiveId>, ToolError> {
    let (start, end) = at.span(live)?;
    let len = end - start;
    let mut cuts: Vec<f64> = points
        .iter()
        .copied()
        .filter(|p| *p > EPS && *p < len - EPS)
        .collect();
    cuts.sort_by(f64::total_cmp);
    cuts.dedup_by(|a, b| (*a - *b).abs() <= EPS);
    if cuts.is_empty() {
        return Ok(vec![at.clip]);
    }
    let h = holding(live, end)?;
    let Some(whole) = copy_to(live, at.track, at.clip, h)? else {
        return Err(rejected(format!("failed to copy clip {}", at.clip)));
    };
    // The original becomes the first segment before any segment is placed, so no
    // placement splits it.
    clear(live, at, start + cuts[0], len - cuts[0])?;
    // Segments are cut from copies of `whole` placed one clip length further on.
    let work = h + len + HOLDING_GAP;
    let mut bounds = cuts.clone();
    bounds.push(len);
    let mut segments = vec![at.clip];
    for pair in bounds.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let Some(piece) = copy_to(live, at.track, whole, work)? else {
            return Err(rejected(format!("failed to copy clip {}", at.clip)));
        };
        clear(live, at.with(piece), work, a)?;
        clear(live, at.with(piece), work + b, len - b)?;
        let placed = copy_to(live, at.track, piece, start + a)?;
        if still_on(live, at.with(piece))? {
            delete(live, at.track, piece)?;
        }
        segments.push(placed.ok_or_else(|| rejected(format!("failed to copy clip {}", at.clip)))?);
    }
    delete(live, at.track, whole)?;
    Ok(segments)
}
