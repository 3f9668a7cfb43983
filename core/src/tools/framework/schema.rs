//! JSON Schemas generated from a tool's types, and the MCP `Tool` object of
//! `tools/list`. Validation (args.rs) deserializes into the same types, so the schema a
//! client sees is exactly the one that is enforced; `core/tests/snapshots/` holds the
//! rendered catalogue so any change shows as a diff.

use crate::tools::framework::tool::Entry;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde_json::{json, Value};

fn generate<T: JsonSchema>() -> Value {
    let mut generator = SchemaSettings::draft07()
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
        })
        .into_generator();
    let mut v = generator.root_schema_for::<T>().to_value();
    if let Some(root) = v.as_object_mut() {
        // The type's own doc comment documents the Rust type, not the tool.
        root.remove("description");
    }
    clean(&mut v);
    v
}

/// Removes keywords that only describe the Rust side (`title`, `format`, `$schema`)
/// from a schema and its subschemas.
fn clean(schema: &mut Value) {
    let Some(o) = schema.as_object_mut() else {
        return;
    };
    for k in ["title", "format", "$schema"] {
        o.remove(k);
    }
    let required: Vec<String> = o
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    if let Some(Value::Object(props)) = o.get_mut("properties") {
        for (name, p) in props.iter_mut() {
            if !required.contains(name) {
                not_null(p);
            }
            clean(p);
        }
    }
    if let Some(items) = o.get_mut("items") {
        clean(items);
    }
    o.remove(NULLABLE);
    for k in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(list)) = o.get_mut(k) {
            list.iter_mut().for_each(clean);
        }
    }
}

/// Marker a `Nullable` result field's schema carries so the cleaning below keeps its
/// `null`; removed before the schema is shown.
pub const NULLABLE: &str = "x-barline-nullable";

/// An optional field is omitted, never `null` (docs/design/tool-contract.md §1.13), so
/// the `null` the generator adds for `Option` goes, unless the field is declared
/// `Nullable`.
fn not_null(p: &mut Value) {
    if p.get(NULLABLE).is_some() {
        return;
    }
    let Some(o) = p.as_object_mut() else {
        return;
    };
    if let Some(Value::Array(types)) = o.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let one = types.remove(0);
            o.insert("type".into(), one);
        }
    }
    if let Some(Value::Array(values)) = o.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
    let unwrapped = match o.get("anyOf") {
        Some(Value::Array(alts)) if alts.len() == 2 && alts[1] == json!({"type": "null"}) => {
            Some(alts[0].clone())
        }
        _ => None,
    };
    if let Some(Value::Object(inner)) = unwrapped {
        o.remove("anyOf");
        for (k, v) in inner {
            o.entry(k).or_insert(v);
        }
    }
}

/// The input schema of a parameter struct (full mode).
pub fn input<P: JsonSchema>() -> Value {
    let mut v = generate::<P>();
    if let Some(o) = v.as_object_mut() {
        o.remove("additionalProperties");
        if !o.contains_key("properties") {
            o.insert("properties".into(), json!({}));
        }
        if o.get("required")
            .and_then(Value::as_array)
            .is_some_and(Vec::is_empty)
        {
            o.remove("required");
        }
    }
    v
}

/// The output schema of a result type. Field doc comments stay in the code: output
/// descriptions would only lengthen `tools/list`, which every client loads.
pub fn output<O: JsonSchema>() -> Value {
    let mut v = generate::<O>();
    if v.get("type").is_none() {
        v = object_alternatives(v);
    }
    strip_descriptions(&mut v);
    crate::tools::framework::schema_shapes::drop_implied_object_types(&mut v);
    crate::tools::framework::schema_shapes::share_repeated(&mut v);
    v
}

/// The schema of a result with no `type` of its own: an untagged enum of object shapes
/// becomes one object schema whose `anyOf` lists every shape, an alternative that is
/// itself only an `anyOf` of objects (a [`OneOrMany`](crate::tools::framework::call::OneOrMany))
/// spliced in; anything else is only `{"type": "object"}`, which MCP requires at least.
fn object_alternatives(schema: Value) -> Value {
    let Some(Value::Array(alternatives)) = schema.get("anyOf") else {
        return json!({"type": "object"});
    };
    let mut shapes = Vec::new();
    for alt in alternatives {
        let Some(o) = alt
            .as_object()
            .filter(|o| o.get("type") == Some(&json!("object")))
        else {
            return json!({"type": "object"});
        };
        // A variant's doc comment is dropped later anyway (output descriptions).
        let only_alternatives = o
            .keys()
            .all(|k| ["type", "anyOf", "description"].contains(&k.as_str()));
        match o.get("anyOf") {
            Some(Value::Array(inner)) if only_alternatives => shapes.extend(inner.iter().cloned()),
            _ => shapes.push(alt.clone()),
        }
    }
    json!({"type": "object", "anyOf": shapes})
}

fn strip_descriptions(schema: &mut Value) {
    let Some(o) = schema.as_object_mut() else {
        return;
    };
    o.remove("description");
    if let Some(Value::Object(props)) = o.get_mut("properties") {
        props.values_mut().for_each(strip_descriptions);
    }
    if let Some(items) = o.get_mut("items") {
        strip_descriptions(items);
    }
    for k in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(list)) = o.get_mut(k) {
            list.iter_mut().for_each(strip_descriptions);
        }
    }
}

