//! Bar copy (spec 4.7): every emitted note is recorded under the bar it starts in,
//! and `@D=S` forms replay recorded bars elsewhere.

use super::ast::BarSpec;
use super::interpreter::{too_many_notes, Interpreter, MAX_NOTES};
use super::note::Note;
use super::warnings as w;
use std::collections::HashMap;

/// Bars below this number live in a vector (no hashing on the hot path); others,
/// including absurd ones like `@99999999999999=1`, in a map.
const DENSE_BARS: f64 = 16384.0;

/// Notes recorded per bar. A record is a [`Note`] whose `start_time` is relative to
/// the start of its bar (`rel` in 4.7.1).
pub(crate) struct CopyMap {
    /// Live beats per bar (`B × k`).
    bar_len: f64,
    dense: Vec<Vec<Note>>,
    sparse: HashMap<u64, Vec<Note>>,
}

/// Where a bar's records live.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Dense(usize),
    Sparse(u64),
}

fn slot(bar: f64) -> Slot {
    if (1.0..=DENSE_BARS).contains(&bar) && bar.fract() == 0.0 {
        Slot::Dense(bar as usize - 1)
    } else if bar.is_nan() {
        Slot::Sparse(f64::NAN.to_bits())
    } else {
        Slot::Sparse((bar + 0.0).to_bits()) // + 0.0 folds -0 into 0
    }
}

impl CopyMap {
    /// An empty map for bars of `bar_len` Live beats.
    pub(crate) fn new(bar_len: f64) -> Self {
        CopyMap {
            bar_len,
            dense: Vec::new(),
            sparse: HashMap::new(),
        }
    }

    fn list_mut(&mut self, slot: Slot) -> &mut Vec<Note> {
        match slot {
            Slot::Dense(i) => {
                if i >= self.dense.len() {
                    self.dense.resize_with(i + 1, Vec::new);
                }
                &mut self.dense[i]
            }
            Slot::Sparse(key) => self.sparse.entry(key).or_default(),
        }
    }

    fn list(&self, slot: Slot) -> &[Note] {
        match slot {
            Slot::Dense(i) => self.dense.get(i).map_or(&[], Vec::as_slice),
            Slot::Sparse(key) => self.sparse.get(&key).map_or(&[], Vec::as_slice),
        }
    }

    /// Records an emitted note under the bar its start falls in.
    pub(crate) fn record(&mut self, note: &Note) {
        let bar = (note.start_time / self.bar_len).floor() + 1.0;
        let rel = note.start_time - (bar - 1.0) * self.bar_len;
        self.list_mut(slot(bar)).push(Note {
            start_time: rel,
            ..*note
        });
    }

    /// Whether `bar` has no records.
    pub(crate) fn is_empty(&self, bar: f64) -> bool {
        self.list(slot(bar)).is_empty()
    }

    /// Appends copies of bar `source` at bar `dest` to `events` and records them
    /// under `dest`. `source != dest`.
    fn copy(&mut self, source: f64, dest: f64, events: &mut Vec<Note>) {
        let (from, to) = (slot(source), slot(dest));
        let records = std::mem::take(self.list_mut(from));
        let offset = (dest - 1.0) * self.bar_len;
        events.extend(records.iter().map(|r| Note {
            start_time: offset + r.start_time,
            ..*r
        }));
        self.list_mut(to).extend_from_slice(&records);
        *self.list_mut(from) = records;
    }

    /// Forgets every record (`@clear`).
    pub(crate) fn clear(&mut self) {
        self.dense.clear();
        self.sparse.clear();
    }
}

/// Most destination bars one copy operation may visit; a range like
/// `@1-99999999999=1` would otherwise loop for hours.
pub const MAX_COPY_STEPS: f64 = 1_000_000.0;

fn too_many_copy_steps() -> super::error::NotationError {
    super::error::NotationError::new(
        super::error::ErrorKind::Limit,
        format!(
            "Bar copy range too large: one copy may cover at most {MAX_COPY_STEPS} bars; \
             use a smaller bar range"
        ),
    )
}

impl Interpreter {
    /// `copy(S, D)` of 4.7.2: self-copy and empty-source warnings, else copy.
    fn copy_checked(&mut self, source: f64, dest: f64) -> Result<(), super::error::NotationError> {
        if source == dest {
            self.warnings.push(w::copy_to_itself(source));
        } else if self.copies.is_empty(source) {
            self.warnings.push(w::empty_bar(source));
        } else {
            self.copy_bar(source, dest)?;
        }
        Ok(())
    }

