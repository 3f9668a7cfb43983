#![cfg(not(target_arch = "wasm32"))]
//! The `docs` integration tests, one module per file: a single test binary, so the
//! suite links a handful of executables rather than one per file.

mod notation;
mod tools;
