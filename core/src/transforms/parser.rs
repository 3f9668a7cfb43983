//! A recursive-descent parser mirroring spec 3.2 rule by rule (Appendix B), one
//! assignment at a time, with the expectation bookkeeping of 8.1: the furthest
//! position noted and the labels noted there; a labelled rule that fails without
//! getting past its start replaces its own notes there by its label.
//!
//! PEG alternatives that share a prefix (`wave_args`, `swing_args`) parse the prefix
//! once and decide afterwards; that gives the same matches and notes as trying each
//! alternative from the start, without re-parsing nested calls exponentially often.

use super::ast::{
    Arg, AssignOp, Assignment, BinOp, ClipField, Expr, Func, NoteField, Param, PitchSel, Var,
};
use super::checks;
use super::error::{TransformError, TransformErrorKind};
use super::tokens;
use crate::notation::{found_text, source_position};

/// Deepest nesting of operators, unary minus, parentheses and calls in one
/// expression: keeps parsing and evaluation recursion (and wasm's stack) bounded.
pub const MAX_DEPTH: usize = 100;

/// An expectation label of 8.1, in the order of its table (which is the order listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Label {
    ParameterAssignment,
    Pitch,
    TimeRange,
    Colon,
    ParameterName,
    AssignmentOperator,
    Expression,
    NoteProperty,
    NextProperty,
    ClipProperty,
    AudioProperty,
    OpenParen,
    Sync,
    Raw,
    Comma,
    CloseParen,
    EndOfLine,
    CommentClose,
}

impl Label {
    fn text(self) -> &'static str {
        match self {
            Label::ParameterAssignment => "parameter assignment",
            Label::Pitch => "pitch",
            Label::TimeRange => "time range",
            Label::Colon => "\":\"",
            Label::ParameterName => "parameter name",
            Label::AssignmentOperator => "assignment operator",
            Label::Expression => "expression",
            Label::NoteProperty => "note property",
            Label::NextProperty => "next property",
            Label::ClipProperty => "clip property",
            Label::AudioProperty => "audio property",
            Label::OpenParen => "\"(\"",
            Label::Sync => "\"sync\"",
            Label::Raw => "\"raw\"",
            Label::Comma => "\",\"",
            Label::CloseParen => "\")\"",
            Label::EndOfLine => "end of line",
            Label::CommentClose => "\"*/\"",
        }
    }
}

/// Why parsing stopped at once (not a backtrackable failure).
enum Stop {
    /// A period where an operand was tried (3.3): byte range of the token.
    Period(usize, usize),
    /// Nesting beyond [`MAX_DEPTH`] at this byte.
    Depth(usize),
}

type Parsed<T> = Result<Option<T>, Stop>;

/// Parses a whole transform text into its assignments (8.1 "Scan").
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

const PARAMS: [(&str, Param); 8] = [
    ("pitchShift", Param::PitchShift),
    ("pitch", Param::Pitch),
    ("velocity", Param::Velocity),
    ("timing", Param::Timing),
    ("duration", Param::Duration),
    ("probability", Param::Probability),
    ("deviation", Param::Deviation),
    ("gain", Param::Gain),
];

const OPERATORS: [(&str, AssignOp); 5] = [
    ("*=", AssignOp::Mul),
    ("/=", AssignOp::Div),
    ("-=", AssignOp::Sub),
    ("+=", AssignOp::Add),
    ("=", AssignOp::Set),
];

const NOTE_FIELDS: [(&str, NoteField); 8] = [
    ("deviation", NoteField::Deviation),
    ("velocity", NoteField::Velocity),
    ("probability", NoteField::Probability),
    ("duration", NoteField::Duration),
    ("index", NoteField::Index),
    ("pitch", NoteField::Pitch),
    ("start", NoteField::Start),
    ("count", NoteField::Count),
];

const NEXT_FIELDS: [(&str, NoteField); 6] = [
    ("deviation", NoteField::Deviation),
    ("velocity", NoteField::Velocity),
    ("probability", NoteField::Probability),
    ("duration", NoteField::Duration),
    ("pitch", NoteField::Pitch),
    ("start", NoteField::Start),
];

const CLIP_FIELDS: [(&str, ClipField); 5] = [
    ("barDuration", ClipField::BarDuration),
    ("position", ClipField::Position),
    ("duration", ClipField::Duration),
    ("index", ClipField::Index),
    ("count", ClipField::Count),
];

