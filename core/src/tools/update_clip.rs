//! `barline-update-clip` (tools.md 3.13): everything is validated before the first
//! write (`update_clip_plan`), then each clip goes through split, region and properties
//! (`update_clip_props`), audio settings (`update_clip_audio`), notes and transforms
//! (`update_clip_notes`), quantise and position, in that order. The steps that need
//! more than one LOM call live in their own modules: markers in `clip_timing`, notes in
//! `note_merge`, transforms in `clip_transforms`, quantise in `clip_quantize`, moves in
//! `clip_moves` (timeline placement in `timeline`).

use super::call::{Bulk, Call, OneOrMany};
use super::clip_moves;
use super::clip_quantize;
use super::clip_ref;
use super::clip_timing::EPS;
use super::clip_transforms::Seed;
use super::coerce::{text_of, Choice, Choices, Flag, List, Num, Text};
use super::error::{quoted, ToolError};
use super::timeline::{self, ArrangementClip};
use super::tool::{Hints, Tool, ToolMeta};
use super::update_clip_plan::{self as plan, ClipTimes, Plan};
use super::{lom, overview, update_clip_audio, update_clip_notes, update_clip_props};
use crate::live::LiveId;
use crate::notation;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use super::update_clip_audio::pitch_split;

/// `barline-update-clip`.
pub struct UpdateClip;

/// `noteUpdateMode` options.
pub struct NoteModes;

impl Choices for NoteModes {
    const ALL: &'static [&'static str] = &["replace", "merge"];
}

/// `warpMode` options, in the order of Live's `warp_mode` codes (5 is unused).
pub struct WarpModes;

impl Choices for WarpModes {
    const ALL: &'static [&'static str] =
        &["beats", "tones", "texture", "repitch", "complex", "pro"];
}

/// `quantizeGrid` options, in the order of Live's grid codes 1…8.
pub struct Grids;

impl Choices for Grids {
    const ALL: &'static [&'static str] = &[
        "1/4",
        "1/8",
        "1/8T",
        "1/8+1/8T",
        "1/16",
        "1/16T",
        "1/16+1/16T",
        "1/32",
    ];
}

/// Most split points one call takes.
pub const MAX_SPLIT_POINTS: usize = 32;

/// Arguments of update-clip.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateClipParams {
    /// Clip ids, comma-separated.
    pub ids: List,
    /// New name; comma-separated names for several clips.
    pub name: Option<Text>,
    /// Colour (spelled out: a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB; comma-separated colours cycle over the clips.")]
    pub color: Option<Text>,
    /// Clip signature "N/D"; also used to read this call's start, length, firstStart and notes.
    pub time_signature: Option<Text>,
    /// bar|beat where the clip region starts.
    pub start: Option<Text>,
    /// Region length, bars:beats (e.g. "4:0").
    pub length: Option<Text>,
    /// Loop the clip.
    pub looping: Option<Flag>,
    /// Looping clips: bar|beat where playback first starts.
    pub first_start: Option<Text>,
    /// Arrangement clips: move to this bar|beat (Set signature).
    pub arrangement_start: Option<Text>,
    /// Arrangement clips: length on the timeline, bars:beats (Set signature).
    pub arrangement_length: Option<Text>,
    /// Session clips: move to this slot "trackIndex/sceneIndex".
    pub to_slot: Option<List>,
    /// Arrangement clips: split points, comma-separated bar|beat from the clip start (at most 32; "1|1" is the start itself).
    pub split: Option<List>,
    /// Audio clips: gain in dB.
    pub gain_db: Option<Num<-70, 24>>,
    /// Audio clips: pitch shift in semitones (cents as decimals).
    pub pitch_shift: Option<Num<-48, 48>>,
    /// Audio clips: warp mode.
    pub warp_mode: Option<Choice<WarpModes>>,
    /// Audio clips: warping on or off.
    pub warping: Option<Flag>,
    /// MIDI clips: notes in bar|beat notation.
    pub notes: Option<Text>,
    /// How notes combine with the clip's notes (default merge).
    pub note_update_mode: Option<Choice<NoteModes>>,
    /// MIDI clips: quantise strength 0–1 (needs quantizeGrid).
    pub quantize: Option<Num<0, 1>>,
    /// Quantise grid.
    pub quantize_grid: Option<Choice<Grids>>,
    /// Quantise only notes of this pitch, e.g. "C3".
    pub quantize_pitch: Option<Text>,
    /// Transform expressions applied to MIDI notes or audio gain/pitch, e.g. "velocity += rand(-10, 10)".
    pub transforms: Option<Text>,
    /// Seed of the transforms' randomness (default: drawn by Barline; reported on each transformed clip).
    pub seed: Option<Seed>,
}

