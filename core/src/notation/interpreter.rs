//! The interpreter state machine of docs/design/notation.md §4.2–§4.6 and §4.8: pitches
//! are buffered, state tokens are sticky, time items emit the buffer.
//!
//! Bar copy lives in `copy.rs` (a second `impl` block on the same state); the v0
//! deletion pass at the end of input in `deletion.rs`.

use super::ast::BeatSpec;
use super::copy::CopyMap;
use super::deletion;
use super::error::{ErrorKind, NotationError};
use super::extras::{BeatExtra, Extended};
use super::item::Item;
use super::note::{Meter, Note};
use super::numbers::render;
use super::patterns::{Patterns, StreamKind};
use super::warnings::{self as w, WarningList};

/// Most notes one interpretation may emit (copies included).
///
/// Sized to what one tool call can put into a Live clip well inside the request deadline
/// (docs/design/tool-contract.md §1.15): notes reach Live in `add_new_notes` batches of
/// 1,000 (docs/design/tool-contract.md §1.14), so this is 50 batches, and it covers 1,000
/// bars of sixteenth-note hi-hats with kick and snare (about 24,000 notes) twice over.
/// The reference has no limit at all and exhausts memory on `C3 1|1x999999999999`.
pub const MAX_NOTES: usize = 50_000;

/// Result of a successful interpretation.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Interpretation {
    /// Notes in emission order after the v0 deletion pass
    /// (docs/design/notation.md §4.8, §4.9).
    pub notes: Vec<Note>,
    /// Warnings in the order they were produced (docs/design/notation.md §4.10).
    pub warnings: Vec<String>,
}

/// Result of [`super::interpret_merge`]: the new notes only, plus which seeded
/// existing notes a `v0` deletion in the new text removed.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct MergeInterpretation {
    /// New notes (copies of seeded bars included) after the v0 deletion pass.
    pub notes: Vec<Note>,
    /// Warnings in the order they were produced.
    pub warnings: Vec<String>,
    /// Indices into the seeded list of the existing notes a `v0` note deleted.
    pub deleted_existing: Vec<usize>,
}

/// A pitch waiting for a time position, with the state captured when it was read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Buffered {
    pub(super) pitch: u8,
    pub(super) velocity: f64,
    pub(super) deviation: f64,
    /// Musical beats.
    pub(super) duration: f64,
    pub(super) probability: f64,
}

/// One scanned element as the interpreter needs it: the item's side buffers and
/// its source text.
pub(crate) struct Scanned<'a> {
    /// Beat specs of a time position.
    pub(crate) beats: &'a [BeatSpec],
    /// Their bar|beat 2 extras (empty in the core dialect).
    pub(crate) extras: &'a [BeatExtra],
    /// Chords, brackets and deferred errors of bar|beat 2.
    pub(crate) ext: &'a Extended,
    /// The element as written.
    pub(crate) text: &'a str,
}

/// A new value of one of the sticky settings.
#[derive(Clone, Copy, Debug)]
enum Change {
    Velocity(f64),
    Range(f64, f64),
    Duration(f64),
    Probability(f64),
}

/// All interpreter state of docs/design/notation.md §4.2.
pub(crate) struct Interpreter {
    pub(super) meter: Meter,
    velocity: f64,
    range: Option<(f64, f64)>,
    pub(super) duration: f64,
    probability: f64,
    pub(super) buffer: Vec<Buffered>,
    pub(super) open: bool,
    pub(super) emitted: bool,
    pub(super) late_change: bool,
    pub(super) idle_change: bool,
    pub(super) copies: CopyMap,
    pub(super) events: Vec<Note>,
    pub(super) warnings: WarningList,
    /// Destination bars visited by bar copies so far (bounded by `MAX_COPY_BARS`).
    pub(super) copy_bars: f64,
    pub(super) has_zero_velocity: bool,
    /// Voices and value streams of bar|beat 2 pattern brackets.
    pub(super) patterns: Patterns,
    /// How many leading `events` are seeded existing notes (merge, docs/design/tool-rules.md §13):
    /// they feed bar copies and v0 deletions but are not part of the output.
    seeded: usize,
}

