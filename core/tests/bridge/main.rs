#![cfg(not(target_arch = "wasm32"))]
//! The `bridge` integration tests, one module per file: a single test binary, so the
//! suite links a handful of executables rather than one per file.

#[path = "../support/mod.rs"]
mod support;

mod alone;
mod errors;
mod live_version;
mod props;
mod session;
mod steps;
