//! Result field types whose schema is written by hand because a derived one would say
//! too much or too little: an ordered map of texts, and a nested result shown as a plain
//! object. Both are typed on the Rust side; only their schema is short.

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Serialize, Serializer};
use std::borrow::Cow;

/// Names to texts in the order they were added (a drum map's pads in note order, the
/// parameters an update set in the order given). Typed, not `Value`; its schema is an
/// object of strings, which a derived `Vec` of pairs could not say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextMap(pub Vec<(String, String)>);

impl TextMap {
    /// True when the map holds nothing (results omit an empty map).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Sets `name` to `text`: a name already present keeps its place and takes the new
    /// text, as a JSON object would, so no name is written twice.
    pub fn insert(&mut self, name: String, text: String) {
        match self.0.iter_mut().find(|(k, _)| *k == name) {
            Some((_, v)) => *v = text,
            None => self.0.push((name, text)),
        }
    }
}

impl Serialize for TextMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl JsonSchema for TextMap {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "TextMap".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "object", "additionalProperties": {"type": "string"}})
    }
}

/// A result nested in another tool's result (a track in read-live-set, a clip in
/// read-track, a chain in read-device): serialized as `T`, but its schema is only
/// `{"type": "object"}`. Every client loads output schemas with `tools/list`, so the
/// nested tool's own schema is not repeated there (docs/design/tool-contract.md §1.12),
/// and a rack's chains, which hold devices, need no recursive schema.
#[derive(Clone, Debug, PartialEq)]
pub struct Nested<T>(pub T);

impl<T> std::ops::Deref for Nested<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Serialize> Serialize for Nested<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<T> JsonSchema for Nested<T> {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "Nested".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"type": "object"})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_set_twice_keeps_its_place_and_takes_the_last_text() {
        let mut m = TextMap::default();
        m.insert("Freq".into(), "100 Hz".into());
        m.insert("Res".into(), "20 %".into());
        m.insert("Freq".into(), "200 Hz".into());
        let text = serde_json::to_string(&m).unwrap_or_default();
        assert_eq!(text, r#"{"Freq":"200 Hz","Res":"20 %"}"#);
    }

    #[test]
    fn a_nested_result_serializes_as_itself() {
        let m = Nested(TextMap(vec![("C1".into(), "Kick".into())]));
        let text = serde_json::to_string(&m).unwrap_or_default();
        assert_eq!(text, r#"{"C1":"Kick"}"#);
    }
}
