//! The Live port: the only way tool code touches Ableton Live.
//!
//! [`LivePort`] is shaped like Max's `LiveAPI`. It has two implementations: the real
//! one in the v8 host (through `core/src/wasm/v8.rs`) and the in-memory Live Set of the
//! `barline-fake-live` crate (`core/fake-live/`), which tests and the simulator use.

mod atom;
pub mod journal;
pub mod path;
mod port;

pub use atom::Atom;
pub use journal::{Journal, JournalPort, STEP_BUDGET};
pub use port::{FolderEntry, LiveError, LiveId, LivePort};
