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

pub mod catalogue;
pub(crate) mod clip;
pub(crate) mod common;
pub(crate) mod control;
pub(crate) mod device;
pub(crate) mod framework;
pub(crate) mod live_set;
pub(crate) mod operations;
pub(crate) mod scene;
pub(crate) mod session;
pub(crate) mod track;

pub mod testing;

pub use framework::call::{Bulk, Call, Clock, NoClock, OneOrMany, VirtualClock};
pub use framework::context::ToolContext;
pub use framework::error::{ErrorCode, ToolError};
pub use framework::ids::IssuedIds;
pub use framework::request::{ToolOutcome, ToolRequest, RESUME_CONTEXT, WAIT_META};
pub use framework::tool::{entry, Entry, Hints, Tool, ToolMeta};

use catalogue::resources;
use control::diagnostics;
use framework::{args, call, format, warnings};

use crate::live::LivePort;

use serde_json::Value;

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
    let mut ctx = ToolContext::from_json(&request.context);
    if request.tool == resources::TOOL {
        let uri = request
            .args
            .get("uri")
            .and_then(Value::as_str)
            .unwrap_or("");
        let result =
            resources::read(live, uri, &ctx).unwrap_or_else(|e| e.to_result("resources/read"));
        return ToolOutcome {
            result,
            warnings: Vec::new(),
        };
    }
    let options = catalogue::options_for(&ctx);
    ctx.listed_tools = catalogue::listed_names(options);
    let Some(entry) = catalogue::find_listed(&request.tool, options) else {
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
    if let Err(e) = common::name_rules::check_name_arguments(&args) {
        return ToolOutcome {
            result: e.to_result(name),
            warnings,
        };
    }
    let mut call = Call::new(live, &ctx, ids, clock);
    call.resume = request.context.get(RESUME_CONTEXT).cloned();
    let mut data = (entry.run)(&mut call, args);
    if let Ok(d) = data.as_mut() {
        call.warnings.extend(common::name_rules::cut_read_names(d));
    }
    warnings.append(&mut call.warnings);
    let alone = call.waits_alone();
    if let Some((ms, state)) = call.take_wait() {
        return ToolOutcome {
            result: serde_json::json!({"content": [], "_meta": {WAIT_META: {"ms": ms, "state": state, "alone": alone}}}),
            warnings,
        };
    }
    let outlet = call.take_outlet();
    let mut result = data
        .and_then(|data| format::success(data, ctx.json_output, &entry.meta))
        .unwrap_or_else(|e| e.to_result(name));
    if !outlet.is_empty() {
        if !result["_meta"].is_object() {
            result["_meta"] = serde_json::json!({});
        }
        result["_meta"][call::OUTLET_META] = serde_json::json!(outlet);
    }
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

/// Node-side validation of one `tools/call` (docs/design/tool-contract.md §1.1, §1.11).
pub fn prepare(name: &str, raw_args: &Value, opts: catalogue::CatalogueOptions) -> Prepared {
    if opts.diagnostics && catalogue::is_diagnostic(name) {
        return Prepared::Forward {
            args: raw_args.clone(),
            warnings: Vec::new(),
        };
    }
    let Some(entry) = catalogue::find_listed(name, opts) else {
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

/// Most waits [`call_with`] passes for one call before giving up (a tool waits a
/// bounded number of times; this only stops a broken tool from looping).
pub const MAX_NATIVE_WAITS: usize = 1_000;

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
        diagnostics,
        modern: true,
        ..catalogue::options_for(ctx)
    };
    match prepare(name, raw_args, opts) {
        Prepared::Unknown => None,
        Prepared::Answer(result) => Some(result),
        Prepared::Forward { args, warnings } => {
            let mut request = ToolRequest {
                tool: name.to_string(),
                args,
                context: ctx.to_json(),
            };
            let mut all = warnings;
            // A wait the tool asks for passes at once here: the port applies what Live
            // does during a deferral, then the tool resumes (as the v8 session does).
            for _ in 0..MAX_NATIVE_WAITS {
                let mut outcome = execute(live, &request, ids, clock);
                all.append(&mut outcome.warnings);
                let wait = outcome
                    .result
                    .get("_meta")
                    .and_then(|m| m.get(WAIT_META))
                    .cloned();
                match wait {
                    Some(w) if request.context.is_object() => {
                        live.after_wait();
                        request.context[RESUME_CONTEXT] =
                            w.get("state").cloned().unwrap_or(Value::Null);
                    }
                    _ => return Some(warnings::attach(outcome.result, &all)),
                }
            }
            Some(warnings::attach(
                ToolError::new(ErrorCode::Internal, "the tool kept asking to wait").to_result(name),
                &all,
            ))
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
