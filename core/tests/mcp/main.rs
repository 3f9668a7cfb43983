#![cfg(not(target_arch = "wasm32"))]
//! The `mcp` integration tests, one module per file: a single test binary, so the
//! suite links a handful of executables rather than one per file.

#[path = "../support/mod.rs"]
mod support;

mod cancel;
mod fake_flow;
mod http;
mod lenient_json;
mod profile;
mod props;
mod security;
mod sessions;
mod surface;
