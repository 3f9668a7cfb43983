//! bar|beat notation: text ⇄ Live notes (docs/design/notation.md).
//!
//! * [`parse`] — text → [`Ast`] (syntax and value checks only);
//! * [`interpret`] — text → [`Interpretation`] (notes and warnings);
//! * [`format`] — notes → text that interprets back to the same notes.
//!
//! All three are pure and never panic; every rejection is a [`NotationError`] whose
//! message is the exact text the golden examples pin.

#![warn(missing_docs)]

mod ast;
mod copy;
mod deletion;
mod dialect;
mod elements;
mod error;
mod extended;
mod extras;
mod formatter;
mod grammar;
mod hint_scan;
mod hints;
mod interpreter;
mod item;
mod lexical;
mod memo;
mod note;
mod numbers;
mod parser;
mod patterns;
mod pitch_value;
mod position;
mod time_value;
mod timing;
mod warnings;

pub use ast::{Ast, BarSpec, BeatSpec, Element, Span, SpannedElement};
pub use copy::MAX_COPY_BARS;
pub use dialect::Dialect;
pub use error::{ErrorKind, NotationError, SourcePosition, EXPECTED_ELEMENT, EXPECTED_SEPARATOR};
pub use formatter::{format, pitch_name};
pub use interpreter::{Interpretation, MergeInterpretation, MAX_NOTES};
pub use note::{FormatNote, FormatOptions, InterpretOptions, Note};
pub use parser::ScanMode;
pub use pitch_value::pitch_value;
pub use time_value::{length_value, position_value};
pub use warnings::MAX_WARNINGS;
// Shared with `transforms`, which prints numbers, positions and syntax errors' tails and
// reads comments by the same rules.
pub(crate) use {
    numbers::render,
    parser::{comment_end, UnclosedComment},
    position::{found_text, source_position},
};

use interpreter::{Interpreter, Scanned};
use note::Meter;
use parser::{Item, Scanner};
use position::Utf16Cursor;

/// A number as bar|beat text writes it (`3`, `2.5`, `4/3`, `/4`, `2+1/3`): the whole
/// `text` must be one number of the grammar. Tools parse their time values with it.
pub fn parse_number(text: &str) -> Option<f64> {
    parser::whole_number(text)
}

/// Parses `text` into elements, running the value checks of docs/design/notation.md §3.3.
pub fn parse(text: &str) -> Result<Ast, NotationError> {
    let mut scanner = Scanner::new(text, ScanMode::Memoized);
    let mut cursor = Utf16Cursor::new(text);
    let mut elements = Vec::new();
    while let Some((item, range)) = scanner.next_item()? {
        let span = Span {
            start: cursor.advance_to(range.start),
            end: cursor.advance_to(range.end),
        };
        // `parse` reads the core dialect, whose items all have an element.
        if let Some(element) = element_of(item, scanner.beats()) {
            elements.push(SpannedElement { element, span });
        }
    }
    Ok(Ast { elements })
}

fn element_of(item: Item, beats: &[BeatSpec]) -> Option<Element> {
    Some(match item {
        Item::Clear => Element::Clear,
        Item::BarCopy {
            destination,
            source,
        } => Element::BarCopy {
            destination,
            source,
        },
        Item::TimePoints { bar } => Element::TimePoints {
            bar,
            beats: beats.to_vec(),
        },
        Item::Probability(value) => Element::Probability { value },
        Item::Velocity(value) => Element::Velocity { value },
        Item::VelocityRange(from, to) => Element::VelocityRange { from, to },
        Item::Duration(beats) => Element::Duration { beats },
        Item::DurationBars(bars, beats) => Element::DurationBars { bars, beats },
        Item::Pitch(pitch) => Element::Pitch { pitch },
        Item::Chord | Item::Bracket | Item::Deferred => return None,
    })
}

/// Runs the syntax and value checks of `text` in `dialect` without interpreting it:
/// the first error `interpret` would report before interpretation starts. Tools
/// use it to refuse bad notes before changing anything.
pub fn check(text: &str, dialect: Dialect) -> Result<(), NotationError> {
    let mut scanner = Scanner::with_dialect(text, ScanMode::Memoized, dialect, Meter::default());
    while scanner.next_item()?.is_some() {}
    Ok(())
}

/// Interprets `text` into notes and warnings (docs/design/notation.md §4, errors §5).
///
/// An interpretation error (docs/design/notation.md §5.4) carries the warnings produced
/// before it in [`NotationError::warnings`].
pub fn interpret(text: &str, options: &InterpretOptions) -> Result<Interpretation, NotationError> {
    interpret_scanned(text, options, ScanMode::Memoized)
}

/// Interprets `text` for a merge into a clip that already holds `existing` notes
/// (docs/design/tool-rules.md §13 step 3, docs/design/tool-contract.md §3.9). The text
/// starts from the default state; only the bar-copy memory is seeded, with each existing
/// note filed under the bar containing its start (so `@2=1` can copy an existing bar 1).
/// The result holds the new notes only and the indices of existing notes a `v0` note of
/// the text deleted.
pub fn interpret_merge(
    text: &str,
    options: &InterpretOptions,
    existing: &[Note],
) -> Result<MergeInterpretation, NotationError> {
    drive(text, options, ScanMode::Memoized, existing)
}

/// [`interpret`] with an explicit scan strategy; both strategies give identical
/// results, and benchmarks compare their speed.
pub fn interpret_scanned(
    text: &str,
    options: &InterpretOptions,
    mode: ScanMode,
) -> Result<Interpretation, NotationError> {
    drive(text, options, mode, &[]).map(|m| Interpretation {
        notes: m.notes,
        warnings: m.warnings,
    })
}

/// The one interpretation loop behind [`interpret_scanned`] and [`interpret_merge`];
/// `existing` seeds the bar-copy memory (empty for a plain interpretation).
fn drive(
    text: &str,
    options: &InterpretOptions,
    mode: ScanMode,
    existing: &[Note],
) -> Result<MergeInterpretation, NotationError> {
    if text.is_empty() {
        return Ok(MergeInterpretation::default());
    }
    let meter = Meter::new(options.numerator, options.denominator)?;
    let mut scanner = Scanner::with_dialect(text, mode, options.dialect, meter);
    // Typical notation yields one note per 3–8 bytes; sizing the note vectors for
    // that up front saves the reallocations (and the fresh pages they touch) of
    // growing them, which otherwise make long clips cost more than linearly.
    let expected = (text.len() / 3)
        .min(MAX_NOTES)
        .saturating_add(existing.len());
    let mut interpreter = Interpreter::new(meter, expected);
    interpreter.seed(existing);
    // Interpretation errors only count once the whole text parsed
    // (docs/design/notation.md §5.1), so after one the scan continues without
    // interpreting.
    let mut failure: Option<NotationError> = None;
    while let Some((item, range)) = scanner.next_item()? {
        if failure.is_none() {
            let scanned = Scanned {
                beats: scanner.beats(),
                extras: scanner.extras(),
                ext: &scanner.ext,
                text: &text[range.clone()],
            };
            if let Err(mut error) = interpreter.apply(item, &scanned) {
                error.warnings = interpreter.take_warnings();
                if error.kind == ErrorKind::Limit {
                    // Point at the element that crossed the limit.
                    error.position = Some(position::source_position(text, range.start));
                }
                failure = Some(error);
            }
        }
    }
    match failure {
        Some(error) => Err(error),
        None => Ok(interpreter.finish()),
    }
}
