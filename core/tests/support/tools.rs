//! Calling tools against the fake Live Set, with every successful result checked the same
//! way (docs/design/tool-contract.md §1.13): `structuredContent` validates against the
//! tool's `outputSchema`, and the compact text parses back to the same data. A tool test
//! gets both checks by calling [`call`] / [`call_ctx`], or [`check_result`] for a result
//! it obtained some other way. Every call also fails the test when the fake recorded a
//! request that crashes Live (core/fake-live/README.md row A1).

use barline_core::tools::testing::schema;
use barline_core::tools::{self, catalogue};
use barline_core::tools::{IssuedIds, NoClock, ToolContext};
use barline_fake_live::FakeLive;
use serde_json::Value;

/// Calls a registered tool with the default context; returns the checked MCP result.
pub fn call(live: &mut FakeLive, tool: &str, args: Value) -> Value {
    call_ctx(live, tool, args, &ToolContext::default())
}

/// Calls a registered tool with a given context; returns the checked MCP result.
pub fn call_ctx(live: &mut FakeLive, tool: &str, args: Value, ctx: &ToolContext) -> Value {
    let r = tools::call(live, tool, &args, ctx, false).expect("registered tool");
    check_result(tool, &r, ctx.json_output);
    let crashes: Vec<&String> = live
        .errors()
        .iter()
        .filter(|e| e.contains("crashes Live"))
        .collect();
    assert!(
        crashes.is_empty(),
        "{tool} made a request that crashes Live: {crashes:?}"
    );
    r
}

/// Calls with one issued-id registry across calls, as the device's v8 session keeps it
/// (ids issued by one call are known to the next, stale ones are told apart).
pub fn call_kept(live: &mut FakeLive, ids: &mut IssuedIds, tool: &str, args: Value) -> Value {
    let r = tools::call_with(
        live,
        tool,
        &args,
        &ToolContext::default(),
        false,
        ids,
        &NoClock,
    )
    .expect("registered tool");
    check_result(tool, &r, false);
    r
}

/// For a successful result of `tool`: `structuredContent` is valid against the
/// tool's `outputSchema`, and the first text item (compact literal, or JSON when
/// `json_output`) parses back to the same data. Error results are left alone.
pub fn check_result(tool: &str, result: &Value, json_output: bool) {
    if result["isError"] == true {
        return;
    }
    let structured = &result["structuredContent"];
    let problems = schema_problems(&output_schema(tool), structured);
    assert!(
        problems.is_empty(),
        "{tool}: structuredContent does not match outputSchema:\n  {}\ncontent: {structured}",
        problems.join("\n  ")
    );
    let text = result["content"][0]["text"].as_str().expect("text item");
    let parsed = if json_output {
        serde_json::from_str(text).expect("JSON text")
    } else {
        parse_compact(text)
            .unwrap_or_else(|e| panic!("{tool}: compact text does not parse ({e}): {text}"))
    };
    let parsed = match parsed {
        Value::Array(items) => serde_json::json!({ "items": items }),
        other => other,
    };
    assert_eq!(
        &parsed, structured,
        "{tool}: text and structuredContent differ"
    );
}

/// The `outputSchema` of `tool` as `tools/list` shows it.
pub fn output_schema(tool: &str) -> Value {
    let entry = catalogue::find(tool).expect("registered tool");
    schema::to_mcp(entry, false, true)["outputSchema"].clone()
}

/// What makes `value` invalid against `schema` (nothing when it is valid).
pub fn schema_problems(schema: &Value, value: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("outputSchema compiles");
    validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// Parses the compact literal of docs/design/tool-contract.md §1.13 (unquoted identifier
/// keys, JSON values) by quoting the bare keys and reading the result as JSON.
pub fn parse_compact(text: &str) -> Result<Value, String> {
    let mut json = String::with_capacity(text.len() + 16);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut prev_structural = ' ';
    while i < chars.len() {
        let c = chars[i];
        if c == '"' {
            json.push(c);
            i += 1;
            while i < chars.len() {
                let d = chars[i];
                json.push(d);
                i += 1;
                if d == '\\' && i < chars.len() {
                    json.push(chars[i]);
                    i += 1;
                } else if d == '"' {
                    break;
                }
            }
            prev_structural = '"';
            continue;
        }
        let starts_key = (prev_structural == '{' || prev_structural == ',')
            && (c.is_ascii_alphabetic() || c == '_' || c == '$');
        if starts_key {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == '$')
            {
                i += 1;
            }
            if chars.get(i) == Some(&':') {
                json.push('"');
                json.extend(&chars[start..i]);
                json.push('"');
            } else {
                json.extend(&chars[start..i]);
            }
            prev_structural = 'k';
            continue;
        }
        if matches!(c, '{' | ',' | '[' | ':' | '}' | ']') {
            prev_structural = c;
        } else if !c.is_whitespace() {
            prev_structural = 'v';
        }
        json.push(c);
        i += 1;
    }
    serde_json::from_str(&json).map_err(|e| e.to_string())
}