/// The input schema of `entry` in the given mode: small-model removals applied,
/// parameter descriptions shortened, and `include`-style descriptions naming only the
/// values still accepted (docs/design/tool-contract.md §1.12).
pub fn input_for(entry: &Entry, small: bool) -> Value {
    let mut s = (entry.input_schema)();
    if !small {
        return s;
    }
    if let Some(props) = s["properties"].as_object_mut() {
        for p in entry.meta.small_removed {
            props.remove(*p);
        }
        for (param, removed) in entry.meta.small_removed_values {
            if let Some(p) = props.get_mut(*param) {
                let target = if p["items"].is_object() {
                    &mut p["items"]["enum"]
                } else {
                    &mut p["enum"]
                };
                let mut kept = Vec::new();
                if let Some(values) = target.as_array_mut() {
                    values.retain(|v| !v.as_str().is_some_and(|s| removed.contains(&s)));
                    kept = values
                        .iter()
                        .filter_map(Value::as_str)
                        .map(String::from)
                        .collect();
                }
                if let Some(d) = p.get("description").and_then(Value::as_str) {
                    let d = values_description(d, &kept, removed);
                    p["description"] = json!(d);
                }
            }
        }
        for p in props.values_mut() {
            if let Some(d) = p.get("description").and_then(Value::as_str) {
                let mut d = short_description(d);
                // A single-choice parameter's enum already lists its options.
                if p["enum"].is_array() {
                    if let Some((head, _)) = d.split_once(": ") {
                        d = head.to_string();
                    }
                }
                p["description"] = json!(d);
            }
            if let Some(o) = p.as_object_mut() {
                // Defaults are applied on validation; the schema need not spell them.
                o.remove("default");
            }
        }
    }
    if let Some(required) = s.get_mut("required").and_then(Value::as_array_mut) {
        required.retain(|r| {
            !r.as_str()
                .is_some_and(|r| entry.meta.small_removed.contains(&r))
        });
    }
    s
}

/// Shortest text an abbreviated description keeps before a cut (so "midi (default),
/// audio or return" is not cut to "midi").
const MIN_SHORT: usize = 4;

/// A parameter description for small-model mode: parenthetical remarks dropped, then
/// its first clause, up to the first sentence end or semicolon (`"#RRGGBB;
/// comma-separated colours cycle…"` → `"#RRGGBB"`, `"midi (default), audio or
/// return"` → `"midi, audio or return"`).
pub fn short_description(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let plain = plain
        .replace("  ", " ")
        .replace(" ,", ",")
        .replace(" .", ".");
    let mut cut = plain.len();
    for sep in [". ", "; ", ", comma-separated"] {
        let mut from = 0;
        while let Some(i) = plain[from..].find(sep).map(|i| i + from) {
            let abbreviation =
                sep == ". " && (plain[..i].ends_with("e.g") || plain[..i].ends_with("i.e"));
            if !abbreviation && (i >= MIN_SHORT || plain.starts_with('#')) {
                cut = cut.min(i);
                break;
            }
            from = i + sep.len();
        }
    }
    plain[..cut].trim_end().trim_end_matches('.').to_string()
}

/// An enum parameter's description naming only `kept` values: the text before its
/// first `": "` followed by the kept values; without that shape, each removed value's
/// mention is dropped from the list.
pub fn values_description(text: &str, kept: &[String], removed: &[&str]) -> String {
    let shown: Vec<&str> = kept
        .iter()
        .map(String::as_str)
        .filter(|v| *v != "*")
        .collect();
    if let Some((head, _)) = text.split_once(": ") {
        let all = if kept.iter().any(|v| v == "*") {
            ", or * for all"
        } else {
            ""
        };
        return format!("{head}: {}{all}.", shown.join(", "));
    }
    let mut out = text.to_string();
    for r in removed {
        for pattern in [format!(", {r}"), format!("{r}, "), format!(" or {r}")] {
            out = out.replace(&pattern, "");
        }
    }
    out
}

/// MCP's defaults for the behaviour hints: a hint equal to its default says nothing,
/// so small-model mode leaves it out.
const HINT_DEFAULTS: [(&str, bool); 3] = [
    ("readOnlyHint", false),
    ("destructiveHint", true),
    ("idempotentHint", false),
];

/// The MCP `Tool` object for `tools/list`. `modern` is false for protocol versions that
/// predate output schemas and titles (2025-03-26). Small-model mode keeps what a small
/// model acts on (name, short description, input schema, non-default hints) and leaves
/// out output schemas and titles, which only clients read
/// (docs/design/tool-contract.md §1.12: the catalogue must fit small context windows).
pub fn to_mcp(entry: &Entry, small: bool, modern: bool) -> Value {
    let m = &entry.meta;
    // docs/design/tool-contract.md §1.12: only the tools of its table get a shorter
    // description.
    let description = match (small, m.small_description) {
        (true, Some(d)) => d,
        _ => m.description,
    };
    let mut tool = json!({
        "name": m.name,
        "description": description,
        "inputSchema": input_for(entry, small),
        "annotations": {
            "title": m.title,
            "readOnlyHint": m.hints.read_only,
            "destructiveHint": m.hints.destructive,
            "idempotentHint": m.hints.idempotent,
            "openWorldHint": false,
        },
    });
    if small {
        if let Some(a) = tool["annotations"].as_object_mut() {
            a.remove("title");
            for (k, default) in HINT_DEFAULTS {
                if a.get(k) == Some(&json!(default)) {
                    a.remove(k);
                }
            }
        }
    } else if modern {
        // The top-level title says it; the annotation's copy would only lengthen the list.
        if let Some(a) = tool["annotations"].as_object_mut() {
            a.remove("title");
        }
        tool["title"] = json!(m.title);
        tool["outputSchema"] = (entry.output_schema)();
    }
    tool
}
