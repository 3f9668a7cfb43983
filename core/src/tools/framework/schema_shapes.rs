//! Repeated object shapes of an output schema written once. A result that is one item
//! or `{items: [...]}` spells the item twice, and a track's session and arrangement
//! clips share one shape; every client loads output schemas with `tools/list`, so each
//! shape that occurs more than once moves to `definitions` and is named by `$ref`
//! (draft-07, which MCP clients validate with).

use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// Drops `"type": "object"` from every nested shape that lists `properties`: the
/// properties already say it is an object, and the root keeps its type (MCP requires it).
pub fn drop_implied_object_types(schema: &mut Value) {
    children_mut(schema, &mut |c| {
        if c.get("properties").is_some() && c.get("type") == Some(&json!("object")) {
            if let Some(o) = c.as_object_mut() {
                o.remove("type");
            }
        }
        drop_implied_object_types(c);
    });
    if let Some(Value::Object(defs)) = schema.get_mut("definitions") {
        for d in defs.values_mut() {
            if let Some(o) = d.as_object_mut() {
                if o.contains_key("properties") && o.get("type") == Some(&json!("object")) {
                    o.remove("type");
                }
            }
            drop_implied_object_types(d);
        }
    }
}

/// Length of `{"$ref":"#/definitions/oN"}` and of a definition's key, in characters.
const REF_LEN: usize = 27;
const KEY_LEN: usize = 8;

/// True when storing a shape of `len` characters seen `n` times once shortens the schema.
fn saves(len: usize, n: usize) -> bool {
    n >= 2 && n * len > n * REF_LEN + len + KEY_LEN
}

/// Rewrites `schema` so that each object shape occurring at least twice is stored once
/// under `definitions` (`o1`, `o2`, … from the largest down) and referenced elsewhere.
pub fn share_repeated(schema: &mut Value) {
    let mut defs = Map::new();
    loop {
        let mut counts: HashMap<String, usize> = HashMap::new();
        children(schema, &mut |v| count(v, &mut counts));
        for d in defs.values() {
            children(d, &mut |v| count(v, &mut counts));
        }
        let best = counts
            .into_iter()
            .filter(|(text, n)| saves(text.len(), *n))
            .max_by(|a, b| a.0.len().cmp(&b.0.len()).then(b.0.cmp(&a.0)));
        let Some((text, _)) = best else { break };
        let Ok(shape) = serde_json::from_str::<Value>(&text) else {
            break;
        };
        let name = format!("o{}", defs.len() + 1);
        let reference = json!({ "$ref": format!("#/definitions/{name}") });
        replace(schema, &shape, &reference);
        for d in defs.values_mut() {
            replace(d, &shape, &reference);
        }
        defs.insert(name, shape);
    }
    if let (false, Some(o)) = (defs.is_empty(), schema.as_object_mut()) {
        o.insert("definitions".into(), Value::Object(defs));
    }
}

/// Counts `v` (when it is an object shape) and every shape below it.
fn count(v: &Value, counts: &mut HashMap<String, usize>) {
    if v.get("properties").is_some() {
        *counts.entry(v.to_string()).or_default() += 1;
    }
    children(v, &mut |c| count(c, counts));
}

/// Replaces every subschema below `v` equal to `shape` by `reference`.
fn replace(v: &mut Value, shape: &Value, reference: &Value) {
    children_mut(v, &mut |c| {
        if c == shape {
            *c = reference.clone();
        } else {
            replace(c, shape, reference);
        }
    });
}

/// Keywords whose value is one subschema, and those whose value is a list or map of them.
const ONE: [&str; 2] = ["items", "additionalProperties"];
const LISTS: [&str; 3] = ["anyOf", "oneOf", "allOf"];

fn children(v: &Value, f: &mut dyn FnMut(&Value)) {
    let Some(o) = v.as_object() else { return };
    if let Some(Value::Object(props)) = o.get("properties") {
        props.values().for_each(&mut *f);
    }
    ONE.iter().filter_map(|k| o.get(*k)).for_each(&mut *f);
    for k in LISTS {
        if let Some(Value::Array(list)) = o.get(k) {
            list.iter().for_each(&mut *f);
        }
    }
}

fn children_mut(v: &mut Value, f: &mut dyn FnMut(&mut Value)) {
    let Some(o) = v.as_object_mut() else { return };
    for (k, c) in o.iter_mut() {
        match (k.as_str(), c) {
            ("properties", Value::Object(props)) => props.values_mut().for_each(&mut *f),
            (k, Value::Array(list)) if LISTS.contains(&k) => list.iter_mut().for_each(&mut *f),
            (k, c) if ONE.contains(&k) && c.is_object() => f(c),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_shape_is_stored_once_and_referenced() {
        let item = json!({"type": "object", "properties": {"id": {"type": "string"}, "noteCount": {"type": "integer"}}});
        let mut s = json!({"anyOf": [item.clone(), {"type": "object", "properties": {"items": {"type": "array", "items": item.clone()}}}]});
        share_repeated(&mut s);
        assert_eq!(s["definitions"]["o1"], item);
        assert_eq!(s["anyOf"][0], json!({"$ref": "#/definitions/o1"}));
        assert_eq!(
            s["anyOf"][1]["properties"]["items"]["items"]["$ref"],
            "#/definitions/o1"
        );
    }

    #[test]
    fn nested_shapes_lose_only_the_implied_object_type() {
        let mut s = json!({"type": "object", "properties": {"a": {"type": "object", "properties": {"x": {"type": "string"}}}, "b": {"type": "object"}}});
        drop_implied_object_types(&mut s);
        assert_eq!(
            s,
            json!({"type": "object", "properties": {"a": {"properties": {"x": {"type": "string"}}}, "b": {"type": "object"}}})
        );
    }

    #[test]
    fn a_shape_seen_once_stays_inline() {
        let mut s = json!({"type": "object", "properties": {"a": {"type": "object", "properties": {"x": {"type": "string"}, "y": {"type": "string"}, "z": {"type": "string"}}}}});
        let before = s.clone();
        share_repeated(&mut s);
        assert_eq!(s, before);
    }
}
