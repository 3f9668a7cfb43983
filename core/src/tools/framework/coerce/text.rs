//! Ids, flags, text and comma lists: the argument types that arrive as strings (or as
//! numbers standing for strings).

use crate::tools::framework::coerce::{de_value, number_text};
use crate::tools::framework::error::shown;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::borrow::Cow;

/// A Live object id: `"12"`, `12` and `"id 12"` all become `"12"`
/// (docs/design/tool-contract.md §1.1).
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

/// A comma-separated list (docs/design/tool-contract.md §1.5): a string in the schema, split on `,`, each
/// entry trimmed, empty entries dropped. De-duplication with its warning is
/// [`crate::tools::framework::call::Call::unique`], because it needs the request's warnings.
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

/// The text of an optional [`Text`] argument: tools read their optional text arguments
/// as `Option<&str>`.
pub fn text_of(t: &Option<Text>) -> Option<&str> {
    t.as_ref().map(Text::as_str)
}
