#![cfg(not(target_arch = "wasm32"))]
//! The tools' integration tests, in one binary. Tests mirror the tools: one folder per
//! family of `core/src/tools/`, one file per tool in it; the files at this level check
//! rules that cut across tools (the framework, hostile input, Live's refusals, the
//! catalogue snapshot, references, time values, self-protection).

#[path = "../support/mod.rs"]
mod support;

mod clip;
mod control;
mod device;
mod live_set;
mod operations;
mod scene;
mod session;
mod track;

mod arrange_props;
mod framework;
mod hostile_limits;
mod hostile_notes;
mod infra;
mod list_snapshot;
mod live_refusals;
mod refs;
mod self_protection;
mod session_grid;
mod time;
