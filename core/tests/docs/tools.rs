//! `docs/tools.md`, the user's tool reference, is rendered from the MCP `tools/list`
//! answer of a device with default settings, like a snapshot: this test renders it again
//! and fails when the committed file differs. After changing a tool, run `make docs`
//! (`BARLINE_UPDATE_DOCS=1 cargo test --test docs tools::`) and commit the new file.
//!
//! Only the MCP shape of `tools/list` is read (name, title, description, annotations,
//! input and output JSON Schemas), so the reference follows the catalogue whatever
//! code builds it.

use barline_core::relay::OfflineServer;
use serde_json::Value;
use std::path::PathBuf;

/// The `tools` array a client gets from a device with default settings.
fn tools() -> Vec<Value> {
    let mut server = OfflineServer::new("http://127.0.0.1:3350/mcp", "docs", None);
    let answer = server.answer(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#);
    let list: Value = serde_json::from_str(&answer[0]).expect("tools/list answer");
    list["result"]["tools"]
        .as_array()
        .expect("tools array")
        .clone()
}

/// Table-cell text: one line, pipes escaped.
fn cell(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
}

/// A schema's type as a reader would say it: `string`, `integer or string`, `one of "a", "b"`.
fn kind(schema: &Value) -> String {
    if let Some(values) = schema["enum"].as_array() {
        let shown: Vec<String> = values.iter().map(Value::to_string).collect();
        return format!("one of {}", shown.join(", "));
    }
    let named = |s: &Value| match &s["type"] {
        Value::String(t) if t == "array" => match kind(&s["items"]).as_str() {
            "any" => "array".to_string(),
            item => format!("array of {item}"),
        },
        Value::String(t) => t.clone(),
        Value::Array(ts) => ts
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join(" or "),
        _ => String::new(),
    };
    let direct = named(schema);
    if !direct.is_empty() {
        return direct;
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(options) = schema[key].as_array() {
            let mut kinds: Vec<String> = options.iter().map(kind).collect();
            kinds.dedup();
            return kinds.join(" or ");
        }
    }
    "any".to_string()
}

fn render(tools: &[Value]) -> String {
    let mut out = String::from(
        "# Tool reference\n\n\
         The tools a client sees when it connects to the device with its default settings,\n\
         in the order the device lists them. This file is generated from the device's\n\
         `tools/list` answer by `core/tests/docs/tools.rs` (`make docs`); do not edit it by\n\
         hand. Clients read the same names, descriptions and schemas from the device.\n",
    );
    for tool in tools {
        let name = tool["name"].as_str().unwrap_or("?");
        let title = tool["title"]
            .as_str()
            .or_else(|| tool["annotations"]["title"].as_str());
        out += &format!(
            "\n## `{name}`{}\n\n",
            title.map(|t| format!(" — {t}")).unwrap_or_default()
        );
        let a = &tool["annotations"];
        let mut traits = Vec::new();
        if a["readOnlyHint"] == true {
            traits.push("reads only");
        } else {
            traits.push("changes the Live Set");
            if a["destructiveHint"] == true {
                traits.push("may delete or overwrite");
            }
            if a["idempotentHint"] == true {
                traits.push("repeating it changes nothing more");
            }
        }
        out += &format!("*{}*\n\n", traits.join("; "));
        if let Some(d) = tool["description"].as_str() {
            out += d.trim();
            out += "\n";
        }
        let input = &tool["inputSchema"];
        let required: Vec<&str> = input["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        match input["properties"].as_object() {
            Some(props) if !props.is_empty() => {
                out += "\n| argument | type | required | description |\n|---|---|---|---|\n";
                for (arg, schema) in props {
                    out += &format!(
                        "| `{arg}` | {} | {} | {} |\n",
                        cell(&kind(schema)),
                        if required.contains(&arg.as_str()) {
                            "yes"
                        } else {
                            "no"
                        },
                        cell(schema["description"].as_str().unwrap_or("")),
                    );
                }
            }
            _ => out += "\nNo arguments.\n",
        }
        if let Some(props) = tool["outputSchema"]["properties"].as_object() {
            let fields: Vec<String> = props.keys().map(|k| format!("`{k}`")).collect();
            out += &format!("\nResult fields: {}.\n", fields.join(", "));
        }
    }
    out
}

#[test]
fn the_tool_reference_is_rendered_from_tools_list() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/tools.md");
    let rendered = render(&tools());
    if std::env::var_os("BARLINE_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &rendered).expect("write docs/tools.md");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == rendered,
        "docs/tools.md is stale: the catalogue changed. Run `make docs` and commit the result."
    );
}
