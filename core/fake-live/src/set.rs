//! The fake Live Set itself: its state (the object arena, configuration, counters,
//! errors, undo history, pending changes) and the bookkeeping every class module uses.
//! Kept apart from the crate root so the class modules depend on this file and not on
//! one another through `lib.rs`.

use super::clock::VirtualClock;
use super::history::{Counters, History};
use super::store::{self, Model};
use barline_core::live::{Atom, LiveId};

/// Settings a fixture can choose (core/fake-live/README.md, "Live versions" and the
/// test knobs).
#[derive(Clone, Debug, PartialEq)]
pub struct FakeConfig {
    /// What `get_version_string` answers, e.g. `"12.3.1"`; it also gates the members
    /// that differ by version (`versions.rs`).
    pub version: String,
    /// Whether `begin_undo_step`/`end_undo_step` exist on `live_set` (unverified in Live).
    pub undo_step_functions: bool,
    /// Makes `quantize`/`quantize_pitch` no-ops, to exercise read-back warnings.
    pub quantize_noop: bool,
    /// Free text describing the fixture (kept so dumps reproduce it).
    pub description: String,
    /// Virtual milliseconds each Live API request takes (fixture `call_delay_ms`; 0:
    /// time stands still). Read the time with [`FakeLive::clock`].
    pub call_delay_ms: u64,
    /// `get_notes_extended`/`get_all_notes_extended` answers longer than this many
    /// characters are cut there, leaving JSON that does not parse, as a very large
    /// answer may be in Live (fixture `note_answer_limit`).
    pub note_answer_limit: Option<usize>,
    /// Start of the sequence `random_unit` answers (fixture `random_seed`), so a test
    /// that lets a tool draw a seed knows which one it gets.
    pub random_seed: u64,
}

impl Default for FakeConfig {
    fn default() -> Self {
        FakeConfig {
            version: "12.3.1".into(),
            undo_step_functions: false,
            quantize_noop: false,
            description: String::new(),
            call_delay_ms: 0,
            note_answer_limit: None,
            random_seed: 0,
        }
    }
}

/// The fake Live Set. Implements [`barline_core::live::LivePort`] with the device's
/// semantics (refusals are posted and answered empty: `port.rs`); the `try_*` methods
/// are `LiveAPI` itself, refusals as `Err`. A clone shares the virtual clock.
#[derive(Clone, Debug)]
pub struct FakeLive {
    pub(crate) model: Model,
    pub(crate) next_id: u64,
    pub(crate) config: FakeConfig,
    pub(crate) counters: Counters,
    pub(crate) errors: Vec<String>,
    pub(crate) history: History,
    pub(crate) changes: Vec<(LiveId, String)>,
    pub(crate) in_notification: bool,
    /// A `current_song_time` write that reads see only after [`FakeLive::settle`].
    pub(crate) pending_song_time: Option<f64>,
    /// Audio files that "exist" for `create_audio_clip` (fixture `files`).
    pub(crate) files: Vec<String>,
    /// Virtual time, advanced per request by `config.call_delay_ms`.
    pub(crate) clock: VirtualClock,
    /// State of the host random source (`LivePort::random_unit`), from `random_seed`.
    pub(crate) random_state: u64,
}

impl FakeLive {
    pub(crate) fn bare(config: FakeConfig) -> FakeLive {
        let clock = VirtualClock::new(config.call_delay_ms);
        let config_seed = config.random_seed;
        FakeLive {
            clock,
            model: Model::default(),
            next_id: 1,
            config,
            counters: Counters::default(),
            errors: Vec::new(),
            history: History::default(),
            changes: Vec::new(),
            in_notification: false,
            pending_song_time: None,
            files: Vec::new(),
            random_state: config_seed,
        }
    }

    /// Counters since creation or the last [`FakeLive::reset_counters`].
    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// Zeroes the counters and forgets the symbols seen (not the undo history).
    pub fn reset_counters(&mut self) {
        self.counters = Counters::default();
        self.history.symbols.clear();
    }

    /// A handle on the virtual time (shared: it keeps reading the time while the Set is
    /// lent to tool code).
    pub fn clock(&self) -> VirtualClock {
        self.clock.clone()
    }

    /// Virtual milliseconds since creation: requests × `call_delay_ms`, plus any
    /// [`VirtualClock::advance`].
    pub fn virtual_time_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Restarts the host random source at `seed` (as the fixture's `random_seed` does).
    pub fn set_random_seed(&mut self, seed: u64) {
        self.config.random_seed = seed;
        self.random_state = seed;
    }

    /// The next number of the host random source, in [0, 1): SplitMix64 over the
    /// state, top 53 bits. Deterministic, so a drawn seed is known to the test.
    pub(crate) fn next_random_unit(&mut self) -> f64 {
        self.random_state = self.random_state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.random_state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Every error the fake posted to the (simulated) Max console, oldest first.
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// Returns and forgets the posted errors.
    pub fn take_errors(&mut self) -> Vec<String> {
        std::mem::take(&mut self.errors)
    }

    /// Property changes since the last call, as `(object, property)`, for observers.
    /// Child-list changes use the list name (`tracks`), note edits use `notes`.
    pub fn take_changes(&mut self) -> Vec<(LiveId, String)> {
        std::mem::take(&mut self.changes)
    }

    /// Marks that an observer callback is running: Live refuses changes made from
    /// inside a notification.
    pub fn set_in_notification(&mut self, on: bool) {
        self.in_notification = on;
    }

    /// Runs what Live does after a deferral (the playhead write becomes visible).
    pub fn settle(&mut self) {
        self.settle_routing();
        self.settle_transport();
        if let Some(t) = self.pending_song_time.take() {
            let song = self.model.song;
            if let Some(n) = self.model.node_mut(song) {
                n.set_float("current_song_time", t);
            }
            self.changed(song, "current_song_time");
        }
    }

    /// True when `id` names an existing object.
    pub fn exists(&self, id: LiveId) -> bool {
        self.model.node(id).is_some()
    }

    /// Applies `f` to an object if it exists (a no-op for missing ids).
    pub(crate) fn edit<R>(&mut self, id: LiveId, f: impl FnOnce(&mut store::Node) -> R) {
        if let Some(n) = self.model.node_mut(id) {
            f(n);
        }
    }

    pub(crate) fn alloc(&mut self) -> LiveId {
        let id = LiveId(self.next_id);
        self.next_id += 1;
        id
    }

    pub(crate) fn changed(&mut self, id: LiveId, prop: &str) {
        self.changes.push((id, prop.to_string()));
    }

    /// Posts (records) an error and returns it as a [`barline_core::live::LiveError`].
    pub(crate) fn post(&mut self, message: String) -> barline_core::live::LiveError {
        self.errors.push(message.clone());
        barline_core::live::LiveError::new(message)
    }

    pub(crate) fn note_symbols(&mut self, atoms: &[Atom]) {
        for a in atoms {
            // Look up before inserting: returned symbols (note JSON) can be long.
            if let Atom::Symbol(s) = a {
                if !self.history.symbols.contains(s) {
                    self.history.symbols.insert(s.clone());
                    self.counters.distinct_symbols += 1;
                }
            }
        }
    }
}
