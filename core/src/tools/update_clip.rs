//! `barline-update-clip` (tools.md 3.13): everything is validated before the first
//! write, then each clip goes through split, region and properties, audio settings,
//! notes, quantise and position, in that order. The steps that need more than one
//! LOM call live in their own modules: markers in `clip_timing`, notes in
//! `note_merge`, transforms in `clip_transforms`, quantise in `clip_quantize`, moves
//! in `clip_moves` (timeline placement in `timeline`).

use super::call::{Bulk, Call, OneOrMany};
use super::clip_moves::{self, Moves};
use super::clip_quantize::{self, Quantize};
use super::clip_ref;
use super::clip_timing::{self, Markers, EPS};
use super::clip_transforms::{self, CallTransforms, Seed};
use super::coerce::{Choice, Choices, Flag, List, Num, Text};
use super::error::{quoted, ToolError};
use super::timeline::{self, ArrangementClip};
use super::tool::{Hints, Tool, ToolMeta};
use super::{audio, lom, name_rules, names, note_merge, notes, overview, time};
use crate::live::{Atom, LiveId, LivePort};
use crate::notation;
use crate::transforms::{self, ClipContext};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
        hints: Hints {
            read_only: false,
            destructive: true,
            idempotent: false,
        },
        ..ToolMeta::create(
            "barline-update-clip",
            "Update Clip",
            "Update one or more clips: properties, loop/markers, MIDI notes (bar|beat; merge or replace), audio gain/pitch/warp, quantize, move, resize or split.",
        )
    };

    fn run(call: &mut Call<'_>, p: UpdateClipParams) -> Result<OneOrMany<UpdatedClip>, ToolError> {
        let plan = plan(call, &p)?;
        run(call, &p, &plan)
    }
}

/// Everything checked before the first write.
struct Plan {
    ids: Vec<String>,
    names: Vec<Option<String>>,
    colors: Vec<i64>,
    sig: Option<(i64, i64)>,
    moves: Moves,
    split: Option<(String, Vec<f64>)>,
    merge: bool,
    quantize: Option<Quantize>,
    transforms: Option<CallTransforms>,
}

fn bad(message: String) -> ToolError {
    ToolError::bad_input(message)
}

fn text(t: &Option<Text>) -> Option<&str> {
    t.as_ref().map(Text::as_str)
}

