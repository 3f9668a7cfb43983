//! The one error type of the MIDI codec.

use std::fmt;

/// Why a MIDI file could not be read, or notes could not be written.
///
/// `offset` is the byte position in the file where reading stopped (`None` for
/// errors about the notes or options given to the writer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MidiError {
    /// Byte offset in the input file, when the error comes from reading one.
    pub offset: Option<usize>,
    /// What was wrong and how to fix it, in one sentence.
    pub message: String,
}

impl MidiError {
    /// An error found while reading the file at byte `offset`.
    pub fn at(offset: usize, message: impl Into<String>) -> Self {
        MidiError {
            offset: Some(offset),
            message: message.into(),
        }
    }

    /// An error in the notes or options handed to the writer.
    pub fn input(message: impl Into<String>) -> Self {
        MidiError {
            offset: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for MidiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "MIDI file error at byte {offset}: {}", self.message),
            None => write!(f, "MIDI export error: {}", self.message),
        }
    }
}

impl std::error::Error for MidiError {}
