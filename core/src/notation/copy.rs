//! Bar copy (docs/design/notation.md §4.7): every emitted note is recorded under the bar
//! it starts in, and `@D=S` forms replay recorded bars elsewhere.
//!
//! Records live in one flat vector, chained per bar (head/tail indices), so recording
//! a note never allocates per bar and copying walks only the source bar's chain.

use super::ast::BarSpec;
use super::error::{ErrorKind, NotationError};
use super::interpreter::{too_many_notes, Interpreter, MAX_NOTES};
use super::note::Note;
use super::numbers::{floor, render};
use super::warnings as w;
use std::collections::HashMap;

/// Bars up to this number are indexed directly; others (`@99999999999999=1`) hashed.
const DENSE_BARS: f64 = 65536.0;

/// Chain terminator.
const NONE: u32 = u32::MAX;

/// One recorded note: its offset from the start of its bar (`rel`,
/// docs/design/notation.md §4.7.1) and the event holding its other fields.
#[derive(Clone, Copy)]
struct Record {
    rel: f64,
    event: u32,
    next: u32,
}

/// First and last record of a bar's chain, and how many records it holds (so the
/// limit checks before a copy cost nothing).
#[derive(Clone, Copy)]
struct Chain {
    head: u32,
    tail: u32,
    count: u32,
}

const EMPTY: Chain = Chain {
    head: NONE,
    tail: NONE,
    count: 0,
};

