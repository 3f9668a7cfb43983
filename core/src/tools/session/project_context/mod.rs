//! `barline-context` (docs/design/tool-rules.md §2): read or replace the project memory,
//! or search the sample folder. A memory write is stored by the device: the tool queues
//! the status-outlet message `update_memory <text>` (docs/design/tool-contract.md §1.16),
//! which the patch keeps in the device (saved with the Set) and hands to the Node side
//! for the next request.

pub mod samples;

use crate::live::Atom;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::{option_set, Choice, Int, Text};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-context`.
pub struct Context;

option_set! {
    /// Actions of the context tool.
    pub enum Actions {
        Read = "read",
        Write = "write",
        Search = "search",
    }
}

/// Longest memory text in characters.
pub const MAX_CHARS: usize = 10_000;
/// Longest memory text in UTF-8 bytes (one Max symbol).
pub const MAX_BYTES: usize = 30_000;
/// The status-outlet selector that stores the memory text.
pub const UPDATE_MEMORY: &str = "update_memory";

/// Arguments of context.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContextParams {
    /// read/write memory, or search samples.
    pub action: Choice<Actions>,
    /// write: new memory text (≤10,000 chars).
    pub content: Option<Text>,
    /// search: text in file paths, any case.
    pub search: Option<Text>,
    /// search: max files (default 200).
    pub limit: Option<Int<1, 1000>>,
}

/// What context returns: the memory (`read`, `write`) or the files found (`search`).
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContextResult {
    /// Project memory switched on in the device.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// The AI may replace the memory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub writable: Option<bool>,
    /// The memory text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// The folder searched, ending with `/`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_folder: Option<String>,
    /// Matching audio files, relative to the folder, `/`-separated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<Vec<String>>,
    /// Present (true) when `limit` cut the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncated: Option<bool>,
}

impl Tool for Context {
    type Params = ContextParams;
    type Output = ContextResult;
    const META: ToolMeta = ToolMeta {
        hints: Hints::OVERWRITE,
        ..ToolMeta::read(
            "barline-context",
            "Context",
            "Read or write the project memory; search the sample folder.",
        )
    };

    fn run(call: &mut Call<'_>, p: ContextParams) -> Result<ContextResult, ToolError> {
        let action = p.action.get();
        if p.content.is_some() && action != Actions::Write {
            call.warn("content is only used by action \"write\"");
        }
        if p.search.is_some() && action != Actions::Search {
            call.warn("search is only used by action \"search\"");
        }
        match action {
            Actions::Read => Ok(read(call)),
            Actions::Write => write(call, p.content.as_ref().map(Text::as_str)),
            Actions::Search => {
                let folder = samples::configured(call)?;
                let limit = p.limit.map_or(200, |l| l.index());
                let text = p.search.as_ref().map_or("", Text::as_str);
                let found = samples::search(call, &folder, text, limit)?;
                Ok(ContextResult {
                    sample_folder: Some(found.folder),
                    samples: Some(found.samples),
                    truncated: found.truncated.then_some(true),
                    ..ContextResult::default()
                })
            }
        }
    }
}

fn read(call: &Call<'_>) -> ContextResult {
    let ctx = call.ctx;
    if !ctx.memory_enabled {
        return ContextResult {
            enabled: Some(false),
            ..ContextResult::default()
        };
    }
    ContextResult {
        enabled: Some(true),
        writable: Some(ctx.memory_writable),
        content: Some(ctx.memory_text.clone()),
        ..ContextResult::default()
    }
}

fn write(call: &mut Call<'_>, content: Option<&str>) -> Result<ContextResult, ToolError> {
    // The settings first, then the text (the order of docs/design/tool-rules.md §2).
    let ctx = call.ctx;
    if !ctx.memory_enabled {
        return Err(ToolError::new(
            ErrorCode::Disabled,
            "Project memory is turned off in the Barline device",
        )
        .with_hint("Ask the user to switch on project memory in the device."));
    }
    if !ctx.memory_writable {
        return Err(ToolError::new(
            ErrorCode::Disabled,
            "The device does not allow AI edits to project memory",
        )
        .with_hint(
            "Ask the user to allow AI edits to the memory in the device, or to edit it there.",
        ));
    }
    let text = content.unwrap_or("");
    if text.is_empty() {
        return Err(ToolError::bad_input(
            "content is required for action \"write\" and must not be empty",
        )
        .with_hint("Pass the whole new memory text as content; it replaces the old text."));
    }
    let chars = text.chars().count();
    if chars > MAX_CHARS || text.len() > MAX_BYTES {
        return Err(ToolError::bad_input(format!(
            "content is {} characters ({} UTF-8 bytes); the limit is 10,000 characters and 30,000 bytes",
            crate::tools::framework::format::grouped(chars),
            crate::tools::framework::format::grouped(text.len())
        ))
        .with_hint("Shorten the memory text: keep what the next session needs."));
    }
    call.send_outlet(vec![
        Atom::Symbol(UPDATE_MEMORY.into()),
        Atom::Symbol(text.to_string()),
    ]);
    Ok(ContextResult {
        enabled: Some(true),
        writable: Some(true),
        content: Some(text.to_string()),
        ..ContextResult::default()
    })
}
