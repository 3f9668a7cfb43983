//! The value checks of docs/design/transforms.md §3.4, run on an assignment once it has
//! matched (never on tokens of attempts the parser abandoned), in text order; the first
//! failure is the error, positioned at the token's start.

use super::ast::{Arg, Assignment, Expr, PitchSel};
use super::error::{TransformError, TransformErrorKind};
use super::tokens::{BarBeat, PitchToken};
use crate::notation::{render, source_position};

/// The value checks of docs/design/transforms.md §3.4 on a matched assignment, in text
/// order.
pub(crate) fn check(text: &str, a: &Assignment) -> Result<(), TransformError> {
    let check_pitch_sel = |sel: &PitchSel| -> Result<(), TransformError> {
        check_pitch(text, &sel.first)?;
        if let Some(last) = &sel.last {
            check_pitch(text, last)?;
            if last.value < sel.first.value {
                return Err(value_error(
                    text,
                    sel.first.start,
                    format!(
                        "Invalid pitch range: end pitch {} is lower than start pitch {}",
                        render(last.value),
                        render(sel.first.value)
                    ),
                ));
            }
        }
        Ok(())
    };
    let check_time = |time: &(BarBeat, BarBeat)| -> Result<(), TransformError> {
        for end in [&time.0, &time.1] {
            if let Some((s, e)) = end.fraction {
                if end.beat < 1.0 {
                    return Err(value_error(
                        text,
                        s,
                        format!("Value must be 1 or greater (got {})", &text[s..e]),
                    ));
                }
            }
        }
        Ok(())
    };
    if a.time_first {
        if let Some(t) = &a.time {
            check_time(t)?;
        }
        if let Some(p) = &a.pitch {
            check_pitch_sel(p)?;
        }
    } else {
        if let Some(p) = &a.pitch {
            check_pitch_sel(p)?;
        }
        if let Some(t) = &a.time {
            check_time(t)?;
        }
    }
    check_expr(text, &a.expr)
}

fn check_expr(text: &str, e: &Expr) -> Result<(), TransformError> {
    match e {
        Expr::Pitch(p) => check_pitch(text, p),
        Expr::Num(_) | Expr::Var(_) => Ok(()),
        Expr::Neg(inner) => check_expr(text, inner),
        Expr::Bin(_, l, r) => {
            check_expr(text, l)?;
            check_expr(text, r)
        }
        Expr::Call { args, .. } => args.iter().try_for_each(|a| match a {
            Arg::Expr(e) => check_expr(text, e),
            Arg::Period { .. } => Ok(()),
        }),
    }
}

fn check_pitch(text: &str, p: &PitchToken) -> Result<(), TransformError> {
    if (0.0..=127.0).contains(&p.value) {
        return Ok(());
    }
    Err(value_error(
        text,
        p.start,
        format!(
            "MIDI pitch {} ({}{}) outside valid range 0-127",
            render(p.value),
            &text[p.class.0..p.class.1],
            render(p.octave)
        ),
    ))
}

fn value_error(text: &str, at: usize, message: String) -> TransformError {
    TransformError {
        kind: TransformErrorKind::Value,
        message,
        position: Some(source_position(text, at)),
        expected: Vec::new(),
    }
}