    /// Copies bar `source` to `dest` (different, source non-empty), within the limit.
    fn copy_bar(&mut self, source: f64, dest: f64) -> Result<(), super::error::NotationError> {
        let n = self.copies.list(slot(source)).len();
        if self.events.len() + n > MAX_NOTES {
            return Err(too_many_notes());
        }
        self.copies.copy(source, dest, &mut self.events);
        Ok(())
    }

    /// A bar copy element (4.7.2); always ends by clearing the pitch buffer.
    pub(super) fn bar_copy(
        &mut self,
        destination: BarSpec,
        source: Option<BarSpec>,
    ) -> Result<(), super::error::NotationError> {
        let result = self.bar_copy_forms(destination, source);
        self.drop_buffer();
        result
    }

    fn bar_copy_forms(
        &mut self,
        destination: BarSpec,
        source: Option<BarSpec>,
    ) -> Result<(), super::error::NotationError> {
        const OP: &str = "bar copy";
        match (destination, source) {
            (BarSpec::Single { bar: d }, None) => {
                let s = d - 1.0;
                if s <= 0.0 {
                    self.warnings.push(w::PREVIOUS_AT_BAR_ONE.to_string());
                    return Ok(());
                }
                self.buffer_check(OP);
                self.copy_checked(s, d)
            }
            (BarSpec::Single { bar: d }, Some(BarSpec::Single { bar: s })) => {
                self.buffer_check(OP);
                self.copy_checked(s, d)
            }
            (BarSpec::Single { bar: d }, Some(BarSpec::Range { first, last })) => {
                if first > last {
                    self.warnings.push(w::reversed_source(first, last));
                    return Ok(());
                }
                self.buffer_check(OP);
                let steps = last - first;
                if steps >= MAX_COPY_STEPS {
                    return Err(too_many_copy_steps());
                }
                for j in 0..=steps as u64 {
                    let j = j as f64;
                    self.copy_checked(first + j, d + j)?;
                }
                Ok(())
            }
            (
                BarSpec::Range {
                    first: d1,
                    last: d2,
                },
                None | Some(BarSpec::Single { .. }),
            ) => {
                if d1 > d2 {
                    self.warnings.push(w::reversed_destination(d1, d2));
                    return Ok(());
                }
                let s = match source {
                    Some(BarSpec::Single { bar }) => bar,
                    _ => d1 - 1.0,
                };
                if source.is_none() && s <= 0.0 {
                    self.warnings.push(w::previous_at_range_start(d1));
                    return Ok(());
                }
                self.buffer_check(OP);
                if self.copies.is_empty(s) {
                    self.warnings.push(w::empty_bar(s));
                    return Ok(());
                }
                if d2 - d1 >= MAX_COPY_STEPS {
                    return Err(too_many_copy_steps());
                }
                for j in 0..=(d2 - d1) as u64 {
                    let d = d1 + j as f64;
                    if d == s {
                        self.warnings.push(w::skip_self(s));
                    } else {
                        self.copy_bar(s, d)?;
                    }
                }
                Ok(())
            }
            (
                BarSpec::Range {
                    first: d1,
                    last: d2,
                },
                Some(BarSpec::Range {
                    first: s1,
                    last: s2,
                }),
            ) => {
                if d1 > d2 {
                    self.warnings.push(w::reversed_destination(d1, d2));
                    return Ok(());
                }
                if s1 > s2 {
                    self.warnings.push(w::reversed_tile_source(d1, d2, s1, s2));
                    return Ok(());
                }
                self.buffer_check(OP);
                if d2 - d1 >= MAX_COPY_STEPS {
                    return Err(too_many_copy_steps());
                }
                let width = s2 - s1 + 1.0;
                for j in 0..=(d2 - d1) as u64 {
                    let j = j as f64;
                    let d = d1 + j;
                    let s = s1 + j % width;
                    if s == d {
                        self.warnings.push(w::skip_self(s));
                    } else if self.copies.is_empty(s) {
                        self.warnings.push(w::empty_bar(s));
                    } else {
                        self.copy_bar(s, d)?;
                    }
                }
                Ok(())
            }
        }
    }
}
