//! Transforms applied to clips by update-clip (`transforms.md` 9): the seed, the clip
//! context Live's values give, and the MIDI and audio application with the write-back.

use super::call::Call;
use super::error::{ErrorCode, ToolError};
use super::notes::{self, LiveNote};
use super::{audio, lom, overview};
use crate::live::{Atom, LiveId, LivePort};
use crate::transforms::{self, ClipContext, TimeSignature, Transform};

/// Largest seed the tools accept (2^53 − 1: exact in JSON and JavaScript).
pub const MAX_TOOL_SEED: i64 = 9_007_199_254_740_991;

/// A parsed transform text and the seed every clip of the call uses.
#[derive(Clone, Debug)]
pub struct Seeded {
    /// The parsed text.
    pub transform: Transform,
    /// The seed (given, or drawn by Barline).
    pub seed: u64,
}

/// Parses `text` before any clip changes (a parse error is `BAD_INPUT`). Without a
/// given seed one is drawn from 0 … 2^32 − 1: core has no random source of its own,
/// so it hashes the process's hash keys (random where the platform has a source), the
/// host clock and the text into one value.
pub fn parse(call: &Call<'_>, text: &str, seed: Option<i64>) -> Result<Seeded, ToolError> {
    let transform =
        Transform::parse(text).map_err(|e| ToolError::bad_input(format!("transforms: {e}")))?;
    let seed = match seed {
        Some(s) => s.max(0) as u64,
        None => drawn(call.now_ms(), text),
    };
    Ok(Seeded { transform, seed })
}

fn drawn(now: f64, text: &str) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    now.to_bits().hash(&mut h);
    text.hash(&mut h);
    h.finish() >> 32
}

/// The clip context of `transforms.md` 9 for an existing clip: its length (session
/// `length`, arrangement `end_time − start_time`), its arrangement start, its place in
/// the call, and the Set's scale when scale mode is on.
pub fn context(
    live: &mut dyn LivePort,
    clip: LiveId,
    (index, count): (usize, usize),
    sig: TimeSignature,
) -> Result<ClipContext, ToolError> {
    let arrangement = lom::flag(live, clip, "is_arrangement_clip")?;
    let (length, position) = if arrangement {
        let start = lom::number(live, clip, "start_time")?;
        (lom::number(live, clip, "end_time")? - start, Some(start))
    } else {
        (lom::number(live, clip, "length")?, None)
    };
    let song = overview::song(live)?;
    let scale = if lom::flag(live, song, "scale_mode")? {
        Some((
            lom::int(live, song, "root_note")?,
            lom::ints(live, song, "scale_intervals")?,
        ))
    } else {
        None
    };
    Ok(ClipContext::from_live(
        length,
        position,
        index.min(u32::MAX as usize) as u32,
        count.min(u32::MAX as usize) as u32,
        scale.as_ref().map(|(r, i)| (*r, i.as_slice())),
        sig,
    ))
}

/// A Live note as the transforms see it.
pub fn from_live(n: &LiveNote) -> transforms::Note {
    transforms::Note {
        pitch: n.pitch,
        start_time: n.start_time,
        duration: n.duration,
        velocity: n.velocity,
        probability: n.probability,
        velocity_deviation: n.velocity_deviation,
    }
}

/// A note of the notation as the transforms see it.
pub fn from_notation(n: &crate::notation::Note) -> transforms::Note {
    transforms::Note {
        pitch: f64::from(n.pitch),
        start_time: n.start_time,
        duration: n.duration,
        velocity: f64::from(n.velocity),
        probability: n.probability,
        velocity_deviation: f64::from(n.velocity_deviation),
    }
}

/// Transforms `list` and replaces the clip's notes with the result (ids are not
/// kept, `transforms.md` 9). Answers the number of notes the transforms matched.
pub fn apply_midi(
    call: &mut Call<'_>,
    clip: LiveId,
    seeded: &Seeded,
    mut list: Vec<transforms::Note>,
    ctx: &ClipContext,
    sig: TimeSignature,
) -> Result<Option<usize>, ToolError> {
    let outcome = seeded
        .transform
        .apply_midi(&mut list, sig, Some(ctx), seeded.seed)
        .map_err(|e| ToolError::new(ErrorCode::BadInput, format!("transforms: {e}")))?;
    call.warnings.extend(outcome.warnings);
    let values: Vec<serde_json::Value> = list
        .iter()
        .filter(|n| n.velocity >= 1.0 && n.duration > 0.0)
        .map(|n| {
            serde_json::json!({
                "pitch": n.pitch.round().clamp(0.0, 127.0),
                "start_time": n.start_time.max(0.0),
                "duration": n.duration,
                "velocity": n.velocity.clamp(1.0, 127.0),
                "probability": n.probability.clamp(0.0, 1.0),
                "velocity_deviation": n.velocity_deviation.clamp(-127.0, 127.0),
            })
        })
        .collect();
    notes::remove_all(call.live, clip)?;
    notes::add_values(call.live, clip, &values)?;
    Ok(outcome.transformed)
}

/// Applies the transforms to an audio clip's gain and transposition (`transforms.md`
/// 6), writing the pitch with the coarse/fine split of tools.md 3.13.
pub fn apply_audio(
    call: &mut Call<'_>,
    clip: LiveId,
    seeded: &Seeded,
    ctx: &ClipContext,
    sig: TimeSignature,
) -> Result<(), ToolError> {
    let live = &mut *call.live;
    let gain_db = audio::gain_to_db(lom::number(live, clip, "gain")?);
    let shift =
        lom::number(live, clip, "pitch_coarse")? + lom::number(live, clip, "pitch_fine")? / 100.0;
    let outcome = seeded
        .transform
        .apply_audio(gain_db, shift, sig, Some(ctx), seeded.seed);
    call.warnings.extend(outcome.warnings);
    if let Some(db) = outcome.gain_db {
        call.live
            .set(clip, "gain", &[Atom::Float(audio::db_to_gain(db))])?;
    }
    if let Some(x) = outcome.pitch_shift {
        let (coarse, fine) = super::update_clip::pitch_split(x);
        call.live.set(clip, "pitch_coarse", &[Atom::Int(coarse)])?;
        call.live.set(clip, "pitch_fine", &[Atom::Int(fine)])?;
    }
    Ok(())
}
