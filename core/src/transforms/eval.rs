//! Expression evaluation (spec 5): arithmetic, variables and every function, for one
//! note (MIDI) or one clip (audio). Failures are the exact messages of 5.2–5.4 and 6;
//! the caller turns them into warnings.

use super::ast::{Arg, BinOp, ClipField, Expr, Func, NoteField, Var};
use super::random::Draws;
use super::scale;
use super::spread::Spread;
use super::ClipContext;
use crate::notation::render;

/// An evaluation failure: the message of 5.2–5.4 (allocated only on failure).
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
        /// `note.index` / `note.count` (the filtered list, 4.3).
        index: usize,
        count: usize,
        next: Option<NoteView>,
        /// Recorded musical starts of the filtered list (legato, 5.3.3).
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
    /// Active range `[S, E]` of ramp/curve (4.4).
    pub range: (f64, f64),
    pub subject: Subject<'a>,
    pub draws: Draws,
}

/// `y mod⁺ r` (5.1).
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
fn js_pow(b: f64, e: f64) -> f64 {
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
        Expr::Call { func, args, flag } => call(*func, args, *flag, env),
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

fn expr_arg(arg: &Arg, env: &mut Env<'_>) -> EvalResult {
    match arg {
        Arg::Expr(e) => eval(e, env),
        // The parser only puts periods where a period is read (`period_arg`).
        Arg::Period { bars, beats } => Ok(bars * env.numerator + beats),
    }
}

/// A period argument (5.4) or an expression in musical beats that must be > 0.
fn period_arg(func: Func, arg: &Arg, env: &mut Env<'_>) -> EvalResult {
    match arg {
        Arg::Period { bars, beats } => {
            let value = bars * env.numerator + beats;
            if value > 0.0 {
                Ok(value)
            } else {
                Err(format!(
                    "Period must be positive, got: {} beats (from {}:{}t)",
                    render(value),
                    render(*bars),
                    render(*beats)
                ))
            }
        }
        Arg::Expr(e) => {
            let value = eval(e, env)?;
            if value > 0.0 {
                Ok(value)
            } else {
                Err(format!(
                    "Function {}() period must be > 0, got {}",
                    func.name(),
                    render(value)
                ))
            }
        }
    }
}

fn exactly(func: Func, args: &[Arg], n: usize, usage: &str) -> Result<(), String> {
    if args.len() == n {
        return Ok(());
    }
    let count = match n {
        1 => "1 argument",
        2 => "2 arguments",
        _ => "3 arguments",
    };
    Err(format!(
        "Function {}() requires exactly {count}: {usage}",
        func.name()
    ))
}

fn call(func: Func, args: &[Arg], flag: bool, env: &mut Env<'_>) -> EvalResult {
    match func {
        Func::Cos | Func::Saw | Func::Sin | Func::Square | Func::Tri => wave(func, args, flag, env),
        Func::Round | Func::Floor | Func::Ceil | Func::Abs => {
            let Some(arg) = args.first() else {
                return Err(format!("Function {}() requires one argument", func.name()));
            };
            let x = expr_arg(arg, env)?;
            Ok(match func {
                Func::Round => js_round(x),
                Func::Floor => x.floor(),
                Func::Ceil => x.ceil(),
                _ => x.abs(),
            })
        }
        Func::Min | Func::Max => {
            if args.len() < 2 {
                return Err(format!(
                    "Function {}() requires at least 2 arguments",
                    func.name()
                ));
            }
            let mut acc = expr_arg(&args[0], env)?;
            for arg in &args[1..] {
                let v = expr_arg(arg, env)?;
                acc = if func == Func::Min {
                    js_min(acc, v)
                } else {
                    js_max(acc, v)
                };
            }
            Ok(acc)
        }
        Func::Pow => {
            exactly(func, args, 2, "pow(base, exponent)")?;
            let b = expr_arg(&args[0], env)?;
            let e = expr_arg(&args[1], env)?;
            let v = js_pow(b, e);
            if v.is_finite() {
                Ok(v)
            } else {
                Err(format!(
                    "Function pow({}, {}) produced a non-finite result",
                    render(b),
                    render(e)
                ))
            }
        }
        Func::Clamp | Func::Wrap | Func::Reflect => {
            let usage = match func {
                Func::Clamp => "clamp(value, min, max)",
                Func::Wrap => "wrap(value, min, max)",
                _ => "reflect(value, min, max)",
            };
            exactly(func, args, 3, usage)?;
            let x = expr_arg(&args[0], env)?;
            let a = expr_arg(&args[1], env)?;
            let b = expr_arg(&args[2], env)?;
            let (lo, hi) = (js_min(a, b), js_max(a, b));
            Ok(match func {
                Func::Clamp => js_min(js_max(x, lo), hi),
                _ if lo == hi => lo,
                Func::Wrap => modp(x - lo, hi - lo + 1.0) + lo,
                _ => {
                    let p = 2.0 * (hi - lo);
                    let w = modp(x - lo, p);
                    if w <= hi - lo {
                        lo + w
                    } else {
                        lo + p - w
                    }
                }
            })
        }
        Func::Rand => {
            if args.len() > 2 {
                return Err(
                    "Function rand() accepts 0-2 arguments: rand(), rand(max), or \
                            rand(min, max)"
                        .into(),
                );
            }
            let (lo, hi) = match args {
                [] => (-1.0, 1.0),
                [max] => (0.0, expr_arg(max, env)?),
                [min, max] => {
                    let lo = expr_arg(min, env)?;
                    (lo, expr_arg(max, env)?)
                }
                _ => (0.0, 0.0),
            };
            let r = env.draws.next();
            Ok(if args.is_empty() {
                -1.0 + r * 2.0
            } else {
                lo + r * (hi - lo)
            })
        }
        Func::Seq => {
            if args.is_empty() {
                return Err("Function seq() requires at least 1 argument".into());
            }
            let i = match &env.subject {
                Subject::Midi { index, .. } => *index,
                Subject::Audio { .. } => env.clip.map_or(0, |c| c.index as usize),
            };
            expr_arg(&args[i % args.len()], env)
        }
        Func::Choose => {
            if args.is_empty() {
                return Err("Function choose() requires at least 1 argument".into());
            }
            // Arguments are few; evaluate all of them, then pick one (5.3.6).
            let mut values = Vec::with_capacity(args.len());
            for arg in args {
                values.push(expr_arg(arg, env)?);
            }
            let r = env.draws.next();
            let k = ((r * values.len() as f64).floor() as usize).min(values.len() - 1);
            Ok(values[k])
        }
        Func::Ramp | Func::Curve => {
            if func == Func::Ramp {
                exactly(func, args, 2, "ramp(start, end)")?;
            } else {
                exactly(func, args, 3, "curve(start, end, exponent)")?;
            }
            let a = expr_arg(&args[0], env)?;
            let b = expr_arg(&args[1], env)?;
            let (s, e) = env.range;
            let phase = if e - s <= 0.0 {
                0.0
            } else {
                (env.pos - s) / (e - s)
            };
            let phi = js_min(phase, 1.0);
            if func == Func::Ramp {
                return Ok(a + (b - a) * phi);
            }
            let exponent = expr_arg(&args[2], env)?;
            if exponent <= 0.0 {
                return Err(format!(
                    "Function curve() exponent must be > 0, got {}",
                    render(exponent)
                ));
            }
            Ok(a + (b - a) * js_pow(phi, exponent))
        }
        Func::Snap => {
            exactly(func, args, 1, "snap(pitch)")?;
            let x = expr_arg(&args[0], env)?;
            Ok(scale::snap(scale_mask(env), x))
        }
        Func::Step => {
            exactly(func, args, 2, "step(basePitch, offset)")?;
            let x = expr_arg(&args[0], env)?;
            let k = expr_arg(&args[1], env)?;
            Ok(scale::step(scale_mask(env), x, k))
        }
        Func::Quant => {
            exactly(func, args, 1, "quant(grid)")?;
            let g = period_arg(func, &args[0], env)?;
            Ok(js_round(env.pos / g) * g)
        }
        Func::Swing => swing(args, flag, env),
        Func::Legato => legato(args, env),
    }
}

fn scale_mask(env: &Env<'_>) -> Option<u16> {
    match env.subject {
        Subject::Midi { .. } => env.clip.and_then(|c| c.scale_mask),
        Subject::Audio { .. } => None,
    }
}

fn wave(func: Func, args: &[Arg], sync: bool, env: &mut Env<'_>) -> EvalResult {
    let Some(first) = args.first() else {
        return Err(format!(
            "Function {}() requires at least a period argument",
            func.name()
        ));
    };
    let period = period_arg(func, first, env)?;
    let offset = match args.get(1) {
        Some(arg) => expr_arg(arg, env)?,
        None => 0.0,
    };
    let width = match (func, args.get(2)) {
        (Func::Square, Some(arg)) => expr_arg(arg, env)?,
        _ => 0.5,
    };
    let mut pos = env.pos;
    if sync {
        match env.clip.and_then(|c| c.position) {
            Some(p) => pos += p,
            None => {
                return Err("sync requires an arrangement clip (no clip.position available)".into())
            }
        }
    }
    let phase = modp(pos / period, 1.0) + offset;
    let p = modp(phase, 1.0);
    Ok(match func {
        Func::Cos => (p * 2.0 * std::f64::consts::PI).cos(),
        Func::Sin => (p * 2.0 * std::f64::consts::PI).sin(),
        Func::Tri => {
            if p <= 0.25 {
                4.0 * p
            } else if p <= 0.75 {
                2.0 - 4.0 * p
            } else {
                4.0 * p - 4.0
            }
        }
        Func::Saw => {
            if p < 0.5 {
                2.0 * p
            } else {
                2.0 * p - 2.0
            }
        }
        _ => {
            if p < width {
                1.0
            } else {
                -1.0
            }
        }
    })
}

fn swing(args: &[Arg], raw: bool, env: &mut Env<'_>) -> EvalResult {
    let a = expr_arg(&args[0], env)?;
    let g = match args.get(1) {
        Some(arg) => period_arg(Func::Swing, arg, env)?,
        None => 0.5,
    };
    let pos = env.pos;
    if raw {
        let phase = modp(pos / (2.0 * g), 1.0);
        return Ok(pos + if phase < 0.5 { 0.0 } else { a });
    }
    let e = 2.0 * js_round(pos / (2.0 * g));
    let o = 2.0 * js_round((pos - a - g) / (2.0 * g)) + 1.0;
    let even = e * g;
    let odd = o * g + a;
    let (de, dodd) = ((pos - even).abs(), (pos - odd).abs());
    Ok(if de < dodd {
        even
    } else if dodd < de {
        odd
    } else {
        js_max(even, odd)
    })
}

fn legato(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    if args.len() > 1 {
        return Err("legato() accepts at most 1 argument (tolerance)".into());
    }
    let tol = match args.first() {
        Some(arg) => expr_arg(arg, env)?,
        None => 0.0,
    };
    let Subject::Midi {
        index,
        starts,
        next_different,
        spread,
        ..
    } = env.subject
    else {
        return Err("legato(): not available in this context".into());
    };
    // `starts` holds every member whenever the text uses legato (see `midi::needs`).
    let Some(&s) = starts.get(index) else {
        return Err("legato(): no next note available".into());
    };
    let found = if tol == 0.0 {
        starts.get(next_different).copied()
    } else if let Some(spread) = spread {
        spread.next_apart(starts, index, tol).map(|k| starts[k])
    } else {
        starts
            .get(index + 1..)
            .unwrap_or(&[])
            .iter()
            .copied()
            .find(|&sk| (sk - s).abs() > tol)
    };
    match (found, env.clip) {
        (Some(sk), _) => Ok(sk - s),
        (None, Some(clip)) => Ok(clip.duration - s),
        (None, None) => Err("legato(): no next note available".into()),
    }
}
