//! Result formatting (tools.md 1.13) and the output cap (2.3): compact text for the
//! model, `structuredContent` for programs, and `TOO_LARGE` instead of partial dumps.

use super::error::{ErrorCode, ToolError};
use serde_json::{json, Value};

/// Maximum characters of any text payload leaving the server.
pub const TEXT_CAP: usize = 25_000;

/// Renders a value as a compact JavaScript literal: unquoted keys where they are
/// identifiers, JSON-quoted strings, no whitespace (`{id:"12",trackIndex:0}`).
pub fn compact(value: &Value) -> String {
    let mut out = String::new();
    write_compact(value, &mut out);
    out
}

fn write_compact(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            out.push('{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if is_identifier(k) {
                    out.push_str(k);
                } else {
                    out.push_str(&Value::String(k.clone()).to_string());
                }
                out.push(':');
                write_compact(v, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_compact(v, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

fn is_identifier(k: &str) -> bool {
    let mut chars = k.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// A number as results carry it: rounded to 4 decimals, integral values as integers.
pub fn num(x: f64) -> Value {
    let r = (x * 10_000.0).round() / 10_000.0;
    if r.fract() == 0.0 && r.abs() < 9.0e15 {
        json!(r as i64)
    } else {
        json!(r)
    }
}

/// Thousands separators for messages (`61,240`).
pub fn grouped(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Builds a successful `CallToolResult` from a tool's data: compact text (or minified
/// JSON when `json_output`), and `structuredContent` (arrays wrapped as `{items}`).
/// Fails with `TOO_LARGE` (using `too_large_hint`) when the text exceeds the cap.
pub fn success(data: Value, json_output: bool, too_large_hint: &str) -> Result<Value, ToolError> {
    let text = if json_output {
        data.to_string()
    } else {
        compact(&data)
    };
    let chars = text.chars().count();
    if chars > TEXT_CAP {
        return Err(ToolError::new(
            ErrorCode::TooLarge,
            format!(
                "result is {} characters (limit {})",
                grouped(chars),
                grouped(TEXT_CAP)
            ),
        )
        .with_hint(too_large_hint));
    }
    let structured = match data {
        Value::Array(items) => json!({ "items": items }),
        Value::Object(_) => data,
        other => json!({ "value": other }),
    };
    Ok(json!({
        "content": [{"type": "text", "text": text}],
        "structuredContent": structured,
    }))
}
