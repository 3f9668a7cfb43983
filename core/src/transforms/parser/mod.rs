//! A recursive-descent parser mirroring docs/design/transforms.md §3.2 rule by rule, one
//! assignment at a time, with the expectation bookkeeping of
//! docs/design/transforms.md §8.1 (`expectations`). Each grammar rule is a method of
//! `Parser`; the rules live with their kind: `assignment` (selector, parameter,
//! operator), `expression` (operators, atoms, variables), `call` (functions and their
//! argument rules), over `scan`'s space, literals and keywords.
//!
//! PEG alternatives that share a prefix (`wave_args`, `swing_args`) parse the prefix
//! once and decide afterwards; that gives the same matches and notes as trying each
//! alternative from the start, without re-parsing nested calls exponentially often.

mod assignment;
mod call;
mod expectations;
mod expression;
mod scan;

use super::ast::Assignment;
use super::checks;
use super::error::TransformError;
use expectations::Label;

/// Deepest nesting of operators, unary minus, parentheses and calls in one
/// expression: keeps parsing and evaluation recursion (and wasm's stack) bounded.
pub const MAX_DEPTH: usize = 100;

/// Why parsing stopped at once (not a backtrackable failure).
enum Stop {
    /// A period where an operand was tried (docs/design/transforms.md §3.3): byte range
    /// of the token.
    Period(usize, usize),
    /// Nesting beyond [`MAX_DEPTH`] at this byte.
    Depth(usize),
}

type Parsed<T> = Result<Option<T>, Stop>;

/// A rule from a position: what it matched and where it ended, or `None`.
type Rule<'t, T> = fn(&mut Parser<'t>, usize) -> Parsed<(T, usize)>;

/// Parses a whole transform text into its assignments (docs/design/transforms.md §8.1
/// "Scan").
pub(crate) fn parse(text: &str) -> Result<Vec<Assignment>, TransformError> {
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        far: 0,
        labels: Vec::new(),
        noted: false,
        depth: 0,
    };
    let mut out = Vec::new();
    let mut pos = p.skip_blank(0);
    loop {
        if pos == p.b.len() {
            return Ok(out);
        }
        let assignment = match p.assignment(pos) {
            Ok(Some(a)) => a,
            Ok(None) => return Err(p.syntax_error()),
            Err(stop) => return Err(p.stopped(stop)),
        };
        checks::check(text, &assignment.0)?;
        out.push(assignment.0);
        pos = p.skip_inline(assignment.1);
        if pos == p.b.len() {
            return Ok(out);
        }
        if matches!(p.b[pos], b'\r' | b'\n') {
            pos = p.skip_blank(pos);
            continue;
        }
        p.note(pos, Label::EndOfLine);
        return Err(p.syntax_error());
    }
}

/// One parse of one text: where the rules read and what docs/design/transforms.md §8.1
/// has noted so far.
struct Parser<'t> {
    text: &'t str,
    b: &'t [u8],
    /// Furthest position noted (valid when `noted`).
    far: usize,
    /// Labels noted at `far`, each once.
    labels: Vec<Label>,
    noted: bool,
    depth: usize,
}
