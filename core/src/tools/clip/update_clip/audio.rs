//! Audio clips in update-clip: gain, pitch and warp
//! (docs/design/tool-rules.md §13 step 2) and the transforms on gain and transposition
//! (docs/design/transforms.md §6). Pitch is written as Live's coarse/fine pair, whose
//! split is [`pitch_split`].

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::clip::update_clip::args::UpdateClipParams;
use crate::tools::common::clip::audio;
use crate::tools::common::clip::clip_transforms::CallTransforms;
use crate::tools::framework::call::Call;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;
use crate::transforms::ClipContext;

/// Step 2: gain, pitch, warp on an audio clip; on a MIDI clip each given one is a warning.
pub fn settings(
    call: &mut Call<'_>,
    p: &UpdateClipParams,
    clip: LiveId,
    midi: bool,
) -> Result<(), ToolError> {
    if midi {
        for (given, name) in [
            (p.gain_db.is_some(), "gainDb"),
            (p.pitch_shift.is_some(), "pitchShift"),
            (p.warp_mode.is_some(), "warpMode"),
            (p.warping.is_some(), "warping"),
        ] {
            if given {
                call.warn(format!("{name} ignored: clip {clip} is a MIDI clip"));
            }
        }
        return Ok(());
    }
    let live = &mut *call.live;
    if let Some(db) = p.gain_db {
        live.set(clip, "gain", &[Atom::Float(audio::db_to_gain(db.get()))])?;
    }
    if let Some(x) = p.pitch_shift {
        write_pitch(live, clip, x.get())?;
    }
    if let Some(mode) = &p.warp_mode {
        // Live takes only a mode the clip lists in available_warp_modes
        // (core/fake-live/README.md row 38).
        let code = mode.get().live_code();
        let offered = live.get(clip, "available_warp_modes")?;
        if is_offered(&offered, code) {
            live.set(clip, "warp_mode", &[Atom::Int(code)])?;
        } else {
            call.warn(format!(
                "warpMode {} is not offered by clip {clip}; warp mode unchanged",
                mode.as_str()
            ));
        }
    }
    let live = &mut *call.live;
    if let Some(w) = p.warping {
        live.set(clip, "warping", &[Atom::Int(i64::from(w.0))])?;
    }
    Ok(())
}

/// Applies the transforms to an audio clip's gain and transposition
/// (docs/design/transforms.md §6), writing the pitch with the coarse/fine split of
/// docs/design/tool-rules.md §13. Answers the seed.
pub fn transform(
    call: &mut Call<'_>,
    tf: &CallTransforms,
    clip: LiveId,
    sig: (i64, i64),
    c: &ClipContext,
) -> Result<Option<i64>, ToolError> {
    let gain_db = audio::gain_to_db(lom::number(call.live, clip, "gain")?);
    let shift = lom::number(call.live, clip, "pitch_coarse")?
        + lom::number(call.live, clip, "pitch_fine")? / 100.0;
    let (gain, pitch, report) = tf.audio(gain_db, shift, sig, c, &mut call.warnings)?;
    if let Some(db) = gain {
        call.live
            .set(clip, "gain", &[Atom::Float(audio::db_to_gain(db))])?;
    }
    if let Some(x) = pitch {
        write_pitch(call.live, clip, x)?;
    }
    Ok(report.seed)
}

/// Writes a pitch shift in semitones (cents as decimals) as `pitch_coarse` then
/// `pitch_fine`.
fn write_pitch(live: &mut dyn LivePort, clip: LiveId, semitones: f64) -> Result<(), ToolError> {
    let (coarse, fine) = pitch_split(semitones);
    live.set(clip, "pitch_coarse", &[Atom::Int(coarse)])?;
    live.set(clip, "pitch_fine", &[Atom::Int(fine)])?;
    Ok(())
}

/// Semitones with cents as decimals → (`pitch_coarse`, `pitch_fine`) with fine in
/// Live's −50…49: c = round(x·100), coarse = ⌊(c + 50)/100⌋, fine = c − 100·coarse.
pub fn pitch_split(x: f64) -> (i64, i64) {
    let c = (x * 100.0).round() as i64;
    let coarse = (c + 50).div_euclid(100);
    (coarse, c - 100 * coarse)
}

/// Live's `warp_mode` code of a mode name, for the tests that name modes as text.
#[cfg(test)]
fn warp_code(mode: &str) -> i64 {
    use crate::tools::clip::update_clip::args::WarpModes;
    use crate::tools::framework::coerce::OptionEnum;
    WarpModes::VALUES
        .iter()
        .find(|m| m.name() == mode)
        .map_or(-1, |m| m.live_code())
}

/// True when `code` is one of the modes an `available_warp_modes` answer lists.
fn is_offered(available: &[Atom], code: i64) -> bool {
    available.iter().any(|a| a.as_i64() == Some(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_warp_modes_are_offered() {
        let listed = [Atom::Int(0), Atom::Int(4), Atom::Int(6)];
        assert!(is_offered(&listed, warp_code("complex")));
        assert!(is_offered(&listed, warp_code("pro")));
        assert!(!is_offered(&listed, warp_code("tones")));
        assert!(!is_offered(&[], warp_code("beats")));
    }
}