const WAVES: [(&str, Func); 5] = [
    ("cos", Func::Cos),
    ("saw", Func::Saw),
    ("sin", Func::Sin),
    ("square", Func::Square),
    ("tri", Func::Tri),
];

const OTHERS: [(&str, Func); 18] = [
    ("round", Func::Round),
    ("floor", Func::Floor),
    ("ceil", Func::Ceil),
    ("abs", Func::Abs),
    ("clamp", Func::Clamp),
    ("pow", Func::Pow),
    ("min", Func::Min),
    ("max", Func::Max),
    ("rand", Func::Rand),
    ("seq", Func::Seq),
    ("choose", Func::Choose),
    ("ramp", Func::Ramp),
    ("curve", Func::Curve),
    ("snap", Func::Snap),
    ("step", Func::Step),
    ("wrap", Func::Wrap),
    ("reflect", Func::Reflect),
    ("legato", Func::Legato),
];

impl<'t> Parser<'t> {
    // ---- expectations -------------------------------------------------------------

    fn note(&mut self, pos: usize, label: Label) {
        if !self.noted || pos > self.far {
            self.far = pos;
            self.labels.clear();
            self.noted = true;
        }
        if pos == self.far && !self.labels.contains(&label) {
            self.labels.push(label);
        }
    }

    /// Runs a labelled rule (8.1): on a failure that noted nothing beyond `at`, the
    /// notes it made at `at` give way to `label`.
    fn labelled<T>(
        &mut self,
        at: usize,
        label: Label,
        rule: impl FnOnce(&mut Self) -> Parsed<T>,
    ) -> Parsed<T> {
        let before = (self.noted, self.far, self.labels.len());
        let result = rule(self)?;
        if result.is_none() && (!self.noted || self.far <= at) {
            if self.noted && self.far == at {
                if before.0 && before.1 == at {
                    self.labels.truncate(before.2);
                } else {
                    self.labels.clear();
                }
            }
            self.note(at, label);
        }
        Ok(result)
    }

    fn syntax_error(&mut self) -> TransformError {
        let at = if self.noted { self.far } else { 0 };
        self.labels.sort();
        let expected: Vec<&'static str> = self.labels.iter().map(|l| l.text()).collect();
        let found = found_text(self.text, at);
        self.error_at(
            at,
            format!("Expected {}{found}", expected.join(", ")),
            expected,
        )
    }

    fn error_at(&self, at: usize, detail: String, expected: Vec<&'static str>) -> TransformError {
        let position = source_position(self.text, at);
        TransformError {
            kind: TransformErrorKind::Syntax,
            message: format!(
                "transform syntax error at position {} (line {}, column {}): {detail}",
                position.offset, position.line, position.column
            ),
            position: Some(position),
            expected,
        }
    }

    fn stopped(&self, stop: Stop) -> TransformError {
        match stop {
            Stop::Period(start, end) => self.error_at(
                start,
                format!(
                    "Expected expression but period \"{}\" found",
                    &self.text[start..end]
                ),
                vec![Label::Expression.text()],
            ),
            Stop::Depth(at) => {
                let mut e = self.error_at(
                    at,
                    format!(
                        "Expression too deep: more than {MAX_DEPTH} nested operators, parentheses \
                         or calls"
                    ),
                    Vec::new(),
                );
                e.kind = TransformErrorKind::Limit;
                e
            }
        }
    }

    // ---- space ----------------------------------------------------------------------

    /// `_`: spaces, tabs and comments. An unclosed `/*` notes `"*/"` at the end and
    /// is not skipped.
    fn skip_inline(&mut self, mut i: usize) -> usize {
        let b = self.b;
        while i < b.len() {
            match b[i] {
                b' ' | b'\t' => i += 1,
                b'#' => i = line_end(b, i + 1),
                b'/' if b.get(i + 1) == Some(&b'/') => i = line_end(b, i + 2),
                b'/' if b.get(i + 1) == Some(&b'*') => match find_close(&b[i + 2..]) {
                    Some(close) => i += 2 + close + 2,
                    None => {
                        self.note(b.len(), Label::CommentClose);
                        return i;
                    }
                },
                _ => return i,
            }
        }
        i
    }

    /// `BLANK`: inline space, comments and line breaks.
    fn skip_blank(&mut self, mut i: usize) -> usize {
        loop {
            i = self.skip_inline(i);
            if i < self.b.len() && matches!(self.b[i], b'\r' | b'\n') {
                i += 1;
            } else {
                return i;
            }
        }
    }