/// One resulting clip.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatedClip {
    /// The clip's id (new after a move; one per segment or copy).
    pub id: String,
    /// Notes the clip holds after the update (when notes were given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note_count: Option<i64>,
    /// Notes the transforms matched (MIDI clips given transforms).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transformed: Option<i64>,
    /// The seed the transforms used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<i64>,
    /// The session slot after a toSlot move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
}

impl Tool for UpdateClip {
    type Params = UpdateClipParams;
    type Output = OneOrMany<UpdatedClip>;
    const META: ToolMeta = ToolMeta {
        small_removed: &["quantizePitch", "firstStart", "transforms", "seed", "split"],
        small_description: Some("Update clips and their MIDI notes."),
        hints: Hints::EDIT,
        ..ToolMeta::create(
            "barline-update-clip",
            "Update Clip",
            "Update one or more clips: properties, loop/markers, MIDI notes (bar|beat; merge or replace), audio gain/pitch/warp, quantize, move, resize or split.",
        )
    };

    fn run(call: &mut Call<'_>, p: UpdateClipParams) -> Result<OneOrMany<UpdatedClip>, ToolError> {
        let plan = plan::plan(call, &p)?;
        run(call, &p, &plan)
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
        match clip_ref::clip_in_call(call, id) {
            Ok(c) => clips.push((i, c)),
            Err(e) => bulk.skip(e),
        }
    }
    if plan.moves.arrangement_start.is_some() {
        clip_moves::warn_same_position(call, &clips)?;
    }
    let n = clips.len();
    for (k, (i, clip)) in clips.iter().copied().enumerate() {
        // tools.md 1.15: stop before the time limit with what was done.
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
        notation::interpret(
            t,
            &notation::InterpretOptions::time_signature(sig.0 as u32, sig.1 as u32)
                .with_dialect(notation::Dialect::V2),
        )
        .map_err(|e| ToolError::bad_input(format!("notes: {e}")))?;
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

/// A failed step, and whether Live had already changed when it failed.
struct StepError {
    error: ToolError,
    changed: bool,
}

/// Tracks whether a step wrote to Live, so failures after a write become warnings.
pub struct Progress {
    /// Live has changed in this clip's update.
    pub changed: bool,
}

impl Progress {
    fn fail(&self, error: ToolError) -> StepError {
        StepError {
            error,
            changed: self.changed,
        }
    }
}

/// One clip or split segment being updated, with the call's arguments and plan: what
/// every step after the split reads.
pub struct ClipUpdate<'a> {
    /// The call's arguments.
    pub args: &'a UpdateClipParams,
    /// What was checked before the first write.
    pub plan: &'a Plan,
    /// The clip's place in `ids` (its name and colour, its transforms context).
    pub index: usize,
    /// The clip or segment.
    pub clip: LiveId,
    /// A MIDI clip (else audio).
    pub midi: bool,
    /// The signature the call's clip-time values and notes are read in.
    pub sig: (i64, i64),
    /// `start`, `length` and `firstStart` in that signature.
    pub times: &'a ClipTimes,
}

/// Steps 1–5 on one clip or split segment; a failure carries whether Live had changed.
fn update_segment(call: &mut Call<'_>, u: &ClipUpdate<'_>) -> Result<Vec<UpdatedClip>, StepError> {
    let (p, plan, clip, midi) = (u.args, u.plan, u.clip, u.midi);
    let mut progress = Progress { changed: false };
    let mut item = UpdatedClip {
        id: clip.to_string(),
        ..Default::default()
    };
    update_clip_props::write(call, u, &mut progress).map_err(|e| progress.fail(e))?;
    update_clip_audio::settings(call, p, clip, midi).map_err(|e| progress.fail(e))?;
    progress.changed = true;
    update_clip_notes::write(call, u, &mut item).map_err(|e| progress.fail(e))?;
    if let Some(q) = plan.quantize {
        if midi {
            clip_quantize::quantize(call.live, clip, q, &mut call.warnings)
                .map_err(|e| progress.fail(e))?;
        } else {
            call.warn(format!("quantize ignored: clip {clip} is an audio clip"));
        }
    }
    clip_moves::position(call, &plan.moves, clip, item).map_err(|e| progress.fail(e))
}
