//! `FakeLive`: an in-memory Live Set that behaves like Live's Live Object Model as Max's
//! `LiveAPI` sees it. Test equipment, not product: core's integration
//! tests use it natively (a dev-dependency) and the simulator loads its wasm build
//! (`dist/pkg/fake`, exports in `wasm/`).
//!
//! The Set is an arena of [`store::Node`]s. Generic code (this module, `dispatch`,
//! `paths`) handles ids, paths, type checks, counting and undo; one module per LOM
//! class adds what is special about that class. Where the real Live behaviour is
//! unverified the fake takes the stricter reading, so tool code that works here does
//! not rely on leniency. core/fake-live/README.md lists what is modelled, row by row,
//! with the evidence for each behaviour.

#![deny(missing_docs)]

mod args;
mod arrangement;
mod build;
mod catalogue;
mod clip;
mod clip_slot;
mod clock;
mod cue_point;
mod device;
mod dispatch;
mod dump;
mod fixture;
mod folders;
mod gain;
mod history;
mod load;
mod load_devices;
mod mixer;
mod note_json;
mod notes;
mod palette;
mod paths;
mod port;
mod routing;
mod scales;
mod scene;
mod schema;
mod song;
mod store;
mod structure;
mod tables;
mod track;
mod transport;
mod versions;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use clock::VirtualClock;
pub use fixture::FixtureError;
pub use history::{Counters, OpCounts};
pub use palette::{snap_color, PALETTE};

use barline_core::live::{Atom, LiveId};
use history::History;
use store::Model;

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
    model: Model,
    next_id: u64,
    config: FakeConfig,
    counters: Counters,
    errors: Vec<String>,
    history: History,
    changes: Vec<(LiveId, String)>,
    in_notification: bool,
    /// A `current_song_time` write that reads see only after [`FakeLive::settle`].
    pending_song_time: Option<f64>,
    /// Audio files that "exist" for `create_audio_clip` (fixture `files`).
    files: Vec<String>,
    /// Virtual time, advanced per request by `config.call_delay_ms`.
    clock: VirtualClock,
    /// State of the host random source (`LivePort::random_unit`), from `random_seed`.
    random_state: u64,
}

impl Default for FakeLive {
    fn default() -> Self {
        Self::new()
    }
}

impl FakeLive {
    /// A Set like a fresh Live Set: two MIDI and two audio tracks, two return tracks
    /// (`A-Reverb`, `B-Delay`), the `Main` track and eight scenes.
    pub fn new() -> FakeLive {
        let mut live = FakeLive::bare(FakeConfig::default());
        build::default_set(&mut live);
        live
    }

    /// Loads a Set from fixture JSON (format in `patch/sim/sets/README.md`).
    pub fn from_json(json: &str) -> Result<FakeLive, FixtureError> {
        load::load(json)
    }

    /// Dumps the Set as fixture JSON; loading the dump gives the same Set.
    pub fn to_json(&self) -> String {
        dump::dump(self)
    }

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

    fn alloc(&mut self) -> LiveId {
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

    fn note_symbols(&mut self, atoms: &[Atom]) {
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
