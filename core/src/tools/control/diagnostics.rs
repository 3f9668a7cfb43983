//! Diagnostic tools for testing the device runtime end to end (bridge, hosts, waits,
//! traps). They are listed by the catalogue only when the device setting `diagnostics`
//! is on, which the simulator's tests do and the real device never does.

use crate::live::{Atom, LivePort};
use crate::tools::framework::request::{ToolOutcome, ToolRequest, RESUME_CONTEXT, WAIT_META};
use serde_json::{json, Value};

/// The diagnostic tools' names, in [`definitions`] order. The Live side needs only
/// these; the definitions are built where `tools/list` is rendered.
pub const NAMES: &[&str] = &[
    "barline-debug-echo",
    "barline-debug-blob",
    "barline-debug-wait",
    "barline-debug-get",
    "barline-debug-dump-notes",
    "barline-debug-context",
    "barline-debug-trap",
];

/// MCP tool definitions of the diagnostic tools (name, description, input schema).
pub fn definitions() -> Vec<Value> {
    vec![
        json!({"name": "barline-debug-echo", "description": "Diagnostics: echo text back and raise the given warnings.",
               "inputSchema": {"type": "object", "properties": {
                   "text": {"type": "string"},
                   "warnings": {"type": "array", "items": {"type": "string"}}}}}),
        json!({"name": "barline-debug-blob", "description": "Diagnostics: return a text of `repeat` copies of `unit` (bridge size tests).",
               "inputSchema": {"type": "object", "required": ["unit", "repeat"], "properties": {
                   "unit": {"type": "string", "minLength": 1},
                   "repeat": {"type": "integer", "minimum": 0, "maximum": 10000000}}}}),
        json!({"name": "barline-debug-wait", "description": "Diagnostics: wait `ms` milliseconds on the Live side (Task), then answer.",
               "inputSchema": {"type": "object", "required": ["ms"], "properties": {
                   "ms": {"type": "integer", "minimum": 0, "maximum": 120000},
                   "text": {"type": "string"}}}}),
        json!({"name": "barline-debug-get", "description": "Diagnostics: read one property of a Live object through the Live port.",
               "inputSchema": {"type": "object", "required": ["path", "property"], "properties": {
                   "path": {"type": "string"}, "property": {"type": "string"}}}}),
        json!({"name": "barline-debug-dump-notes", "description": "Diagnostics: every note of a clip as Live's raw JSON (no output cap).",
               "inputSchema": {"type": "object", "required": ["path"], "properties": {
                   "path": {"type": "string"}}}}),
        json!({"name": "barline-debug-context", "description": "Diagnostics: return the request context (device settings) this call carried.",
               "inputSchema": {"type": "object", "properties": {}}}),
        json!({"name": "barline-debug-trap", "description": "Diagnostics: make the WebAssembly module trap (recovery tests).",
               "inputSchema": {"type": "object", "properties": {}}}),
    ]
}

/// Runs a diagnostic tool if `request` names one.
pub fn execute(live: &mut dyn LivePort, request: &ToolRequest) -> Option<ToolOutcome> {
    let args = &request.args;
    let outcome = match request.tool.as_str() {
        "barline-debug-echo" => {
            let warnings = args["warnings"]
                .as_array()
                .map(|w| {
                    w.iter()
                        .filter_map(|v| v.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
            ok(
                json!({"text": args["text"].as_str().unwrap_or("")}),
                warnings,
            )
        }
        "barline-debug-blob" => {
            let unit = args["unit"].as_str().unwrap_or("x");
            let repeat = args["repeat"].as_u64().unwrap_or(0).min(10_000_000) as usize;
            ok(json!({"text": unit.repeat(repeat)}), Vec::new())
        }
        "barline-debug-wait" => wait(request),
        "barline-debug-get" => get(live, args),
        "barline-debug-dump-notes" => dump_notes(live, args),
        "barline-debug-context" => ok(request.context.clone(), Vec::new()),
        "barline-debug-trap" => trap(),
        _ => return None,
    };
    Some(outcome)
}

fn ok(data: Value, warnings: Vec<String>) -> ToolOutcome {
    ToolOutcome {
        result: json!({"content": [{"type": "text", "text": data.to_string()}], "structuredContent": data}),
        warnings,
    }
}

fn error(tool: &str, code: &str, message: &str) -> ToolOutcome {
    ToolOutcome {
        result: json!({"isError": true,
            "content": [{"type": "text", "text": format!("Error [{code}] in {tool}: {message}\nHint: Fix the argument as described and call again.")}],
            "_meta": {"barline/error": {"code": code, "message": message, "tool": tool}}}),
        warnings: Vec::new(),
    }
}

/// First call: ask the host to wait. Resumed call: answer with what was waited.
fn wait(request: &ToolRequest) -> ToolOutcome {
    let ms = request.args["ms"].as_u64().unwrap_or(0);
    match request.context.get(RESUME_CONTEXT) {
        Some(state) => ok(
            json!({"waited": state["ms"], "text": request.args["text"].as_str().unwrap_or("")}),
            vec![format!("waited {ms} ms")],
        ),
        None => ToolOutcome {
            result: json!({"content": [], "_meta": {WAIT_META: {"ms": ms, "state": {"ms": ms}}}}),
            warnings: Vec::new(),
        },
    }
}

fn get(live: &mut dyn LivePort, args: &Value) -> ToolOutcome {
    let tool = "barline-debug-get";
    let path = args["path"].as_str().unwrap_or("");
    let id = live.resolve(path);
    if id.is_none() {
        return error(tool, "NOT_FOUND", &format!("no object at path {path:?}"));
    }
    match live.get(id, args["property"].as_str().unwrap_or("")) {
        Ok(atoms) => ok(json!({"id": id.to_string(), "value": atoms}), Vec::new()),
        Err(e) => error(tool, "LIVE_REJECTED", &e.message),
    }
}

fn dump_notes(live: &mut dyn LivePort, args: &Value) -> ToolOutcome {
    let tool = "barline-debug-dump-notes";
    let path = args["path"].as_str().unwrap_or("");
    let id = live.resolve(path);
    if id.is_none() {
        return error(tool, "NOT_FOUND", &format!("no clip at path {path:?}"));
    }
    match live.call(id, "get_all_notes_extended", &[]) {
        Ok(atoms) => match atoms.as_slice() {
            [Atom::Symbol(json)] => ToolOutcome {
                result: json!({"content": [{"type": "text", "text": json}]}),
                warnings: Vec::new(),
            },
            other => error(
                tool,
                "LIVE_REJECTED",
                &format!("unexpected result {other:?}"),
            ),
        },
        Err(e) => error(tool, "LIVE_REJECTED", &e.message),
    }
}

/// Traps the wasm instance on purpose; natively (no wasm) it reports that instead.
fn trap() -> ToolOutcome {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    error(
        "barline-debug-trap",
        "UNSUPPORTED",
        "traps exist only in the WebAssembly build",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_those_of_the_definitions() {
        let defined: Vec<String> = definitions()
            .iter()
            .filter_map(|d| d["name"].as_str().map(String::from))
            .collect();
        assert_eq!(defined, NAMES);
    }
}
