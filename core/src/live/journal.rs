//! Steps of at most a budget of Live requests for a tool that was written as one
//! synchronous run.
//!
//! On the device a tool runs on Live's main thread: while it runs, Live and Max wait.
//! [`JournalPort`] lets the v8 session cut a long tool call into steps without any tool
//! knowing: it passes requests to Live and records each request with its answer in a
//! [`Journal`] until the step's budget of live requests is spent; past it every request
//! fails and the run is marked [`JournalPort::exhausted`], so its result is discarded.
//! The session then yields to Max and runs the tool again from the start over the same
//! journal: a request already recorded is answered from the journal (a write is not
//! repeated, a read answers as it did), and the next budget of new requests goes to Live.
//!
//! Recorded answers are found by the request itself (kind, object, name, arguments) and
//! taken in the order they were recorded, so a tool whose requests come in another
//! order on the second run (a hash map's order) still finds its answers. The host's
//! random numbers are replayed in order too, and the journal keeps the clock readings
//! the session replays (`crate::bridge`), so the deadline of the first step covers
//! every step.

use super::{Atom, FolderEntry, LiveError, LiveId, LivePort};
use std::collections::HashMap;

/// Live requests one uninterrupted run may make on the device. Each port request is at
/// most two `LiveAPI` operations (making an object for an id not in the host's pool, then
/// the request), so a step stays within 1,000 of them.
pub const STEP_BUDGET: usize = 500;

/// A recorded request: what was asked, of which object.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Resolve(String),
    Get(LiveId, String),
    Set(LiveId, String, String),
    Call(LiveId, String, String),
    Count(LiveId, String),
    TypeOf(LiveId),
    PathOf(LiveId),
    FileExists(String),
    ListFolder(String),
}

/// A recorded answer.
#[derive(Clone, Debug)]
enum Answer {
    Id(LiveId),
    Atoms(Result<Vec<Atom>, LiveError>),
    Unit(Result<(), LiveError>),
    Count(Result<usize, LiveError>),
    Text(Result<String, LiveError>),
    Exists(Result<bool, LiveError>),
    Folder(Result<Option<Vec<FolderEntry>>, LiveError>),
}

/// Everything one tool call learned from its host so far, kept between its steps.
#[derive(Debug, Default)]
pub struct Journal {
    answers: HashMap<Key, Vec<Answer>>,
    randoms: Vec<f64>,
    clock: Vec<f64>,
    recorded: usize,
}

impl Journal {
    /// An empty journal (the first step of a call).
    pub fn new() -> Self {
        Self::default()
    }

    /// Live requests recorded so far (the work of every finished step).
    pub fn recorded(&self) -> usize {
        self.recorded
    }

    /// The clock readings of earlier steps, in order, for a clock that replays them.
    pub fn take_clock(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.clock)
    }

    /// Keeps every clock reading of a run (replayed and new) for the next step.
    pub fn keep_clock(&mut self, readings: Vec<f64>) {
        self.clock = readings;
    }
}

/// Where one run is in the journal: how many answers of each request it has used.
#[derive(Default)]
struct Cursor {
    used: HashMap<Key, usize>,
    randoms: usize,
}

/// A [`LivePort`] that replays a [`Journal`] and then spends a budget of live requests.
pub struct JournalPort<'a> {
    live: &'a mut dyn LivePort,
    journal: &'a mut Journal,
    cursor: Cursor,
    budget: usize,
    spent: usize,
    exhausted: bool,
}

impl<'a> JournalPort<'a> {
    /// A run over `journal` that may make `budget` new Live requests.
    pub fn new(live: &'a mut dyn LivePort, journal: &'a mut Journal, budget: usize) -> Self {
        JournalPort {
            live,
            journal,
            cursor: Cursor::default(),
            budget,
            spent: 0,
            exhausted: false,
        }
    }

    /// True when the run asked for more than its budget: its result must be discarded
    /// and the call run again after a yield.
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// New Live requests this run made.
    pub fn spent(&self) -> usize {
        self.spent
    }

    /// Recorded answers this run has not asked for (0 when a replay retraced every
    /// request of the earlier steps).
    pub fn unreplayed(&self) -> usize {
        let used = |k: &Key| self.cursor.used.get(k).copied().unwrap_or(0);
        self.journal
            .answers
            .iter()
            .map(|(k, list)| list.len() - used(k))
            .sum()
    }

