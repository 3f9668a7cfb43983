//! The bar|beat 2 elements (docs/notation.md, "bar|beat 2"): grammar pairs of the
//! dialect-2 rules turned into items, with their value checks, as a second `impl`
//! block on the scanner. Core rules met in dialect 2 go through the core conversion
//! unchanged, which is what keeps every core text meaning the same.

use super::ast::BeatSpec;
use super::error::{NotationError, EXPECTED_ELEMENT};
use super::extras::{BeatExtra, BracketItem};
use super::grammar::Pair;
use super::grammar::Rule;
use super::item::Item;
use super::numbers::{self, render};
use super::parser::Scanner;
use super::position::syntax_error;

/// The bracket kinds of the kind check, as its message names them.
fn kind_name(item: &BracketItem) -> &'static str {
    match item {
        BracketItem::Chord { .. } => "note",
        BracketItem::Velocity(..) => "velocity",
        BracketItem::Duration(_) => "duration",
        BracketItem::Probability(_) => "probability",
    }
}

impl<'t> Scanner<'t> {
    /// Converts one dialect-2 element pair, running its value checks.
    pub(super) fn convert2(&mut self, pair: Pair<'t>, base: usize) -> Result<Item, NotationError> {
        match pair.as_rule() {
            Rule::pitch2 => Ok(Item::Pitch(self.pitch2(pair, base)?)),
            Rule::time_points2 => self.time_points2(pair, base),
            Rule::note_value => Ok(Item::Duration(self.note_value(pair))),
            Rule::bar_value => {
                let text = pair.as_str();
                let beats = self.bar_value(pair);
                Ok(self.non_negative(text, beats))
            }
            Rule::chord => {
                self.ext.pitches.clear();
                self.chord(pair, base)?;
                Ok(Item::Chord)
            }
            Rule::bracket => self.bracket(pair, base),
            _ => self.convert(pair, base),
        }
    }

    /// A duration token's item: the value, or the deferred error when negative.
    fn non_negative(&mut self, text: &str, beats: f64) -> Item {
        if beats < 0.0 {
            self.ext.deferred = format!(
                "Duration {text} is negative in this time signature ({} beats)",
                render(beats)
            );
            return Item::Deferred;
        }
        Item::Duration(beats)
    }

    /// A pitch in any spelling; outside 0–127 is the core error with the name
    /// normalised (upper-case letter, `#` or `b`).
    fn pitch2(&self, pair: Pair<'t>, base: usize) -> Result<u8, NotationError> {
        let start = base + pair.as_span().start();
        let (mut letter, mut shift, mut octave) = ('C', 0.0, 0.0);
        for part in pair.into_inner() {
            let text = part.as_str();
            match part.as_rule() {
                Rule::letter2 => letter = text.chars().next().unwrap_or('C').to_ascii_uppercase(),
                Rule::accidental2 => {
                    shift = if matches!(text, "#" | "♯") {
                        1.0
                    } else {
                        -1.0
                    }
                }
                _ => {
                    octave = match text.strip_prefix('-') {
                        Some(digits) => -numbers::uint(digits),
                        None => numbers::uint(text),
                    }
                }
            }
        }
        let natural = match letter {
            'C' => 0.0,
            'D' => 2.0,
            'E' => 4.0,
            'F' => 5.0,
            'G' => 7.0,
            'A' => 9.0,
            _ => 11.0,
        };
        let midi = (octave + 2.0) * 12.0 + natural + shift;
        if !(0.0..=127.0).contains(&midi) {
            let accidental = match shift {
                s if s > 0.0 => "#",
                s if s < 0.0 => "b",
                _ => "",
            };
            return Err(self.value_error(
                start,
                format!(
                    "MIDI pitch {} ({letter}{accidental}{}) outside valid range 0-127",
                    render(midi),
                    render(octave)
                ),
            ));
        }
        Ok(midi as u8)
    }

