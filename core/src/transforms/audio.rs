//! Applying a transform to an audio clip's gain and transposition
//! (docs/design/transforms.md §6): the clip is one event at position 0; only `gain` and
//! `pitchShift` assignments run.

use super::ast::{AssignOp, Assignment, Param};
use super::eval::{eval, Env, Subject};
use super::random::{assignment_key, Draws};
use super::{ClipContext, TimeSignature, Transform, TransformError};

/// The result of [`apply_audio`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AudioOutcome {
    /// New gain in dB (clamped to −70…24), `None` when left unchanged.
    pub gain_db: Option<f64>,
    /// New transposition in semitones (clamped to −48…48), `None` when unchanged.
    pub pitch_shift: Option<f64>,
    /// Warnings in emission order (docs/design/transforms.md §8.2).
    pub warnings: Vec<String>,
}

const MIDI_IGNORED: &str = "MIDI parameters (velocity, timing, duration, probability, deviation, \
                            pitch) ignored for audio clips";
const SELECTORS_IGNORED: &str = "Selectors ignored for audio clips";

/// Transforms an audio clip's `gain_db` and `pitch_shift` with `text`
/// (docs/design/transforms.md §6).
pub fn apply_audio(
    gain_db: f64,
    pitch_shift: f64,
    text: &str,
    time_signature: TimeSignature,
    clip: Option<&ClipContext>,
    seed: u64,
) -> Result<AudioOutcome, TransformError> {
    Ok(Transform::parse(text)?.apply_audio(gain_db, pitch_shift, time_signature, clip, seed))
}

/// [`Transform::apply_audio`]: `assignments` of a non-empty text.
pub(crate) fn run(
    assignments: &[Assignment],
    gain_db: f64,
    pitch_shift: f64,
    time_signature: TimeSignature,
    clip: Option<&ClipContext>,
    seed: u64,
) -> AudioOutcome {
    let mut outcome = AudioOutcome::default();
    if assignments.iter().any(|a| !a.param.is_audio()) {
        outcome.warnings.push(MIDI_IGNORED.to_string());
    }
    if assignments
        .iter()
        .any(|a| a.param.is_audio() && (a.pitch.is_some() || a.time.is_some()))
    {
        outcome.warnings.push(SELECTORS_IGNORED.to_string());
    }
    let (mut gain, mut pitch) = (gain_db, pitch_shift);
    let (mut gain_set, mut pitch_set) = (false, false);
    let i = clip.map_or(0, |c| u64::from(c.index));
    for (a, assignment) in assignments.iter().enumerate() {
        if !assignment.param.is_audio() {
            continue;
        }
        let mut env = Env {
            pos: 0.0,
            numerator: f64::from(time_signature.numerator),
            clip,
            range: (0.0, 0.0),
            subject: Subject::Audio {
                gain,
                pitch_shift: pitch,
            },
            draws: Draws::new(assignment_key(seed, a as u64), i),
        };
        let e = match eval(&assignment.expr, &mut env) {
            Ok(e) => e,
            Err(message) => {
                outcome.warnings.push(format!(
                    "Failed to evaluate {} transform: {message}",
                    assignment.param.name()
                ));
                continue;
            }
        };
        let target = if assignment.param == Param::Gain {
            gain_set = true;
            &mut gain
        } else {
            pitch_set = true;
            &mut pitch
        };
        *target = match assignment.op {
            AssignOp::Set => e,
            AssignOp::Add => *target + e,
            AssignOp::Sub => *target + (0.0 - e),
            AssignOp::Mul => *target * e,
            AssignOp::Div => {
                if e == 0.0 {
                    0.0
                } else {
                    *target / e
                }
            }
        };
    }
    outcome.gain_db = gain_set.then(|| clamp(gain, -70.0, 24.0));
    outcome.pitch_shift = pitch_set.then(|| clamp(pitch, -48.0, 48.0));
    outcome
}

/// `Math.max(lo, Math.min(hi, x))`.
fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    super::eval::js_max(lo, super::eval::js_min(hi, x))
}
