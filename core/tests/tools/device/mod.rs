//! The device tools (docs/design/tool-rules.md §14–16) against the demo Set, one file per tool.

mod create_device;
mod device_props;
mod drum_cost;
mod nested_shapes;
mod read_device;
mod update_device;

use crate::support;
use barline_fake_live::FakeLive;
use serde_json::Value;
use support::tools::call;

pub(super) fn ok(live: &mut FakeLive, tool: &str, args: Value) -> Value {
    let r = call(live, tool, args.clone());
    assert_ne!(r["isError"], true, "{tool} {args}: {r}");
    r
}

/// Sets and Set-changing calls so far (reads such as `str_for_value` or
/// `get_version_string` are calls too, but change nothing).
pub(super) fn writes(live: &FakeLive) -> u64 {
    live.counters().by_type.values().map(|c| c.set).sum::<u64>() + live.counters().undo_steps
}

/// A parameter of a read-device result by name.
pub(super) fn param<'a>(r: &'a Value, name: &str) -> &'a Value {
    r["structuredContent"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no parameter {name} in {r}"))
}