    /// `w` of an `nv_body` (a fraction of a whole note): numerator ÷ denominator,
    /// then the dotted or triplet factor.
    pub(super) fn whole(&self, body: Pair<'t>) -> f64 {
        let (mut num, mut den, mut suffix) = (1.0, 1.0, "");
        for part in body.into_inner() {
            match part.as_rule() {
                Rule::nv_num => num = numbers::decimal(part.as_str()),
                Rule::nv_den => den = numbers::uint(part.as_str()),
                _ => suffix = part.as_str(),
            }
        }
        let v = num / den;
        match suffix {
            "d" => (v * 3.0) / 2.0,
            "t" => (v * 2.0) / 3.0,
            _ => v,
        }
    }

    /// A note value (`n/4`, `n3/8d`, `n2bar`) in musical beats.
    pub(super) fn note_value(&self, pair: Pair<'t>) -> f64 {
        let Some(inner) = pair.into_inner().next() else {
            return 0.0;
        };
        match inner.as_rule() {
            Rule::bar_count => numbers::uint(inner.as_str()) * self.meter.beats_per_bar,
            _ => self.whole(inner) * self.meter.beat_unit(),
        }
    }

    /// A bar value (`2bar`, `1bar+n/4`, `1bar-n/16`) in musical beats; may be
    /// negative (the caller decides what that means).
    pub(super) fn bar_value(&self, pair: Pair<'t>) -> f64 {
        let mut parts = pair.into_inner();
        let count = parts.next().map_or(0.0, |p| numbers::uint(p.as_str()));
        let bars = count * self.meter.beats_per_bar;
        match (parts.next(), parts.next()) {
            (Some(sign), Some(body)) => {
                let offset = self.whole(body) * self.meter.beat_unit();
                if sign.as_str() == "-" {
                    bars - offset
                } else {
                    bars + offset
                }
            }
            _ => bars,
        }
    }

    /// Appends a chord's pitches to [`Extended::pitches`].
    fn chord(&mut self, pair: Pair<'t>, base: usize) -> Result<(), NotationError> {
        for pitch in pair.into_inner() {
            let midi = self.pitch2(pitch, base)?;
            self.ext.pitches.push(midi);
        }
        Ok(())
    }

    /// A pattern bracket: each item checked in order, then the kind check.
    fn bracket(&mut self, pair: Pair<'t>, base: usize) -> Result<Item, NotationError> {
        self.ext.pitches.clear();
        self.ext.bracket.clear();
        let mut deferred: Option<String> = None;
        let mut starts = Vec::new();
        for part in pair.into_inner() {
            let start = base + part.as_span().start();
            let text = part.as_str();
            starts.push((start, text));
            let item = match part.as_rule() {
                Rule::chord | Rule::pitch2 => {
                    let first = self.ext.pitches.len() as u32;
                    if part.as_rule() == Rule::chord {
                        self.chord(part, base)?;
                    } else {
                        let midi = self.pitch2(part, base)?;
                        self.ext.pitches.push(midi);
                    }
                    let len = self.ext.pitches.len() as u32 - first;
                    BracketItem::Chord { first, len }
                }
                Rule::note_value => BracketItem::Duration(self.note_value(part)),
                Rule::bar_value => {
                    let beats = self.bar_value(part);
                    if let Item::Deferred = self.non_negative(text, beats) {
                        deferred.get_or_insert_with(|| self.ext.deferred.clone());
                    }
                    BracketItem::Duration(beats)
                }
                _ => match self.convert(part, base)? {
                    Item::Velocity(v) => BracketItem::Velocity(v, 0.0),
                    Item::VelocityRange(a, b) => BracketItem::Velocity(a.min(b), (a - b).abs()),
                    Item::Probability(p) => BracketItem::Probability(p),
                    Item::DurationBars(bars, beats) => {
                        if !self.meter.explicit {
                            deferred.get_or_insert_with(|| {
                                format!(
                                    "Time signature numerator required for bar:beat duration format: \"{}:{}\"",
                                    render(bars),
                                    render(beats)
                                )
                            });
                        }
                        BracketItem::Duration(bars * self.meter.beats_per_bar + beats)
                    }
                    Item::Duration(beats) => BracketItem::Duration(beats),
                    _ => BracketItem::Duration(0.0),
                },
            };
            self.ext.bracket.push(item);
        }
        let kind0 = self.ext.bracket.first().map_or("note", kind_name);
        for (item, (start, text)) in self.ext.bracket.iter().zip(&starts) {
            let kind = kind_name(item);
            if kind != kind0 {
                let tail = format!(
                    "one [ ] pattern cannot mix kinds: it starts with a {kind0}, but \"{text}\" is a {kind}"
                );
                return Err(self.hinted(*start, &tail));
            }
        }
        match deferred {
            Some(message) => {
                self.ext.deferred = message;
                Ok(Item::Deferred)
            }
            None => Ok(Item::Bracket),
        }
    }

