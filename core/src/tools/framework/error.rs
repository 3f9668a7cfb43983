//! The tool error model (docs/design/tool-contract.md §2.1–§2.2): stable codes, default
//! hints and the `isError` result shape. A tool never answers with a JSON-RPC error for
//! what it was asked to do; every failure becomes one of these results.

use crate::live::LiveError;
use serde_json::{json, Value};
use std::fmt;

/// The stable error codes of docs/design/tool-contract.md §2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// An argument is missing, malformed, out of range or conflicting.
    BadInput,
    /// An id, index, slot, path, locator or file resolves to nothing.
    NotFound,
    /// An id this device issued earlier no longer resolves.
    StaleReference,
    /// The target exists but is the wrong kind.
    WrongType,
    /// The target position is occupied or the Set forbids the change.
    Conflict,
    /// Live refused an operation.
    LiveRejected,
    /// Live's API cannot do this at all.
    Unsupported,
    /// The feature is switched off in the device.
    Disabled,
    /// The call did not finish within the request time limit.
    Timeout,
    /// The result would exceed the output cap.
    TooLarge,
    /// A defect in Barline.
    Internal,
}

impl ErrorCode {
    /// Every code, in the order of docs/design/tool-contract.md §2.2.
    pub const ALL: [ErrorCode; 11] = [
        ErrorCode::BadInput,
        ErrorCode::NotFound,
        ErrorCode::StaleReference,
        ErrorCode::WrongType,
        ErrorCode::Conflict,
        ErrorCode::LiveRejected,
        ErrorCode::Unsupported,
        ErrorCode::Disabled,
        ErrorCode::Timeout,
        ErrorCode::TooLarge,
        ErrorCode::Internal,
    ];

    /// The code as it appears in texts and `_meta` (`BAD_INPUT`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadInput => "BAD_INPUT",
            ErrorCode::NotFound => "NOT_FOUND",
            ErrorCode::StaleReference => "STALE_REFERENCE",
            ErrorCode::WrongType => "WRONG_TYPE",
            ErrorCode::Conflict => "CONFLICT",
            ErrorCode::LiveRejected => "LIVE_REJECTED",
            ErrorCode::Unsupported => "UNSUPPORTED",
            ErrorCode::Disabled => "DISABLED",
            ErrorCode::Timeout => "TIMEOUT",
            ErrorCode::TooLarge => "TOO_LARGE",
            ErrorCode::Internal => "INTERNAL",
        }
    }

    /// Parses a code name; used for failures reported by the host glue.
    pub fn parse(text: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.into_iter().find(|c| c.as_str() == text)
    }

    /// The default one-line recovery hint of docs/design/tool-contract.md §2.2.
    pub fn default_hint(self) -> &'static str {
        match self {
            ErrorCode::BadInput => "Fix the argument as described and call again.",
            ErrorCode::NotFound => "Read the parent object (Live Set, track or device) to get current ids or indices, then retry.",
            ErrorCode::StaleReference => "That object was deleted or replaced; re-read its track or scene and use the new id.",
            ErrorCode::WrongType => "Use an id or path of the kind this parameter expects; the message says what was found.",
            ErrorCode::Conflict => "Free the target first (delete or move what is there) or choose another target.",
            ErrorCode::LiveRejected => "Check the value against what Live allows (read the object first); retry once, then report to the user.",
            ErrorCode::Unsupported => "Do not retry another way; tell the user this must be done by hand in Live.",
            ErrorCode::Disabled => "Ask the user to enable or configure it in the Barline device, then retry.",
            ErrorCode::Timeout => "Live may still apply part of the change: read the affected objects before retrying, and split large requests into smaller ones.",
            ErrorCode::TooLarge => "Act on fewer items per call.",
            ErrorCode::Internal => "This is a Barline bug; tell the user. Retrying the same call will likely fail again.",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One tool failure: code, a message naming the concrete bad value, and a hint.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolError {
    /// Stable code.
    pub code: ErrorCode,
    /// What was wrong, with the concrete value.
    pub message: String,
    /// A specialised hint; `None` uses the code's default hint.
    pub hint: Option<String>,
}

impl ToolError {
    /// An error with the code's default hint.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ToolError {
            code,
            message: message.into(),
            hint: None,
        }
    }

    /// A `BAD_INPUT` error.
    pub fn bad_input(message: impl Into<String>) -> Self {
        ToolError::new(ErrorCode::BadInput, message)
    }

    /// A `NOT_FOUND` error.
    pub fn not_found(message: impl Into<String>) -> Self {
        ToolError::new(ErrorCode::NotFound, message)
    }

    /// Replaces the default hint with a situation-specific one.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The hint that will be shown.
    pub fn hint(&self) -> &str {
        self.hint.as_deref().unwrap_or(self.code.default_hint())
    }

    /// The MCP `CallToolResult` for this failure (docs/design/tool-contract.md §2.1),
    /// without warning items.
    pub fn to_result(&self, tool: &str) -> Value {
        // Messages are cut so the whole text stays under the output cap whatever a
        // message happened to carry (docs/design/tool-contract.md §2.3).
        let message = cut_units(&self.message, MESSAGE_UNITS);
        let hint = cut_units(self.hint(), HINT_UNITS);
        let text = format!(
            "Error [{}] in {}: {}\nHint: {}",
            self.code, tool, message, hint
        );
        json!({
            "isError": true,
            "content": [{"type": "text", "text": text}],
            "_meta": {"barline/error": {
                "code": self.code.as_str(),
                "message": message,
                "hint": hint,
                "tool": tool,
            }},
        })
    }
}

/// Length of a text as the output cap (`format::TEXT_CAP`) counts it: UTF-16 code units.
pub fn units(text: &str) -> usize {
    text.encode_utf16().count()
}

/// `text` cut to at most `max` UTF-16 units (ending in `…` when cut), never inside a
/// character.
pub fn cut_units(text: &str, max: usize) -> String {
    if units(text) <= max {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        if used + c.len_utf16() > max.saturating_sub(1) {
            break;
        }
        used += c.len_utf16();
        out.push(c);
    }
    out.push('…');
    out
}

/// Longest error message a result carries, in UTF-16 units.
pub const MESSAGE_UNITS: usize = 20_000;
/// Longest hint a result carries, in UTF-16 units.
pub const HINT_UNITS: usize = 2_000;

impl From<LiveError> for ToolError {
    fn from(e: LiveError) -> Self {
        ToolError::new(
            ErrorCode::LiveRejected,
            format!("Live refused: {}", e.message),
        )
    }
}

/// Most characters of caller input an error message quotes (issue: a 1 MB argument
/// must not come back in the error).
pub const QUOTE_CHARS: usize = 100;

/// Caller text as an error message quotes it: JSON-quoted, cut to [`QUOTE_CHARS`]
/// characters with `…`. Every message that echoes input uses this or [`shown`].
pub fn quoted(text: &str) -> String {
    if text.chars().count() > QUOTE_CHARS {
        let cut: String = text.chars().take(QUOTE_CHARS - 1).collect();
        format!("{}…", Value::String(cut))
    } else {
        Value::String(text.to_string()).to_string()
    }
}

/// Any caller value as an error message shows it (JSON text, cut like [`quoted`]).
pub fn shown(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > QUOTE_CHARS {
        let cut: String = s.chars().take(QUOTE_CHARS - 1).collect();
        format!("{cut}…")
    } else {
        s
    }
}

/// [`ToolError::bad_input`] as a plain function of a `String`, so checks can write
/// `.map_err(bad)`: the one such helper every tool uses.
pub fn bad(message: String) -> ToolError {
    ToolError::bad_input(message)
}
