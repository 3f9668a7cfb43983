//! Live-backed resources (docs/design/tool-contract.md §3.10), answered on the v8 side:
//! the node side forwards `resources/read` as a request for the internal tool [`TOOL`]
//! with `{"uri"}`.

use crate::live::LivePort;
use crate::tools::catalogue;
use crate::tools::common::live_version;
use crate::tools::common::overview;
use crate::tools::framework::call::{Call, NoClock};
use crate::tools::framework::coerce::INDEX_MAX;
use crate::tools::framework::context::ToolContext;
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::format::TEXT_CAP;
use crate::tools::framework::ids::IssuedIds;
use serde_json::{json, Value};

/// Internal request name for resource reads (never listed, never callable by clients).
pub const TOOL: &str = "barline-resource";
/// The Live Set overview.
pub const SET: &str = "live://set";
/// Operations Live's API cannot do.
pub const CAPABILITIES: &str = "live://capabilities";

/// Prefix of the `live://track/{index}` template (regular track `index`).
pub const TRACK_PREFIX: &str = "live://track/";

/// True for URIs answered from Live.
pub fn is_live_uri(uri: &str) -> bool {
    uri == SET
        || uri == CAPABILITIES
        || (uri.starts_with("live://clip/") && catalogue::find("barline-read-clip").is_some())
        || (uri.starts_with(TRACK_PREFIX) && catalogue::find("barline-read-track").is_some())
}

/// Operations no tool offers: (name, reason, what the user can do).
pub const UNSUPPORTED_OPERATIONS: &[(&str, &str, &str)] = &[
    (
        "export or render audio",
        "Live's API has no export or render call",
        "Use File > Export Audio/Video in Live.",
    ),
    (
        "freeze or flatten tracks",
        "freezing is not exposed to the Live API",
        "Right-click the track title and choose Freeze Track, then Flatten.",
    ),
    (
        "reorder tracks",
        "tracks can only be created at an index, duplicated next to themselves or deleted",
        "Drag the track title to its new place.",
    ),
    (
        "write automation envelopes",
        "clip and arrangement envelopes cannot be written through the Live API",
        "Draw the automation in Live's envelope editor.",
    ),
    (
        "load presets, plugins or browser items",
        "the Live API cannot load items from the browser into devices",
        "Drag the preset or plugin from Live's browser onto the track.",
    ),
    (
        "undo or redo through Barline",
        "undo history is not exposed as a safe API",
        "Press Cmd/Ctrl+Z in Live.",
    ),
];

/// Reads one Live-backed resource; the `ReadResourceResult` or a failure whose code
/// becomes the JSON-RPC error's `data.code`.
pub fn read(live: &mut dyn LivePort, uri: &str, ctx: &ToolContext) -> Result<Value, ToolError> {
    let data = if uri == SET {
        serde_json::to_value(overview::read(live)?)
            .map_err(|e| ToolError::new(ErrorCode::Internal, format!("overview: {e}")))?
    } else if uri == CAPABILITIES {
        let ops: Vec<Value> = UNSUPPORTED_OPERATIONS
            .iter()
            .map(|(name, reason, workaround)| {
                json!({"name": name, "supported": false, "reason": reason, "workaround": workaround})
            })
            .collect();
        json!({
            "liveVersion": live_version::live_version(live)?,
            "barlineVersion": crate::VERSION,
            "operations": ops,
        })
    } else if let Some(id) = uri.strip_prefix("live://clip/") {
        crate::tools::common::clip::reader::resource(live, id)?
    } else if let Some(index) = uri.strip_prefix(TRACK_PREFIX) {
        track(live, index, ctx)?
    } else {
        return Err(ToolError::not_found(format!("no resource at {uri}"))
            .with_hint("Call resources/list and resources/templates/list for valid URIs."));
    };
    let text = serde_json::to_string_pretty(&data).unwrap_or_default();
    if text.chars().count() > TEXT_CAP {
        return Err(ToolError::new(
            ErrorCode::TooLarge,
            format!(
                "resource {uri} is {} characters (limit 25,000)",
                text.chars().count()
            ),
        ));
    }
    Ok(json!({"contents": [{"uri": uri, "mimeType": "application/json", "text": text}]}))
}

/// `live://track/{index}`: the index is digits only (anything else names no resource).
fn track(live: &mut dyn LivePort, index: &str, ctx: &ToolContext) -> Result<Value, ToolError> {
    let n = index
        .parse::<u64>()
        .ok()
        .filter(|_| index.bytes().all(|b| b.is_ascii_digit()))
        .filter(|n| *n <= INDEX_MAX as u64)
        .ok_or_else(|| {
            ToolError::not_found(format!(
                "no resource at {TRACK_PREFIX}{index}: the index must be a regular track index from 0"
            ))
        })?;
    let mut ids = IssuedIds::new();
    let mut call = Call::new(live, ctx, &mut ids, &NoClock);
    crate::tools::common::track::reader::resource(&mut call, n)
}
