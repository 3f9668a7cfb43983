//! The `TOO_LARGE` error result that replaces a response the bridge cannot carry.

use crate::bridge::{BridgeError, MAX_CHUNKS, MAX_CHUNK_BYTES};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::format::grouped;

/// Narrowing advice per tool (docs/design/tool-contract.md §2.3): what the model should
/// ask for instead.
pub fn narrowing_hint(tool: &str) -> &'static str {
    match tool.strip_prefix("barline-").unwrap_or(tool) {
        "read-live-set" => "Drop \"tracks\"/\"scenes\" from include, or read tracks one at a time with barline-read-track.",
        "read-track" => "Drop notes/timing/sample from include, or list clips without notes and read single clips with barline-read-clip.",
        "read-scene" => "Drop notes from include, or read single clips with barline-read-clip.",
        "read-clip" => "Read part of the clip with the bars parameter, e.g. bars \"1-8\".",
        "read-device" => "Lower maxDepth, drop param-values, or filter parameters with paramSearch.",
        "context" => "Use a more specific search text or a smaller limit.",
        "raw-live-api" => "Send fewer operations per call.",
        _ => "Act on fewer items per call.",
    }
}

/// An MCP error result (docs/design/tool-contract.md §2.1) saying the result of `tool`
/// (`bytes` long) did not fit the bridge, with the tool's narrowing hint.
pub fn too_large_result(tool: &str, bytes: usize, error: &BridgeError) -> String {
    let name = if tool.is_empty() { "the tool" } else { tool };
    let message = match error {
        BridgeError::TooLarge { .. } => format!(
            "result is {} bytes, over the bridge limit of {} chunks of {} bytes",
            grouped(bytes),
            MAX_CHUNKS,
            grouped(MAX_CHUNK_BYTES)
        ),
        other => format!(
            "result of {} bytes cannot cross the bridge: {other}",
            grouped(bytes)
        ),
    };
    ToolError::new(ErrorCode::TooLarge, message)
        .with_hint(narrowing_hint(tool))
        .to_result(name)
        .to_string()
}
