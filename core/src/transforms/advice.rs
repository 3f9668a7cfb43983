//! Warnings for transform texts that are valid but rarely meant (docs/design/transforms.md
//! §8.2): a `swing` or `quant` grid finer than a 32nd note, and a swing amount larger
//! than its grid. A model that guessed `swing(0.1, 1/16)` for sixteenths gets a grid of
//! a sixteenth of a beat; the warning says what that does and what to write instead.

use super::ast::{Arg, Assignment, BinOp, Expr, Func};

/// The default swing grid, in musical beats (docs/design/transforms.md §5.3.3).
const DEFAULT_GRID: f64 = 0.5;

/// Advice for `assignments` in a signature of `numerator`/`denominator`: one text per
/// unusual call, in text order, each at most 200 characters.
pub(crate) fn advise(assignments: &[Assignment], numerator: u32, denominator: u32) -> Vec<String> {
    let mut out = Vec::new();
    // A 32nd note in musical beats: a beat is 1/denominator of a whole note.
    let thirty_second = f64::from(denominator) / 32.0;
    for a in assignments {
        visit(&a.expr, &mut |func, args| {
            let grid_arg = match func {
                Func::Swing => args.get(1),
                Func::Quant => args.first(),
                _ => return,
            };
            let grid = match grid_arg {
                None => DEFAULT_GRID,
                Some(arg) => match literal(arg, numerator) {
                    Some(g) => g,
                    None => return,
                },
            };
            let name = func.name();
            if grid > 0.0 && grid < thirty_second - 1e-9 {
                out.push(format!(
                    "{name} grid {} beat is finer than a 32nd note, so notes snap to that tiny grid; for 16ths write 1/4t, for 8ths 1/2t (t = beats)",
                    number(grid)
                ));
            }
            if func == Func::Swing {
                if let Some(amount) = args.first().and_then(|a| literal(a, numerator)) {
                    if amount > grid + 1e-9 {
                        out.push(format!(
                            "swing amount {} is larger than its grid {} beat: off-beats land past the next grid point; use at most half the grid, e.g. swing(0.05, 1/4t) for 16ths",
                            number(amount),
                            number(grid)
                        ));
                    }
                }
            }
        });
    }
    out
}

/// The value of a literal argument in musical beats (a number, or a period of `bars`
/// bars of `numerator` beats plus `beats`); `None` for anything computed.
fn literal(arg: &Arg, numerator: u32) -> Option<f64> {
    match arg {
        Arg::Expr(e) => constant(e),
        Arg::Period { bars, beats } => Some(bars * f64::from(numerator) + beats),
    }
}

/// The value of an expression made of numbers only (`1/16`, `-0.1`); `None` otherwise.
fn constant(e: &Expr) -> Option<f64> {
    match e {
        Expr::Num(v) => Some(*v),
        Expr::Neg(inner) => constant(inner).map(|v| -v),
        Expr::Bin(op, a, b) => {
            let (a, b) = (constant(a)?, constant(b)?);
            let v = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div if b != 0.0 => a / b,
                _ => return None,
            };
            v.is_finite().then_some(v)
        }
        _ => None,
    }
}

/// A number as a reader writes it: up to 4 decimals, no trailing zeros.
fn number(v: f64) -> String {
    crate::decimal::fixed(v, 4)
}

/// Calls `f` on every function call in `e`, outermost first.
fn visit(e: &Expr, f: &mut dyn FnMut(Func, &[Arg])) {
    match e {
        Expr::Num(_) | Expr::Pitch(_) | Expr::Var(_) => {}
        Expr::Neg(inner) => visit(inner, f),
        Expr::Bin(_, a, b) => {
            visit(a, f);
            visit(b, f);
        }
        Expr::Call { func, args, .. } => {
            f(*func, args);
            for a in args {
                if let Arg::Expr(inner) = a {
                    visit(inner, f);
                }
            }
        }
    }
}

/// Every function name of the language (docs/design/transforms.md §3.2).
pub const FUNCTIONS: [&str; 25] = [
    "cos", "sin", "tri", "saw", "square", "swing", "quant", "round", "floor", "ceil", "abs",
    "clamp", "pow", "min", "max", "rand", "seq", "choose", "ramp", "curve", "snap", "step", "wrap",
    "reflect", "legato",
];

/// The first call in `text` of a name that is no function: `(name, line, column)`, both
/// 1-based, the column in characters. `note.pitch` and keywords are not calls.
pub fn unknown_call(text: &str) -> Option<(String, usize, usize)> {
    for (l, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let word_start = (c.is_ascii_alphabetic() || c == '_')
                && (i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.'));
            if !word_start {
                i += 1;
                continue;
            }
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_alphanumeric() || chars[j] == '_') {
                j += 1;
            }
            let name: String = chars[i..j].iter().collect();
            let mut k = j;
            while k < chars.len() && chars[k] == ' ' {
                k += 1;
            }
            if chars.get(k) == Some(&'(') && !FUNCTIONS.contains(&name.as_str()) {
                return Some((name, l + 1, i + 1));
            }
            i = j;
        }
    }
    None
}
