//! The tools: one module per tool family, written only against the Live port.
//!
//! A tool is a type implementing [`Tool`] (typed parameters and result, [`ToolMeta`]),
//! registered once in [`catalogue::TOOLS`]; it runs with a [`Call`] (Live port,
//! context, warnings, deadline, id registry). ARCHITECTURE.md "How to add a tool".
//!
//! Contract used by the v8 side (`core/src/wasm/v8.rs`): the node side forwards a
//! [`ToolRequest`]; [`execute`] runs it against a [`LivePort`] and returns a
//! [`ToolOutcome`] whose `result` is an MCP `CallToolResult` (without warning items:
//! warnings travel separately on the wire and are appended by the node side).
//!
//! The node side calls [`prepare`] first (schema validation and coercion, unknown
//! argument warnings), so bad input never reaches Live; [`execute`] validates again so
//! the v8 side never trusts a frame blindly.

pub mod args;
pub mod audio;
pub mod call;
pub mod catalogue;
pub mod clip_moves;
pub mod clip_ops;
pub mod clip_quantize;
pub mod clip_ref;
pub mod clip_timing;
pub mod clip_transforms;
pub mod coerce;
pub mod connect;
pub mod context;
pub mod create_clip;
pub mod diagnostics;
pub mod error;
pub mod format;
pub mod ids;
pub mod lom;
pub mod mentions;
pub mod name_rules;
pub mod names;
pub mod note_merge;
pub mod notes;
pub mod overview;
pub mod read_clip;
pub mod refs;
pub mod resource;
pub mod schema;
pub mod time;
pub mod timeline;
pub mod tool;
pub mod update_clip;
pub mod warnings;

pub use call::{Bulk, Call, Clock, NoClock, OneOrMany, VirtualClock};
pub use context::ToolContext;
pub use error::{ErrorCode, ToolError};
pub use ids::IssuedIds;
pub use tool::{entry, Entry, Hints, Tool, ToolMeta};

use crate::live::LivePort;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One tool call as it crosses the wire: `{"tool", "args", "context"}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolRequest {
    /// Registered tool name, e.g. `barline-read-clip`.
    pub tool: String,
    /// Arguments after the node side validated them against the tool's schema.
    #[serde(default)]
    pub args: Value,
    /// Device settings and request facts the tool may need (deadline, output format…).
    #[serde(default)]
    pub context: Value,
}

/// What a tool produced: the MCP result plus the warnings collected for this request.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolOutcome {
    /// An MCP `CallToolResult` object (`content`, `structuredContent`, `isError`, `_meta`).
    pub result: Value,
    /// Warnings of this request only, in the order they were raised.
    pub warnings: Vec<String>,
}

/// Runs one tool call against Live. `ids` is the v8 session's issued-id registry and
/// `clock` its clock (the request's deadline starts now).
pub fn execute(
    live: &mut dyn LivePort,
    request: &ToolRequest,
    ids: &mut IssuedIds,
    clock: &dyn Clock,
) -> ToolOutcome {
    if let Some(outcome) = diagnostics::execute(live, request) {
        return outcome;
    }
    let ctx = ToolContext::from_json(&request.context);
    if request.tool == resource::TOOL {
        let uri = request
            .args
            .get("uri")
            .and_then(Value::as_str)
            .unwrap_or("");
        let result =
            resource::read(live, uri, &ctx).unwrap_or_else(|e| e.to_result("resources/read"));
        return ToolOutcome {
            result,
            warnings: Vec::new(),
        };
    }
    let Some(entry) = catalogue::find(&request.tool) else {
        return unknown_tool(&request.tool);
    };
    let name = entry.meta.name;
    let (args, mut warnings) = match args::validate(entry, &request.args, ctx.small_model) {
        Ok(v) => v,
        Err(e) => {
            return ToolOutcome {
                result: e.to_result(name),
                warnings: Vec::new(),
            }
        }
    };
    let mut call = Call::new(live, &ctx, ids, clock);
    let data = (entry.run)(&mut call, args);
    warnings.append(&mut call.warnings);
    let result = data
        .and_then(|data| format::success(data, ctx.json_output, &entry.meta))
        .unwrap_or_else(|e| e.to_result(name));
    ToolOutcome { result, warnings }
}

/// What the node side does with a `tools/call` before anything reaches Live.
#[derive(Clone, Debug, PartialEq)]
pub enum Prepared {
    /// Forward to Live with these coerced arguments; `warnings` go first in the result.
    Forward {
        /// Coerced arguments (known parameters only).
        args: Value,
        /// Warnings raised by validation (unknown arguments).
        warnings: Vec<String>,
    },
    /// Answer at once with this finished `CallToolResult` (validation failed).
    Answer(Value),
    /// The tool is not registered: a protocol error (`-32602 Unknown tool`).
    Unknown,
}

/// Node-side validation of one `tools/call` (tools.md 1.1, 1.11).
pub fn prepare(name: &str, raw_args: &Value, opts: catalogue::CatalogueOptions) -> Prepared {
    if opts.diagnostics && catalogue::is_diagnostic(name) {
        return Prepared::Forward {
            args: raw_args.clone(),
            warnings: Vec::new(),
        };
    }
    let Some(entry) = catalogue::find(name) else {
        return Prepared::Unknown;
    };
    match args::validate(entry, raw_args, opts.small_model) {
        Ok((args, warnings)) => Prepared::Forward {
            args: Value::Object(args),
            warnings,
        },
        Err(e) => Prepared::Answer(e.to_result(name)),
    }
}

/// The whole call as a client sees it, without the wire in between: prepare, execute,
/// attach warnings. Used by native tests and any in-process host; each call gets a
/// fresh id registry and no clock (see [`call_with`] to keep them across calls).
pub fn call(
    live: &mut dyn LivePort,
    name: &str,
    raw_args: &Value,
    ctx: &ToolContext,
    diagnostics: bool,
) -> Option<Value> {
    call_with(
        live,
        name,
        raw_args,
        ctx,
        diagnostics,
        &mut IssuedIds::new(),
        &NoClock,
    )
}

/// [`call`] with the Live side's registry and clock given by the caller.
pub fn call_with(
    live: &mut dyn LivePort,
    name: &str,
    raw_args: &Value,
    ctx: &ToolContext,
    diagnostics: bool,
    ids: &mut IssuedIds,
    clock: &dyn Clock,
) -> Option<Value> {
    let opts = catalogue::CatalogueOptions {
        small_model: ctx.small_model,
        diagnostics,
        modern: true,
    };
    match prepare(name, raw_args, opts) {
        Prepared::Unknown => None,
        Prepared::Answer(result) => Some(result),
        Prepared::Forward { args, warnings } => {
            let outcome = execute(
                live,
                &ToolRequest {
                    tool: name.to_string(),
                    args,
                    context: ctx.to_json(),
                },
                ids,
                clock,
            );
            let mut all = warnings;
            all.extend(outcome.warnings);
            Some(warnings::attach(outcome.result, &all))
        }
    }
}

fn unknown_tool(name: &str) -> ToolOutcome {
    ToolOutcome {
        result: ToolError::not_found(format!("no such tool on the Live side: {name}"))
            .to_result(name),
        warnings: Vec::new(),
    }
}
