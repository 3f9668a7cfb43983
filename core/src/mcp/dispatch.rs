//! Method dispatch for one JSON-RPC request inside an initialised session: answers
//! everything the Node side can answer itself and says what must go to Live.

use super::jsonrpc::{self, INVALID_PARAMS, METHOD_NOT_FOUND, RESOURCE_NOT_FOUND};
use super::settings::Settings;
use super::{prompts, resources, version};
use crate::tools::catalogue::resources as live_resources;
use crate::tools::catalogue::{listed_names, CatalogueOptions};
use crate::tools::framework::mentions;
use crate::tools::{self, Prepared};
use serde_json::{json, Value};

/// MCP logging levels, lowest first.
pub const LOG_LEVELS: [&str; 8] = [
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
];

/// What the Live side must do for a request.
#[derive(Clone, Debug, PartialEq)]
pub struct Forward {
    /// JSON-RPC id to answer.
    pub rpc_id: Value,
    /// Wire tool name (a registered tool or the internal resource reader).
    pub tool: String,
    /// Coerced arguments.
    pub args: Value,
    /// Warnings raised on the Node side (they come first).
    pub warnings: Vec<String>,
    /// `Some(uri)` when this is a resource read.
    pub resource: Option<String>,
    /// The client's `_meta.progressToken`, when it asked for progress.
    pub progress_token: Option<Value>,
}

/// Outcome of dispatching one request.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A complete JSON-RPC response.
    Reply(Value),
    /// Must be answered by Live.
    Forward(Box<Forward>),
}

/// Options of the tool catalogue for a session.
pub fn catalogue_options(settings: &Settings, version: &str) -> CatalogueOptions {
    CatalogueOptions {
        small_model: settings.small_model,
        diagnostics: settings.diagnostics,
        modern: version::has_structured_output(version),
        raw_live_api: settings.raw_live_api,
        disabled: tools::catalogue::disabled_mask(&settings.disabled_tools),
    }
}

/// The `initialize` result for a negotiated version, with the instructions rendered for
/// the tools `settings` list.
pub fn initialize_result(negotiated: &str, settings: &Settings) -> Value {
    let listed = listed_names(catalogue_options(settings, negotiated));
    let small = settings.small_model;
    let mut instructions = mentions::render(INSTRUCTIONS, &|n| {
        tools::catalogue::nameable(&listed, small, n)
    });
    if settings.small_model {
        instructions = without_tool_list(&instructions);
    }
    json!({
        "protocolVersion": negotiated,
        "capabilities": {
            "tools": {"listChanged": false},
            "resources": {"subscribe": false, "listChanged": false},
            "prompts": {"listChanged": false},
            "logging": {},
        },
        "serverInfo": {
            "name": "barline",
            "title": "Barline",
            "version": crate::VERSION,
        },
        "instructions": instructions,
    })
}

/// Server instructions: how to use Barline and bar|beat, in a few hundred words.
pub const INSTRUCTIONS: &str = include_str!("instructions.md");

/// The heading of the instructions' tools-by-task list.
const TOOL_LIST_HEADING: &str = "The tools, by task:";

/// The instructions without their tools-by-task list: small-model mode
/// (docs/design/tool-contract.md §1.12) keeps the context short, and each tool's own
/// description says what it is for.
fn without_tool_list(instructions: &str) -> String {
    let Some(start) = instructions.find(TOOL_LIST_HEADING) else {
        return instructions.to_string();
    };
    let end = instructions[start..]
        .find("\n\n")
        .map_or(instructions.len(), |i| start + i + 2);
    format!("{}{}", &instructions[..start], &instructions[end..])
}

/// Dispatches a request other than `initialize`.
pub fn dispatch(
    id: &Value,
    method: &str,
    params: &Value,
    settings: &Settings,
    version: &str,
    log_level: &mut String,
) -> Outcome {
    match method {
        "ping" => reply(id, json!({})),
        "tools/list" => {
            let list = tools::catalogue::list(catalogue_options(settings, version));
            reply(id, json!({ "tools": list }))
        }
        "tools/call" => tools_call(id, params, settings, version),
        "resources/list" => reply(
            id,
            json!({"resources": resources::list(catalogue_options(settings, version))}),
        ),
        "resources/templates/list" => reply(
            id,
            json!({"resourceTemplates": resources::templates(catalogue_options(settings, version))}),
        ),
        "resources/read" => resources_read(id, params),
        "prompts/list" => {
            let listed = listed_names(catalogue_options(settings, version));
            let small = settings.small_model;
            reply(
                id,
                json!({"prompts": prompts::list(&|n| tools::catalogue::nameable(&listed, small, n))}),
            )
        }
        "prompts/get" => prompts_get(id, params, settings, version),
        "logging/setLevel" => set_log_level(id, params, log_level),
        "initialize" => fail(
            id,
            jsonrpc::INVALID_REQUEST,
            "initialize may only be sent once, as the first request of a session",
        ),
        _ => fail(
            id,
            METHOD_NOT_FOUND,
            &format!("Method not found: {}", jsonrpc::quote(method)),
        ),
    }
}

