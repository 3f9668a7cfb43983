//! The functions of docs/design/transforms.md §5.3 (math, scale, timing, waveforms,
//! shapers, sequences and random choice) and the period rules of
//! docs/design/transforms.md §5.4. Arguments are evaluated left to right, each only when
//! the function needs it; failures are the exact messages of
//! docs/design/transforms.md §5.3.

use super::ast::{Arg, Func};
use super::eval::{eval, js_max, js_min, js_pow, js_round, modp, Env, EvalResult, Subject};
use super::scale;
use crate::notation::render;

fn expr_arg(arg: &Arg, env: &mut Env<'_>) -> EvalResult {
    match arg {
        Arg::Expr(e) => eval(e, env),
        // The parser only puts periods where a period is read (`period_arg`).
        Arg::Period { bars, beats } => Ok(bars * env.numerator + beats),
    }
}

/// A period argument (docs/design/transforms.md §5.4) or an expression in musical beats
/// that must be > 0.
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

/// Evaluates `func` on `args`; `flag` is the `sync` of a wave or the `raw` of `swing`.
pub(crate) fn call(func: Func, args: &[Arg], flag: bool, env: &mut Env<'_>) -> EvalResult {
    match func {
        Func::Cos | Func::Saw | Func::Sin | Func::Square | Func::Tri => wave(func, args, flag, env),
        Func::Round | Func::Floor | Func::Ceil | Func::Abs => rounding(func, args, env),
        Func::Min | Func::Max => extreme(func, args, env),
        Func::Pow => pow(args, env),
        Func::Clamp | Func::Wrap | Func::Reflect => into_range(func, args, env),
        Func::Rand => rand(args, env),
        Func::Seq => seq(args, env),
        Func::Choose => choose(args, env),
        Func::Ramp | Func::Curve => ramp_or_curve(func, args, env),
        Func::Snap => snap(args, env),
        Func::Step => step(args, env),
        Func::Quant => quant(args, env),
        Func::Swing => swing(args, flag, env),
        Func::Legato => legato(args, env),
    }
}

/// `round`, `floor`, `ceil` and `abs` of their one argument.
fn rounding(func: Func, args: &[Arg], env: &mut Env<'_>) -> EvalResult {
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

/// `min` or `max` of two or more arguments.
fn extreme(func: Func, args: &[Arg], env: &mut Env<'_>) -> EvalResult {
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

fn pow(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    exactly(Func::Pow, args, 2, "pow(base, exponent)")?;
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

/// `clamp`, `wrap` and `reflect`: a value brought into the range of the other two.
fn into_range(func: Func, args: &[Arg], env: &mut Env<'_>) -> EvalResult {
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

fn rand(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
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

fn seq(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    if args.is_empty() {
        return Err("Function seq() requires at least 1 argument".into());
    }
    let i = match &env.subject {
        Subject::Midi { index, .. } => *index,
        Subject::Audio { .. } => env.clip.map_or(0, |c| c.index as usize),
    };
    expr_arg(&args[i % args.len()], env)
}

fn choose(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    if args.is_empty() {
        return Err("Function choose() requires at least 1 argument".into());
    }
    // Arguments are few; evaluate all of them, then pick one
    // (docs/design/transforms.md §5.3.6).
    let mut values = Vec::with_capacity(args.len());
    for arg in args {
        values.push(expr_arg(arg, env)?);
    }
    let r = env.draws.next();
    let k = ((r * values.len() as f64).floor() as usize).min(values.len() - 1);
    Ok(values[k])
}

fn snap(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    exactly(Func::Snap, args, 1, "snap(pitch)")?;
    let x = expr_arg(&args[0], env)?;
    Ok(scale::snap(scale_mask(env), x))
}

fn step(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    exactly(Func::Step, args, 2, "step(basePitch, offset)")?;
    let x = expr_arg(&args[0], env)?;
    let k = expr_arg(&args[1], env)?;
    Ok(scale::step(scale_mask(env), x, k))
}

/// `ramp(a, b)` and `curve(a, b, e)`: from `a` to `b` over the active range.
fn ramp_or_curve(func: Func, args: &[Arg], env: &mut Env<'_>) -> EvalResult {
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

/// `quant(g)`: the nearest point of a grid of `g` musical beats.
fn quant(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    exactly(Func::Quant, args, 1, "quant(grid)")?;
    let g = period_arg(Func::Quant, &args[0], env)?;
    Ok(js_round(env.pos / g) * g)
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
