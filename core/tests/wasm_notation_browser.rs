//! The notation wasm API in a browser (`wasm-pack test --headless --chrome core`).
//! wasm-bindgen decides Node or browser per test binary, so the shared cases are
//! compiled twice: here configured for the browser, in `wasm_notation.rs` for Node.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod wasm_notation_common;