/// A successful response to request `id`.
fn reply(id: &Value, result: Value) -> Outcome {
    Outcome::Reply(jsonrpc::result(id, result))
}

/// An error response to request `id`.
fn fail(id: &Value, code: i64, message: &str) -> Outcome {
    Outcome::Reply(jsonrpc::error(id, code, message, None))
}

/// `tools/call`: checked and coerced here, run by Live.
fn tools_call(id: &Value, params: &Value, settings: &Settings, version: &str) -> Outcome {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return fail(
            id,
            INVALID_PARAMS,
            "tools/call needs params.name (a string)",
        );
    };
    if settings.is_disabled(name) {
        return fail(id, INVALID_PARAMS, &format!("Unknown tool: {name}"));
    }
    let args = params.get("arguments").cloned().unwrap_or(Value::Null);
    match tools::prepare(name, &args, catalogue_options(settings, version)) {
        Prepared::Unknown => fail(id, INVALID_PARAMS, &unknown_tool(name, settings, version)),
        Prepared::Answer(result) => reply(id, result),
        Prepared::Forward { args, warnings } => Outcome::Forward(Box::new(Forward {
            rpc_id: id.clone(),
            tool: name.to_string(),
            args,
            warnings,
            resource: None,
            progress_token: progress_token(params),
        })),
    }
}

/// `resources/read`: static resources answered here, `live://` ones read by Live.
fn resources_read(id: &Value, params: &Value) -> Outcome {
    let Some(uri) = params.get("uri").and_then(Value::as_str) else {
        return fail(
            id,
            INVALID_PARAMS,
            "resources/read needs params.uri (a string)",
        );
    };
    match resources::route(uri) {
        resources::Route::Static(r) => reply(id, r),
        resources::Route::Live(uri) => Outcome::Forward(Box::new(Forward {
            rpc_id: id.clone(),
            tool: live_resources::TOOL.to_string(),
            args: json!({"uri": uri}),
            warnings: Vec::new(),
            resource: Some(uri),
            progress_token: None,
        })),
        resources::Route::NotFound => Outcome::Reply(jsonrpc::error(
            id,
            RESOURCE_NOT_FOUND,
            &format!("Resource not found: {}", jsonrpc::quote(uri)),
            Some(json!({
                "uri": jsonrpc::quote(uri),
                "code": "NOT_FOUND",
                "hint": "Call resources/list and resources/templates/list for valid URIs.",
            })),
        )),
    }
}

/// `prompts/get`, naming only the tools listed for these settings.
fn prompts_get(id: &Value, params: &Value, settings: &Settings, version: &str) -> Outcome {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return fail(
            id,
            INVALID_PARAMS,
            "prompts/get needs params.name (a string)",
        );
    };
    let args = params.get("arguments").cloned().unwrap_or(Value::Null);
    let listed = listed_names(catalogue_options(settings, version));
    let small = settings.small_model;
    match prompts::get(name, &args, &|n| {
        tools::catalogue::nameable(&listed, small, n)
    }) {
        Ok(r) => reply(id, r),
        Err((code, msg)) => fail(id, code, &msg),
    }
}

/// `logging/setLevel`: one of [`LOG_LEVELS`], kept for the session.
fn set_log_level(id: &Value, params: &Value, log_level: &mut String) -> Outcome {
    match params.get("level").and_then(Value::as_str) {
        Some(l) if LOG_LEVELS.contains(&l) => {
            *log_level = l.to_string();
            reply(id, json!({}))
        }
        other => fail(
            id,
            INVALID_PARAMS,
            &format!(
                "logging/setLevel needs params.level, one of {}; got {}",
                LOG_LEVELS.join(", "),
                other
                    .map(|s| format!("\"{}\"", jsonrpc::quote(s)))
                    .unwrap_or_else(|| "nothing".into())
            ),
        ),
    }
}

fn progress_token(params: &Value) -> Option<Value> {
    params
        .get("_meta")
        .and_then(|m| m.get("progressToken"))
        .filter(|t| t.is_string() || t.is_number())
        .cloned()
}

/// `Unknown tool: "x"`, with the listed tools whose names are nearest.
fn unknown_tool(name: &str, settings: &Settings, version: &str) -> String {
    let listed = tools::catalogue::listed_names(catalogue_options(settings, version));
    let names: Vec<&str> = listed.iter().map(String::as_str).collect();
    let close = tools::framework::nearest::nearest(name, &names, 2);
    let mut text = format!("Unknown tool: {}", jsonrpc::quote(name));
    if !close.is_empty() {
        text += &format!(
            "; did you mean {}?",
            tools::framework::nearest::or_list(&close)
        );
    }
    text
}