/// Notes recorded per bar (the `copy_map` of docs/design/notation.md §4.2).
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
    /// An empty map for bars of `bar_len` Live beats, sized for `expected` records.
    pub(crate) fn new(bar_len: f64, expected: usize) -> Self {
        CopyMap {
            bar_len,
            records: Vec::with_capacity(expected),
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
        chain.count += 1;
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
        self.chain(bar).count as usize
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
/// What the buffer check's warnings call a bar copy (docs/design/notation.md §4.7.1).
const OP: &str = "bar copy";

/// Most destination bars all bar copies of one text may visit together.
///
/// 10,000 bars is over five hours of 4/4 at 120 BPM, far longer than any clip, yet
/// small enough that visiting them (one cheap check each) takes well under a
/// millisecond. Counting all copies together bounds the work of a long text made of
/// many copies too; a single range beyond the budget is refused before any copying.
pub const MAX_COPY_BARS: f64 = 10_000.0;

/// The error for a copy whose `bars` destination bars would exceed [`MAX_COPY_BARS`].
fn too_many_copy_bars(bars: f64, used: f64) -> NotationError {
    let already = if used > 0.0 {
        format!(" after {} already copied", render(used))
    } else {
        String::new()
    };
    NotationError::new(
        ErrorKind::Limit,
        format!(
            "Bar copy range too large: it covers {} destination bars{already}, and one call \
             may copy into at most {} bars in total; use a smaller bar range",
            render(bars),
            render(MAX_COPY_BARS)
        ),
    )
}

impl Interpreter {
    /// `copy(S, D)` of docs/design/notation.md §4.7.2: self-copy and empty-source
    /// warnings, else copy.
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
        self.reserve_copies(self.copies.len(source))?;
        self.copies.copy(source, dest, &mut self.events);
        Ok(())
    }

    /// Fails if `notes` more notes would exceed [`MAX_NOTES`].
    fn reserve_copies(&self, notes: usize) -> Result<(), NotationError> {
        if notes > MAX_NOTES.saturating_sub(self.created()) {
            return Err(too_many_notes());
        }
        Ok(())
    }

    /// Counts `bars` destination bars against [`MAX_COPY_BARS`] before a copy loop
    /// starts, so a huge range is refused before any work.
    fn spend_copy_bars(&mut self, bars: f64) -> Result<(), NotationError> {
        // Infinite bar numbers give `inf - inf`: the loop then visits one bar.
        let bars = if bars.is_nan() { 1.0 } else { bars };
        if bars > MAX_COPY_BARS - self.copy_bars {
            return Err(too_many_copy_bars(bars, self.copy_bars));
        }
        self.copy_bars += bars;
        Ok(())
    }

    /// Notes the copies of `pairs` (source, destination) would add with the bars as
    /// they are now. Copies inside one range only ever add notes to later sources, so
    /// this is a lower bound: when it exceeds the limit, the copy is refused before it
    /// starts, with the same error the loop would reach.
    fn planned_copies(&self, pairs: impl Iterator<Item = (f64, f64)>) -> usize {
        pairs
            .filter(|(s, d)| s != d)
            .map(|(s, _)| self.copies.len(s))
            .fold(0usize, usize::saturating_add)
    }

    /// A bar copy element (docs/design/notation.md §4.7.2); always ends by clearing the
    /// pitch buffer.
    pub(super) fn bar_copy(
        &mut self,
        destination: BarSpec,
        source: Option<BarSpec>,
    ) -> Result<(), NotationError> {
        let result = self.bar_copy_forms(destination, source);
        self.drop_buffer();
        result
    }

    /// The forms of docs/design/notation.md §4.7.2, by destination and source shape.
    fn bar_copy_forms(
        &mut self,
        destination: BarSpec,
        source: Option<BarSpec>,
    ) -> Result<(), NotationError> {
        match (destination, source) {
            (BarSpec::Single { bar: d }, None) => self.copy_previous(d),
            (BarSpec::Single { bar: d }, Some(BarSpec::Single { bar: s })) => {
                self.buffer_check(OP);
                self.copy_checked(s, d)
            }
            (BarSpec::Single { bar: d }, Some(BarSpec::Range { first, last })) => {
                self.copy_range(first, last, d)
            }
            (BarSpec::Range { first, last }, None) => self.fill_range(first, last, None),
            (BarSpec::Range { first, last }, Some(BarSpec::Single { bar })) => {
                self.fill_range(first, last, Some(bar))
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
            ) => self.tile_range(d1, d2, s1, s2),
        }
    }

    /// `@D=`: bar `d − 1` to `d`.
    fn copy_previous(&mut self, d: f64) -> Result<(), NotationError> {
        let s = d - 1.0;
        if s <= 0.0 {
            self.warnings.push(w::PREVIOUS_AT_BAR_ONE.to_string());
            return Ok(());
        }
        self.buffer_check(OP);
        self.copy_checked(s, d)
    }

    /// `@D=S1-S2`: the source bars to consecutive bars from `d`.
    fn copy_range(&mut self, first: f64, last: f64, d: f64) -> Result<(), NotationError> {
        if first > last {
            self.warnings.push(w::reversed_source(first, last));
            return Ok(());
        }
        self.buffer_check(OP);
        let steps = last - first;
        self.spend_copy_bars(steps + 1.0)?;
        let planned =
            self.planned_copies((0..=steps as u64).map(|j| (first + j as f64, d + j as f64)));
        self.reserve_copies(planned)?;
        for j in 0..=steps as u64 {
            let j = j as f64;
            self.copy_checked(first + j, d + j)?;
        }
        Ok(())
    }

    /// `@D1-D2=S` (or `@D1-D2=` from bar `d1 − 1`): one bar into every destination bar.
    fn fill_range(&mut self, d1: f64, d2: f64, source: Option<f64>) -> Result<(), NotationError> {
        if d1 > d2 {
            self.warnings.push(w::reversed_destination(d1, d2));
            return Ok(());
        }
        let s = source.unwrap_or(d1 - 1.0);
        if source.is_none() && s <= 0.0 {
            self.warnings.push(w::previous_at_range_start(d1));
            return Ok(());
        }
        self.buffer_check(OP);
        if self.copies.is_empty(s) {
            self.warnings.push(w::empty_bar(s));
            return Ok(());
        }
        self.spend_copy_bars(d2 - d1 + 1.0)?;
        let planned = self.planned_copies((0..=(d2 - d1) as u64).map(|j| (s, d1 + j as f64)));
        self.reserve_copies(planned)?;
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

    /// `@D1-D2=S1-S2`: the source bars repeated across the destination bars.
    fn tile_range(&mut self, d1: f64, d2: f64, s1: f64, s2: f64) -> Result<(), NotationError> {
        if d1 > d2 {
            self.warnings.push(w::reversed_destination(d1, d2));
            return Ok(());
        }
        if s1 > s2 {
            self.warnings.push(w::reversed_tile_source(d1, d2, s1, s2));
            return Ok(());
        }
        self.buffer_check(OP);
        self.spend_copy_bars(d2 - d1 + 1.0)?;
        let width = s2 - s1 + 1.0;
        let planned = self
            .planned_copies((0..=(d2 - d1) as u64).map(|j| (s1 + j as f64 % width, d1 + j as f64)));
        self.reserve_copies(planned)?;
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
