//! Everything create-clip checks and computes before its first write
//! (docs/design/tool-rules.md §12 steps 1–2): the targets, the region in the clip's
//! signature, the notes, and per clip the transformed notes and the end they give.
//! Nothing is written when any input is bad.

use crate::live::{LiveId, LivePort};
use crate::notation::{self, Dialect, InterpretOptions, Note};
use crate::tools::clip::create_clip::args::CreateClipParams;
use crate::tools::clip::create_clip::targets::{self as targets, Target};
use crate::tools::common::clip::clip_transforms::{self as ct, CallTransforms, Report};
use crate::tools::common::clip::note_limits;
use crate::tools::common::clip::reference::Slot;
use crate::tools::common::{names, overview, time};
use crate::tools::framework::coerce::{text_of, Index, List};
use crate::tools::framework::error::{bad, quoted, ToolError};

/// Everything checked before the first write (docs/design/tool-rules.md §12 step 1).
pub struct Plan<'a> {
    /// The clips to create, session slots first.
    pub targets: Vec<Target>,
    /// The clip signature (`timeSignature`, else the Set's).
    pub sig: (i64, i64),
    /// Region start, beats.
    pub start: f64,
    /// Region end of a MIDI clip without transforms, beats.
    pub end: f64,
    /// `length` was given (otherwise the result reports the length Live set).
    pub length_given: bool,
    /// `firstStart`, beats.
    pub first_start: Option<f64>,
    /// The notes to write, zero velocities dropped.
    pub notes: Option<Vec<Note>>,
    /// `sampleFile`: the clips are audio clips.
    pub sample: Option<&'a str>,
    /// Colours to cycle over the clips.
    pub colors: Vec<i64>,
    /// Per target, the notes after `transforms` (docs/design/transforms.md §9); `None`
    /// without them.
    pub transformed: Option<Vec<ClipNotes>>,
}

/// One MIDI clip's transformed notes, its end (docs/design/tool-rules.md §12 step 2 from
/// those notes) and report.
pub struct ClipNotes {
    /// The notes as Live's note values.
    pub values: Vec<serde_json::Value>,
    /// The region end these notes give, beats.
    pub end: f64,
    /// What the transforms did.
    pub report: Report,
}

/// Checks every argument and what Live can answer without a write, in the order
/// of docs/design/tool-rules.md §12 step 1 (cheap checks first).
pub fn plan<'a>(
    live: &mut dyn LivePort,
    args: &'a CreateClipParams,
    warnings: &mut Vec<String>,
) -> Result<Plan<'a>, ToolError> {
    let slots = targets::session_slots(args.slot.as_ref(), warnings)?;
    let starts = args
        .arrangement_start
        .as_ref()
        .map(List::items)
        .unwrap_or_default();
    targets::check_positions_given(&slots, &starts, args.track_index)?;
    let sample = text_of(&args.sample_file);
    if let Some(path) = sample {
        targets::check_sample(live, path, args.notes.is_some())?;
    }
    let clip_sig = text_of(&args.time_signature)
        .map(time::parse_signature)
        .transpose()
        .map_err(bad)?;
    let colors = names::colors(text_of(&args.color))?;
    let song = overview::song(live)?;
    let (sn, sd) = overview::signature(live, song)?;
    let (cn, cd) = clip_sig.unwrap_or((sn, sd));
    let Times {
        start,
        length,
        first_start,
    } = parse_times(args, (cn, cd))?;
    let targets = checked_targets(live, song, args, slots, &starts, (sn, sd))?;
    let notes = interpret_notes(text_of(&args.notes), (cn, cd), warnings)?;
    let transforms = CallTransforms::prepare(live, text_of(&args.transforms), args.seed)?;
    // MIDI length: explicit, else the bar after the latest note start, at least one bar.
    let region = Region {
        start,
        length,
        bar: time::bar_beats(cn, cd),
    };
    let end = region.end(notes.iter().flatten().map(|n| n.start_time));
    let transformed = match (&transforms, sample) {
        (Some(tf), None) => Some(transform_per_clip(
            tf,
            &targets,
            notes.as_deref().unwrap_or_default(),
            (cn, cd),
            &region,
            end,
            warnings,
        )?),
        _ => None,
    };
    if sample.is_none() {
        check_first_start(args, first_start, end, (cn, cd))?;
    }
    Ok(Plan {
        targets,
        sig: (cn, cd),
        start,
        end,
        length_given: length.is_some(),
        first_start,
        notes,
        sample,
        colors,
        transformed,
    })
}

