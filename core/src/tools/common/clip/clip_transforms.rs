//! The `transforms` and `seed` arguments of the clip tools (docs/design/transforms.md §9,
//! docs/design/tool-rules.md §12, §13): parse once before any write, settle one seed per
//! call, then transform each clip with its own clip context.
//!
//! Both create-clip and update-clip use this module, so the rules live in one place:
//! parse errors are `BAD_INPUT` with the language's message verbatim; the language's
//! warnings go to the tool's warning list verbatim; without a `seed` one is drawn from
//! the host's random source ([`LivePort::random_unit`]) and reported.

use crate::live::LivePort;
use crate::notation::{self, FormatNote};
use crate::tools::common::clip::note_limits;
use crate::tools::common::overview;
use crate::tools::framework::coerce::{Int, MAX_SAFE_INTEGER};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::nearest::{nearest, or_list};
use crate::transforms::{self, ClipContext, TimeSignature, Transform};
use serde_json::{json, Value};

/// The `seed` argument: an integer 0 … 2^53 − 1 (exact in JSON and JavaScript).
pub type Seed = Int<0, MAX_SAFE_INTEGER>;

/// The warning for transforms given to a MIDI clip that ends up with no notes.
pub const NO_NOTES: &str = "transforms ignored: clip has no notes";

/// A call's parsed transform text, its seed and the Set's scale: everything the
/// per-clip steps need, settled before the first write.
#[derive(Clone, Debug)]
pub struct CallTransforms {
    transform: Transform,
    seed: u64,
    /// `(root_note, scale_intervals)` when the Set's scale mode is on.
    scale: Option<(i64, Vec<i64>)>,
}

/// What transforming one clip's notes or audio settings gave, for its result object.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// Notes the transforms matched (`transformed`); `None` when nothing was applied.
    pub transformed: Option<i64>,
    /// The seed used (`seed`); `None` when nothing was applied.
    pub seed: Option<i64>,
}