fn plan(call: &mut Call<'_>, p: &UpdateClipParams) -> Result<Plan, ToolError> {
    let ids = call.unique(p.ids.items(), "id");
    if ids.is_empty() {
        return Err(bad("ids is empty: give one or more clip ids".into()));
    }
    let colors = text(&p.color)
        .map(names::parse_colors)
        .transpose()?
        .unwrap_or_default();
    let sig = text(&p.time_signature)
        .map(time::parse_signature)
        .transpose()
        .map_err(bad)?;
    // Clip-time values are read per clip with its signature; their syntax is checked
    // here so bad text changes nothing.
    let (cn, cd) = sig.unwrap_or((4, 4));
    if let Some(t) = text(&p.start) {
        time::parse_position(t, cn, cd).map_err(bad)?;
    }
    if let Some(t) = text(&p.first_start) {
        time::parse_position(t, cn, cd).map_err(bad)?;
    }
    if let Some(t) = text(&p.length) {
        if time::parse_duration(t, cn, cd).map_err(bad)? <= 0.0 {
            return Err(bad(format!("length {} must be longer than 0", quoted(t))));
        }
    }
    if let Some(t) = text(&p.notes) {
        notation::parse(t).map_err(|e| bad(format!("notes: {e}")))?;
    }
    // transforms.md 9: parsed before any clip changes, MIDI or audio.
    // The seed is drawn from the host's random source when not given.
    let transforms =
        CallTransforms::prepare(call.live, text(&p.transforms), p.seed)?.filter(|t| !t.is_empty());
    let live = &mut *call.live;
    let song = overview::song(live)?;
    let (sn, sd) = overview::signature(live, song)?;
    let arrangement_start = text(&p.arrangement_start)
        .map(|t| time::parse_position(t, sn, sd))
        .transpose()
        .map_err(bad)?;
    let arrangement_length = match text(&p.arrangement_length) {
        Some(t) => {
            let beats = time::parse_duration(t, sn, sd).map_err(bad)?;
            if beats <= 0.0 {
                return Err(bad(format!(
                    "arrangementLength {} must be longer than 0",
                    quoted(t)
                )));
            }
            Some(beats)
        }
        None => None,
    };
    let to_slot = match p.to_slot.as_ref().map(List::items) {
        Some(items) if !items.is_empty() => {
            let slot = clip_ref::parse_slot(&items[0], &mut call.warnings)?;
            if items.len() > 1 {
                call.warn(format!("toSlot accepts one destination; using {slot}"));
            }
            Some(slot)
        }
        _ => None,
    };
    let split = match &p.split {
        Some(list) => {
            let mut items = list.items();
            if items.len() > MAX_SPLIT_POINTS {
                call.warn(format!(
                    "too many split points ({}); at most {MAX_SPLIT_POINTS}",
                    items.len()
                ));
                items.truncate(MAX_SPLIT_POINTS);
            }
            let mut points = Vec::with_capacity(items.len());
            for item in &items {
                let beats = time::parse_position(item, sn, sd).map_err(bad)?;
                if beats <= EPS {
                    return Err(bad(format!(
                        "split point {} is the clip start; give points after it, e.g. \"2|1\"",
                        quoted(item)
                    )));
                }
                points.push(beats);
            }
            (!points.is_empty()).then(|| (list.0.as_str().to_string(), points))
        }
        None => None,
    };
    let quantize = match p.quantize {
        None => None,
        Some(amount) => match &p.quantize_grid {
            None => {
                call.warn("quantize ignored: quantizeGrid is required");
                None
            }
            Some(grid) => {
                let code = Grids::ALL
                    .iter()
                    .position(|g| *g == grid.as_str())
                    .map_or(1, |i| i as i64 + 1);
                match text(&p.quantize_pitch) {
                    Some(name) => match clip_quantize::pitch_of(name) {
                        Some(pitch) => Some(Quantize {
                            amount: amount.get(),
                            grid: code,
                            pitch: Some(pitch),
                        }),
                        None => {
                            call.warn(format!(
                                "quantizePitch {} is not a pitch name; quantize skipped",
                                quoted(name)
                            ));
                            None
                        }
                    },
                    None => Some(Quantize {
                        amount: amount.get(),
                        grid: code,
                        pitch: None,
                    }),
                }
            }
        },
    };
    let merge = p
        .note_update_mode
        .as_ref()
        .is_none_or(|m| m.as_str() == "merge");
    let mut names = call.names(text(&p.name), ids.len());
    for name in names.iter_mut().flatten() {
        let checked = name_rules::check_name("name", name)?;
        if let Some(w) = checked.warning {
            call.warn(w);
        }
        *name = checked.name;
    }
    Ok(Plan {
        ids,
        names,
        colors,
        sig,
        moves: Moves {
            to_slot,
            arrangement_start,
            arrangement_length,
        },
        split,
        merge,
        quantize,
        transforms,
    })
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

/// The clip-time values of this call in one clip's signature.
struct ClipTimes {
    start: Option<f64>,
    length: Option<f64>,
    first_start: Option<f64>,
}

fn clip_times(p: &UpdateClipParams, (n, d): (i64, i64)) -> Result<ClipTimes, ToolError> {
    let pos = |t: &Option<Text>| {
        text(t)
            .map(|t| time::parse_position(t, n, d))
            .transpose()
            .map_err(bad)
    };
    Ok(ClipTimes {
        start: pos(&p.start)?,
        length: text(&p.length)
            .map(|t| time::parse_duration(t, n, d))
            .transpose()
            .map_err(bad)?,
        first_start: pos(&p.first_start)?,
    })
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
    let times = clip_times(p, sig)?;
    // Notation errors of this clip's signature come before its first change.
    if let (Some(t), true) = (text(&p.notes), midi) {
        notation::interpret(
            t,
            &notation::InterpretOptions::time_signature(sig.0 as u32, sig.1 as u32),
        )
        .map_err(|e| bad(format!("notes: {e}")))?;
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
        match update_segment(call, p, plan, index, seg, midi, sig, &times) {
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
struct Progress {
    changed: bool,
}

impl Progress {
    fn fail(&self, error: ToolError) -> StepError {
        StepError {
            error,
            changed: self.changed,
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn update_segment(
    call: &mut Call<'_>,
    p: &UpdateClipParams,
    plan: &Plan,
    index: usize,
    clip: LiveId,
    midi: bool,
    sig: (i64, i64),
    times: &ClipTimes,
) -> Result<Vec<UpdatedClip>, StepError> {
    let mut progress = Progress { changed: false };
    let mut item = UpdatedClip {
        id: clip.to_string(),
        ..Default::default()
    };
    properties(call, p, plan, index, clip, sig, times, &mut progress)
        .map_err(|e| progress.fail(e))?;
    audio_settings(call, p, clip, midi).map_err(|e| progress.fail(e))?;
    progress.changed = true;
    let count = plan.ids.len();
    if !midi && p.notes.is_some() {
        call.warn(format!("notes ignored: clip {clip} is an audio clip"));
    }
    match (text(&p.notes), &plan.transforms, midi) {
        (Some(t), None, true) => {
            note_merge::write_notes(call, clip, t, plan.merge, sig).map_err(|e| progress.fail(e))?
        }
        (Some(t), Some(tf), true) => {
            // transforms.md 9: the complete resulting list is transformed and replaces
            // the clip's notes (ids are not kept).
            let mut list = note_merge::resulting_notes(call, clip, t, plan.merge, sig)
                .map_err(|e| progress.fail(e))?;
            if !list.is_empty() {
                let c = clip_context(call.live, tf, clip, sig, (index, count))
                    .map_err(|e| progress.fail(e))?;
                let r = tf
                    .midi(&mut list, sig, &c, &mut call.warnings)
                    .map_err(|e| progress.fail(e))?;
                (item.transformed, item.seed) = (r.transformed, r.seed);
            }
            replace_notes(call.live, clip, &list).map_err(|e| progress.fail(e))?;
        }
        (None, Some(tf), true) => {
            let existing = notes::read(call.live, clip).map_err(|e| progress.fail(e))?;
            let mut list: Vec<_> = existing.iter().map(clip_transforms::from_live).collect();
            let c = clip_context(call.live, tf, clip, sig, (index, count))
                .map_err(|e| progress.fail(e))?;
            let r = tf
                .midi(&mut list, sig, &c, &mut call.warnings)
                .map_err(|e| progress.fail(e))?;
            if r.seed.is_some() {
                (item.transformed, item.seed) = (r.transformed, r.seed);
                replace_notes(call.live, clip, &list).map_err(|e| progress.fail(e))?;
            }
        }
        (_, Some(tf), false) => {
            // Audio: section 6 of transforms.md adjusts gain and transposition.
            let c = clip_context(call.live, tf, clip, sig, (index, count))
                .map_err(|e| progress.fail(e))?;
            item.seed = transform_audio(call, tf, clip, sig, &c).map_err(|e| progress.fail(e))?;
        }
        (_, None, _) => {}
    }
    if midi && (p.notes.is_some() || plan.transforms.is_some()) {
        item.note_count = Some(notes::count(call.live, clip).map_err(|e| progress.fail(e))?);
    }
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

/// Step 1: looping, markers, name, colour, signature.
#[allow(clippy::too_many_arguments)]
fn properties(
    call: &mut Call<'_>,
    p: &UpdateClipParams,
    plan: &Plan,
    index: usize,
    clip: LiveId,
    sig: (i64, i64),
    times: &ClipTimes,
    progress: &mut Progress,
) -> Result<(), ToolError> {
    let live = &mut *call.live;
    let was_looping = lom::flag(live, clip, "looping")?;
    let looping = p.looping.map_or(was_looping, |f| f.0);
    let old = Markers::read(live, clip)?;
    let mut new = old;
    if let Some(len) = times.length {
        let base = times.start.unwrap_or(if looping {
            old.loop_start
        } else {
            old.start_marker
        });
        if looping {
            new.loop_end = base + len;
        } else {
            new.end_marker = base + len;
        }
    }
    if let Some(s) = times.start {
        if looping {
            new.loop_start = s;
            if s >= new.loop_end - EPS {
                return Err(bad(format!(
                    "start {} is at or after the loop end ({}) of clip {clip}; give length too",
                    time::position(s, sig.0, sig.1),
                    time::position(new.loop_end, sig.0, sig.1)
                )));
            }
        }
        if s < new.end_marker - EPS {
            new.start_marker = s;
        } else if !looping {
            return Err(bad(format!(
                "start {} is at or after the end ({}) of clip {clip}; give length too",
                time::position(s, sig.0, sig.1),
                time::position(new.end_marker, sig.0, sig.1)
            )));
        }
    }
    if let Some(fs) = times.first_start {
        if !looping {
            call.warn("firstStart ignored: clip is not looping");
        } else if fs < new.end_marker - EPS {
            new.start_marker = fs;
        } else {
            call.warn(format!(
                "firstStart ignored: it is at or after the clip end ({})",
                time::position(new.end_marker, sig.0, sig.1)
            ));
        }
    }
    let live = &mut *call.live;
    if looping != was_looping {
        progress.changed = true;
        live.set(clip, "looping", &[Atom::Int(i64::from(looping))])?;
    }
    if new != old {
        progress.changed = true;
        for name in clip_timing::write(live, clip, old, new)? {
            call.warnings
                .push(format!("clip {clip}: Live did not keep the new {name}"));
        }
    }
    if let Some(name) = &plan.names[index] {
        progress.changed = true;
        call.live.set(clip, "name", &[Atom::Symbol(name.clone())])?;
    }
    if !plan.colors.is_empty() {
        progress.changed = true;
        let what = match &plan.names[index] {
            Some(n) => format!("clip \"{n}\""),
            None => format!("clip {clip}"),
        };
        call.set_color(clip, plan.colors[index % plan.colors.len()], &what)?;
    }
    if let Some((n, d)) = plan.sig {
        progress.changed = true;
        call.live
            .set(clip, "signature_numerator", &[Atom::Int(n)])?;
        call.live
            .set(clip, "signature_denominator", &[Atom::Int(d)])?;
    }
    Ok(())
}

/// Step 2: gain, pitch, warp (audio clips; warnings on MIDI clips).
fn audio_settings(
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
        let (coarse, fine) = pitch_split(x.get());
        live.set(clip, "pitch_coarse", &[Atom::Int(coarse)])?;
        live.set(clip, "pitch_fine", &[Atom::Int(fine)])?;
    }
    if let Some(mode) = &p.warp_mode {
        live.set(clip, "warp_mode", &[Atom::Int(warp_code(mode.as_str()))])?;
    }
    if let Some(w) = p.warping {
        live.set(clip, "warping", &[Atom::Int(i64::from(w.0))])?;
    }
    Ok(())
}

/// The clip context of an existing clip (transforms.md 9): session `length`, or
/// arrangement `end_time − start_time` and its `start_time`; its place in `ids`.
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

/// Replaces every note of the clip with `list` (transforms.md 9: ids are not kept).
fn replace_notes(
    live: &mut dyn LivePort,
    clip: LiveId,
    list: &[transforms::Note],
) -> Result<(), ToolError> {
    notes::remove_all(live, clip)?;
    let kept: Vec<_> = list
        .iter()
        .filter(|n| n.velocity > 0.0 && n.duration > 0.0)
        .copied()
        .collect();
    notes::add_values(live, clip, &clip_transforms::note_values(&kept))
}

/// Applies the transforms to an audio clip's gain and transposition (transforms.md 6),
/// writing the pitch with the coarse/fine split of tools.md 3.13. Answers the seed.
fn transform_audio(
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
        let (coarse, fine) = pitch_split(x);
        call.live.set(clip, "pitch_coarse", &[Atom::Int(coarse)])?;
        call.live.set(clip, "pitch_fine", &[Atom::Int(fine)])?;
    }
    Ok(report.seed)
}

/// Semitones with cents as decimals → (`pitch_coarse`, `pitch_fine`) with fine in
/// Live's −50…49: c = round(x·100), coarse = ⌊(c + 50)/100⌋, fine = c − 100·coarse.
pub fn pitch_split(x: f64) -> (i64, i64) {
    let c = (x * 100.0).round() as i64;
    let coarse = (c + 50).div_euclid(100);
    (coarse, c - 100 * coarse)
}

/// Live's `warp_mode` code of a mode name (0 beats … 4 complex, 6 pro).
pub fn warp_code(mode: &str) -> i64 {
    match mode {
        "beats" => 0,
        "tones" => 1,
        "texture" => 2,
        "repitch" => 3,
        "complex" => 4,
        _ => 6,
    }
}
