//! The functions of a note's position (docs/design/transforms.md §5.3.3–§5.3.5): timing
//! (`quant`, `swing`, `legato`), waveforms and shapers. Split from `functions.rs`, which
//! dispatches to them and reads their arguments.

use super::ast::{Arg, Func};
use super::eval::{js_max, js_min, js_pow, js_round, modp, Env, EvalResult, Subject};
use super::functions::{exactly, expr_arg, period_arg};
use crate::notation::render;

/// `ramp(a, b)` and `curve(a, b, e)`: from `a` to `b` over the active range.
pub(super) fn ramp_or_curve(func: Func, args: &[Arg], env: &mut Env<'_>) -> EvalResult {
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
pub(super) fn quant(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
    exactly(Func::Quant, args, 1, "quant(grid)")?;
    let g = period_arg(Func::Quant, &args[0], env)?;
    Ok(js_round(env.pos / g) * g)
}

pub(super) fn wave(func: Func, args: &[Arg], sync: bool, env: &mut Env<'_>) -> EvalResult {
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

pub(super) fn swing(args: &[Arg], raw: bool, env: &mut Env<'_>) -> EvalResult {
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

pub(super) fn legato(args: &[Arg], env: &mut Env<'_>) -> EvalResult {
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
