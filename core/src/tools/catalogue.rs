//! The tool catalogue (tools.md section 0): which tools exist, in which order, and how
//! `tools/list` presents them for the device settings in force.

use super::diagnostics;
use super::schema::ToolDef;
use serde_json::Value;

/// Every implemented standard tool, in the order of tools.md section 0. Tools of the
/// spec that are not implemented yet are absent rather than listed as stubs.
static STANDARD: [&ToolDef; 3] = [
    &super::connect::DEF,
    &super::read_clip::DEF,
    &super::create_clip::DEF,
];

/// The standard tools, in catalogue order (see [`STANDARD`]).
pub fn standard() -> &'static [&'static ToolDef] {
    &STANDARD
}

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

/// The definition of a registered standard tool.
pub fn find(name: &str) -> Option<&'static ToolDef> {
    standard().iter().copied().find(|d| d.name == name)
}

/// True when `name` is a diagnostic tool (listed only when diagnostics are on).
pub fn is_diagnostic(name: &str) -> bool {
    diagnostics::definitions()
        .iter()
        .any(|d| d.get("name").and_then(Value::as_str) == Some(name))
}

/// The `tools` array of a `tools/list` result.
pub fn list(opts: CatalogueOptions) -> Vec<Value> {
    let mut out: Vec<Value> = standard()
        .iter()
        .map(|d| d.to_mcp(opts.small_model, opts.modern))
        .collect();
    if opts.diagnostics {
        out.extend(diagnostics::definitions());
    }
    out
}
