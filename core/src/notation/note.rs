//! Note records exchanged with Live (docs/design/notation.md §1.1) and the options of
//! both directions.

use super::dialect::Dialect;
use super::error::NotationError;
use serde::{Deserialize, Serialize};

/// A note as the interpreter produces it: a Live note dictionary.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Note {
    /// MIDI note number 0..=127 (C3 = 60).
    pub pitch: u8,
    /// Start in quarter-note beats from the clip start.
    pub start_time: f64,
    /// Length in quarter-note beats.
    pub duration: f64,
    /// MIDI velocity (1..=127 in interpreter output).
    pub velocity: u8,
    /// Chance that the note plays, 0..=1.
    pub probability: f64,
    /// Random velocity spread above `velocity`.
    pub velocity_deviation: u8,
}

/// A note as the formatter accepts it: any numbers (Live hands out floats), with the
/// optional fields of docs/design/notation.md §6.1 defaulted. The formatter validates
/// what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FormatNote {
    /// MIDI note number; anything but an integer 0..=127 is an error.
    pub pitch: f64,
    /// Start in quarter-note beats.
    pub start_time: f64,
    /// Length in quarter-note beats.
    pub duration: f64,
    /// Velocity (rounded half-up when written).
    pub velocity: f64,
    /// Probability; 1 when missing.
    #[serde(default = "one")]
    pub probability: f64,
    /// Velocity deviation; 0 when missing.
    #[serde(default)]
    pub velocity_deviation: f64,
}

fn one() -> f64 {
    1.0
}

impl From<Note> for FormatNote {
    fn from(n: Note) -> Self {
        FormatNote {
            pitch: f64::from(n.pitch),
            start_time: n.start_time,
            duration: n.duration,
            velocity: f64::from(n.velocity),
            probability: n.probability,
            velocity_deviation: f64::from(n.velocity_deviation),
        }
    }
}

/// Options of `interpret` (docs/design/notation.md §4.1). Numerator and denominator are
/// separate so that the "only one given" error of docs/design/notation.md §5.4 can be
/// expressed, as hosts can produce it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InterpretOptions {
    /// Beats per bar of the time signature.
    pub numerator: Option<u32>,
    /// Beat unit of the time signature (a power of two).
    pub denominator: Option<u32>,
    /// Which notation the text is read in; the core (`1.4.6`) by default.
    pub dialect: Dialect,
}

impl InterpretOptions {
    /// Options with a complete time signature `numerator/denominator`.
    pub fn time_signature(numerator: u32, denominator: u32) -> Self {
        InterpretOptions {
            numerator: Some(numerator),
            denominator: Some(denominator),
            dialect: Dialect::V146,
        }
    }

    /// The same options reading `dialect`.
    pub fn with_dialect(self, dialect: Dialect) -> Self {
        InterpretOptions { dialect, ..self }
    }
}

/// Options of `format` (docs/design/notation.md §6.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FormatOptions {
    /// Beats per bar of the time signature.
    pub numerator: Option<u32>,
    /// Beat unit of the time signature.
    pub denominator: Option<u32>,
    /// One section per pad with repeat detection (docs/design/notation.md §6.8) instead
    /// of chords (docs/design/notation.md §6.4).
    pub drum_mode: bool,
    /// Which notation to write; the core (`1.4.6`) by default.
    pub dialect: Dialect,
}

impl FormatOptions {
    /// Options with a complete time signature and the given mode.
    pub fn time_signature(numerator: u32, denominator: u32, drum_mode: bool) -> Self {
        FormatOptions {
            numerator: Some(numerator),
            denominator: Some(denominator),
            drum_mode,
            dialect: Dialect::V146,
        }
    }

    /// The same options writing `dialect`.
    pub fn with_dialect(self, dialect: Dialect) -> Self {
        FormatOptions { dialect, ..self }
    }
}

/// The bar geometry both directions derive from the options
/// (docs/design/notation.md §4.1, §6.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Meter {
    /// Musical beats per bar (`B`).
    pub beats_per_bar: f64,
    /// Live beats per musical beat (`k = 4 / d`; 1 without a time signature).
    pub scale: f64,
    /// Musical beats per Live beat (`d / 4`; 1 without a time signature).
    pub inverse_scale: f64,
    /// Whether a time signature was given (bars:beats durations need one).
    pub explicit: bool,
}

impl Default for Meter {
    /// The meter without a time signature: 4 beats per bar, one Live beat each.
    fn default() -> Self {
        Meter {
            beats_per_bar: 4.0,
            scale: 1.0,
            inverse_scale: 1.0,
            explicit: false,
        }
    }
}

impl Meter {
    /// The time-signature denominator `D` (4 without a time signature): a note value
    /// `w` is `w × D` musical beats.
    pub(crate) fn beat_unit(&self) -> f64 {
        4.0 * self.inverse_scale
    }

    /// The meter for optional numerator/denominator; one without the other is 5.4's error.
    pub(crate) fn new(
        numerator: Option<u32>,
        denominator: Option<u32>,
    ) -> Result<Self, NotationError> {
        match (numerator, denominator) {
            (None, None) => Ok(Meter::default()),
            (Some(n), Some(d)) => Ok(Meter {
                beats_per_bar: f64::from(n),
                scale: 4.0 / f64::from(d),
                inverse_scale: f64::from(d) / 4.0,
                explicit: true,
            }),
            _ => Err(NotationError::incomplete_time_signature()),
        }
    }
}
