#![cfg(not(target_arch = "wasm32"))]
//! The `fake_live` integration tests, one module per file: a single test binary, so the
//! suite links a handful of executables rather than one per file.

#[path = "../support/mod.rs"]
mod support;

mod api;
mod devices;
mod edits;
mod fixtures;
mod flags;
mod limits;
mod note_overlap;
mod notes;
mod port;
mod properties;
mod structure;
