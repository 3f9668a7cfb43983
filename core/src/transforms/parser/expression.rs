//! Expressions (docs/design/transforms.md §3.2 `expr`, `term`, `unary`, `atom`,
//! `variable`): operator chains with the nesting bound of [`MAX_DEPTH`], numbers,
//! pitches, variables and parenthesised groups.

use super::{Label, Parsed, Parser, Rule, Stop, MAX_DEPTH};
use crate::transforms::ast::{BinOp, ClipField, Expr, NoteField, Param, Var};
use crate::transforms::tokens;

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

/// `next.` fields: a note's neighbour has no index or count of its own.
const NEXT_FIELDS: &[NoteField] = NOTE_FIELDS.split_at(6).0;

const CLIP_FIELDS: [ClipField; 5] = [
    ClipField::BarDuration,
    ClipField::Position,
    ClipField::Duration,
    ClipField::Index,
    ClipField::Count,
];

const AUDIO_FIELDS: [Param; 2] = [Param::Gain, Param::PitchShift];

impl<'t> Parser<'t> {
    /// `term (_ ("+" / "-") _ term)*`.
    pub(super) fn expr(&mut self, at: usize) -> Parsed<(Expr, usize)> {
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
    pub(super) fn enclosed<T>(
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

    /// One of `fields` after a variable's prefix, as the variable `var` makes of it.
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
