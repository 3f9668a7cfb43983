#![cfg(not(target_arch = "wasm32"))]
//! The `tools` integration tests, one module per file: a single test binary, so the
//! suite links a handful of executables rather than one per file.

#[path = "../support/mod.rs"]
mod support;

mod arrange_props;
mod clip;
mod clip_limits;
mod context;
mod create_clip;
mod create_clip_transforms;
mod create_track;
mod delete;
mod device;
mod device_props;
mod drum_cost;
mod duplicate;
mod framework;
mod hostile_limits;
mod hostile_notes;
mod infra;
mod list_snapshot;
mod live_refusals;
mod live_set;
mod locator_race;
mod playback;
mod raw_live_api;
mod read_track;
mod refs;
mod scene;
mod select;
mod self_protection;
mod session_grid;
mod time;
mod update_clip;
mod update_track;
