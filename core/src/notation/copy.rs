//! Bar copy (spec 4.7): every emitted note is recorded under the bar it starts in,
//! and `@D=S` forms replay recorded bars elsewhere.
//!
//! Records live in one flat vector, chained per bar (head/tail indices), so recording
//! a note never allocates per bar and copying walks only the source bar's chain.

use super::ast::BarSpec;
use super::error::{ErrorKind, NotationError};
use super::interpreter::{too_many_notes, Interpreter, MAX_NOTES};
use super::note::Note;
use super::numbers::floor;
use super::warnings as w;
use std::collections::HashMap;

/// Bars up to this number are indexed directly; others (`@99999999999999=1`) hashed.
const DENSE_BARS: f64 = 65536.0;

/// Chain terminator.
const NONE: u32 = u32::MAX;

/// One recorded note: its offset from the start of its bar (`rel`, 4.7.1) and the
/// event holding its other fields.
#[derive(Clone, Copy)]
struct Record {
    rel: f64,
    event: u32,
    next: u32,
}

/// First and last record of a bar's chain.
#[derive(Clone, Copy)]
struct Chain {
    head: u32,
    tail: u32,
}

const EMPTY: Chain = Chain {
    head: NONE,
    tail: NONE,
};

/// Notes recorded per bar (the `copy_map` of 4.2).
pub(crate) struct CopyMap {
    /// Live beats per bar (`B × k`).
    bar_len: f64,
    records: Vec<Record>,
    dense: Vec<Chain>,
    sparse: HashMap<u64, Chain>,
}

/// A bar number's slot: `Ok(index)` in `dense`, `Err(key)` in `sparse`.
fn slot(bar: f64) -> Result<usize, u64> {
    if (1.0..=DENSE_BARS).contains(&bar) && floor(bar) == bar {
        Ok(bar as usize - 1)
    } else if bar.is_nan() {
        Err(f64::NAN.to_bits())
    } else {
        Err((bar + 0.0).to_bits()) // + 0.0 folds -0 into 0
    }
}

impl CopyMap {
    /// An empty map for bars of `bar_len` Live beats.
    pub(crate) fn new(bar_len: f64) -> Self {
        CopyMap {
            bar_len,
            records: Vec::new(),
            dense: Vec::new(),
            sparse: HashMap::new(),
        }
    }

    fn chain(&self, bar: f64) -> Chain {
        match slot(bar) {
            Ok(i) => self.dense.get(i).copied().unwrap_or(EMPTY),
            Err(key) => self.sparse.get(&key).copied().unwrap_or(EMPTY),
        }
    }

    fn chain_mut(&mut self, bar: f64) -> &mut Chain {
        match slot(bar) {
            Ok(i) => {
                if i >= self.dense.len() {
                    self.dense.resize(i + 1, EMPTY);
                }
                &mut self.dense[i]
            }
            Err(key) => self.sparse.entry(key).or_insert(EMPTY),
        }
    }

    /// Appends a record for `event` at `rel` to `bar`'s chain.
    fn push(&mut self, bar: f64, rel: f64, event: u32) {
        let index = self.records.len() as u32;
        self.records.push(Record {
            rel,
            event,
            next: NONE,
        });
        let chain = self.chain_mut(bar);
        let previous = chain.tail;
        chain.tail = index;
        if previous == NONE {
            chain.head = index;
        } else {
            self.records[previous as usize].next = index;
        }
    }

    /// Records events `first..last`, which all start at `start_time`.
    pub(crate) fn record(&mut self, start_time: f64, first: usize, last: usize) {
        let bar = floor(start_time / self.bar_len) + 1.0;
        let rel = start_time - (bar - 1.0) * self.bar_len;
        for event in first..last {
            self.push(bar, rel, event as u32);
        }
    }

    /// Number of records of `bar`.
    pub(crate) fn len(&self, bar: f64) -> usize {
        let mut n = 0;
        let mut i = self.chain(bar).head;
        while i != NONE {
            n += 1;
            i = self.records[i as usize].next;
        }
        n
    }

    /// Whether `bar` has no records.
    pub(crate) fn is_empty(&self, bar: f64) -> bool {
        self.chain(bar).head == NONE
    }

    /// Appends copies of bar `source` at bar `dest` to `events` and records them
    /// under `dest` with the same `rel`. `source != dest`.
    fn copy(&mut self, source: f64, dest: f64, events: &mut Vec<Note>) {
        let offset = (dest - 1.0) * self.bar_len;
        let Chain { tail: last, .. } = self.chain(source);
        let mut i = self.chain(source).head;
        while i != NONE {
            let record = self.records[i as usize];
            let note = Note {
                start_time: offset + record.rel,
                ..events[record.event as usize]
            };
            self.push(dest, record.rel, events.len() as u32);
            events.push(note);
            if i == last {
                break; // the source chain cannot grow here, but stop at its old tail
            }
            i = record.next;
        }
    }

    /// Forgets every record (`@clear`).
    pub(crate) fn clear(&mut self) {
        self.records.clear();
        self.dense.clear();
        self.sparse.clear();
    }
}
/// Most destination bars one copy operation may visit; a range like
/// `@1-99999999999=1` would otherwise loop for hours.
pub const MAX_COPY_STEPS: f64 = 1_000_000.0;

fn too_many_copy_steps() -> NotationError {
    NotationError::new(
        ErrorKind::Limit,
        format!(
            "Bar copy range too large: one copy may cover at most {MAX_COPY_STEPS} bars; \
             use a smaller bar range"
        ),
    )
}

impl Interpreter {
    /// `copy(S, D)` of 4.7.2: self-copy and empty-source warnings, else copy.
    fn copy_checked(&mut self, source: f64, dest: f64) -> Result<(), NotationError> {
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
    fn copy_bar(&mut self, source: f64, dest: f64) -> Result<(), NotationError> {
        let n = self.copies.len(source);
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
    ) -> Result<(), NotationError> {
        let result = self.bar_copy_forms(destination, source);
        self.drop_buffer();
        result
    }

    fn bar_copy_forms(
        &mut self,
        destination: BarSpec,
        source: Option<BarSpec>,
    ) -> Result<(), NotationError> {
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
