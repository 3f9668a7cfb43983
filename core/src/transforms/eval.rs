//! Expression evaluation (docs/design/transforms.md §5): arithmetic and variables, for
//! one note (MIDI) or one clip (audio); the functions are in `functions.rs`. Failures are
//! the exact messages of docs/design/transforms.md §5.2–§5.4 and §6; the caller turns
//! them into warnings.

use super::ast::{BinOp, ClipField, Expr, NoteField, Var};
use super::functions;
use super::random::Draws;
use super::spread::Spread;
use super::ClipContext;

/// An evaluation failure: the message of docs/design/transforms.md §5.2–§5.4 (allocated
/// only on failure).
pub(crate) type EvalResult = Result<f64, String>;

/// The current fields of a note, times in musical beats.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoteView {
    pub pitch: f64,
    pub velocity: f64,
    pub probability: f64,
    pub deviation: f64,
    pub start: f64,
    pub duration: f64,
}

/// What the expression is evaluated for.
pub(crate) enum Subject<'a> {
    Midi {
        note: NoteView,
        /// `note.index` / `note.count` (the filtered list,
        /// docs/design/transforms.md §4.3).
        index: usize,
        count: usize,
        next: Option<NoteView>,
        /// Recorded musical starts of the filtered list (legato,
        /// docs/design/transforms.md §5.3.3).
        starts: &'a [f64],
        /// The first later member with a different start (legato with tolerance 0).
        next_different: usize,
        /// Answers `legato(tol)` with a tolerance (built when the text uses one).
        spread: Option<&'a Spread>,
    },
    Audio {
        gain: f64,
        pitch_shift: f64,
    },
}

/// Everything an expression can read.
pub(crate) struct Env<'a> {
    /// Musical position of the note (0 for audio).
    pub pos: f64,
    /// Bar length `n` in musical beats.
    pub numerator: f64,
    pub clip: Option<&'a ClipContext>,
    /// Active range `[S, E]` of ramp/curve (docs/design/transforms.md §4.4).
    pub range: (f64, f64),
    pub subject: Subject<'a>,
    pub draws: Draws,
}

/// `y mod⁺ r` (docs/design/transforms.md §5.1).
#[inline]
pub(crate) fn modp(y: f64, r: f64) -> f64 {
    ((y % r) + r) % r
}

/// JavaScript's `Math.round`: halves toward +∞.
#[inline]
pub(crate) fn js_round(x: f64) -> f64 {
    let f = x.floor();
    if x - f >= 0.5 {
        f + 1.0
    } else {
        f
    }
}

/// `Math.min` (NaN wins).
#[inline]
pub(crate) fn js_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.min(b)
    }
}

/// `Math.max` (NaN wins).
#[inline]
pub(crate) fn js_max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.max(b)
    }
}

/// `Math.pow`, which differs from `powf` for a NaN exponent and for ±1 to ±∞.
pub(crate) fn js_pow(b: f64, e: f64) -> f64 {
    if e.is_nan() || (b.abs() == 1.0 && e.is_infinite()) {
        f64::NAN
    } else {
        b.powf(e)
    }
}

/// Evaluates `e` in `env`.
pub(crate) fn eval(e: &Expr, env: &mut Env<'_>) -> EvalResult {
    match e {
        Expr::Num(v) => Ok(*v),
        Expr::Pitch(p) => Ok(p.value),
        Expr::Var(v) => variable(*v, env),
        Expr::Neg(inner) => Ok(-eval(inner, env)?),
        Expr::Bin(op, l, r) => {
            let a = eval(l, env)?;
            let b = eval(r, env)?;
            Ok(match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => {
                    if b == 0.0 {
                        0.0
                    } else {
                        a / b
                    }
                }
                BinOp::Rem => {
                    if b == 0.0 {
                        0.0
                    } else {
                        modp(a, b)
                    }
                }
            })
        }
        Expr::Call { func, args, flag } => functions::call(*func, args, *flag, env),
    }
}

fn unavailable(namespace: &str, name: &str) -> String {
    format!("Variable \"{namespace}.{name}\" is not available in this context")
}

fn variable(v: Var, env: &Env<'_>) -> EvalResult {
    match (&env.subject, v) {
        (
            Subject::Midi {
                note, index, count, ..
            },
            Var::Note(f),
        ) => Ok(match f {
            NoteField::Index => *index as f64,
            NoteField::Count => *count as f64,
            _ => field(note, f),
        }),
        (Subject::Midi { next, .. }, Var::Next(f)) => match next {
            Some(n) => Ok(field(n, f)),
            None => Err(unavailable("next", f.name())),
        },
        (Subject::Midi { .. }, Var::Audio(pitch)) => Err(format!(
            "Cannot use audio.{} variable in MIDI note context",
            if pitch { "pitchShift" } else { "gain" }
        )),
        (Subject::Audio { gain, pitch_shift }, Var::Audio(pitch)) => {
            Ok(if pitch { *pitch_shift } else { *gain })
        }
        (Subject::Audio { .. }, Var::Note(f)) => Err(format!(
            "Cannot use note.{} variable in audio clip context",
            f.name()
        )),
        (Subject::Audio { .. }, Var::Next(f)) => Err(format!(
            "Cannot use next.{} variable in audio clip context",
            f.name()
        )),
        (subject, Var::Clip(f)) => {
            let Some(clip) = env.clip else {
                return Err(unavailable("clip", f.name()));
            };
            Ok(match f {
                ClipField::BarDuration => env.numerator,
                ClipField::Duration => clip.duration,
                ClipField::Index => f64::from(clip.index),
                ClipField::Count => f64::from(clip.count),
                ClipField::Position => match (clip.position, subject) {
                    (Some(p), _) => p,
                    (None, Subject::Audio { .. }) => {
                        return Err("clip.position is not available for session clips".into())
                    }
                    (None, Subject::Midi { .. }) => return Err(unavailable("clip", f.name())),
                },
            })
        }
    }
}

fn field(n: &NoteView, f: NoteField) -> f64 {
    match f {
        NoteField::Deviation => n.deviation,
        NoteField::Velocity => n.velocity,
        NoteField::Probability => n.probability,
        NoteField::Duration => n.duration,
        NoteField::Pitch => n.pitch,
        NoteField::Start => n.start,
        NoteField::Index | NoteField::Count => 0.0, // only `note.` has these
    }
}
