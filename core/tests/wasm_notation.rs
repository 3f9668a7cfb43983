//! The notation wasm API under Node (`wasm-pack test --node core`). The browser run
//! of the same cases is `wasm_notation_browser.rs`.
#![cfg(target_arch = "wasm32")]

mod wasm_notation_common;
