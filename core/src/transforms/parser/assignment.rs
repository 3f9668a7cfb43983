//! `assignment = (selector _ ":" _)? parameter _ operator _ expr`
//! (docs/design/transforms.md §3.2).

use super::{Label, Parsed, Parser};
use crate::transforms::ast::{AssignOp, Assignment, Param, PitchSel};
use crate::transforms::tokens::{self, BarBeat};

/// The selector before an assignment's `:` as written: pitches, time range, and
/// whether the time range came first.
type Selector = (Option<PitchSel>, Option<(BarBeat, BarBeat)>, bool);

/// Parameter names in the order they are tried: `pitchShift` before `pitch`, which
/// begins it.
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

impl<'t> Parser<'t> {
    /// One assignment from `at`, noted as a whole as `parameter assignment` when it
    /// fails at its start (docs/design/transforms.md §8.1).
    pub(super) fn assignment(&mut self, at: usize) -> Parsed<(Assignment, usize)> {
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
}
