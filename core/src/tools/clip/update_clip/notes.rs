//! Update-clip step 3 (docs/design/tool-rules.md §13): notes merged into or replacing a
//! MIDI clip's notes, and the transforms (docs/design/transforms.md §9) on the resulting
//! notes or, for an audio clip, on its gain and pitch. Merging itself is `note_merge`'s.

use crate::live::{LiveId, LivePort};
use crate::tools::clip::update_clip::args::UpdatedClip;
use crate::tools::clip::update_clip::audio;
use crate::tools::clip::update_clip::step::ClipUpdate;
use crate::tools::common::clip::clip_transforms::{self, CallTransforms};
use crate::tools::common::clip::{note_merge, notes};
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;
use crate::transforms::{self, ClipContext};

/// Step 3 on one clip: writes the notes, runs the transforms and reports on `item`
/// what they did and how many notes the clip holds.
pub fn write(
    call: &mut Call<'_>,
    u: &ClipUpdate<'_>,
    item: &mut UpdatedClip,
) -> Result<(), ToolError> {
    let (p, plan, clip, midi, sig) = (u.args, u.plan, u.clip, u.midi, u.sig);
    let place = (u.index, plan.ids.len());
    if !midi && p.notes.is_some() {
        call.warn(format!("notes ignored: clip {clip} is an audio clip"));
    }
    // Notes a transform wrote, to compare with what Live then holds.
    let mut written = None;
    match (text_of(&p.notes), &plan.transforms, midi) {
        (Some(t), None, true) => note_merge::write_notes(call, clip, t, plan.merge, sig)?,
        (Some(t), Some(tf), true) => {
            // docs/design/transforms.md §9: the complete resulting list is transformed
            // and replaces the clip's notes (ids are not kept).
            let mut list = note_merge::resulting_notes(call, clip, t, plan.merge, sig)?;
            if !list.is_empty() {
                let c = clip_context(call.live, tf, clip, sig, place)?;
                let r = tf.midi(&mut list, sig, &c, &mut call.warnings)?;
                (item.transformed, item.seed) = (r.transformed, r.seed);
            }
            written = Some(replace_notes(call.live, clip, &list)?);
        }
        (None, Some(tf), true) => {
            let existing = notes::read(call.live, clip)?;
            let mut list: Vec<_> = existing.iter().map(clip_transforms::from_live).collect();
            let c = clip_context(call.live, tf, clip, sig, place)?;
            let r = tf.midi(&mut list, sig, &c, &mut call.warnings)?;
            if r.seed.is_some() {
                (item.transformed, item.seed) = (r.transformed, r.seed);
                written = Some(replace_notes(call.live, clip, &list)?);
            }
        }
        (_, Some(tf), false) => {
            // Audio: docs/design/transforms.md §6 adjusts gain and transposition.
            let c = clip_context(call.live, tf, clip, sig, place)?;
            item.seed = audio::transform(call, tf, clip, sig, &c)?;
        }
        (_, None, _) => {}
    }
    if midi && (p.notes.is_some() || plan.transforms.is_some()) {
        let held = notes::count(call.live, clip)?;
        if let Some(n) = written.filter(|n| (*n as i64) > held) {
            // Live keeps one note per pitch and start: a transform that lands notes on
            // the same place (swing and quant together) merges them.
            call.warn(format!(
                "the transforms placed {} note(s) on the same pitch and start as others; Live merged them, so the clip holds {held} of the {n} notes written",
                n as i64 - held
            ));
        }
        item.note_count = Some(held);
    }
    Ok(())
}

/// The clip context of an existing clip (docs/design/transforms.md §9): session `length`,
/// or arrangement `end_time − start_time` and its `start_time`; its place in `ids`.
fn clip_context(
    live: &mut dyn LivePort,
    tf: &CallTransforms,
    clip: LiveId,
    sig: (i64, i64),
    (index, count): (usize, usize),
) -> Result<ClipContext, ToolError> {
    let (length, position) = if lom::flag(live, clip, "is_arrangement_clip")? {
        let start = lom::number(live, clip, "start_time")?;
        (lom::number(live, clip, "end_time")? - start, Some(start))
    } else {
        (lom::number(live, clip, "length")?, None)
    };
    tf.context(sig, length, position, index, count)
}

/// Replaces every note of the clip with `list` (docs/design/transforms.md §9: ids are not
/// kept); returns how many notes were written.
fn replace_notes(
    live: &mut dyn LivePort,
    clip: LiveId,
    list: &[transforms::Note],
) -> Result<usize, ToolError> {
    notes::remove_all(live, clip)?;
    let kept: Vec<_> = list
        .iter()
        .filter(|n| n.velocity > 0.0 && n.duration > 0.0)
        .copied()
        .collect();
    notes::add_values(live, clip, &clip_transforms::note_values(&kept))?;
    Ok(kept.len())
}