    /// A time position with list items, restated bars and offsets.
    fn time_points2(&mut self, pair: Pair<'t>, base: usize) -> Result<Item, NotationError> {
        let text = pair.as_str();
        let pipe = base + text.find('|').unwrap_or(0);
        let mut parts = pair.into_inner();
        let bar = numbers::uint(parts.next().map_or("", |p| p.as_str()));
        self.beats.clear();
        self.ext.extras.clear();
        for part in parts {
            match part.as_rule() {
                Rule::restated => {
                    let mut inner = part.into_inner();
                    let restated = inner.next().map(|p| numbers::uint(p.as_str()));
                    if let Some(spec) = inner.next() {
                        self.beat_spec2(spec, base, pipe, restated)?;
                    }
                }
                Rule::beat_spec2 => self.beat_spec2(part, base, pipe, None)?,
                _ => {} // the trailing comma
            }
        }
        Ok(Item::TimePoints { bar })
    }

    /// One beat spec of a dialect-2 position; `restated` is a bar written with it.
    fn beat_spec2(
        &mut self,
        spec: Pair<'t>,
        base: usize,
        pipe: usize,
        restated: Option<f64>,
    ) -> Result<(), NotationError> {
        let span = spec.as_span();
        let (start, end) = (base + span.start(), base + span.end());
        let mut parts = spec.into_inner();
        let beat = match parts.next() {
            Some(b) if b.as_rule() == Rule::beat_core => self.beat_value(b.as_str(), start)?,
            Some(b) if b.as_rule() == Rule::beat_offset => {
                let mut inner = b.into_inner();
                let plain = inner.next().map_or(1.0, |p| numbers::decimal(p.as_str()));
                let minus = inner.next().is_some_and(|s| s.as_str() == "-");
                let offset = inner
                    .next()
                    .map_or(0.0, |body| self.whole(body) * self.meter.beat_unit());
                if minus {
                    plain - offset
                } else {
                    plain + offset
                }
            }
            Some(b) => numbers::decimal(b.as_str()),
            None => 1.0,
        };
        let beat_spec = match parts.next() {
            None => BeatSpec::Beat { beat },
            Some(count) => {
                let count = numbers::uint(count.as_str());
                let step = match parts.next() {
                    None => None,
                    Some(step) => {
                        let step_start = base + step.as_span().start();
                        let (value, checked) = match step.as_rule() {
                            Rule::note_value => (self.note_value(step), true),
                            // Bar-value steps depend on the meter's sign: checked when
                            // interpreted.
                            Rule::bar_value => (self.bar_value(step), false),
                            _ => (numbers::number(step.as_str()), true),
                        };
                        if checked && value == 0.0 {
                            return Err(self.value_error(
                                step_start,
                                "Repeat step size must be greater than 0".into(),
                            ));
                        }
                        Some(value)
                    }
                };
                BeatSpec::Repeat {
                    start: beat,
                    count,
                    step,
                }
            }
        };
        self.beats.push(beat_spec);
        self.ext.extras.push(BeatExtra {
            bar: restated,
            text: ((start - pipe) as u32, (end - pipe) as u32),
        });
        Ok(())
    }

    /// A syntax error at byte `at` whose text after the prefix is `tail`.
    pub(super) fn hinted(&self, at: usize, tail: &str) -> NotationError {
        let mut error = syntax_error(self.text_of(), at, EXPECTED_ELEMENT);
        let cut = error
            .message
            .find(": Expected")
            .unwrap_or(error.message.len());
        error.message.truncate(cut + 2);
        error.message.push_str(tail);
        error
    }
}
