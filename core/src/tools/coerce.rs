//! Argument types with the coercions of tools.md 1.1, as reusable serde types: a tool
//! declares a field as `Id`, `Int<0, 99>`, `Flag`, `Text`, `List`, `Choice<S>` or
//! `Include<S>` and gets the coercion, the range check and its JSON Schema from the type.
//!
//! Every type deserializes through a `serde_json::Value` so its error can quote what the
//! caller sent; [`super::args`] prefixes the parameter name. Messages start with
//! "must be …" and end with ", got <value>" (at most ~100 characters of it).

use super::error::shown;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Value};
use std::borrow::Cow;
use std::marker::PhantomData;

/// Largest integer a JSON number carries exactly (2^53 − 1); beyond it an `f64` is not
/// an integer any more, so such input is refused rather than rounded.
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;
/// No bound: `Int<{NO_MIN}, …>` and `Num<…, {NO_MAX}>` leave that side open in the schema.
pub const NO_MIN: i64 = i64::MIN;
/// See [`NO_MIN`].
pub const NO_MAX: i64 = i64::MAX;
/// Upper bound of track, scene and other 0-based index parameters; far above what a
/// Live Set holds and far below 2^32, so an index never wraps on wasm32.
pub const INDEX_MAX: i64 = 9_999;

fn de_value<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    Value::deserialize(d)
}

/// A number given as JSON number or as a string that is fully a finite number.
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
fn number_text(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(x) if n.is_f64() => plain(x),
        _ => n.to_string(),
    }
}

/// A float without a trailing `.0` when it is integral.
pub fn plain(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

fn range_text(min: i64, max: i64) -> String {
    match (min == NO_MIN, max == NO_MAX) {
        (false, false) => format!(" from {min} to {max}"),
        (false, true) => format!(" of at least {min}"),
        (true, false) => format!(" of at most {max}"),
        (true, true) => String::new(),
    }
}

fn bounded_schema(ty: &str, min: i64, max: i64) -> Schema {
    let mut s = json!({ "type": ty });
    if min != NO_MIN {
        s["minimum"] = json!(min);
    }
    if max != NO_MAX {
        s["maximum"] = json!(max);
    }
    Schema::try_from(s).unwrap_or_default()
}

/// A Live object id: `"12"`, `12` and `"id 12"` all become `"12"` (tools.md 1.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Id(pub String);

impl Id {
    /// Coerces one JSON value.
    pub fn from_value(v: &Value) -> Result<Id, String> {
        match v {
            Value::Number(n) => Ok(Id(number_text(n))),
            Value::String(s) => {
                let t = s.trim();
                Ok(Id(t
                    .strip_prefix("id ")
                    .map(str::trim)
                    .unwrap_or(t)
                    .to_string()))
            }
            _ => Err(format!(
                "must be an id (a digit string such as \"12\"), got {}",
                shown(v)
            )),
        }
    }

    /// The id text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Id::from_value(&de_value(d)?).map_err(D::Error::custom)
    }
}

impl JsonSchema for Id {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "Id".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string"})
    }
}

/// An integer within `MIN..=MAX` (inclusive; [`NO_MIN`]/[`NO_MAX`] leave a side open).
/// Numeric strings are accepted; fractions are refused. The range is checked on the
/// exact value before any conversion, so `4294967302` is refused, never wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Int<const MIN: i64, const MAX: i64>(i64);

impl<const MIN: i64, const MAX: i64> Int<MIN, MAX> {
    /// Coerces and range-checks one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        let expected = || {
            format!(
                "must be an integer{}, got {}",
                range_text(MIN, MAX),
                shown(v)
            )
        };
        let exact = match v {
            Value::Number(n) => n.as_i64().or_else(|| {
                n.as_f64()
                    .filter(|x| x.fract() == 0.0 && x.abs() <= MAX_SAFE_INTEGER as f64)
                    .map(|x| x as i64)
            }),
            other => number_of(other)
                .filter(|x| x.fract() == 0.0 && x.abs() <= MAX_SAFE_INTEGER as f64)
                .map(|x| x as i64),
        };
        match exact {
            Some(i) if (MIN..=MAX).contains(&i) => Ok(Int(i)),
            _ => Err(expected()),
        }
    }

    /// The value.
    pub fn get(self) -> i64 {
        self.0
    }

    /// The value as an index; exact because `MIN..=MAX` was checked (negative or
    /// oversized bounds saturate rather than wrap).
    pub fn index(self) -> usize {
        usize::try_from(self.0.max(0)).unwrap_or(usize::MAX)
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Int<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Self::from_value(&de_value(d)?).map_err(D::Error::custom)
    }
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Int<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Int_{MIN}_{MAX}").into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bounded_schema("integer", MIN, MAX)
    }
}

/// A track, scene or other 0-based index (`0..=INDEX_MAX`).
pub type Index = Int<0, INDEX_MAX>;

/// A finite number within `MIN..=MAX` (integer bounds; [`NO_MIN`]/[`NO_MAX`] open).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Num<const MIN: i64, const MAX: i64>(f64);

impl<const MIN: i64, const MAX: i64> Num<MIN, MAX> {
    /// Coerces and range-checks one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        match number_of(v) {
            Some(x) if (MIN == NO_MIN || x >= MIN as f64) && (MAX == NO_MAX || x <= MAX as f64) => {
                Ok(Num(x))
            }
            _ => Err(format!(
                "must be a number{}, got {}",
                range_text(MIN, MAX),
                shown(v)
            )),
        }
    }

    /// The value.
    pub fn get(self) -> f64 {
        self.0
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Num<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Self::from_value(&de_value(d)?).map_err(D::Error::custom)
    }
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Num<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Num_{MIN}_{MAX}").into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        bounded_schema("number", MIN, MAX)
    }
}

