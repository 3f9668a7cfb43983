//! `#[wasm_bindgen]` entry points, one file per host. Nothing outside this folder
//! imports wasm-bindgen; these files only convert between JS values and core types.
//!
//! Each host's exports sit behind a cargo feature (all on by default) so that a host's
//! build carries only what that host calls: the v8 file embeds its wasm, and Max's
//! `v8` object loads it on every device start.

#[cfg(any(feature = "host-node", feature = "host-v8"))]
mod atoms;

#[cfg(feature = "host-node")]
mod bridge;
#[cfg(feature = "host-node")]
mod node;

#[cfg(feature = "host-v8")]
mod v8;

#[cfg(feature = "host-web")]
mod js_args;
#[cfg(feature = "host-web")]
mod midi;
#[cfg(feature = "host-web")]
pub mod notation;
#[cfg(feature = "host-web")]
mod notes_js;
#[cfg(feature = "host-web")]
pub mod transforms;

#[cfg(feature = "chat")]
mod chat;