    /// The recorded answer for `key` this run has not used yet, if any.
    fn replay(&mut self, key: &Key) -> Option<Answer> {
        let n = self.cursor.used.get(key).copied().unwrap_or(0);
        let answer = self.journal.answers.get(key)?.get(n)?.clone();
        self.cursor.used.insert(key.clone(), n + 1);
        Some(answer)
    }

    /// Records a new answer as used by this run.
    fn record(&mut self, key: Key, answer: Answer, counts: bool) {
        let list = self.journal.answers.entry(key.clone()).or_default();
        list.push(answer);
        self.cursor.used.insert(key, list.len());
        if counts {
            self.journal.recorded += 1;
        }
    }

    /// Answers `key` from the journal, or asks Live through `ask` while the budget
    /// lasts (`counts`: a Live request, not a host file or folder look-up); `None`
    /// once the budget is spent.
    fn answer(
        &mut self,
        key: Key,
        counts: bool,
        ask: impl FnOnce(&mut dyn LivePort) -> Answer,
    ) -> Option<Answer> {
        if let Some(answer) = self.replay(&key) {
            return Some(answer);
        }
        if self.exhausted || (counts && self.spent >= self.budget) {
            self.exhausted = true;
            return None;
        }
        let answer = ask(&mut *self.live);
        if counts {
            self.spent += 1;
        }
        self.record(key, answer.clone(), counts);
        Some(answer)
    }
}

/// The error every request gets once the step's budget is spent; the run is discarded.
fn over_budget() -> LiveError {
    LiveError::new("this step's Live requests are spent; the call continues after a yield")
}

fn args_key(args: &[Atom]) -> String {
    serde_json::to_string(args).unwrap_or_default()
}

impl LivePort for JournalPort<'_> {
    fn resolve(&mut self, path: &str) -> LiveId {
        match self.answer(Key::Resolve(path.to_string()), true, |l| {
            Answer::Id(l.resolve(path))
        }) {
            Some(Answer::Id(id)) => id,
            _ => LiveId::NONE,
        }
    }

    fn get(&mut self, id: LiveId, property: &str) -> Result<Vec<Atom>, LiveError> {
        match self.answer(Key::Get(id, property.to_string()), true, |l| {
            Answer::Atoms(l.get(id, property))
        }) {
            Some(Answer::Atoms(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn set(&mut self, id: LiveId, property: &str, value: &[Atom]) -> Result<(), LiveError> {
        let key = Key::Set(id, property.to_string(), args_key(value));
        match self.answer(key, true, |l| Answer::Unit(l.set(id, property, value))) {
            Some(Answer::Unit(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn call(&mut self, id: LiveId, function: &str, args: &[Atom]) -> Result<Vec<Atom>, LiveError> {
        let key = Key::Call(id, function.to_string(), args_key(args));
        match self.answer(key, true, |l| Answer::Atoms(l.call(id, function, args))) {
            Some(Answer::Atoms(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn get_count(&mut self, id: LiveId, child: &str) -> Result<usize, LiveError> {
        match self.answer(Key::Count(id, child.to_string()), true, |l| {
            Answer::Count(l.get_count(id, child))
        }) {
            Some(Answer::Count(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn type_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        match self.answer(Key::TypeOf(id), true, |l| Answer::Text(l.type_of(id))) {
            Some(Answer::Text(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn path_of(&mut self, id: LiveId) -> Result<String, LiveError> {
        match self.answer(Key::PathOf(id), true, |l| Answer::Text(l.path_of(id))) {
            Some(Answer::Text(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn file_exists(&mut self, path: &str) -> Result<bool, LiveError> {
        match self.answer(Key::FileExists(path.to_string()), false, |l| {
            Answer::Exists(l.file_exists(path))
        }) {
            Some(Answer::Exists(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn list_folder(&mut self, path: &str) -> Result<Option<Vec<FolderEntry>>, LiveError> {
        match self.answer(Key::ListFolder(path.to_string()), false, |l| {
            Answer::Folder(l.list_folder(path))
        }) {
            Some(Answer::Folder(r)) => r,
            _ => Err(over_budget()),
        }
    }

    fn after_wait(&mut self) {
        self.live.after_wait();
    }

    fn random_unit(&mut self) -> f64 {
        let n = self.cursor.randoms;
        self.cursor.randoms += 1;
        if let Some(&x) = self.journal.randoms.get(n) {
            return x;
        }
        let x = self.live.random_unit();
        self.journal.randoms.push(x);
        x
    }
}
