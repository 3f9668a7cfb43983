//! The parsed form of bar|beat text: one [`Element`] per whitespace-separated token.
//!
//! Numbers are kept as `f64` exactly as the reference evaluates them (integers in the
//! text are not length-limited), and every value check of docs/design/notation.md §3.3
//! has already passed when an element exists. Spans are in UTF-16 code units, like error
//! positions, so JavaScript hosts can slice the source text with them directly.

use serde::Serialize;

/// A half-open range `[start, end)` of the source text in UTF-16 code units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Span {
    /// First code unit of the element.
    pub start: usize,
    /// One past the last code unit of the element.
    pub end: usize,
}

/// The whole parse result: elements in source order with their spans.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Ast {
    /// Elements in the order they appear in the text.
    pub elements: Vec<SpannedElement>,
}

/// One element and where it is in the source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpannedElement {
    /// What the element means.
    #[serde(flatten)]
    pub element: Element,
    /// Where it is (UTF-16 code units).
    pub span: Span,
}

/// One element of the core grammar (docs/design/notation.md §3.2).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Element {
    /// `@clear`: forget every bar recorded for copying.
    Clear,
    /// `@D=S`, `@D=`, `@D1-D2=S1-S2`, …: copy recorded bars.
    BarCopy {
        /// Destination bar or bar range.
        destination: BarSpec,
        /// Source bar or bar range; `None` means "the bar before the destination".
        source: Option<BarSpec>,
    },
    /// `bar|beat,beat…`: emits the buffered pitches at each beat spec.
    TimePoints {
        /// The bar number as written.
        bar: f64,
        /// One time item per comma-separated beat spec.
        beats: Vec<BeatSpec>,
    },
    /// `p0.8`: the probability of pitches read afterwards.
    Probability {
        /// A value in 0..=1.
        value: f64,
    },
    /// `v100`: a fixed velocity.
    Velocity {
        /// A value in 0..=127.
        value: f64,
    },
    /// `v80-120`: a velocity range (ends as written, not reordered).
    VelocityRange {
        /// First end as written.
        from: f64,
        /// Second end as written.
        to: f64,
    },
    /// `t2`, `t/4`, `t2+1/2`: a duration in musical beats.
    Duration {
        /// Musical beats.
        beats: f64,
    },
    /// `t1:2`: a duration of whole bars plus beats (needs a time signature).
    DurationBars {
        /// Whole bars.
        bars: f64,
        /// Additional musical beats.
        beats: f64,
    },
    /// `C3`, `F#2`, `Bb-1`: a pitch added to the current group.
    Pitch {
        /// MIDI note number 0..=127.
        pitch: u8,
    },
}

/// A bar number or an inclusive bar range in a copy operation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum BarSpec {
    /// A single bar.
    Single {
        /// The bar number (≥ 1).
        bar: f64,
    },
    /// `first-last` as written (may be reversed; the interpreter warns).
    Range {
        /// First bar as written.
        first: f64,
        /// Last bar as written.
        last: f64,
    },
}

/// One comma-separated item of a time position.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum BeatSpec {
    /// A single beat (≥ 1), e.g. `2.5`, `4/3`, `2+1/3`.
    Beat {
        /// The beat number.
        beat: f64,
    },
    /// `beat x count @step`: `count` positions `step` musical beats apart.
    Repeat {
        /// The first beat.
        start: f64,
        /// How many positions (≥ 1).
        count: f64,
        /// The distance in musical beats; `None` means "the current duration".
        step: Option<f64>,
    },
}