    fn literal(&self, at: usize, lit: &str) -> Option<usize> {
        self.b[at..]
            .starts_with(lit.as_bytes())
            .then_some(at + lit.len())
    }

    /// A literal that is noted under `label` when it fails.
    fn expect(&mut self, at: usize, lit: &str, label: Label) -> Option<usize> {
        let r = self.literal(at, lit);
        if r.is_none() {
            self.note(at, label);
        }
        r
    }

    fn keyword<T: Copy>(&self, at: usize, table: &[(&str, T)]) -> Option<(T, usize)> {
        table
            .iter()
            .find_map(|&(name, value)| self.literal(at, name).map(|end| (value, end)))
    }

    // ---- assignment -----------------------------------------------------------------

    fn assignment(&mut self, at: usize) -> Parsed<(Assignment, usize)> {
        self.labelled(at, Label::ParameterAssignment, |p| p.assignment_body(at))
    }

    fn assignment_body(&mut self, at: usize) -> Parsed<(Assignment, usize)> {
        let mut pitch = None;
        let mut time = None;
        let mut time_first = false;
        let mut pos = at;
        if let Some((sel, end)) = self.selector(at) {
            let colon_at = self.skip_inline(end);
            if let Some(after) = self.expect(colon_at, ":", Label::Colon) {
                (pitch, time, time_first) = sel;
                pos = self.skip_inline(after);
            }
        }
        let Some((param, end)) = self.keyword(pos, &PARAMS) else {
            self.note(pos, Label::ParameterName);
            return Ok(None);
        };
        let op_at = self.skip_inline(end);
        let Some((op, end)) = self.keyword(op_at, &OPERATORS) else {
            self.note(op_at, Label::AssignmentOperator);
            return Ok(None);
        };
        let expr_at = self.skip_inline(end);
        let Some((expr, end)) = self.expr(expr_at)? else {
            return Ok(None);
        };
        let assignment = Assignment {
            pitch,
            time,
            time_first,
            param,
            op,
            expr,
        };
        Ok(Some((assignment, end)))
    }

    #[allow(clippy::type_complexity)]
    fn selector(
        &mut self,
        at: usize,
    ) -> Option<(
        (
            Option<PitchSel>,
            Option<(tokens::BarBeat, tokens::BarBeat)>,
            bool,
        ),
        usize,
    )> {
        if let Some((pitch, end)) = self.pitch_sel(at) {
            let t_at = self.skip_inline(end);
            return Some(match self.time_sel(t_at) {
                Some((time, end)) => ((Some(pitch), Some(time), false), end),
                None => ((Some(pitch), None, false), end),
            });
        }
        let (time, end) = self.time_sel(at)?;
        let p_at = self.skip_inline(end);
        Some(match self.pitch_sel(p_at) {
            Some((pitch, end)) => ((Some(pitch), Some(time), true), end),
            None => ((None, Some(time), true), end),
        })
    }

    fn pitch_sel(&mut self, at: usize) -> Option<(PitchSel, usize)> {
        match tokens::pitch_range(self.b, at) {
            Some(((first, last), end)) => Some((PitchSel { first, last }, end)),
            None => {
                self.note(at, Label::Pitch);
                None
            }
        }
    }

    fn time_sel(&mut self, at: usize) -> Option<((tokens::BarBeat, tokens::BarBeat), usize)> {
        let r = tokens::time_range(self.b, at);
        if r.is_none() {
            self.note(at, Label::TimeRange);
        }
        r
    }

    // ---- expressions ----------------------------------------------------------------

    fn expr(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        let Some((mut left, mut end)) = self.term(at)? else {
            return Ok(None);
        };
        let outer = self.depth;
        let result = loop {
            let op_at = self.skip_inline(end);
            let op = match self.b.get(op_at) {
                Some(b'+') => BinOp::Add,
                Some(b'-') => BinOp::Sub,
                _ => break Ok(Some((left, end))),
            };
            // Each operator of a chain deepens the (left-leaning) tree.
            if let Err(stop) = self.deeper(op_at) {
                break Err(stop);
            }
            let t_at = self.skip_inline(op_at + 1);
            match self.term(t_at) {
                Ok(Some((right, e))) => {
                    left = Expr::Bin(op, Box::new(left), Box::new(right));
                    end = e;
                }
                Ok(None) => break Ok(Some((left, end))),
                Err(stop) => break Err(stop),
            }
        };
        self.depth = outer;
        result
    }

    /// One more level of nesting at `at`, or the depth limit.
    fn deeper(&mut self, at: usize) -> Result<(), Stop> {
        if self.depth >= MAX_DEPTH {
            return Err(Stop::Depth(at));
        }
        self.depth += 1;
        Ok(())
    }

