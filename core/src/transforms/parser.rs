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
use super::tokens::{self, BarBeat};
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

/// A rule from a position: what it matched and where it ended, or `None`.
type Rule<'t, T> = fn(&mut Parser<'t>, usize) -> Parsed<(T, usize)>;

/// A call's arguments and whether its closing word (`sync`, `raw`) was given.
type ArgList = (Vec<Arg>, bool);

/// The selector before an assignment's `:` as written: pitches, time range, and
/// whether the time range came first.
type Selector = (Option<PitchSel>, Option<(BarBeat, BarBeat)>, bool);

// Keyword lists are tried in order, so a name comes before any name it begins
// (`pitchShift` before `pitch`); elsewhere no name begins another.

const PARAMS: [Param; 8] = [
    Param::PitchShift,
    Param::Pitch,
    Param::Velocity,
    Param::Timing,
    Param::Duration,
    Param::Probability,
    Param::Deviation,
    Param::Gain,
];

const OPERATORS: [AssignOp; 5] = [
    AssignOp::Mul,
    AssignOp::Div,
    AssignOp::Sub,
    AssignOp::Add,
    AssignOp::Set,
];

/// `note.` fields; all but the last two are `next.` fields too.
const NOTE_FIELDS: [NoteField; 8] = [
    NoteField::Deviation,
    NoteField::Velocity,
    NoteField::Probability,
    NoteField::Duration,
    NoteField::Pitch,
    NoteField::Start,
    NoteField::Index,
    NoteField::Count,
];

const NEXT_FIELDS: &[NoteField] = NOTE_FIELDS.split_at(6).0;

const CLIP_FIELDS: [ClipField; 5] = [
    ClipField::BarDuration,
    ClipField::Position,
    ClipField::Duration,
    ClipField::Index,
    ClipField::Count,
];

const AUDIO_FIELDS: [Param; 2] = [Param::Gain, Param::PitchShift];

