//! The tool catalogue (docs/design/tool-rules.md §0): which tools exist, in which order,
//! and how `tools/list` presents them for the device settings in force.

pub mod resources;

use crate::tools::control::diagnostics;
use crate::tools::framework::context::ToolContext;
use crate::tools::framework::tool::{entry, Entry};
use serde_json::Value;

/// Every implemented standard tool, in the order of docs/design/tool-rules.md §0. Adding
/// a tool: write its module, then add `entry::<ItsType>()` here. Tools of the catalogue
/// that are not implemented yet are absent rather than listed as stubs.
pub static TOOLS: &[Entry] = &[
    entry::<crate::tools::session::connect::Connect>(),
    entry::<crate::tools::session::project_context::Context>(),
    entry::<crate::tools::live_set::read_live_set::ReadLiveSet>(),
    entry::<crate::tools::live_set::update_live_set::UpdateLiveSet>(),
    entry::<crate::tools::track::read_track::ReadTrack>(),
    entry::<crate::tools::track::create_track::CreateTrack>(),
    entry::<crate::tools::track::update_track::UpdateTrack>(),
    entry::<crate::tools::scene::read_scene::ReadScene>(),
    entry::<crate::tools::scene::create_scene::CreateScene>(),
    entry::<crate::tools::scene::update_scene::UpdateScene>(),
    entry::<crate::tools::clip::read_clip::ReadClip>(),
    entry::<crate::tools::clip::create_clip::CreateClip>(),
    entry::<crate::tools::clip::update_clip::UpdateClip>(),
    entry::<crate::tools::device::read_device::ReadDevice>(),
    entry::<crate::tools::device::create_device::CreateDevice>(),
    entry::<crate::tools::device::update_device::UpdateDevice>(),
    entry::<crate::tools::operations::delete::Delete>(),
    entry::<crate::tools::operations::duplicate::Duplicate>(),
    entry::<crate::tools::control::select::Select>(),
    entry::<crate::tools::control::playback::Playback>(),
    entry::<crate::tools::control::raw_live_api::RawLiveApi>(),
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

/// The catalogue a request with this context may use: small-model mode, the Raw Live
/// API setting and the disabled tools.
pub fn options_for(ctx: &ToolContext) -> CatalogueOptions {
    CatalogueOptions {
        small_model: ctx.small_model,
        raw_live_api: ctx.raw_live_api,
        disabled: disabled_mask(&ctx.disabled_tools),
        ..Default::default()
    }
}

/// The names `tools/list` lists for `opts`, in catalogue order (diagnostic tools
/// included when they are on).
pub fn listed_names(opts: CatalogueOptions) -> Vec<String> {
    let mut out: Vec<String> = TOOLS
        .iter()
        .filter(|e| opts.lists(e.meta.name))
        .map(|e| e.meta.name.to_string())
        .collect();
    if opts.diagnostics {
        out.extend(diagnostics::NAMES.iter().map(|n| n.to_string()));
    }
    out
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

/// Whether a text may name `name` with these options: a tool when it is listed, a
/// parameter when a listed tool takes it in this mode, and any other word.
pub fn available(opts: CatalogueOptions, name: &str) -> bool {
    if name.starts_with("barline-") {
        opts.lists(name)
    } else {
        parameter_available(name, opts.small_model, &|t| opts.lists(t))
    }
}

/// [`available`] for a list of listed tool names (diagnostic tools included), as the
/// texts a session renders see it.
pub fn nameable(listed: &[String], small_model: bool, name: &str) -> bool {
    let listed_tool = |t: &str| listed.iter().any(|l| l == t);
    if name.starts_with("barline-") {
        listed_tool(name)
    } else {
        parameter_available(name, small_model, &listed_tool)
    }
}

/// False only when `name` is a parameter of some tool and no tool `listed` accepts
/// takes it in this mode (small-model mode removes some); true for any other word.
pub fn parameter_available(name: &str, small_model: bool, listed: &dyn Fn(&str) -> bool) -> bool {
    let mut known = false;
    for e in TOOLS {
        if !(e.fields)().contains(&name) {
            continue;
        }
        known = true;
        if listed(e.meta.name) && !(small_model && e.meta.small_removed.contains(&name)) {
            return true;
        }
    }
    !known
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
    diagnostics::NAMES.contains(&name)
}

/// The `tools` array of a `tools/list` result.
pub fn list(opts: CatalogueOptions) -> Vec<Value> {
    let mut out: Vec<Value> = TOOLS
        .iter()
        .filter(|e| opts.lists(e.meta.name))
        .map(|e| crate::tools::framework::schema::to_mcp(e, opts.small_model, opts.modern))
        .collect();
    if opts.diagnostics {
        out.extend(diagnostics::definitions());
    }
    out
}