    fn term(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        let Some((mut left, mut end)) = self.unary(at)? else {
            return Ok(None);
        };
        let outer = self.depth;
        let result = loop {
            let op_at = self.skip_inline(end);
            let op = match self.b.get(op_at) {
                Some(b'*') => BinOp::Mul,
                Some(b'/') => BinOp::Div,
                Some(b'%') => BinOp::Rem,
                _ => break Ok(Some((left, end))),
            };
            if let Err(stop) = self.deeper(op_at) {
                break Err(stop);
            }
            let u_at = self.skip_inline(op_at + 1);
            match self.unary(u_at) {
                Ok(Some((right, e))) => {
                    left = Expr::Bin(op, Box::new(left), Box::new(right));
                    end = e;
                }
                Ok(None) => break Ok(Some((left, end))),
                Err(stop) => break Err(stop),
            }
        };
        self.depth = outer;
        result
    }

    fn unary(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        if let Some((_, _, end)) = tokens::period(self.b, at) {
            return Err(Stop::Period(at, end));
        }
        self.deeper(at)?;
        let result = self.labelled(at, Label::Expression, |p| {
            if p.b.get(at) == Some(&b'-') {
                let inner_at = p.skip_inline(at + 1);
                return Ok(p
                    .unary(inner_at)?
                    .map(|(e, end)| (Expr::Neg(Box::new(e)), end)));
            }
            p.atom(at)
        });
        self.depth -= 1;
        result
    }

    fn atom(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        if let Some(call) = self.call(at)? {
            return Ok(Some(call));
        }
        if let Some(var) = self.variable(at) {
            return Ok(Some(var));
        }
        if let Some((pitch, end)) = tokens::pitch(self.b, at) {
            return Ok(Some((Expr::Pitch(pitch), end)));
        }
        if let Some((value, end)) = tokens::number(self.b, at) {
            return Ok(Some((Expr::Num(value), end)));
        }
        if self.b.get(at) == Some(&b'(') {
            let e_at = self.skip_inline(at + 1);
            if let Some((e, end)) = self.expr(e_at)? {
                let close_at = self.skip_inline(end);
                if let Some(end) = self.expect(close_at, ")", Label::CloseParen) {
                    return Ok(Some((e, end)));
                }
            }
        }
        Ok(None)
    }

    fn variable(&mut self, at: usize) -> Option<(Expr, usize)> {
        if let Some(p) = self.literal(at, "audio.") {
            return match self.keyword(p, &[("gain", false), ("pitchShift", true)]) {
                Some((v, end)) => Some((Expr::Var(Var::Audio(v)), end)),
                None => {
                    self.note(p, Label::AudioProperty);
                    None
                }
            };
        }
        if let Some(p) = self.literal(at, "clip.") {
            return match self.keyword(p, &CLIP_FIELDS) {
                Some((v, end)) => Some((Expr::Var(Var::Clip(v)), end)),
                None => {
                    self.note(p, Label::ClipProperty);
                    None
                }
            };
        }
        if let Some(p) = self.literal(at, "next.") {
            return match self.keyword(p, &NEXT_FIELDS) {
                Some((v, end)) => Some((Expr::Var(Var::Next(v)), end)),
                None => {
                    self.note(p, Label::NextProperty);
                    None
                }
            };
        }
        if let Some(p) = self.literal(at, "note.") {
            return match self.keyword(p, &NOTE_FIELDS) {
                Some((v, end)) => Some((Expr::Var(Var::Note(v)), end)),
                None => {
                    self.note(p, Label::NoteProperty);
                    None
                }
            };
        }
        None
    }

    /// `"(" _` after a function name; `None` (noted) when the parenthesis is missing.
    fn open(&mut self, at: usize) -> Option<usize> {
        let after = self.expect(at, "(", Label::OpenParen)?;
        Some(self.skip_inline(after))
    }

    /// `_ ")"` closing a call.
    fn close(&mut self, end: usize) -> Option<usize> {
        let at = self.skip_inline(end);
        self.expect(at, ")", Label::CloseParen)
    }

    /// `_ "," _` before a further argument: the position after it.
    fn comma(&mut self, end: usize) -> Option<usize> {
        let at = self.skip_inline(end);
        let after = self.expect(at, ",", Label::Comma)?;
        Some(self.skip_inline(after))
    }

