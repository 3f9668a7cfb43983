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
mod limits;
mod load;
mod load_config;
mod load_devices;
mod load_refs;
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
mod set;
mod song;
mod store;
mod structure;
mod tables;
mod track;
mod transport;
mod values;
mod versions;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use clock::VirtualClock;
pub use fixture::FixtureError;
pub use history::{Counters, OpCounts};
pub use palette::{snap_color, PALETTE};
pub use set::{FakeConfig, FakeLive};

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
        default_set(&mut live);
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
}

/// Builds the default Set of [`FakeLive::new`].
fn default_set(live: &mut FakeLive) {
    let json = r#"{"format":"barline-live-set/1","song":{"name":"Untitled"},
      "scenes":[{},{},{},{},{},{},{},{}],
      "tracks":[{"kind":"midi","name":"1-MIDI","color_index":16},{"kind":"midi","name":"2-MIDI","color_index":17},
                {"kind":"audio","name":"3-Audio","color_index":18},{"kind":"audio","name":"4-Audio","color_index":19}],
      "return_tracks":[{"name":"A-Reverb","color_index":20},{"name":"B-Delay","color_index":21}]}"#;
    match load::load(json) {
        Ok(set) => *live = set,
        Err(e) => {
            live.errors
                .push(format!("internal: default set failed to load: {e}"));
        }
    }
}