impl Interpreter {
    /// A fresh interpreter for `meter`, sized for about `expected_notes` notes.
    pub(crate) fn new(meter: Meter, expected_notes: usize) -> Self {
        Interpreter {
            meter,
            velocity: 100.0,
            range: None,
            duration: 1.0,
            probability: 1.0,
            buffer: Vec::new(),
            open: false,
            emitted: false,
            late_change: false,
            idle_change: false,
            copies: CopyMap::new(meter.beats_per_bar * meter.scale, expected_notes),
            events: Vec::with_capacity(expected_notes),
            warnings: WarningList::default(),
            copy_bars: 0.0,
            has_zero_velocity: false,
            patterns: Patterns::default(),
            seeded: 0,
        }
    }

    /// The merge seeding hook of docs/design/tool-rules.md §13: before the first element,
    /// files each existing note into the bar-copy memory under the bar containing its
    /// start, as if the text had written it there. No other state changes;
    /// [`Self::finish`] leaves these notes out of the output.
    pub(crate) fn seed(&mut self, existing: &[Note]) {
        for note in existing {
            let i = self.events.len();
            self.events.push(*note);
            self.copies.record(note.start_time, i, i + 1);
        }
        self.seeded = self.events.len();
    }

    /// Processes one element (4.3).
    pub(crate) fn apply(&mut self, item: Item, scanned: &Scanned) -> Result<(), NotationError> {
        match item {
            Item::Pitch(pitch) => self.pitch(pitch),
            Item::Velocity(v) => self.state(Change::Velocity(v)),
            Item::VelocityRange(a, b) => self.state(Change::Range(a.min(b), a.max(b))),
            Item::Duration(beats) => self.state(Change::Duration(beats)),
            Item::DurationBars(bars, beats) => {
                if !self.meter.explicit {
                    return Err(NotationError::new(
                        ErrorKind::Interpretation,
                        format!(
                            "Time signature numerator required for bar:beat duration format: \"{}:{}\"",
                            render(bars),
                            render(beats)
                        ),
                    ));
                }
                self.state(Change::Duration(bars * self.meter.beats_per_bar + beats));
            }
            Item::Probability(p) => self.state(Change::Probability(p)),
            Item::TimePoints { bar } => self.time_points(bar, scanned)?,
            Item::Chord => {
                for &pitch in &scanned.ext.pitches {
                    self.pitch(pitch);
                }
            }
            Item::Bracket => self.bracket(scanned.ext),
            Item::Deferred => {
                return Err(NotationError::new(
                    ErrorKind::Interpretation,
                    scanned.ext.deferred.clone(),
                ))
            }
            Item::BarCopy {
                destination,
                source,
            } => self.bar_copy(destination, source)?,
            Item::Clear => self.clear(),
        }
        Ok(())
    }

    fn pitch(&mut self, pitch: u8) {
        if !self.open {
            self.start_group();
        }
        let note = self.captured(pitch);
        self.buffer.push(note);
        self.late_change = false;
    }

    /// A new pitch group (4.3 step 1): the previous buffer and voices are gone.
    pub(super) fn start_group(&mut self) {
        self.buffer.clear();
        self.patterns.clear_voices();
        self.open = true;
        self.emitted = false;
        self.idle_change = false;
    }

    /// `pitch` with the current state captured.
    pub(super) fn captured(&self, pitch: u8) -> Buffered {
        let (velocity, deviation) = match self.range {
            Some((lo, hi)) => (lo, hi - lo),
            None => (self.velocity, 0.0),
        };
        Buffered {
            pitch,
            velocity,
            deviation,
            duration: self.duration,
            probability: self.probability,
        }
    }

    /// Pitches waiting to be emitted: the buffer and every voice's chords.
    pub(super) fn pending(&self) -> usize {
        self.buffer.len() + self.patterns.voice_pitches
    }

    fn state(&mut self, change: Change) {
        self.patterns.discard(match change {
            Change::Velocity(_) | Change::Range(..) => StreamKind::Velocity,
            Change::Duration(_) => StreamKind::Duration,
            Change::Probability(_) => StreamKind::Probability,
        });
        match change {
            Change::Velocity(v) => {
                self.velocity = v;
                self.range = None;
            }
            Change::Range(lo, hi) => self.range = Some((lo, hi)),
            Change::Duration(d) => self.duration = d,
            Change::Probability(p) => self.probability = p,
        }
        if self.pending() == 0 {
            self.idle_change = true;
        } else if self.open {
            self.late_change = true;
        } else {
            // The buffer was emitted already: the next time item re-emits it changed.
            for note in self.buffer.iter_mut().chain(self.patterns.voice_notes()) {
                match change {
                    Change::Velocity(v) => {
                        note.velocity = v;
                        note.deviation = 0.0;
                    }
                    Change::Range(lo, hi) => {
                        note.velocity = lo;
                        note.deviation = hi - lo;
                    }
                    Change::Duration(d) => note.duration = d,
                    Change::Probability(p) => note.probability = p,
                }
            }
            self.idle_change = true;
        }
    }