    fn call(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        if let Some((func, name_end)) = self.keyword(at, &WAVES) {
            if let Some(args_at) = self.open(name_end) {
                let (args, flag, end) = self.wave_args(args_at)?;
                if let Some(end) = self.close(end) {
                    return Ok(Some((Expr::Call { func, args, flag }, end)));
                }
            }
            return Ok(None);
        }
        if let Some(name_end) = self.literal(at, "swing") {
            if let Some(args_at) = self.open(name_end) {
                if let Some((args, flag, end)) = self.swing_args(args_at)? {
                    if let Some(end) = self.close(end) {
                        let func = Func::Swing;
                        return Ok(Some((Expr::Call { func, args, flag }, end)));
                    }
                }
            }
            return Ok(None);
        }
        let (func, name_end) = match self.literal(at, "quant") {
            Some(end) => (Func::Quant, end),
            None => match self.keyword(at, &OTHERS) {
                Some(found) => found,
                None => return Ok(None),
            },
        };
        let Some(args_at) = self.open(name_end) else {
            return Ok(None);
        };
        let mut args = Vec::new();
        let mut end = args_at;
        let first = if func == Func::Quant {
            self.parg(args_at)?
        } else {
            self.expr(args_at)?.map(|(e, end)| (Arg::Expr(e), end))
        };
        if let Some((arg, e)) = first {
            args.push(arg);
            end = self.more_args(&mut args, e)?;
        }
        match self.close(end) {
            Some(end) => Ok(Some((
                Expr::Call {
                    func,
                    args,
                    flag: false,
                },
                end,
            ))),
            None => Ok(None),
        }
    }

    /// `( _ "," _ arg )*` after an argument ending at `end`: the new end.
    fn more_args(&mut self, args: &mut Vec<Arg>, mut end: usize) -> Result<usize, Stop> {
        while let Some(at) = self.comma(end) {
            match self.expr(at)? {
                Some((e, e_end)) => {
                    args.push(Arg::Expr(e));
                    end = e_end;
                }
                None => break,
            }
        }
        Ok(end)
    }

    /// `parg = period / expr`.
    fn parg(&mut self, at: usize) -> Parsed<(Arg, usize)> {
        if let Some((bars, beats, end)) = tokens::period(self.b, at) {
            return Ok(Some((Arg::Period { bars, beats }, end)));
        }
        Ok(self.expr(at)?.map(|(e, end)| (Arg::Expr(e), end)))
    }

    /// `wave_args?`: (args, sync, end); no arguments leave `end` at `at`.
    fn wave_args(&mut self, at: usize) -> Result<(Vec<Arg>, bool, usize), Stop> {
        let mut args = Vec::new();
        if let Some((first, e)) = self.parg(at)? {
            args.push(first);
            let end = self.more_args(&mut args, e)?;
            // Alternative 1: the list then `, sync`.
            if let Some(k) = self.comma(end) {
                if let Some(after) = self.expect(k, "sync", Label::Sync) {
                    return Ok((args, true, after));
                }
            }
            // Alternative 2 (`sync` alone) cannot match where an argument did.
            self.note(at, Label::Sync);
            return Ok((args, false, end));
        }
        match self.expect(at, "sync", Label::Sync) {
            Some(end) => Ok((args, true, end)),
            None => Ok((args, false, at)),
        }
    }

    /// `swing_args`: (args, raw, end).
    fn swing_args(&mut self, at: usize) -> Parsed<(Vec<Arg>, bool, usize)> {
        let Some((amount, e)) = self.expr(at)? else {
            return Ok(None);
        };
        let mut args = vec![Arg::Expr(amount)];
        let Some(k) = self.comma(e) else {
            return Ok(Some((args, false, e))); // alternative 4
        };
        if let Some((grid, g_end)) = self.parg(k)? {
            args.push(grid);
            if let Some(k2) = self.comma(g_end) {
                if let Some(after) = self.expect(k2, "raw", Label::Raw) {
                    return Ok(Some((args, true, after))); // alternative 1
                }
            }
            self.note(k, Label::Raw); // alternative 2 fails where the grid matched
            return Ok(Some((args, false, g_end))); // alternative 3
        }
        if let Some(after) = self.expect(k, "raw", Label::Raw) {
            return Ok(Some((args, true, after))); // alternative 2
        }
        Ok(Some((args, false, e))) // alternative 4
    }
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i.min(b.len())..]
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .map_or(b.len(), |p| i + p)
}

fn find_close(b: &[u8]) -> Option<usize> {
    b.windows(2).position(|w| w == b"*/")
}
