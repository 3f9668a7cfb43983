//! The Live port: the only way tool code touches Ableton Live.
//!
//! [`LivePort`] is shaped like Max's `LiveAPI`. It has two implementations: the real
//! one in the v8 host (through `core/src/wasm/v8.rs`) and, behind the `fake-live`
//! feature, an in-memory Live Set.

mod atom;
pub mod path;
mod port;

#[cfg(feature = "fake-live")]
pub mod fake;

pub use atom::Atom;
pub use port::{LiveError, LiveId, LivePort};
