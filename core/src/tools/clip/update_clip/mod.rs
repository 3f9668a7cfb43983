//! `barline-update-clip` (docs/design/tool-rules.md §13): everything is validated before the first
//! write (`update_clip_plan`), then each clip goes through split, region and properties
//! (`update_clip_props`), audio settings (`update_clip_audio`), notes and transforms
//! (`update_clip_notes`), quantise and position, in that order. The steps that need
//! more than one LOM call live in their own modules: markers in `clip_timing`, notes in
//! `note_merge`, transforms in `clip_transforms`, quantise in `clip_quantize`, moves in
//! `clip_moves` (timeline placement in `timeline`).

pub mod args;
pub mod audio;
pub mod moves;
pub mod notes;
pub mod plan;
pub mod props;
pub mod quantize;
pub mod step;

use crate::live::LiveId;
use crate::notation;
use crate::tools::clip::update_clip::args::{UpdateClipParams, UpdatedClip};
use crate::tools::clip::update_clip::plan::Plan;
use crate::tools::clip::update_clip::step::{ClipUpdate, Progress, StepError};
use crate::tools::common::clip::note_limits;
use crate::tools::common::clip::timing::EPS;
use crate::tools::common::clip::{past_end, reference};
use crate::tools::common::overview;
use crate::tools::common::timeline::Playhead;
use crate::tools::common::timeline::{self, ArrangementClip};
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};

/// `barline-update-clip`.
pub struct UpdateClip;

impl Tool for UpdateClip {
    type Params = UpdateClipParams;
    type Output = OneOrMany<UpdatedClip>;
    const META: ToolMeta = ToolMeta {
        small_removed: &[
            "quantizePitch",
            "firstStart",
            "transforms",
            "seed",
            "split",
            "quantize",
            "quantizeGrid",
            "gainDb",
            "pitchShift",
            "warpMode",
            "warping",
            "timeSignature",
            "start",
            "looping",
        ],
        small_description: Some("Update clips and their MIDI notes."),
        hints: Hints::EDIT,
        ..ToolMeta::create(
            "barline-update-clip",
            "Update Clip",
            "Update clips: settings, notes, audio, quantize, move, split. transforms runs after notes merge, on all the clip's notes; repeating += compounds.",
        )
    };

    fn run(call: &mut Call<'_>, p: UpdateClipParams) -> Result<OneOrMany<UpdatedClip>, ToolError> {
        let plan = plan::plan(call, &p)?;
        let playhead = Playhead::note(call.live)?;
        let out = run(call, &p, &plan);
        call.warnings.extend(playhead.restore(call.live));
        out
    }
}

fn run(
    call: &mut Call<'_>,
    p: &UpdateClipParams,
    plan: &Plan,
) -> Result<OneOrMany<UpdatedClip>, ToolError> {
    // Resolve every id first (1.9: unknown ids are skipped with a warning).
    let mut bulk: Bulk<Vec<UpdatedClip>> = Bulk::new();
    let mut clips: Vec<(usize, LiveId)> = Vec::new();
    for (i, id) in plan.ids.iter().enumerate() {
        match reference::clip_in_call(call, id) {
            Ok(c) => clips.push((i, c)),
            Err(e) => bulk.skip(e),
        }
    }
    if plan.moves.arrangement_start.is_some() {
        moves::warn_same_position(call, &clips)?;
    }
    let n = clips.len();
    for (k, (i, clip)) in clips.iter().copied().enumerate() {
        // docs/design/tool-contract.md §1.15: stop before the time limit with what was done.
        if k > 0 && call.deadline_near() {
            call.warn_stopped(k, n, "clips");
            break;
        }
        bulk.record(update_one(call, p, plan, i, clip));
    }
    let mut out: Vec<UpdatedClip> = Vec::new();
    let done = bulk.finish(call)?;
    match done {
        OneOrMany::One(v) => out.extend(v),
        OneOrMany::Many(vs) => vs.into_iter().for_each(|v| out.extend(v)),
    }
    if plan.moves.arrangement_start.is_some() {
        // Clips a later move overwrote completely are gone: leave them out.
        out.retain(|o| lom::resolve(call.live, &format!("id {}", o.id)).is_some());
    }
    for o in &out {
        call.ids().issue(&o.id);
    }
    Ok(OneOrMany::from(out))
}

