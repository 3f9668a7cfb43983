//! What a bar|beat 2 element carries beside its item: restated bars and beat texts,
//! chord pitches, pattern-bracket items, the deferred error; and why scanning stopped.
//! Plain data, so the scanner, the memo and the hints share it without importing
//! each other.

/// Why scanning stopped (the failure kinds the hints distinguish).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// No element matches here.
    Element,
    /// An element that started at the given byte ended, and neither a separator nor
    /// the end follows.
    Separator(usize),
    /// A `/*` comment is never closed.
    Unclosed,
}

/// What a bar|beat 2 list item adds to its beat spec.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct BeatExtra {
    /// A bar restated inside the list (`2|3` in `1|1,2|3`); later bare items use it.
    pub(crate) bar: Option<f64>,
    /// The beat spec as written, as a byte range counted from the element's first
    /// `|` (so a memoised position can be recalled at any bar).
    pub(crate) text: (u32, u32),
}

/// One item of a pattern bracket, converted and checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum BracketItem {
    /// A chord (a bare pitch is a chord of one): `len` pitches of
    /// [`Extended::pitches`] from `first`.
    Chord {
        /// Index of its first pitch.
        first: u32,
        /// How many pitches.
        len: u32,
    },
    /// A velocity and its deviation (a range `v40-80` is `(40, 40)`).
    Velocity(f64, f64),
    /// A duration in musical beats.
    Duration(f64),
    /// A probability.
    Probability(f64),
}

/// The parts of the last bar|beat 2 element the item alone cannot carry.
#[derive(Debug, Default)]
pub(crate) struct Extended {
    /// Per beat spec of the last time position: restated bar and text.
    pub(crate) extras: Vec<BeatExtra>,
    /// Pitches of the last chord, or of the last bracket's chords.
    pub(crate) pitches: Vec<u8>,
    /// Items of the last bracket.
    pub(crate) bracket: Vec<BracketItem>,
    /// The interpretation error of the last [`Item::Deferred`].
    pub(crate) deferred: String,
}
