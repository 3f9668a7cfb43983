#![cfg(not(target_arch = "wasm32"))]
//! The `chat` integration tests, one module per file: a single test binary, so the
//! suite links a handful of executables rather than one per file.

#[path = "../support_chat/mod.rs"]
mod support_chat;

mod device_away;
mod formats;
mod invariants;
mod markdown;
mod reduce;
mod stop;
mod tool_errors;
mod tool_loop;
