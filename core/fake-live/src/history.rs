//! Accounting: Live API calls per object type, posted errors, and the undo history.
//!
//! Tests state costs ("this tool costs 12 gets and 1 undo step"), so every `get`,
//! `set`, `call`, `getcount` and path resolution is counted, per LOM class.

use super::store::Model;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Calls of one kind of operation against one object type.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OpCounts {
    /// `get` (and `getstring`) calls.
    pub get: u64,
    /// `set` calls, including refused ones.
    pub set: u64,
    /// `call` calls, including refused ones.
    pub call: u64,
    /// `getcount` calls.
    pub getcount: u64,
}

impl OpCounts {
    /// All operations together.
    pub fn total(&self) -> u64 {
        self.get + self.set + self.call + self.getcount
    }
}

/// Everything the fake counted since the last reset.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counters {
    /// Per LOM type name (`Track`, `Clip`, …; `None` for id 0).
    pub by_type: BTreeMap<String, OpCounts>,
    /// Path and id resolutions (each `new LiveAPI(path)`, `goto`, `id =`).
    pub resolve: u64,
    /// Successful Set-changing operations (one undo step each, or one per open
    /// `begin_undo_step` bracket).
    pub undo_steps: u64,
    /// Distinct strings returned by `get`/`call` (Max interns each as a symbol).
    pub distinct_symbols: u64,
}

impl Counters {
    /// Sum over all types.
    pub fn totals(&self) -> OpCounts {
        let mut t = OpCounts::default();
        for c in self.by_type.values() {
            t.get += c.get;
            t.set += c.set;
            t.call += c.call;
            t.getcount += c.getcount;
        }
        t
    }

    /// Counts of one type (zero when never touched).
    pub fn of(&self, type_name: &str) -> OpCounts {
        self.by_type.get(type_name).cloned().unwrap_or_default()
    }
}

/// Undo and redo stacks of whole-model snapshots, plus the open bracket state of
/// `begin_undo_step`/`end_undo_step`.
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    pub past: Vec<Model>,
    /// Per entry of `past`, the notes it holds beyond the entry before it
    /// ([`Model::notes_beyond`]).
    pub past_notes: Vec<usize>,
    pub future: Vec<Model>,
    /// True between `begin_undo_step` and `end_undo_step`.
    pub bracket_open: bool,
    /// Whether the open bracket already recorded its snapshot.
    pub bracket_used: bool,
    pub symbols: BTreeSet<String>,
}

/// Snapshots kept for undo; older steps are dropped (Live's history is finite too).
pub(crate) const UNDO_DEPTH: usize = 64;

/// Most notes the undo snapshots hold beyond one another; older steps go first.
pub(crate) const UNDO_NOTE_BUDGET: usize = 250_000;

impl History {
    /// Brings `past_notes` back in line with `past` after undo or redo moved snapshots
    /// between the stacks.
    pub fn resync_notes(&mut self) {
        self.past_notes.truncate(self.past.len());
        while self.past_notes.len() < self.past.len() {
            let i = self.past_notes.len();
            let prev = i.checked_sub(1).map(|j| &self.past[j]);
            self.past_notes.push(self.past[i].notes_beyond(prev));
        }
    }

    /// Records `before` as one undo step, or folds it into the open bracket.
    /// Returns whether a new step was counted.
    pub fn record(&mut self, before: Model) -> bool {
        self.future.clear();
        if self.bracket_open {
            if self.bracket_used {
                return false;
            }
            self.bracket_used = true;
        }
        self.past_notes.push(before.notes_beyond(self.past.last()));
        self.past.push(before);
        // Live keeps its undo history as changes; the fake keeps whole snapshots, so a
        // clip written in many batches would be held once per batch. Bounding the notes
        // kept bounds the simulator's memory the way Live's own history is bounded.
        while self.past.len() > UNDO_DEPTH
            || (self.past.len() > 1 && self.past_notes.iter().sum::<usize>() > UNDO_NOTE_BUDGET)
        {
            self.past.remove(0);
            self.past_notes.remove(0);
        }
        true
    }
}
