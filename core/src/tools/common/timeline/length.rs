//! Lengths on the timeline (docs/design/tool-rules.md §13 step 5, duplicate's
//! `arrangementLength`): trimming with a temporary clip over the tail, lengthening a
//! looping clip with copies that continue its loop, and an unlooped one by its markers
//! (audio only as far as its file holds).

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::timing::{self, Markers, EPS};
use crate::tools::common::timeline::{
    clear, copy_to, delete, holding, rejected, shape, ArrangementClip, Stop,
};
use crate::tools::common::{overview, time};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;

/// Most clips one lengthening may create (copies of a short loop over a long span).
pub const MAX_COPIES: usize = 512;

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
/// Copies stop when `stop` answers true (after at least one), with the deadline warning
/// of docs/design/tool-contract.md §1.15; the clip is then shorter than asked but whole.
pub fn set_length(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    length: f64,
    stop: Stop<'_>,
) -> Result<Resized, ToolError> {
    let (start, end) = at.span(live)?;
    if length > end - start + EPS {
        refuse_covering(live, at, end, start + length)?;
    }
    let fitted = fit(live, at, (start, end - start), length, stop)?;
    Ok(Resized {
        clips: fitted.clips.into_iter().map(|(clip, _)| clip).collect(),
        warnings: fitted.warnings,
    })
}

/// `CONFLICT` when lengthening to `to` would lay the clip over other clips starting in
/// `from..to` on its track: Live's overlap rule would cut or delete them, so nothing is
/// changed and the caller is told which clips are in the way.
fn refuse_covering(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    from: f64,
    to: f64,
) -> Result<(), ToolError> {
    let mut in_way = Vec::new();
    for other in lom::child_ids(live, at.track, "arrangement_clips")? {
        if other == at.clip {
            continue;
        }
        let s = lom::number(live, other, "start_time")?;
        let e = lom::number(live, other, "end_time")?;
        if s < to - EPS && e > from + EPS {
            in_way.push(other.to_string());
        }
    }
    if in_way.is_empty() {
        return Ok(());
    }
    Err(ToolError::new(
        ErrorCode::Conflict,
        format!(
            "the new length would cover {} other clip(s) on the track (ids {}), which Live would cut or delete; nothing was changed",
            in_way.len(),
            in_way.iter().take(10).cloned().collect::<Vec<_>>().join(", ")
        ),
    )
    .with_hint("Move or delete the clips in the way first, or choose a shorter length."))
}

/// Clips laid on a track's timeline, each with its start, in timeline order.
pub type Laid = Vec<(LiveId, f64)>;

/// What [`place_copy`](crate::tools::common::timeline::place_copy) laid on the timeline.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Placed {
    /// Every clip of the copy with its start, in timeline order: one, or the copy and
    /// its loop copies.
    pub clips: Laid,
    /// Warnings (capped audio, copies stopped by the time limit).
    pub warnings: Vec<String>,
}

/// [`set_length`] for a clip whose span `(start, current length)` is known.
pub(super) fn fit(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    (start, current): (f64, f64),
    length: f64,
    stop: Stop<'_>,
) -> Result<Placed, ToolError> {
    let end = start + current;
    let mut out = Placed {
        clips: vec![(at.clip, start)],
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
    let refused = timing::write(live, at.clip, m, new)?;
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
    let song = overview::song(live)?;
    let tempo = lom::number(live, song, "tempo")?;
    Ok(samples / rate * tempo / 60.0)
}

/// How many loop copies lengthening a clip `current` beats long to `length` takes;
/// more than [`MAX_COPIES`] is refused.
pub(super) fn loop_copy_count(clip: LiveId, current: f64, length: f64) -> Result<usize, ToolError> {
    let count = ((length - current) / current - EPS).ceil().max(0.0);
    if count > MAX_COPIES as f64 {
        return Err(ToolError::bad_input(format!(
            "arrangementLength would need {count} copies of clip {clip}; at most {MAX_COPIES}"
        )));
    }
    Ok(count as usize)
}

/// Copies of a looping clip after it, each starting where the loop playback of the
/// previous one ended, the last trimmed to end at `start + length`; each with its
/// start. The second value is the number of copies planned when `stop` ended the work
/// early.
fn loop_copies(
    live: &mut dyn LivePort,
    at: ArrangementClip,
    (start, current, length): (f64, f64, f64),
    stop: Stop<'_>,
) -> Result<(Laid, Option<usize>), ToolError> {
    let m = Markers::read(live, at.clip)?;
    let loop_len = m.loop_end - m.loop_start;
    if loop_len <= EPS || current <= EPS {
        return Err(rejected(format!("clip {} has an empty loop", at.clip)));
    }
    let count = loop_copy_count(at.clip, current, length)?;
    let h = holding(live, start + length)?;
    let mut copies = Vec::new();
    let mut played = current;
    let mut pos = start + current;
    while pos < start + length - EPS {
        if !copies.is_empty() && stop() {
            return Ok((copies, Some(count)));
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
        timing::write(
            live,
            held,
            hm,
            Markers {
                start_marker: phase,
                ..hm
            },
        )?;
        if piece < current - EPS && !shape::to_piece(live, held, 0.0, piece)? {
            clear(live, at.with(held), h + piece, current - piece)?;
        }
        let placed = copy_to(live, at.track, held, pos)?;
        delete(live, at.track, held)?;
        let placed = placed.ok_or_else(|| rejected(format!("failed to copy clip {}", at.clip)))?;
        copies.push((placed, pos));
        played += piece;
        pos += piece;
    }
    Ok((copies, None))
}
