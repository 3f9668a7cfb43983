#![cfg(not(target_arch = "wasm32"))]
//! The `notation` integration tests, one module per file: a single test binary, so the
//! suite links a handful of executables rather than one per file.

#[path = "../support_notes/mod.rs"]
mod support_notes;

mod errors;
mod examples;
mod limits;
mod midi_read;
mod midi_roundtrip;
mod notation2_errors;
mod notation2_examples;
mod notation2_props;
mod props;
mod transforms_examples;
mod transforms_props;
