//! Argument validation (docs/design/tool-contract.md §1.1) and unknown-argument warnings
//! (docs/design/tool-contract.md §1.11), generic over a tool's `Params` type. Runs on the
//! Node side before anything is sent to Live, and again on the v8 side (idempotent on
//! already-coerced arguments).

use crate::tools::framework::error::{quoted, ToolError, QUOTE_CHARS};
use crate::tools::framework::tool::Entry;
use serde::de::{self, DeserializeOwned, Visitor};
use serde_json::{Map, Value};

/// Checks the shape of `raw` for `entry` in the given mode: drops `null` (absent) and
/// unknown arguments (with the docs/design/tool-contract.md §1.11 warning), refuses
/// small-model-removed enum values, then coerces through the tool's `Params`. Returns the
/// coerced arguments and warnings.
pub fn validate(
    entry: &Entry,
    raw: &Value,
    small: bool,
) -> Result<(Map<String, Value>, Vec<String>), ToolError> {
    let empty = Map::new();
    let given = match raw {
        Value::Object(m) => m,
        Value::Null => &empty,
        other => {
            return Err(ToolError::bad_input(format!(
                "arguments must be a JSON object, got {}",
                kind_of(other)
            )))
        }
    };
    let known: Vec<&str> = (entry.fields)()
        .iter()
        .copied()
        .filter(|f| !(small && entry.meta.small_removed.contains(f)))
        .collect();
    let mut kept = Map::new();
    let mut unknown = Vec::new();
    for (k, v) in given {
        if known.contains(&k.as_str()) {
            if !v.is_null() {
                kept.insert(k.clone(), v.clone());
            }
        } else {
            let shown: String = k.chars().take(QUOTE_CHARS).collect();
            unknown.push(match suggest(k, &known) {
                Some(s) => format!("{shown} (did you mean \"{s}\"?)"),
                None => shown,
            });
        }
    }
    if small {
        for (param, removed) in entry.meta.small_removed_values {
            refuse_removed(param, removed, kept.get(*param))?;
        }
    }
    let coerced = (entry.check)(&kept)?;
    let mut warnings = Vec::new();
    if !unknown.is_empty() {
        warnings.push(format!(
            "ignored unknown argument(s): {}",
            unknown.join(", ")
        ));
    }
    Ok((coerced, warnings))
}

/// `BAD_INPUT` when a small-model-removed enum value is used
/// (docs/design/tool-contract.md §1.12).
fn refuse_removed(param: &str, removed: &[&str], v: Option<&Value>) -> Result<(), ToolError> {
    let values: Vec<&Value> = match v {
        Some(Value::Array(a)) => a.iter().collect(),
        Some(one) => vec![one],
        None => Vec::new(),
    };
    for v in values {
        if let Some(s) = v.as_str().filter(|s| removed.contains(s)) {
            return Err(ToolError::bad_input(format!(
                "{param} value {} is not allowed in small-model mode",
                quoted(s)
            )));
        }
    }
    Ok(())
}

/// Deserializes coerced arguments into `T`, naming the argument that failed.
pub fn parse<T: DeserializeOwned>(args: &Map<String, Value>) -> Result<T, ToolError> {
    let value = Value::Object(args.clone());
    if !cfg!(feature = "host-node") {
        // The device's Live side gets arguments node.script already parsed and wrote
        // back (`tool::check`); without path tracking its wasm is ~80 KB smaller.
        return serde_json::from_value(value).map_err(|e| ToolError::bad_input(e.to_string()));
    }
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        let message = match inner.strip_prefix("missing field `") {
            Some(rest) if path == "." => {
                format!("missing required argument {}", rest.trim_end_matches('`'))
            }
            // Inside a list the missing field is named with its place (`operations[0]`).
            Some(rest) => format!(
                "{path}: missing required field {}",
                rest.trim_end_matches('`')
            ),
            None if path == "." => inner,
            None => format!("{path} {inner}"),
        };
        ToolError::bad_input(message)
    })
}

/// The serde field names of a parameter struct, read from its `Deserialize` impl (so
/// the v8 side needs no schema generator to tell known from unknown arguments).
pub fn field_names<T: DeserializeOwned>() -> &'static [&'static str] {
    #[derive(Debug)]
    struct Found(Option<&'static [&'static str]>);
    impl std::fmt::Display for Found {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("field introspection")
        }
    }
    impl std::error::Error for Found {}
    impl de::Error for Found {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Found(None)
        }
    }
    struct Probe;
    impl<'de> de::Deserializer<'de> for Probe {
        type Error = Found;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Found> {
            Err(Found(None))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Found> {
            Err(Found(Some(fields)))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
            enum identifier ignored_any
        }
    }
    match T::deserialize(Probe) {
        Err(Found(Some(fields))) => fields,
        _ => &[],
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The closest known name within edit distance 2, if any.
fn suggest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|p| {
            (
                edit_distance(&crate::case::lower(name), &crate::case::lower(p)),
                *p,
            )
        })
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

/// Levenshtein distance over characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
