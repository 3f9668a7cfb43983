//! Argument validation and coercion (tools.md 1.1) and unknown-argument warnings (1.11).
//! Runs on the Node side before anything is sent to Live, and again on the v8 side
//! (idempotent on already-coerced arguments) so a tool never sees unchecked input.

use super::error::ToolError;
use super::schema::{Param, ParamKind, ToolDef};
use serde_json::{Map, Number, Value};

/// Arguments after validation: coerced values of known parameters only.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Args {
    /// Coerced values; absent and `null` optional fields are left out.
    pub values: Map<String, Value>,
}

impl Args {
    /// A text (or id) argument.
    pub fn str(&self, name: &str) -> Option<&str> {
        self.values.get(name).and_then(Value::as_str)
    }

    /// An integer argument.
    pub fn int(&self, name: &str) -> Option<i64> {
        self.values.get(name).and_then(Value::as_i64)
    }

    /// A number argument.
    pub fn num(&self, name: &str) -> Option<f64> {
        self.values.get(name).and_then(Value::as_f64)
    }

    /// A boolean argument.
    pub fn bool(&self, name: &str) -> Option<bool> {
        self.values.get(name).and_then(Value::as_bool)
    }

    /// An enum-array argument (empty when absent).
    pub fn list(&self, name: &str) -> Vec<String> {
        match self.values.get(name) {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// True when the argument was given.
    pub fn has(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }
}

/// Validates `raw` against `def` in the given mode. Returns the coerced arguments and
/// the unknown-argument warning (if any), or the first `BAD_INPUT` failure.
pub fn validate(def: &ToolDef, raw: &Value, small: bool) -> Result<(Args, Vec<String>), ToolError> {
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
    let params: Vec<&Param> = def.params_for(small).collect();
    let mut out = Args::default();
    for p in &params {
        match given.get(p.name) {
            None | Some(Value::Null) => {
                if p.required {
                    return Err(ToolError::bad_input(format!(
                        "missing required argument {}",
                        p.name
                    )));
                }
            }
            Some(v) => {
                let c = coerce(p, v, small)?;
                out.values.insert(p.name.to_string(), c);
            }
        }
    }
    let mut warnings = Vec::new();
    let unknown: Vec<String> = given
        .keys()
        .filter(|k| !params.iter().any(|p| p.name == k.as_str()))
        .map(|k| match suggest(k, &params) {
            Some(s) => format!("{k} (did you mean \"{s}\"?)"),
            None => k.clone(),
        })
        .collect();
    if !unknown.is_empty() {
        warnings.push(format!(
            "ignored unknown argument(s): {}",
            unknown.join(", ")
        ));
    }
    Ok((out, warnings))
}

fn coerce(p: &Param, v: &Value, small: bool) -> Result<Value, ToolError> {
    let bad =
        |what: &str| ToolError::bad_input(format!("{} must be {}, got {}", p.name, what, shown(v)));
    match p.kind {
        ParamKind::Id => match v {
            Value::Number(n) => Ok(Value::String(number_text(n))),
            Value::String(s) => {
                let t = s.trim();
                let t = t.strip_prefix("id ").map(str::trim).unwrap_or(t);
                Ok(Value::String(t.to_string()))
            }
            _ => Err(bad("an id (a digit string such as \"12\")")),
        },
        ParamKind::Integer(min, max) => {
            let x = number_of(v).ok_or_else(|| bad("an integer"))?;
            if x.fract() != 0.0 || x.abs() > 9.0e15 {
                return Err(bad("an integer"));
            }
            let i = x as i64;
            check_range(
                p.name,
                i as f64,
                min.map(|m| m as f64),
                max.map(|m| m as f64),
                v,
            )?;
            Ok(Value::from(i))
        }
        ParamKind::Number(min, max) => {
            let x = number_of(v).ok_or_else(|| bad("a number"))?;
            check_range(p.name, x, min, max, v)?;
            Ok(Number::from_f64(x)
                .map(Value::Number)
                .unwrap_or(Value::Null))
        }
        ParamKind::Boolean => match v {
            Value::Bool(b) => Ok(Value::Bool(*b)),
            Value::String(s) if s == "true" => Ok(Value::Bool(true)),
            Value::String(s) if s == "false" => Ok(Value::Bool(false)),
            _ => Err(bad("true or false")),
        },
        ParamKind::Text => match v {
            Value::String(s) => Ok(Value::String(s.clone())),
            Value::Number(n) => Ok(Value::String(number_text(n))),
            _ => Err(bad("a string")),
        },
        ParamKind::Enum(_) => {
            let allowed = p.allowed_values(small);
            match v {
                Value::String(s) if allowed.contains(&s.as_str()) => Ok(v.clone()),
                _ => Err(ToolError::bad_input(format!(
                    "{} is {}; allowed: {}",
                    p.name,
                    shown(v),
                    allowed.join(", ")
                ))),
            }
        }
        ParamKind::EnumArray(_) => {
            let allowed = p.allowed_values(small);
            let items = v.as_array().ok_or_else(|| bad("an array of strings"))?;
            for item in items {
                match item {
                    Value::String(s) if allowed.contains(&s.as_str()) => {}
                    _ => {
                        return Err(ToolError::bad_input(format!(
                            "{} value {} is not allowed; allowed: {}",
                            p.name,
                            shown(item),
                            allowed.join(", ")
                        )))
                    }
                }
            }
            Ok(v.clone())
        }
    }
}

fn check_range(
    name: &str,
    x: f64,
    min: Option<f64>,
    max: Option<f64>,
    v: &Value,
) -> Result<(), ToolError> {
    if let Some(m) = min {
        if x < m {
            return Err(ToolError::bad_input(format!(
                "{name} must be at least {}, got {}",
                plain(m),
                shown(v)
            )));
        }
    }
    if let Some(m) = max {
        if x > m {
            return Err(ToolError::bad_input(format!(
                "{name} must be at most {}, got {}",
                plain(m),
                shown(v)
            )));
        }
    }
    Ok(())
}

/// A JSON number, or a string that parses fully as a finite number.
fn number_of(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let t = s.trim();
            if t.is_empty() || t.contains(|c: char| c.is_ascii_alphabetic()) {
                return None;
            }
            t.parse::<f64>().ok().filter(|x| x.is_finite())
        }
        _ => None,
    }
}

/// Shortest decimal text of a JSON number (`3.0` → `"3"`).
fn number_text(n: &Number) -> String {
    match n.as_f64() {
        Some(x) if n.is_f64() => plain(x),
        _ => n.to_string(),
    }
}

/// A float without a trailing `.0` when it is integral.
pub(crate) fn plain(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn shown(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        let cut: String = s.chars().take(57).collect();
        format!("{cut}…")
    } else {
        s
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

/// The closest parameter name within edit distance 2, if any.
fn suggest(name: &str, params: &[&Param]) -> Option<&'static str> {
    params
        .iter()
        .map(|p| {
            (
                edit_distance(&name.to_lowercase(), &p.name.to_lowercase()),
                p.name,
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