/// `true`/`false`, also as the strings `"true"`/`"false"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Flag(pub bool);

impl Flag {
    /// Coerces one JSON value.
    pub fn from_value(v: &Value) -> Result<Flag, String> {
        match v {
            Value::Bool(b) => Ok(Flag(*b)),
            Value::String(s) if s == "true" => Ok(Flag(true)),
            Value::String(s) if s == "false" => Ok(Flag(false)),
            _ => Err(format!("must be true or false, got {}", shown(v))),
        }
    }
}

impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Flag::from_value(&de_value(d)?).map_err(D::Error::custom)
    }
}

impl JsonSchema for Flag {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "Flag".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "boolean"})
    }
}

/// Any text; a number becomes its shortest decimal text (`3.0` → `"3"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Text(pub String);

impl Text {
    /// Coerces one JSON value.
    pub fn from_value(v: &Value) -> Result<Text, String> {
        match v {
            Value::String(s) => Ok(Text(s.clone())),
            Value::Number(n) => Ok(Text(number_text(n))),
            _ => Err(format!("must be a string, got {}", shown(v))),
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Text::from_value(&de_value(d)?).map_err(D::Error::custom)
    }
}

impl JsonSchema for Text {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "Text".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string"})
    }
}

/// A comma-separated list (tools.md 1.5): a string in the schema, split on `,`, each
/// entry trimmed, empty entries dropped. De-duplication with its warning is
/// [`super::Call::unique`], because it needs the request's warnings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct List(pub Text);

impl List {
    /// The entries, in order, duplicates kept.
    pub fn items(&self) -> Vec<String> {
        split_list(self.0.as_str())
    }
}

/// Splits a comma list: entries trimmed, empty ones dropped.
pub fn split_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

impl<'de> Deserialize<'de> for List {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Text::deserialize(d).map(List)
    }
}

impl JsonSchema for List {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "List".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string"})
    }
}

/// A fixed set of kebab-case option names, for [`Choice`] and [`Include`]. Small-model
/// removals are declared in the tool's `ToolMeta::small_removed_values`.
pub trait Choices: 'static {
    /// Every option, in schema order (`"*"` last for `include` sets).
    const ALL: &'static [&'static str];
}

fn choice_of<S: Choices>(v: &Value) -> Option<&'static str> {
    let s = v.as_str()?;
    S::ALL.iter().copied().find(|c| *c == s)
}

/// One value of the option set `S`.
pub struct Choice<S: Choices>(&'static str, PhantomData<S>);

impl<S: Choices> Choice<S> {
    /// Coerces one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        choice_of::<S>(v)
            .map(|c| Choice(c, PhantomData))
            .ok_or_else(|| format!("is {}; allowed: {}", shown(v), S::ALL.join(", ")))
    }

    /// The chosen option.
    pub fn as_str(&self) -> &'static str {
        self.0
    }
}

impl<S: Choices> Clone for Choice<S> {
    fn clone(&self) -> Self {
        Choice(self.0, PhantomData)
    }
}

impl<S: Choices> std::fmt::Debug for Choice<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl<S: Choices> Serialize for Choice<S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de, S: Choices> Deserialize<'de> for Choice<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Self::from_value(&de_value(d)?).map_err(D::Error::custom)
    }
}

impl<S: Choices> JsonSchema for Choice<S> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Choice_{}", S::ALL.join("_")).into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "string", "enum": S::ALL})
    }
}

/// An `include` array (tools.md 1.7): values of `S`, `"*"` expanded to every option of
/// `S` except `"*"` itself. Absent means `[]`.
pub struct Include<S: Choices>(Vec<&'static str>, PhantomData<S>);

impl<S: Choices> Include<S> {
    /// Coerces one JSON value.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        let items = v
            .as_array()
            .ok_or_else(|| format!("must be an array of strings, got {}", shown(v)))?;
        let mut out: Vec<&'static str> = Vec::new();
        for item in items {
            let c = choice_of::<S>(item).ok_or_else(|| {
                format!(
                    "value {} is not allowed; allowed: {}",
                    shown(item),
                    S::ALL.join(", ")
                )
            })?;
            let add: Vec<&'static str> = if c == "*" {
                S::ALL.iter().copied().filter(|o| *o != "*").collect()
            } else {
                vec![c]
            };
            for a in add {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        Ok(Include(out, PhantomData))
    }

    /// True when `option` was asked for (directly or through `"*"`).
    pub fn has(&self, option: &str) -> bool {
        self.0.contains(&option)
    }

    /// The expanded options, in the order given.
    pub fn options(&self) -> &[&'static str] {
        &self.0
    }

    /// A list with exactly these options (for nested reads and resources).
    pub fn of(options: &[&'static str]) -> Self {
        Include(options.to_vec(), PhantomData)
    }
}

impl<S: Choices> Default for Include<S> {
    fn default() -> Self {
        Include(Vec::new(), PhantomData)
    }
}

impl<S: Choices> Clone for Include<S> {
    fn clone(&self) -> Self {
        Include(self.0.clone(), PhantomData)
    }
}

impl<S: Choices> std::fmt::Debug for Include<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<S: Choices> Serialize for Include<S> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        self.0.serialize(s)
    }
}

impl<'de, S: Choices> Deserialize<'de> for Include<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Self::from_value(&de_value(d)?).map_err(D::Error::custom)
    }
}

impl<S: Choices> JsonSchema for Include<S> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        format!("Include_{}", S::ALL.join("_")).into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "array", "items": {"type": "string", "enum": S::ALL}, "default": []})
    }
}
