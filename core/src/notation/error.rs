//! The single error type of the notation engine.
//!
//! Messages are the exact texts of docs/design/notation.md §5.2–§5.4 and §6.6; the
//! structured fields exist so hosts can point at the problem without parsing the message.

use serde::Serialize;
use std::fmt;

/// Which phase rejected the input (docs/design/notation.md §5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    /// Options were invalid (only one of numerator/denominator).
    Options,
    /// The text does not match the grammar (docs/design/notation.md §5.2); `position` and
    /// `expected` are set.
    Syntax,
    /// A token matched but its value is out of range (docs/design/notation.md §3.3);
    /// `position` is the token start.
    Value,
    /// Interpretation failed after a successful parse (docs/design/notation.md §5.4).
    Interpretation,
    /// The input would produce more notes or copy steps than the engine allows.
    Limit,
    /// The formatter was given a note it cannot write (docs/design/notation.md §6.6).
    Format,
}

/// A place in the source text, counted as docs/design/notation.md §2.1 prescribes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SourcePosition {
    /// UTF-16 code units from the start of the text (0-based).
    pub offset: usize,
    /// Line number (1-based; only LF starts a line).
    pub line: usize,
    /// UTF-16 code units since the last LF, plus one.
    pub column: usize,
}

/// Labels listed when an element was expected (docs/design/notation.md §5.2: the first
/// five element labels).
pub const EXPECTED_ELEMENT: &[&str] = &[
    "bar copy operation",
    "time position",
    "probability value",
    "velocity value",
    "duration value",
];

/// Label listed when a separator (or the end) was expected after an element.
pub const EXPECTED_SEPARATOR: &[&str] = &["valid syntax"];

/// An error from `parse`, `interpret` or `format`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NotationError {
    /// The phase that failed.
    pub kind: ErrorKind,
    /// The exact message (the golden examples pin it).
    pub message: String,
    /// Where the problem is (syntax errors: the error position; value errors: the
    /// token start; limit errors: the element that crossed the limit); `None` for
    /// option, interpretation and formatter errors.
    pub position: Option<SourcePosition>,
    /// What the parser expected at `position` (syntax errors only, otherwise empty).
    pub expected: &'static [&'static str],
    /// Warnings produced before an interpretation error (docs/design/notation.md §5.1
    /// step 3), in order.
    pub warnings: Vec<String>,
}

impl NotationError {
    /// An error without position, expectations or warnings.
    pub(crate) fn new(kind: ErrorKind, message: String) -> Self {
        NotationError {
            kind,
            message,
            position: None,
            expected: &[],
            warnings: Vec::new(),
        }
    }

    /// The option error shared by `interpret` and `format`
    /// (docs/design/notation.md §5.4).
    pub(crate) fn incomplete_time_signature() -> Self {
        Self::new(
            ErrorKind::Options,
            "Time signature must be specified with both numerator and denominator".into(),
        )
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}