/// Steps 0–5 for one clip; the result lists the clip, its segments or copies.
fn update_one(
    call: &mut Call<'_>,
    p: &UpdateClipParams,
    plan: &Plan,
    index: usize,
    clip: LiveId,
) -> Result<Vec<UpdatedClip>, ToolError> {
    let live = &mut *call.live;
    let midi = lom::flag(live, clip, "is_midi_clip")?;
    let arrangement = ArrangementClip::of(live, clip)?;
    let sig = match plan.sig {
        Some(s) => s,
        None => overview::signature(live, clip)?,
    };
    let times = plan::clip_times(p, sig)?;
    // Notation errors of this clip's signature come before its first change.
    if let (Some(t), true) = (text_of(&p.notes), midi) {
        let r = notation::interpret(
            t,
            &notation::InterpretOptions::time_signature(sig.0 as u32, sig.1 as u32)
                .with_dialect(notation::Dialect::V2),
        )
        .map_err(|e| ToolError::bad_input(format!("notes: {e}")))?;
        note_limits::check(&r.notes)?;
    }
    // Step 0: split.
    let mut segments = vec![clip];
    if let Some((list, points)) = &plan.split {
        match arrangement {
            None => call.warn(format!("clip {clip} is a session clip; split ignored")),
            Some(at) => {
                let (s, e) = at.span(call.live)?;
                if !points.iter().any(|x| *x > EPS && *x < e - s - EPS) {
                    call.warn(format!(
                        "split {} contains no point inside the clip",
                        quoted(list)
                    ));
                } else {
                    segments = timeline::split(call.live, at, points)?;
                }
            }
        }
    }
    let mut out = Vec::new();
    for (j, seg) in segments.iter().copied().enumerate() {
        if j > 0 && call.deadline_near() {
            call.warn_stopped(j, segments.len(), "segments");
            break;
        }
        // After the first write a failing step is a warning: Live has changed.
        let update = ClipUpdate {
            args: p,
            plan,
            index,
            clip: seg,
            midi,
            sig,
            times: &times,
        };
        match update_segment(call, &update) {
            Ok(items) => out.extend(items),
            Err(e) if j == 0 && segments.len() == 1 && !e.changed => return Err(e.error),
            Err(e) => {
                call.warn(format!("clip {seg}: {}", e.error.message));
                out.push(UpdatedClip {
                    id: seg.to_string(),
                    ..Default::default()
                });
            }
        }
    }
    Ok(out)
}

/// Steps 1–5 on one clip or split segment; a failure carries whether Live had changed.
fn update_segment(call: &mut Call<'_>, u: &ClipUpdate<'_>) -> Result<Vec<UpdatedClip>, StepError> {
    let (p, plan, clip, midi) = (u.args, u.plan, u.clip, u.midi);
    let mut progress = Progress { changed: false };
    let mut item = UpdatedClip {
        id: clip.to_string(),
        ..Default::default()
    };
    props::write(call, u, &mut progress).map_err(|e| progress.fail(e))?;
    audio::settings(call, p, clip, midi).map_err(|e| progress.fail(e))?;
    progress.changed = true;
    notes::write(call, u, &mut item).map_err(|e| progress.fail(e))?;
    if let Some(q) = plan.quantize {
        if midi {
            quantize::quantize(call.live, clip, q, &mut call.warnings)
                .map_err(|e| progress.fail(e))?;
        } else {
            call.warn(format!("quantize ignored: clip {clip} is an audio clip"));
        }
    }
    let reshaped = p.notes.is_some() || p.transforms.is_some() || p.length.is_some();
    if midi && reshaped {
        past_end::warn(call, clip, u.sig).map_err(|e| progress.fail(e))?;
    }
    moves::position(call, &plan.moves, clip, item).map_err(|e| progress.fail(e))
}
