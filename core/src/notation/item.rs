//! The scanner's unit: one validated element, small and `Copy`; what does not fit
//! (beat specs, bracket items) stays in the scanner's reusable buffers.

use super::ast::BarSpec;

/// One validated element, with a time position's beat specs kept in the scanner's
/// reusable buffer ([`Scanner::beats`]) so scanning allocates nothing per element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Item {
    Clear,
    BarCopy {
        destination: BarSpec,
        source: Option<BarSpec>,
    },
    TimePoints {
        bar: f64,
    },
    Probability(f64),
    Velocity(f64),
    VelocityRange(f64, f64),
    Duration(f64),
    DurationBars(f64, f64),
    Pitch(u8),
    /// bar|beat 2: a chord; its pitches are [`Extended::pitches`].
    Chord,
    /// bar|beat 2: a pattern bracket; its items are [`Extended::bracket`].
    Bracket,
    /// bar|beat 2: an element whose interpretation error (a negative bar value, a
    /// bars:beats duration without time signature in a bracket) the scanner already
    /// knows; raised when interpreted, so earlier warnings come with it.
    Deferred,
}