const FUNCTIONS: [Func; 25] = [
    Func::Cos,
    Func::Saw,
    Func::Sin,
    Func::Square,
    Func::Tri,
    Func::Swing,
    Func::Quant,
    Func::Round,
    Func::Floor,
    Func::Ceil,
    Func::Abs,
    Func::Clamp,
    Func::Pow,
    Func::Min,
    Func::Max,
    Func::Rand,
    Func::Seq,
    Func::Choose,
    Func::Ramp,
    Func::Curve,
    Func::Snap,
    Func::Step,
    Func::Wrap,
    Func::Reflect,
    Func::Legato,
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

    /// `found` as it is; a miss notes `label` at `at` (a terminal that failed).
    fn or_note<T>(&mut self, at: usize, label: Label, found: Option<T>) -> Option<T> {
        if found.is_none() {
            self.note(at, label);
        }
        found
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
        let found = self.literal(at, lit);
        self.or_note(at, label, found)
    }

    /// The first of `words` written at `at`, each spelled by `name`.
    fn keyword<T: Copy>(
        &self,
        at: usize,
        words: &[T],
        name: fn(T) -> &'static str,
    ) -> Option<(T, usize)> {
        words
            .iter()
            .find_map(|&word| self.literal(at, name(word)).map(|end| (word, end)))
    }

    /// A keyword that is noted under `label` when none of `words` is written at `at`.
    fn expect_keyword<T: Copy>(
        &mut self,
        at: usize,
        words: &[T],
        name: fn(T) -> &'static str,
        label: Label,
    ) -> Option<(T, usize)> {
        let found = self.keyword(at, words, name);
        self.or_note(at, label, found)
    }

    /// `_ lit` after `end`: the position after `lit`.
    fn spaced(&mut self, end: usize, lit: &str, label: Label) -> Option<usize> {
        let at = self.skip_inline(end);
        self.expect(at, lit, label)
    }

    /// `_ lit _` after `end`: where what follows the separator starts.
    fn separator(&mut self, end: usize, lit: &str, label: Label) -> Option<usize> {
        let after = self.spaced(end, lit, label)?;
        Some(self.skip_inline(after))
    }

    /// `_ "," _` before a further argument.
    fn comma(&mut self, end: usize) -> Option<usize> {
        self.separator(end, ",", Label::Comma)
    }

    // ---- assignment -----------------------------------------------------------------

    fn assignment(&mut self, at: usize) -> Parsed<(Assignment, usize)> {
        self.labelled(at, Label::ParameterAssignment, |p| p.assignment_body(at))
    }

    fn assignment_body(&mut self, at: usize) -> Parsed<(Assignment, usize)> {
        let ((pitch, time, time_first), pos) = self.selector_prefix(at);
        let param = self.expect_keyword(pos, &PARAMS, Param::name, Label::ParameterName);
        let Some((param, end)) = param else {
            return Ok(None);
        };
        let op_at = self.skip_inline(end);
        let op = self.expect_keyword(
            op_at,
            &OPERATORS,
            AssignOp::symbol,
            Label::AssignmentOperator,
        );
        let Some((op, end)) = op else {
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

    /// `(selector _ ":" _)?`: the selector (empty when absent) and where the parameter
    /// starts.
    fn selector_prefix(&mut self, at: usize) -> (Selector, usize) {
        if let Some((selector, end)) = self.selector(at) {
            if let Some(pos) = self.separator(end, ":", Label::Colon) {
                return (selector, pos);
            }
        }
        ((None, None, false), at)
    }

    /// `pitch (_ time)? / time (_ pitch)?`.
    fn selector(&mut self, at: usize) -> Option<(Selector, usize)> {
        if let Some((pitch, end)) = self.pitch_sel(at) {
            let (time, end) = self.optional(end, Self::time_sel);
            return Some(((Some(pitch), time, false), end));
        }
        let (time, end) = self.time_sel(at)?;
        let (pitch, end) = self.optional(end, Self::pitch_sel);
        Some(((pitch, Some(time), true), end))
    }

    /// `(_ rule)?` after `end`: what `rule` matched and its end, or nothing and `end`.
    fn optional<T>(
        &mut self,
        end: usize,
        rule: fn(&mut Self, usize) -> Option<(T, usize)>,
    ) -> (Option<T>, usize) {
        let at = self.skip_inline(end);
        match rule(self, at) {
            Some((value, value_end)) => (Some(value), value_end),
            None => (None, end),
        }
    }

    fn pitch_sel(&mut self, at: usize) -> Option<(PitchSel, usize)> {
        let found = tokens::pitch_range(self.b, at)
            .map(|((first, last), end)| (PitchSel { first, last }, end));
        self.or_note(at, Label::Pitch, found)
    }

    fn time_sel(&mut self, at: usize) -> Option<((BarBeat, BarBeat), usize)> {
        let found = tokens::time_range(self.b, at);
        self.or_note(at, Label::TimeRange, found)
    }

    // ---- expressions ----------------------------------------------------------------

    /// `term (_ ("+" / "-") _ term)*`.
    fn expr(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        self.chain(at, additive, Self::term)
    }

    /// `unary (_ ("*" / "/" / "%") _ unary)*`.
    fn term(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        self.chain(at, multiplicative, Self::unary)
    }

    /// `operand`s joined by the operators `op_of` knows, grouped to the left.
    fn chain(
        &mut self,
        at: usize,
        op_of: fn(u8) -> Option<BinOp>,
        operand: Rule<'t, Expr>,
    ) -> Parsed<(Expr, usize)> {
        let Some(first) = operand(self, at)? else {
            return Ok(None);
        };
        let outer = self.depth;
        let result = self.chain_rest(first, op_of, operand);
        self.depth = outer;
        result.map(Some)
    }

    fn chain_rest(
        &mut self,
        (mut left, mut end): (Expr, usize),
        op_of: fn(u8) -> Option<BinOp>,
        operand: Rule<'t, Expr>,
    ) -> Result<(Expr, usize), Stop> {
        loop {
            let op_at = self.skip_inline(end);
            let Some(op) = self.b.get(op_at).copied().and_then(op_of) else {
                return Ok((left, end));
            };
            // Each operator of a chain deepens the (left-leaning) tree.
            self.deeper(op_at)?;
            let right_at = self.skip_inline(op_at + 1);
            let Some((right, right_end)) = operand(self, right_at)? else {
                return Ok((left, end));
            };
            left = Expr::Bin(op, Box::new(left), Box::new(right));
            end = right_end;
        }
    }

    /// One more level of nesting at `at`, or the depth limit.
    fn deeper(&mut self, at: usize) -> Result<(), Stop> {
        if self.depth >= MAX_DEPTH {
            return Err(Stop::Depth(at));
        }
        self.depth += 1;
        Ok(())
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

    /// `call / variable / pitch / number / "(" _ expr _ ")"`.
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
        match self.literal(at, "(") {
            Some(after) => self.enclosed(after, Self::expr),
            None => Ok(None),
        }
    }

    /// `_ inner _ ")"` after an opening parenthesis that ends at `after`.
    fn enclosed<T>(
        &mut self,
        after: usize,
        inner: impl FnOnce(&mut Self, usize) -> Parsed<(T, usize)>,
    ) -> Parsed<(T, usize)> {
        let at = self.skip_inline(after);
        let Some((value, end)) = inner(self, at)? else {
            return Ok(None);
        };
        Ok(self
            .spaced(end, ")", Label::CloseParen)
            .map(|end| (value, end)))
    }

    /// `("note." / "next." / "clip." / "audio.") field`: after a known prefix, an
    /// unknown field is noted under that prefix's label.
    fn variable(&mut self, at: usize) -> Option<(Expr, usize)> {
        let (var, end) = if let Some(p) = self.literal(at, "note.") {
            self.field(
                p,
                &NOTE_FIELDS,
                NoteField::name,
                Label::NoteProperty,
                Var::Note,
            )
        } else if let Some(p) = self.literal(at, "next.") {
            self.field(
                p,
                NEXT_FIELDS,
                NoteField::name,
                Label::NextProperty,
                Var::Next,
            )
        } else if let Some(p) = self.literal(at, "clip.") {
            self.field(
                p,
                &CLIP_FIELDS,
                ClipField::name,
                Label::ClipProperty,
                Var::Clip,
            )
        } else {
            let p = self.literal(at, "audio.")?;
            let audio = |param| Var::Audio(param == Param::PitchShift);
            self.field(p, &AUDIO_FIELDS, Param::name, Label::AudioProperty, audio)
        }?;
        Some((Expr::Var(var), end))
    }

    fn field<T: Copy>(
        &mut self,
        at: usize,
        fields: &[T],
        name: fn(T) -> &'static str,
        label: Label,
        var: fn(T) -> Var,
    ) -> Option<(Var, usize)> {
        let (field, end) = self.expect_keyword(at, fields, name, label)?;
        Some((var(field), end))
    }

    /// `name "(" _ arguments _ ")"`, the arguments by the function's own rule.
    fn call(&mut self, at: usize) -> Parsed<(Expr, usize)> {
        let Some((func, name_end)) = self.keyword(at, &FUNCTIONS, Func::name) else {
            return Ok(None);
        };
        let Some(after) = self.expect(name_end, "(", Label::OpenParen) else {
            return Ok(None);
        };
        let call = self.enclosed(after, |p, args_at| p.arguments(func, args_at))?;
        Ok(call.map(|((args, flag), end)| (Expr::Call { func, args, flag }, end)))
    }

    fn arguments(&mut self, func: Func, at: usize) -> Parsed<(ArgList, usize)> {
        let first: Rule<'t, Arg> = match func {
            Func::Cos | Func::Saw | Func::Sin | Func::Square | Func::Tri => {
                return self.wave_args(at).map(Some)
            }
            Func::Swing => return self.swing_args(at),
            Func::Quant => Self::parg,
            _ => Self::expr_arg,
        };
        let (args, end) = self.arg_list(at, first)?;
        Ok(Some(((args, false), end)))
    }

    /// `first (_ "," _ expr)*`, or no arguments (ending at `at`).
    fn arg_list(&mut self, at: usize, first: Rule<'t, Arg>) -> Result<(Vec<Arg>, usize), Stop> {
        let Some((arg, mut end)) = first(self, at)? else {
            return Ok((Vec::new(), at));
        };
        let mut args = vec![arg];
        while let Some(next_at) = self.comma(end) {
            let Some((next, next_end)) = self.expr_arg(next_at)? else {
                break;
            };
            args.push(next);
            end = next_end;
        }
        Ok((args, end))
    }

    fn expr_arg(&mut self, at: usize) -> Parsed<(Arg, usize)> {
        Ok(self.expr(at)?.map(|(e, end)| (Arg::Expr(e), end)))
    }

    /// `parg = period / expr`.
    fn parg(&mut self, at: usize) -> Parsed<(Arg, usize)> {
        if let Some((bars, beats, end)) = tokens::period(self.b, at) {
            return Ok(Some((Arg::Period { bars, beats }, end)));
        }
        self.expr_arg(at)
    }

    /// `wave_args?` = `pargs _ "," _ "sync" / pargs / "sync"`, or nothing (ending at
    /// `at`).
    fn wave_args(&mut self, at: usize) -> Result<(ArgList, usize), Stop> {
        let (args, end) = self.arg_list(at, Self::parg)?;
        Ok(self.with_flag(at, args, end, "sync", Label::Sync))
    }

    /// `swing_args` = `expr _ "," _ parg _ "," _ "raw" / expr _ "," _ "raw"
    /// / expr _ "," _ parg / expr`.
    fn swing_args(&mut self, at: usize) -> Parsed<(ArgList, usize)> {
        let Some((amount, amount_end)) = self.expr(at)? else {
            return Ok(None);
        };
        let mut args = vec![Arg::Expr(amount)];
        let Some(grid_at) = self.comma(amount_end) else {
            return Ok(Some(((args, false), amount_end)));
        };
        let (grid, grid_end) = match self.parg(grid_at)? {
            Some((grid, end)) => (vec![grid], end),
            None => (Vec::new(), amount_end),
        };
        let ((grid, raw), end) = self.with_flag(grid_at, grid, grid_end, "raw", Label::Raw);
        args.extend(grid);
        Ok(Some(((args, raw), end)))
    }

    /// `args _ "," _ word / args / word` from `at`, where `args` (which may be empty)
    /// leave the rule at `end` unless `word` follows.
    fn with_flag(
        &mut self,
        at: usize,
        args: Vec<Arg>,
        end: usize,
        word: &str,
        label: Label,
    ) -> (ArgList, usize) {
        if args.is_empty() {
            return match self.expect(at, word, label) {
                Some(after) => ((args, true), after),
                None => ((args, false), end),
            };
        }
        let word_at = self.comma(end);
        if let Some(after) = word_at.and_then(|k| self.expect(k, word, label)) {
            return ((args, true), after);
        }
        // `word` alone cannot match where an argument did.
        self.note(at, label);
        ((args, false), end)
    }
}

/// `+` and `-`, the operators between terms.
fn additive(c: u8) -> Option<BinOp> {
    match c {
        b'+' => Some(BinOp::Add),
        b'-' => Some(BinOp::Sub),
        _ => None,
    }
}

/// `*`, `/` and `%`, the operators between unary expressions.
fn multiplicative(c: u8) -> Option<BinOp> {
    match c {
        b'*' => Some(BinOp::Mul),
        b'/' => Some(BinOp::Div),
        b'%' => Some(BinOp::Rem),
        _ => None,
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
