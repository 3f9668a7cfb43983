//! The core (1.4.6) elements: grammar pairs of the core rules turned into items, with
//! their value checks (docs/design/notation.md §3.3), as an `impl` block on the scanner
//! beside the one of `extended.rs`. Each element is one function, so a check reads next
//! to the value it bounds.

use super::ast::BeatSpec;
use super::error::{NotationError, EXPECTED_ELEMENT};
use super::grammar::Rule;
use super::grammar::{Pair, Pairs};
use super::item::Item;
use super::lexical::{bar_spec, midi_pitch, octave};
use super::numbers::{self, render};
use super::parser::Scanner;
use super::position::syntax_error;

impl<'t> Scanner<'t> {
    /// Converts one element pair to an [`Item`], running its value checks (3.3).
    pub(super) fn convert(&mut self, pair: Pair<'t>, base: usize) -> Result<Item, NotationError> {
        let start = base + pair.as_span().start();
        let rule = pair.as_rule();
        let inner = pair.into_inner();
        match rule {
            Rule::pitch => self.pitch(inner, start),
            Rule::time_points => self.time_points(inner, base),
            Rule::velocity => self.velocity(inner, start),
            Rule::duration => Ok(duration(inner)),
            Rule::probability => self.probability(inner, start),
            Rule::bar_copy => Ok(bar_copy(inner)),
            // The entry rules only ever contain the element rules above.
            _ => Err(syntax_error(self.text_of(), start, EXPECTED_ELEMENT)),
        }
    }

    /// A pitch class and octave as a MIDI pitch, which must be 0–127.
    fn pitch(&self, mut inner: Pairs<'t>, start: usize) -> Result<Item, NotationError> {
        let class_text = inner.next().map_or("", |p| p.as_str());
        let octave = octave(inner.next().map_or("0", |p| p.as_str()));
        let midi = midi_pitch(class_text, octave);
        if !(0.0..=127.0).contains(&midi) {
            return Err(self.value_error(
                start,
                format!(
                    "MIDI pitch {} ({class_text}{}) outside valid range 0-127",
                    render(midi),
                    render(octave)
                ),
            ));
        }
        Ok(Item::Pitch(midi as u8))
    }

    /// A time position: its bar, with its beat specs left in `self.beats`.
    fn time_points(&mut self, mut inner: Pairs<'t>, base: usize) -> Result<Item, NotationError> {
        let bar = numbers::uint(inner.next().map_or("", |p| p.as_str()));
        self.beats.clear();
        for spec in inner {
            let beat_spec = self.beat_spec(spec, base)?;
            self.beats.push(beat_spec);
        }
        Ok(Item::TimePoints { bar })
    }

    /// One beat of a time position, or a repeat from it (`1x4@0.5`).
    fn beat_spec(&self, spec: Pair<'t>, base: usize) -> Result<BeatSpec, NotationError> {
        let spec_start = base + spec.as_span().start();
        let mut parts = spec.into_inner();
        let beat_text = parts.next().map_or("1", |p| p.as_str());
        let beat = self.beat_value(beat_text, spec_start)?;
        let Some(count) = parts.next() else {
            return Ok(BeatSpec::Beat { beat });
        };
        let count = numbers::uint(count.as_str());
        let step = match parts.next() {
            None => None,
            Some(step) => {
                let value = numbers::number(step.as_str());
                if value == 0.0 {
                    return Err(self.value_error(
                        base + step.as_span().start(),
                        "Repeat step size must be greater than 0".into(),
                    ));
                }
                Some(value)
            }
        };
        Ok(BeatSpec::Repeat {
            start: beat,
            count,
            step,
        })
    }

    /// A velocity or a velocity range, each bound at most 127.
    fn velocity(&self, mut inner: Pairs<'t>, start: usize) -> Result<Item, NotationError> {
        let first = numbers::uint(inner.next().map_or("", |p| p.as_str()));
        let Some(second) = inner.next() else {
            if first > 127.0 {
                return Err(self.value_error(
                    start,
                    format!("MIDI velocity {} outside valid range 0-127", render(first)),
                ));
            }
            return Ok(Item::Velocity(first));
        };
        let second = numbers::uint(second.as_str());
        if first > 127.0 || second > 127.0 {
            return Err(self.value_error(
                start,
                format!(
                    "Invalid velocity range {}-{}",
                    render(first),
                    render(second)
                ),
            ));
        }
        Ok(Item::VelocityRange(first, second))
    }

    /// A note probability, at most 1.
    fn probability(&self, mut inner: Pairs<'t>, start: usize) -> Result<Item, NotationError> {
        let p = numbers::decimal(inner.next().map_or("", |p| p.as_str()));
        if p > 1.0 {
            return Err(self.value_error(
                start,
                format!("Note probability {} outside valid range 0.0-1.0", render(p)),
            ));
        }
        Ok(Item::Probability(p))
    }
}

/// A duration in beats, or in bars and beats (no value checks).
fn duration(mut inner: Pairs<'_>) -> Item {
    let first = inner.next();
    match (first, inner.next()) {
        (Some(bars), Some(beats)) => Item::DurationBars(
            numbers::uint(bars.as_str()),
            numbers::number(beats.as_str()),
        ),
        (Some(beats), None) => Item::Duration(numbers::number(beats.as_str())),
        _ => Item::Duration(1.0),
    }
}

/// A bar copy (`@D=S`, `@D=`) or `@clear`.
fn bar_copy(mut inner: Pairs<'_>) -> Item {
    match inner.next() {
        Some(first) if first.as_rule() == Rule::bar_spec => Item::BarCopy {
            destination: bar_spec(first.as_str()),
            source: inner.next().map(|p| bar_spec(p.as_str())),
        },
        _ => Item::Clear,
    }
}
