//! Warnings in MCP results (docs/design/tool-contract.md §1.10): collapsed with a count
//! suffix, capped at 50 items, long ones cut, appended as `WARNING:` text items and
//! mirrored in `_meta`.

use serde_json::{json, Value};

/// Most warning items in one result.
pub const MAX_ITEMS: usize = 50;
/// Longest single warning, in characters, before it is cut.
pub const MAX_CHARS: usize = 500;

/// Collapses identical messages (first-occurrence order, `(×N)` suffix), cuts long
/// ones and caps the list, whose last item then says how many were not shown.
pub fn collapse(warnings: &[String]) -> Vec<String> {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for w in warnings {
        match seen.iter_mut().find(|(m, _)| m == w) {
            Some((_, n)) => *n += 1,
            None => seen.push((w.clone(), 1)),
        }
    }
    let mut out: Vec<String> = seen
        .into_iter()
        .map(|(m, n)| {
            let m = cut(&m);
            if n > 1 {
                format!("{m} (×{n})")
            } else {
                m
            }
        })
        .collect();
    if out.len() > MAX_ITEMS {
        let hidden = out.len() - (MAX_ITEMS - 1);
        out.truncate(MAX_ITEMS - 1);
        out.push(format!("{hidden} more warnings not shown"));
    }
    out
}

fn cut(m: &str) -> String {
    if m.chars().count() > MAX_CHARS {
        let mut s: String = m.chars().take(MAX_CHARS - 1).collect();
        s.push('…');
        s
    } else {
        m.to_string()
    }
}

/// Appends the warnings of one request to its `CallToolResult`.
pub fn attach(mut result: Value, warnings: &[String]) -> Value {
    if warnings.is_empty() {
        return result;
    }
    let list = collapse(warnings);
    if !result.is_object() {
        result = json!({"content": []});
    }
    if !result["content"].is_array() {
        result["content"] = json!([]);
    }
    if let Some(content) = result["content"].as_array_mut() {
        for w in &list {
            content.push(json!({"type": "text", "text": format!("WARNING: {w}")}));
        }
    }
    if !result["_meta"].is_object() {
        result["_meta"] = json!({});
    }
    result["_meta"]["barline/warnings"] = json!(list);
    result
}
