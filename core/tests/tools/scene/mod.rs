//! The scene tools (docs/design/tool-rules.md §8–10) against the demo Set, one file per tool.

mod create_scene;
mod read_scene;
mod update_scene;

use crate::support;
use barline_fake_live::FakeLive;
use serde_json::Value;
use support::fake::id_of;

/// The scenes as the fake dumps them (fixture form: only non-default values).
pub(super) fn dumped_scenes(live: &FakeLive) -> Vec<Value> {
    let dump: Value = serde_json::from_str(&live.to_json()).unwrap();
    dump["scenes"].as_array().unwrap().clone()
}

pub(super) fn scene_id(live: &mut FakeLive, index: usize) -> String {
    id_of(live, &format!("live_set scenes {index}")).to_string()
}
