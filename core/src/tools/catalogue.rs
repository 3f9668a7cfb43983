//! The tool catalogue (docs/design/tool-rules.md §0): which tools exist, in which order,
//! and how `tools/list` presents them for the device settings in force.

use super::diagnostics;
use super::tool::{entry, Entry};
use serde_json::Value;

/// Every implemented standard tool, in the order of docs/design/tool-rules.md §0. Adding
/// a tool: write its module, then add `entry::<ItsType>()` here. Tools of the catalogue
/// that are not implemented yet are absent rather than listed as stubs.
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
    entry::<super::raw_live_api::RawLiveApi>(),
];

/// The opt-in tool (docs/design/tool-rules.md §0, tool 21): listed only with the Raw Live
/// API setting on and small-model mode off.
pub const RAW_LIVE_API: &str = "barline-raw-live-api";

/// The tool that can never be disabled (docs/design/tool-rules.md §0).
pub const ALWAYS_ENABLED: &str = "barline-connect";

/// Catalogue options derived from the device settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CatalogueOptions {
    /// Small-model mode (docs/design/tool-contract.md §1.12).
    pub small_model: bool,
    /// Test-only diagnostic tools of the device runtime.
    pub diagnostics: bool,
    /// Output schemas and top-level titles (protocol 2025-06-18 and later).
    pub modern: bool,
    /// The Raw Live API setting (docs/design/tool-contract.md §1.16).
    pub raw_live_api: bool,
    /// Tools the device's Setup tab disabled: bit `i` stands for `TOOLS[i]` (a mask
    /// keeps the options `Copy`; see [`disabled_mask`]).
    pub disabled: u64,
}

impl CatalogueOptions {
    /// True when `name` is a standard tool `tools/list` lists with these options.
    pub fn lists(&self, name: &str) -> bool {
        let Some(i) = TOOLS.iter().position(|e| e.meta.name == name) else {
            return false;
        };
        if name == RAW_LIVE_API && (!self.raw_live_api || self.small_model) {
            return false;
        }
        i >= 64 || self.disabled & (1 << i) == 0
    }
}

/// The mask of [`CatalogueOptions::disabled`] for the comma-separated setting text;
/// unknown names and `barline-connect` are ignored (the settings report them).
pub fn disabled_mask(list: &str) -> u64 {
    list.split(',')
        .map(str::trim)
        .filter(|t| *t != ALWAYS_ENABLED)
        .filter_map(|t| TOOLS.iter().position(|e| e.meta.name == t))
        .filter(|i| *i < 64)
        .fold(0, |m, i| m | (1 << i))
}

/// The entry of a registered standard tool, whatever the settings.
pub fn find(name: &str) -> Option<&'static Entry> {
    TOOLS.iter().find(|e| e.meta.name == name)
}

/// The entry of a tool that is listed with `opts` (a call to any other is refused as
/// an unknown tool).
pub fn find_listed(name: &str, opts: CatalogueOptions) -> Option<&'static Entry> {
    find(name).filter(|_| opts.lists(name))
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
        .filter(|e| opts.lists(e.meta.name))
        .map(|e| super::schema::to_mcp(e, opts.small_model, opts.modern))
        .collect();
    if opts.diagnostics {
        out.extend(diagnostics::definitions());
    }
    out
}
