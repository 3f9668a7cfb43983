//! Result formatting (docs/design/tool-contract.md §1.13) and the output cap (§2.3):
//! compact text for the model, `structuredContent` for programs, and `TOO_LARGE` instead
//! of partial dumps.

use crate::tools::framework::error::{cut_units, units, ErrorCode, ToolError};
use crate::tools::framework::tool::ToolMeta;
use serde_json::{json, Value};

/// Maximum length of any text payload leaving the server, in UTF-16 code units (what
/// MCP clients count: one emoji is two).
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
/// When the text exceeds the cap, a read fails with `TOO_LARGE` (using the tool's
/// narrowing hint); a write has already changed Live, so its result is summarised
/// instead (issue: a write is never reported as a failure after Live changed).
pub fn success(data: Value, json_output: bool, meta: &ToolMeta) -> Result<Value, ToolError> {
    let render = |d: &Value| {
        if json_output {
            d.to_string()
        } else {
            compact(d)
        }
    };
    let mut text = render(&data);
    let mut data = data;
    let chars = units(&text);
    if chars > TEXT_CAP {
        if meta.hints.read_only {
            return Err(ToolError::new(
                ErrorCode::TooLarge,
                format!(
                    "result is {} characters (limit {})",
                    grouped(chars),
                    grouped(TEXT_CAP)
                ),
            )
            .with_hint(meta.too_large_hint));
        }
        data = summarise(data, chars, &render);
        text = render(&data);
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

/// Longest string a summarised write result keeps, in characters.
const SUMMARY_STRING_CHARS: usize = 200;

/// An oversized write result cut to fit: an array keeps its first and last items (as
/// many as fit, at least one of each) as `{items, summary}`; long strings are cut. The
/// `summary` says how many items there were and how to read the rest.
fn summarise(data: Value, chars: usize, render: &dyn Fn(&Value) -> String) -> Value {
    let note = "the result was too large to show in full; read the changed objects with the read tools (a few at a time) to see the rest";
    match data {
        Value::Array(items) => {
            let count = items.len();
            let mut keep = 10.min(count.div_ceil(2)).max(1);
            loop {
                let mut shown: Vec<Value> = items.iter().take(keep).cloned().collect();
                if count > keep {
                    let tail = keep.min(count - keep);
                    shown.extend(items[count - tail..].iter().cloned());
                }
                let shown_n = shown.len();
                let mut candidate = json!({
                    "items": shown,
                    "summary": {"count": count, "shown": shown_n, "characters": chars, "note": note},
                });
                if keep == 1 {
                    cut_strings(&mut candidate);
                }
                if render(&candidate).encode_utf16().count() <= TEXT_CAP {
                    return candidate;
                }
                if keep == 1 {
                    return shallow(candidate, render);
                }
                keep /= 2;
            }
        }
        mut other => {
            cut_strings(&mut other);
            if let Value::Object(o) = &mut other {
                o.insert(
                    "summary".into(),
                    json!({"count": 1, "shown": 1, "characters": chars, "note": note}),
                );
            }
            if units(&render(&other)) > TEXT_CAP {
                cut_lists(&mut other, 3);
            }
            if units(&render(&other)) > TEXT_CAP {
                other =
                    json!({"summary": {"count": 1, "shown": 0, "characters": chars, "note": note}});
            }
            other
        }
    }
}

/// A summary whose single items are still too large (a copied track listing hundreds of
/// clips): lists inside the items keep their first three entries, and if even that does
/// not fit the items go and only the count and note remain.
fn shallow(mut candidate: Value, render: &dyn Fn(&Value) -> String) -> Value {
    if let Some(items) = candidate.get_mut("items").and_then(Value::as_array_mut) {
        items.iter_mut().for_each(|item| cut_lists(item, 3));
    }
    if units(&render(&candidate)) <= TEXT_CAP {
        return candidate;
    }
    if let Some(o) = candidate.as_object_mut() {
        o.remove("items");
        if let Some(s) = o.get_mut("summary").and_then(Value::as_object_mut) {
            s.insert("shown".into(), json!(0));
        }
    }
    candidate
}

fn cut_lists(v: &mut Value, keep: usize) {
    match v {
        Value::Array(a) => {
            a.truncate(keep);
            a.iter_mut().for_each(|x| cut_lists(x, keep));
        }
        Value::Object(o) => o.values_mut().for_each(|x| cut_lists(x, keep)),
        _ => {}
    }
}

fn cut_strings(v: &mut Value) {
    match v {
        Value::String(s) if units(s) > SUMMARY_STRING_CHARS => {
            *s = cut_units(s, SUMMARY_STRING_CHARS);
        }
        Value::Array(a) => a.iter_mut().for_each(cut_strings),
        Value::Object(o) => o.values_mut().for_each(cut_strings),
        _ => {}
    }
}

/// A float read from Live as results carry it (docs/design/tool-contract.md §1.13):
/// rounded to 4 decimals, integral values serialised as integers. Schema: `number`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rounded(pub f64);

impl serde::Serialize for Rounded {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        num(self.0).serialize(s)
    }
}

impl schemars::JsonSchema for Rounded {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Rounded".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "number"})
    }
}

/// A result field that is always present but may be `null`
/// (docs/design/tool-contract.md §1.13: "unless the field table says `null`"). Schema:
/// the value's schema with `null` added.
#[derive(Clone, Debug, PartialEq)]
pub struct Nullable<T>(pub Option<T>);

impl<T> Default for Nullable<T> {
    fn default() -> Self {
        Nullable(None)
    }
}

impl<T: serde::Serialize> serde::Serialize for Nullable<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<T: schemars::JsonSchema> schemars::JsonSchema for Nullable<T> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("Nullable_{}", T::schema_name()).into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut v = generator.subschema_for::<T>().to_value();
        if let Some(t) = v.get("type").cloned() {
            let mut types = match t {
                Value::Array(a) => a,
                one => vec![one],
            };
            types.push(json!("null"));
            v["type"] = Value::Array(types);
        }
        if let Some(values) = v.get_mut("enum").and_then(Value::as_array_mut) {
            values.push(Value::Null);
        }
        v[crate::tools::framework::schema::NULLABLE] = json!(true);
        schemars::Schema::try_from(v).unwrap_or_default()
    }
}