/// The session targets then the arrangement ones (starts in the Set's signature
/// `set_sig`), with their tracks checked and at least one free.
fn checked_targets(
    live: &mut dyn LivePort,
    song: LiveId,
    args: &CreateClipParams,
    slots: Vec<Slot>,
    starts: &[String],
    set_sig: (i64, i64),
) -> Result<Vec<Target>, ToolError> {
    let audio = args.sample_file.is_some();
    let track = args.track_index.map(Index::index).unwrap_or(0);
    let mut targets: Vec<Target> = slots.into_iter().map(Target::Session).collect();
    targets.extend(targets::arrangement_targets(starts, track, set_sig, audio)?);
    targets::check_tracks(live, song, &targets, audio)?;
    targets::check_not_all_occupied(live, song, &targets)?;
    Ok(targets)
}

/// The region's times, read in the clip's signature.
struct Times {
    start: f64,
    length: Option<f64>,
    first_start: Option<f64>,
}

/// Parses `start`, `length` (which must be positive) and `firstStart` in the clip's
/// signature, in that order.
fn parse_times(args: &CreateClipParams, (cn, cd): (i64, i64)) -> Result<Times, ToolError> {
    let start = text_of(&args.start)
        .map(|t| time::parse_position(t, cn, cd))
        .transpose()
        .map_err(bad)?
        .unwrap_or(0.0);
    let length = text_of(&args.length)
        .map(|t| time::parse_duration(t, cn, cd))
        .transpose()
        .map_err(bad)?;
    if length.is_some_and(|l| l <= 0.0) {
        return Err(bad(format!(
            "length {} must be longer than 0",
            quoted(text_of(&args.length).unwrap_or(""))
        )));
    }
    let first_start = text_of(&args.first_start)
        .map(|t| time::parse_position(t, cn, cd))
        .transpose()
        .map_err(bad)?;
    Ok(Times {
        start,
        length,
        first_start,
    })
}

/// The `notes` text read in the clip's signature and checked against the note limits,
/// with zero velocities dropped (they write no note).
fn interpret_notes(
    text: Option<&str>,
    (cn, cd): (i64, i64),
    warnings: &mut Vec<String>,
) -> Result<Option<Vec<Note>>, ToolError> {
    let Some(text) = text else {
        return Ok(None);
    };
    let r = notation::interpret(
        text,
        &InterpretOptions::time_signature(cn as u32, cd as u32).with_dialect(Dialect::V2),
    )
    .map_err(|e| bad(format!("notes: {e}")))?;
    warnings.extend(r.warnings);
    note_limits::check(&r.notes)?;
    Ok(Some(
        r.notes
            .into_iter()
            .filter(|n| n.velocity > 0)
            .collect::<Vec<_>>(),
    ))
}

/// A MIDI clip's `firstStart` must lie before the clip's end.
fn check_first_start(
    args: &CreateClipParams,
    first_start: Option<f64>,
    end: f64,
    (cn, cd): (i64, i64),
) -> Result<(), ToolError> {
    if let Some(fs) = first_start {
        if fs >= end - 1e-9 {
            return Err(bad(format!(
                "firstStart {} must lie before the clip end ({})",
                quoted(text_of(&args.first_start).unwrap_or("")),
                time::position(end, cn, cd)
            )));
        }
    }
    Ok(())
}

/// A MIDI clip's region before its notes are known: start, optional length, and the
/// bar length in beats.
struct Region {
    start: f64,
    length: Option<f64>,
    bar: f64,
}

impl Region {
    /// MIDI clip end (docs/design/tool-rules.md §12 step 2): `start + length`, else the
    /// bar after the latest note start, at least one bar after `start`.
    fn end(&self, starts: impl Iterator<Item = f64>) -> f64 {
        if let Some(l) = self.length {
            return self.start + l;
        }
        let last = starts.fold(f64::NEG_INFINITY, f64::max);
        let bars = if last.is_finite() {
            (last / self.bar + 1e-9).floor() + 1.0
        } else {
            1.0
        };
        (bars * self.bar).max(self.start + self.bar)
    }
}

/// The given notes transformed once per target (docs/design/transforms.md §9: each clip
/// has its own context), with the end each result gives.
fn transform_per_clip(
    tf: &CallTransforms,
    targets: &[Target],
    given: &[Note],
    sig: (i64, i64),
    region: &Region,
    end: f64,
    warnings: &mut Vec<String>,
) -> Result<Vec<ClipNotes>, ToolError> {
    let given: Vec<_> = given.iter().map(ct::from_notation).collect();
    let n = targets.len();
    let mut out = Vec::with_capacity(n);
    for (i, t) in targets.iter().enumerate() {
        let at = match t {
            Target::Session(_) => None,
            Target::Arrangement { start, .. } => Some(*start),
        };
        let clip = tf.context(sig, end - region.start, at, i, n)?;
        let mut v = given.clone();
        let report = tf.midi(&mut v, sig, &clip, warnings)?;
        out.push(ClipNotes {
            values: ct::note_values(&v),
            end: region.end(v.iter().map(|n| n.start_time.max(0.0))),
            report,
        });
    }
    Ok(out)
}
