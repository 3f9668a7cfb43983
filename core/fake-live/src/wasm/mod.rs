//! `#[wasm_bindgen]` entry points of the fake Live Set (the simulator's package
//! `dist/pkg/fake`). Nothing else in this crate imports wasm-bindgen; these files only
//! convert between JS values and the fake's types.

mod fake_live;
