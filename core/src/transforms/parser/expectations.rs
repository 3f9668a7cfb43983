//! The expectation bookkeeping of docs/design/transforms.md §8.1: the furthest position
//! noted and the labels noted there; a labelled rule that fails without getting past its
//! start replaces its own notes there by its label. Turns what was noted, or why parsing
//! stopped, into the error message.

use super::{Parsed, Parser, Stop, MAX_DEPTH};
use crate::notation::{found_text, source_position};
use crate::sort;
use crate::transforms::error::{TransformError, TransformErrorKind};

/// An expectation label of docs/design/transforms.md §8.1, in the order of its table
/// (which is the order listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Label {
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

impl<'t> Parser<'t> {
    pub(super) fn note(&mut self, pos: usize, label: Label) {
        if !self.noted || pos > self.far {
            self.far = pos;
            self.labels.clear();
            self.noted = true;
        }
        if pos == self.far && !self.labels.contains(&label) {
            self.labels.push(label);
        }
    }

    /// Runs a labelled rule (docs/design/transforms.md §8.1): on a failure that noted
    /// nothing beyond `at`, the notes it made at `at` give way to `label`.
    pub(super) fn labelled<T>(
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
    pub(super) fn or_note<T>(&mut self, at: usize, label: Label, found: Option<T>) -> Option<T> {
        if found.is_none() {
            self.note(at, label);
        }
        found
    }

    pub(super) fn syntax_error(&mut self) -> TransformError {
        let at = if self.noted { self.far } else { 0 };
        sort::sort(&mut self.labels);
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

    pub(super) fn stopped(&self, stop: Stop) -> TransformError {
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
}