impl CallTransforms {
    /// Parses `text` before touching Live (a parse error is `BAD_INPUT` and nothing was
    /// read or written), then settles the seed (`seed`, or one drawn uniformly from
    /// 0 … 2^32 − 1 with the host's random source) and reads the Set's scale.
    /// `Ok(None)` when no `transforms` were given.
    pub fn prepare(
        live: &mut dyn LivePort,
        text: Option<&str>,
        seed: Option<Seed>,
    ) -> Result<Option<Self>, ToolError> {
        let Some(text) = text else { return Ok(None) };
        let transform = Self::parse(text)?;
        let seed = match seed {
            // 0 … 2^53 − 1 was checked by the argument type.
            Some(s) => u64::try_from(s.get()).unwrap_or(0),
            None => transforms::seed_from_unit(live.random_unit()),
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
        Ok(Some(CallTransforms {
            transform,
            seed,
            scale,
        }))
    }

    /// Parses a transform text alone (no Live access): for validation steps that must
    /// fail before anything else happens.
    pub fn parse(text: &str) -> Result<Transform, ToolError> {
        Transform::parse(text).map_err(|e| {
            // The grammar can only say what it expected; a misspelt function is named
            // with the functions it most likely means.
            if let Some((name, line, column)) = transforms::unknown_call(text) {
                let close = nearest(&name, &transforms::FUNCTIONS, 3);
                let fix = if close.is_empty() {
                    "see transforms://reference for the functions".to_string()
                } else {
                    format!("did you mean {}?", or_list(&close))
                };
                return ToolError::bad_input(format!(
                    "transforms: unknown function {} at line {line}, column {column}; {fix}",
                    crate::tools::framework::error::quoted(&name)
                ))
                .with_hint("Function names: rand, seq, choose, ramp, curve, swing, quant, snap, step, legato, sin, round, min, max, clamp.");
            }
            ToolError::bad_input(e.to_string())
        })
    }

    /// Whether the text was empty: nothing is applied and nothing reported.
    pub fn is_empty(&self) -> bool {
        self.transform.is_empty()
    }

    /// The clip context of one clip (docs/design/transforms.md §9): `length_beats` (the
    /// clip's length in Live beats: the created length, or session `length` / arrangement
    /// `end_time − start_time`), `arrangement_start` in Live beats (`None` for session
    /// clips), and the clip's place among the call's clips.
    pub fn context(
        &self,
        signature: (i64, i64),
        length_beats: f64,
        arrangement_start: Option<f64>,
        index: usize,
        count: usize,
    ) -> Result<ClipContext, ToolError> {
        let sig = time_signature(signature)?;
        let scale = self.scale.as_ref().map(|(r, i)| (*r, i.as_slice()));
        Ok(ClipContext::from_live(
            length_beats,
            arrangement_start,
            u32::try_from(index).unwrap_or(u32::MAX),
            u32::try_from(count).unwrap_or(u32::MAX),
            scale,
            sig,
        ))
    }

    /// Transforms one MIDI clip's notes in place (in the clip signature). A clip with no
    /// notes gets [`NO_NOTES`] and is left alone. On a limit error `notes` is unchanged.
    pub fn midi(
        &self,
        notes: &mut Vec<transforms::Note>,
        signature: (i64, i64),
        clip: &ClipContext,
        warnings: &mut Vec<String>,
    ) -> Result<Report, ToolError> {
        if self.is_empty() {
            return Ok(Report::default());
        }
        if notes.is_empty() {
            warnings.push(NO_NOTES.to_string());
            return Ok(Report::default());
        }
        let sig = time_signature(signature)?;
        let out = self
            .transform
            .apply_midi(notes, sig, Some(clip), self.seed)
            .map_err(|e| ToolError::bad_input(e.to_string()))?;
        warnings.extend(self.transform.advice(sig));
        warnings.extend(out.warnings);
        let dropped = note_limits::keep_writable(notes);
        if dropped > 0 {
            warnings.push(note_limits::dropped_warning(dropped));
        }
        Ok(self.report(out.transformed))
    }

    /// An audio clip's new `(gain_db, pitch_shift)` (`None`: unchanged) and the report
    /// (docs/design/transforms.md §6). `transformed` is not reported for audio clips.
    pub fn audio(
        &self,
        gain_db: f64,
        pitch_shift: f64,
        signature: (i64, i64),
        clip: &ClipContext,
        warnings: &mut Vec<String>,
    ) -> Result<(Option<f64>, Option<f64>, Report), ToolError> {
        if self.is_empty() {
            return Ok((None, None, Report::default()));
        }
        let out = self.transform.apply_audio(
            gain_db,
            pitch_shift,
            time_signature(signature)?,
            Some(clip),
            self.seed,
        );
        warnings.extend(out.warnings);
        let report = Report {
            transformed: None,
            seed: Some(self.seed_i64()),
        };
        Ok((out.gain_db, out.pitch_shift, report))
    }

    fn report(&self, transformed: Option<usize>) -> Report {
        match transformed {
            Some(n) => Report {
                transformed: Some(i64::try_from(n).unwrap_or(i64::MAX)),
                seed: Some(self.seed_i64()),
            },
            None => Report::default(),
        }
    }

    fn seed_i64(&self) -> i64 {
        i64::try_from(self.seed).unwrap_or(i64::MAX)
    }
}

/// A clip signature as the language takes it; the tools read both parts from Live or
/// from a checked `timeSignature`, so a bad one is Live's fault.
fn time_signature((n, d): (i64, i64)) -> Result<TimeSignature, ToolError> {
    let part = |x: i64| u32::try_from(x).unwrap_or(0);
    TimeSignature::new(part(n), part(d)).map_err(|e| ToolError::new(ErrorCode::Internal, e.message))
}

/// A note the notation interpreter produced, as the language takes it.
pub fn from_notation(n: &notation::Note) -> transforms::Note {
    transforms::Note {
        pitch: f64::from(n.pitch),
        start_time: n.start_time,
        duration: n.duration,
        velocity: f64::from(n.velocity),
        probability: n.probability,
        velocity_deviation: f64::from(n.velocity_deviation),
    }
}

/// A note read from Live (`get_notes_extended`), as the language takes it.
pub fn from_live(n: &FormatNote) -> transforms::Note {
    transforms::Note {
        pitch: n.pitch,
        start_time: n.start_time,
        duration: n.duration,
        velocity: n.velocity,
        probability: n.probability,
        velocity_deviation: n.velocity_deviation,
    }
}

/// The `add_new_notes` note dictionaries for `notes` (Live keeps fractional
/// velocities; integral values are written as integers, as the untransformed path
/// writes them), for [`crate::tools::common::clip::notes::add_values`] to send in batches.
/// The language allows starts before the clip start (`timing` humanising a downbeat);
/// Live's note list does not, so such a note is written at 0, keeping its length —
/// otherwise Live would refuse the whole list.
pub fn note_values(notes: &[transforms::Note]) -> Vec<Value> {
    notes
        .iter()
        .map(|n| {
            json!({
                "pitch": number(n.pitch), "start_time": number(n.start_time.max(0.0)),
                "duration": number(n.duration), "velocity": number(n.velocity),
                "probability": number(n.probability),
                "velocity_deviation": number(n.velocity_deviation),
            })
        })
        .collect()
}

fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}
