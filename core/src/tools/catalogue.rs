//! The tool catalogue (tools.md section 0): which tools exist, in which order, and how
//! `tools/list` presents them for the device settings in force.

use super::diagnostics;
use super::tool::{entry, Entry};
use serde_json::Value;

/// Every implemented standard tool, in the order of tools.md section 0. Adding a tool:
/// write its module, then add `entry::<ItsType>()` here. Tools of the spec that are not
/// implemented yet are absent rather than listed as stubs.
pub static TOOLS: &[Entry] = &[
    entry::<super::connect::Connect>(),
    entry::<super::context_tool::Context>(),
    entry::<super::read_live_set::ReadLiveSet>(),
    entry::<super::update_live_set::UpdateLiveSet>(),
    entry::<super::read_track::ReadTrack>(),
    entry::<super::create_track::CreateTrack>(),
    entry::<super::update_track::UpdateTrack>(),
    entry::<super::read_scene::ReadScene>(),
    entry::<super::create_scene::CreateScene>(),
    entry::<super::update_scene::UpdateScene>(),
    entry::<super::read_clip::ReadClip>(),
    entry::<super::create_clip::CreateClip>(),
    entry::<super::update_clip::UpdateClip>(),
    entry::<super::read_device::ReadDevice>(),
    entry::<super::create_device::CreateDevice>(),
    entry::<super::update_device::UpdateDevice>(),
    entry::<super::delete::Delete>(),
    entry::<super::duplicate::Duplicate>(),
    entry::<super::select::Select>(),
    entry::<super::playback::Playback>(),
];

/// Catalogue options derived from the device settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CatalogueOptions {
    /// Small-model mode (tools.md 1.12).
    pub small_model: bool,
    /// Test-only diagnostic tools of the device runtime.
    pub diagnostics: bool,
    /// Output schemas and top-level titles (protocol 2025-06-18 and later).
    pub modern: bool,
}

/// The entry of a registered standard tool.
pub fn find(name: &str) -> Option<&'static Entry> {
    TOOLS.iter().find(|e| e.meta.name == name)
}

/// True when `name` is a diagnostic tool (listed only when diagnostics are on).
pub fn is_diagnostic(name: &str) -> bool {
    diagnostics::definitions()
        .iter()
        .any(|d| d.get("name").and_then(Value::as_str) == Some(name))
}

/// The `tools` array of a `tools/list` result.
pub fn list(opts: CatalogueOptions) -> Vec<Value> {
    let mut out: Vec<Value> = TOOLS
        .iter()
        .map(|e| super::schema::to_mcp(e, opts.small_model, opts.modern))
        .collect();
    if opts.diagnostics {
        out.extend(diagnostics::definitions());
    }
    out
}
