//! `#[wasm_bindgen]` entry points, one file per host. Nothing outside this folder
//! imports wasm-bindgen; these files only convert between JS values and core types.

mod bridge;
mod midi;
mod node;
mod notation;
mod v8;

#[cfg(feature = "fake-live")]
mod fake_live;
