//! Errors of the wire protocol: each says what was wrong and where, never a silent partial parse.

use std::fmt;

/// A message that cannot be framed or decoded.
#[derive(Clone, Debug, PartialEq)]
pub enum BridgeError {
    /// The text needs more than [`super::MAX_CHUNKS`] chunks.
    TooLarge {
        /// UTF-8 length of the text.
        bytes: usize,
        /// Chunks it would need.
        chunks: usize,
    },
    /// No chunk boundary avoids a chunk that reads as a number (a very long run of digits).
    NumericChunk {
        /// Byte offset where the unavoidable numeric-looking chunk starts.
        offset: usize,
    },
    /// The first atom is not the expected selector.
    WrongSelector {
        /// Selector the decoder expected.
        expected: &'static str,
        /// What arrived instead (rendered atom).
        found: String,
    },
    /// The message has no request id, or it is not a non-negative integer.
    BadRequestId {
        /// What arrived (rendered atom), or "nothing".
        found: String,
    },
    /// A request lacks its terminator: it was cut on the way.
    MissingTerminator,
    /// A response lacks the delimiter before its warnings.
    MissingDelimiter,
    /// Atoms follow a request's terminator.
    TrailingAtoms {
        /// How many atoms follow.
        count: usize,
    },
    /// A number arrived where a text chunk or warning was expected.
    NotText {
        /// Index of the atom in the message (selector = 0).
        index: usize,
        /// The number as rendered.
        found: String,
    },
    /// A chunk is over the byte limit.
    ChunkTooLarge {
        /// Index of the atom in the message.
        index: usize,
        /// Its UTF-8 length.
        bytes: usize,
    },
    /// More chunks than the protocol allows.
    TooManyChunks {
        /// Chunks in the message.
        count: usize,
    },
    /// The joined chunks are not valid JSON.
    MalformedJson {
        /// serde_json's message (line and column included).
        detail: String,
    },
}

impl fmt::Display for BridgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::{MAX_CHUNKS, MAX_CHUNK_BYTES};
        match self {
            BridgeError::TooLarge { bytes, chunks } => write!(
                f,
                "message of {bytes} bytes needs {chunks} chunks; the bridge carries at most \
                 {MAX_CHUNKS} chunks of {MAX_CHUNK_BYTES} bytes: send or request less data"
            ),
            BridgeError::NumericChunk { offset } => write!(
                f,
                "text cannot be chunked: at byte {offset} every possible chunk reads as a number \
                 (a run of digits longer than a chunk); shorten that value"
            ),
            BridgeError::WrongSelector { expected, found } => {
                write!(f, "expected selector {expected}, got {found:?}")
            }
            BridgeError::BadRequestId { found } => write!(
                f,
                "atom 1 must be the request id (a non-negative integer), got {found}"
            ),
            BridgeError::MissingTerminator => write!(
                f,
                "request has no terminator {}: it was cut on the way; resend it",
                super::REQUEST_TERMINATOR
            ),
            BridgeError::MissingDelimiter => write!(
                f,
                "response has no warnings delimiter {}: it was cut on the way",
                super::WARNINGS_DELIMITER
            ),
            BridgeError::TrailingAtoms { count } => {
                write!(f, "{count} atom(s) after the request terminator")
            }
            BridgeError::NotText { index, found } => write!(
                f,
                "atom {index} is the number {found} where text was expected: something re-parsed \
                 the message (never route chunks through message boxes)"
            ),
            BridgeError::ChunkTooLarge { index, bytes } => write!(
                f,
                "atom {index} is {bytes} bytes, over the {MAX_CHUNK_BYTES}-byte chunk limit"
            ),
            BridgeError::TooManyChunks { count } => {
                write!(f, "{count} chunks, over the limit of {MAX_CHUNKS}")
            }
            BridgeError::MalformedJson { detail } => {
                write!(f, "joined chunks are not valid JSON: {detail}")
            }
        }
    }
}

impl std::error::Error for BridgeError {}
