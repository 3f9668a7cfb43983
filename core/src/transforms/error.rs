//! The error of a transform call: a value or syntax error of the text
//! (docs/design/transforms.md §3.4, §8.1), or a limit or input problem. Any error means
//! nothing was changed.

use crate::notation::SourcePosition;
use std::fmt;

/// Which check rejected the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransformErrorKind {
    /// The text does not match the grammar (docs/design/transforms.md §8.1); `position`
    /// and `expected` are set.
    Syntax,
    /// A token matched but its value is invalid (docs/design/transforms.md §3.4);
    /// `position` is the token start.
    Value,
    /// The input is larger than the engine handles (text, notes, nesting or work).
    Limit,
    /// An argument other than the text is invalid (time signature, clip context).
    Input,
}

impl TransformErrorKind {
    /// Lower-case name, as hosts report it (`syntax`, `value`, `limit`, `input`).
    pub fn as_str(self) -> &'static str {
        match self {
            TransformErrorKind::Syntax => "syntax",
            TransformErrorKind::Value => "value",
            TransformErrorKind::Limit => "limit",
            TransformErrorKind::Input => "input",
        }
    }
}

/// A rejected transform call; `message` is the exact text the golden vectors pin.
#[derive(Clone, Debug, PartialEq)]
pub struct TransformError {
    /// What rejected the call.
    pub kind: TransformErrorKind,
    /// The exact message (docs/design/transforms.md §8.1, §3.4) or a limit/input
    /// explanation.
    pub message: String,
    /// Where in the text (UTF-16 offset, 1-based line and column); `None` for input
    /// errors and the note-count limit.
    pub position: Option<SourcePosition>,
    /// Labels expected at `position` (syntax errors only), in the order of
    /// docs/design/transforms.md §8.1's table.
    pub expected: Vec<&'static str>,
}

impl TransformError {
    pub(crate) fn new(kind: TransformErrorKind, message: String) -> Self {
        TransformError {
            kind,
            message,
            position: None,
            expected: Vec::new(),
        }
    }
}

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TransformError {}
