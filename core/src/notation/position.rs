//! Byte offsets → the positions users see (docs/design/notation.md §2.1) and the syntax
//! error text (docs/design/notation.md §5.2).
//!
//! The engine works on byte offsets; positions in messages are UTF-16 code units
//! because that is what JavaScript strings (and editors built on them) index by.

use super::error::{ErrorKind, NotationError, SourcePosition};

/// UTF-16 length of `text`.
pub(crate) fn utf16_len(text: &str) -> usize {
    // ASCII fast path: one code unit per byte.
    if text.is_ascii() {
        return text.len();
    }
    text.chars().map(char::len_utf16).sum()
}

/// The position of byte offset `byte` (a char boundary) in `text`.
pub(crate) fn source_position(text: &str, byte: usize) -> SourcePosition {
    let before = &text[..byte];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    SourcePosition {
        offset: utf16_len(before),
        line: 1 + before.bytes().filter(|&b| b == b'\n').count(),
        column: 1 + utf16_len(&before[line_start..]),
    }
}

/// The ` but "…" found` / ` but reached end of input` tail of a syntax error; the
/// transform language words its syntax errors the same way.
pub(crate) fn found_text(text: &str, byte: usize) -> String {
    match text.get(byte..).and_then(|rest| rest.chars().next()) {
        None => " but reached end of input".to_string(),
        Some(c) => {
            let shown = match c {
                '\\' => "\\\\".to_string(),
                '\n' => "\\n".to_string(),
                '\r' => "\\r".to_string(),
                '\t' => "\\t".to_string(),
                other => other.to_string(),
            };
            format!(" but \"{shown}\" found")
        }
    }
}

/// A syntax error at byte offset `byte`, expecting one of `expected`
/// (docs/design/notation.md §5.2).
pub(crate) fn syntax_error(
    text: &str,
    byte: usize,
    expected: &'static [&'static str],
) -> NotationError {
    let position = source_position(text, byte);
    let message = format!(
        "bar|beat syntax error at position {} (line {}, column {}): Expected {}{}",
        position.offset,
        position.line,
        position.column,
        expected.join(", "),
        found_text(text, byte)
    );
    NotationError {
        kind: ErrorKind::Syntax,
        message,
        position: Some(position),
        expected,
        warnings: Vec::new(),
    }
}

/// Converts increasing byte offsets of one text to UTF-16 offsets in a single pass.
pub(crate) struct Utf16Cursor<'a> {
    text: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> Utf16Cursor<'a> {
    /// A cursor at the start of `text`.
    pub(crate) fn new(text: &'a str) -> Self {
        Utf16Cursor {
            text,
            byte: 0,
            unit: 0,
        }
    }

    /// UTF-16 offset of `byte`; `byte` must not be lower than in the previous call.
    pub(crate) fn advance_to(&mut self, byte: usize) -> usize {
        if byte > self.byte {
            self.unit += utf16_len(&self.text[self.byte..byte]);
            self.byte = byte;
        }
        self.unit
    }
}
