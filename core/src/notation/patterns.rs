//! Pattern brackets of bar|beat 2 (docs/notation.md, "Pattern brackets"): pitch
//! brackets are voices of the current group, velocity, duration and probability
//! brackets are value streams; each emitted position takes the next value.
//!
//! In the core dialect none of this state is ever set, so the interpreter's core
//! path is untouched.

use super::error::NotationError;
use super::extras::{BracketItem, Extended};
use super::interpreter::{too_many_notes, Buffered, Interpreter, MAX_NOTES};
use super::note::Note;

/// Voices of the current group and the three value streams, with their cursors.
#[derive(Debug, Default)]
pub(crate) struct Patterns {
    /// Per voice, its chords in reading order, each a list of buffered notes.
    voices: Vec<Vec<Vec<Buffered>>>,
    /// Pitches in all chords of all voices (what W4 and W6 count besides the buffer).
    pub(super) voice_pitches: usize,
    /// The shared position cursor of the voices.
    pcur: u64,
    velocity: Option<Vec<(f64, f64)>>,
    vcur: u64,
    /// Musical beats.
    pub(super) duration: Option<Vec<f64>>,
    pub(super) dcur: u64,
    probability: Option<Vec<f64>>,
    qcur: u64,
}

/// Which stream a scalar state token discards.
#[derive(Clone, Copy, Debug)]
pub(crate) enum StreamKind {
    Velocity,
    Duration,
    Probability,
}

/// `list[(cursor + i) mod len]`.
fn cycle<T: Copy>(list: &[T], cursor: u64, i: u64) -> T {
    list[(cursor.wrapping_add(i) % list.len() as u64) as usize]
}

impl Patterns {
    /// Whether voices or streams are in play (the core path skips all of this).
    pub(super) fn active(&self) -> bool {
        !self.voices.is_empty()
            || self.velocity.is_some()
            || self.duration.is_some()
            || self.probability.is_some()
    }

    /// A new group: its voices start empty, the position cursor at 0.
    pub(super) fn clear_voices(&mut self) {
        self.voices.clear();
        self.voice_pitches = 0;
        self.pcur = 0;
    }

    /// After a bar copy or `@clear`: voices and every stream are gone.
    pub(super) fn reset(&mut self) {
        *self = Patterns::default();
    }

    /// A scalar state token of `kind` ends the stream of its kind.
    pub(super) fn discard(&mut self, kind: StreamKind) {
        match kind {
            StreamKind::Velocity => (self.velocity, self.vcur) = (None, 0),
            StreamKind::Duration => (self.duration, self.dcur) = (None, 0),
            StreamKind::Probability => (self.probability, self.qcur) = (None, 0),
        }
    }

    /// Every note of every voice, for a state change after emission.
    pub(super) fn voice_notes(&mut self) -> impl Iterator<Item = &mut Buffered> {
        self.voices.iter_mut().flatten().flatten()
    }

    /// The smallest number of notes one position emits besides the buffer.
    pub(super) fn min_notes(&self) -> usize {
        self.voices.len()
    }

    /// The duration stream's value for position `i` of the current item.
    pub(super) fn stream_duration(&self, i: u64) -> Option<f64> {
        self.duration.as_deref().map(|d| cycle(d, self.dcur, i))
    }

    /// Moves every cursor past `n` emitted positions.
    pub(super) fn advance(&mut self, n: u64) {
        self.pcur = self.pcur.wrapping_add(n);
        if self.velocity.is_some() {
            self.vcur = self.vcur.wrapping_add(n);
        }
        if self.duration.is_some() {
            self.dcur = self.dcur.wrapping_add(n);
        }
        if self.probability.is_some() {
            self.qcur = self.qcur.wrapping_add(n);
        }
    }

    /// `note` as position `i` sounds it: streams override its captured values.
    fn shaped(&self, note: &Buffered, i: u64) -> Buffered {
        let mut n = *note;
        if let Some(v) = self.velocity.as_deref() {
            (n.velocity, n.deviation) = cycle(v, self.vcur, i);
        }
        if let Some(d) = self.duration.as_deref() {
            n.duration = cycle(d, self.dcur, i);
        }
        if let Some(q) = self.probability.as_deref() {
            n.probability = cycle(q, self.qcur, i);
        }
        n
    }
}

impl Interpreter {
    /// Reads a pattern bracket: a pitch bracket adds a voice to the group, a value
    /// bracket replaces its stream.
    pub(super) fn bracket(&mut self, ext: &Extended) {
        let items = &ext.bracket;
        match items.first() {
            Some(BracketItem::Chord { .. }) => {
                if !self.open {
                    self.start_group();
                }
                let template = self.captured(0);
                let voice: Vec<Vec<Buffered>> = items
                    .iter()
                    .filter_map(|item| match *item {
                        BracketItem::Chord { first, len } => Some(
                            ext.pitches[first as usize..(first + len) as usize]
                                .iter()
                                .map(|&pitch| Buffered { pitch, ..template })
                                .collect(),
                        ),
                        _ => None,
                    })
                    .collect();
                self.patterns.voice_pitches += voice.iter().map(Vec::len).sum::<usize>();
                self.patterns.voices.push(voice);
                self.late_change = false;
            }
            Some(BracketItem::Velocity(..)) => {
                let values = items.iter().filter_map(|i| match *i {
                    BracketItem::Velocity(v, d) => Some((v, d)),
                    _ => None,
                });
                (self.patterns.velocity, self.patterns.vcur) = (Some(values.collect()), 0);
            }
            Some(BracketItem::Duration(_)) => {
                let values = items.iter().filter_map(|i| match *i {
                    BracketItem::Duration(d) => Some(d),
                    _ => None,
                });
                (self.patterns.duration, self.patterns.dcur) = (Some(values.collect()), 0);
            }
            Some(BracketItem::Probability(_)) => {
                let values = items.iter().filter_map(|i| match *i {
                    BracketItem::Probability(p) => Some(p),
                    _ => None,
                });
                (self.patterns.probability, self.patterns.qcur) = (Some(values.collect()), 0);
            }
            None => {}
        }
    }

    /// Emits position `i` of the current time item at `abs` musical beats when
    /// voices or streams are in play: the buffer, then each voice's chord, with the
    /// streams' values.
    pub(super) fn emit_patterned(&mut self, abs: f64, i: u64) -> Result<(), NotationError> {
        let k = self.meter.scale;
        let start_time = abs * k;
        let first = self.events.len();
        let p = &self.patterns;
        let chords = p
            .voices
            .iter()
            .flat_map(|voice| cycle_ref(voice, p.pcur, i).iter());
        for b in self.buffer.iter().chain(chords) {
            let n = p.shaped(b, i);
            self.has_zero_velocity |= n.velocity == 0.0;
            self.events.push(Note {
                pitch: n.pitch,
                start_time,
                duration: n.duration * k,
                velocity: n.velocity as u8,
                probability: n.probability,
                velocity_deviation: n.deviation as u8,
            });
        }
        if self.created() > MAX_NOTES {
            return Err(too_many_notes());
        }
        self.copies.record(start_time, first, self.events.len());
        self.emitted = true;
        Ok(())
    }
}

/// `list[(cursor + i) mod len]` by reference.
fn cycle_ref<T>(list: &[T], cursor: u64, i: u64) -> &T {
    &list[(cursor.wrapping_add(i) % list.len() as u64) as usize]
}