    pub(super) fn warn_late_change(&mut self) {
        if self.late_change {
            self.warnings.push(w::LATE_STATE_CHANGE.to_string());
        }
    }

    /// Notes the text created so far: seeded existing notes do not count against
    /// [`MAX_NOTES`] (they are the clip's, not this call's work).
    pub(super) fn created(&self) -> usize {
        self.events.len() - self.seeded
    }

    /// Fails if emitting the buffer at `positions` more positions would exceed
    /// [`MAX_NOTES`].
    pub(super) fn reserve(&mut self, positions: f64) -> Result<(), NotationError> {
        let per_position = self.buffer.len() + self.patterns.min_notes();
        let total = self.created() as f64 + positions * per_position as f64;
        if total > MAX_NOTES as f64 {
            return Err(too_many_notes());
        }
        Ok(())
    }

    /// Emits every buffered note at `abs` musical beats from 1|1 and records it (4.4).
    pub(super) fn emit(&mut self, abs: f64) {
        let k = self.meter.scale;
        let start_time = abs * k;
        let first = self.events.len();
        self.events.extend(self.buffer.iter().map(|b| Note {
            pitch: b.pitch,
            start_time,
            duration: b.duration * k,
            velocity: b.velocity as u8,
            probability: b.probability,
            velocity_deviation: b.deviation as u8,
        }));
        self.has_zero_velocity |= self.buffer.iter().any(|b| b.velocity == 0.0);
        self.copies.record(start_time, first, self.events.len());
        self.emitted = true;
    }

    /// Clears the pitch buffer after a copy or `@clear` (docs/design/notation.md §4.3);
    /// state is kept.
    pub(super) fn drop_buffer(&mut self) {
        self.buffer.clear();
        self.patterns.reset();
        self.open = false;
        self.emitted = false;
        self.late_change = false;
        self.idle_change = false;
    }

    /// The buffer check of docs/design/notation.md §4.7.1 before `op` (`bar copy` or
    /// `@clear`).
    pub(super) fn buffer_check(&mut self, op: &str) {
        if self.pending() > 0 && !self.emitted {
            self.warnings.push(w::unemitted_before(self.pending(), op));
        }
        if (self.late_change && self.open) || self.idle_change {
            self.warnings.push(w::wasted_state(op));
        }
    }

    /// `@clear` (docs/design/notation.md §4.3).
    fn clear(&mut self) {
        self.buffer_check("@clear");
        self.copies.clear();
        self.drop_buffer();
    }

    /// Warnings so far (for an interpretation error, docs/design/notation.md §5.1).
    pub(crate) fn take_warnings(&mut self) -> Vec<String> {
        self.warnings.take()
    }

    /// End of input: W4, then the v0 deletion pass (docs/design/notation.md §4.8), which
    /// runs over seeded and new notes alike; seeded notes never reach the output, and the
    /// ones a v0 note hit are reported by index.
    pub(crate) fn finish(mut self) -> MergeInterpretation {
        if self.pending() > 0 && !self.emitted {
            self.warnings.push(w::unemitted_at_end(self.pending()));
        }
        let (notes, deleted_existing) =
            deletion::output(self.events, self.seeded, self.has_zero_velocity);
        MergeInterpretation {
            notes,
            warnings: self.warnings.take(),
            deleted_existing,
        }
    }
}

/// The error for inputs beyond [`MAX_NOTES`].
pub(super) fn too_many_notes() -> NotationError {
    NotationError::new(
        ErrorKind::Limit,
        format!(
            "Too many notes: this notation would create more than {MAX_NOTES} notes \
             (the most one call may write); use smaller repeat counts or bar copy ranges, \
             or write the clip in several calls"
        ),
    )
}
