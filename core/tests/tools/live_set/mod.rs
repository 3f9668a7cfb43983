//! The Live Set tools (docs/design/tool-rules.md §3–4) against the demo Set, one file per tool.

mod locator_race;
mod nested_reads;
mod read_live_set;
mod update_live_set;

use crate::support;
use barline_fake_live::FakeLive;
use serde_json::Value;
use support::tools::call;

pub(super) fn update(live: &mut FakeLive, args: Value) -> Value {
    let r = call(live, "barline-update-live-set", args);
    assert_ne!(r["isError"], true, "{r}");
    r
}
