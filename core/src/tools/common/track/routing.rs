//! Track routing as identifiers (docs/design/tool-rules.md §5, §7,
//! docs/design/live-model.md §2.12): Live answers routing properties as JSON text
//! (`{"<prop>": {"display_name", "identifier"}}`, lists under `available_<prop>s`) and
//! takes `{"<prop>": {"identifier": n}}`; results carry the identifiers as strings, which
//! are what update-track accepts back.

use crate::live::{Atom, LiveId, LivePort};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{json, Value};

/// The four routing properties, in the order update-track sets them.
pub const PROPS: [&str; 4] = [
    "input_routing_type",
    "input_routing_channel",
    "output_routing_type",
    "output_routing_channel",
];

/// An input routing choice: `{name, inputId}`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Input {
    /// Display name.
    pub name: String,
    /// Live's identifier, as text.
    pub input_id: String,
}

/// An output routing choice: `{name, outputId}`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Output {
    /// Display name.
    pub name: String,
    /// Live's identifier, as text.
    pub output_id: String,
}

/// One routing choice as Live reports it: (display name, identifier as text).
pub type Choice = (String, String);

fn identifier_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => {
            crate::tools::framework::format::num(n.as_f64().unwrap_or(0.0)).to_string()
        }
        other => other.to_string(),
    }
}

fn choice(v: &Value) -> Option<Choice> {
    let name = v.get("display_name")?.as_str()?.to_string();
    Some((name, identifier_text(v.get("identifier")?)))
}

/// The value inside a dict-typed property's answer: Live answers `get` of such a
/// property with one JSON text whose single key is the property name
/// (`{"input_routing_type": {…}}`). `None` when `atoms` is not such an answer.
pub fn dict_value(prop: &str, atoms: &[Atom]) -> Option<Value> {
    let [Atom::Symbol(text)] = atoms else {
        return None;
    };
    match serde_json::from_str::<Value>(text).ok()? {
        Value::Object(mut fields) if fields.len() == 1 => fields.remove(prop),
        _ => None,
    }
}

fn parsed(live: &mut dyn LivePort, track: LiveId, prop: &str) -> Result<Value, ToolError> {
    let atoms = live.get(track, prop)?;
    dict_value(prop, &atoms).ok_or_else(|| {
        ToolError::new(
            ErrorCode::Internal,
            format!("Live answered {prop} of track {track} with text that is not its JSON dict"),
        )
    })
}

/// The current choice of a routing property (`None` when Live reports none).
pub fn current(
    live: &mut dyn LivePort,
    track: LiveId,
    prop: &str,
) -> Result<Option<Choice>, ToolError> {
    Ok(choice(&parsed(live, track, prop)?))
}

/// The choices Live offers for a routing property (`available_<prop>s`).
pub fn available(
    live: &mut dyn LivePort,
    track: LiveId,
    prop: &str,
) -> Result<Vec<Choice>, ToolError> {
    let v = parsed(live, track, &format!("available_{prop}s"))?;
    Ok(v.as_array()
        .map(|items| items.iter().filter_map(choice).collect())
        .unwrap_or_default())
}

/// What messages call a property: `input type`, `output channel`, ….
pub fn noun(prop: &str) -> String {
    prop.replacen("_routing_", " ", 1)
}

/// Sets a routing property to `identifier` (sent as a number when it is one, as Live
/// reports numeric identifiers) and reads it back; the warning when Live kept another
/// choice (`routing identifier 7 was not accepted for output type; Live kept "Main"`).
pub fn set(
    live: &mut dyn LivePort,
    track: LiveId,
    prop: &str,
    identifier: &str,
) -> Result<Option<String>, ToolError> {
    let id_value = match identifier.parse::<i64>() {
        Ok(n) if n.to_string() == identifier => json!(n),
        _ => json!(identifier),
    };
    let text = json!({ prop: { "identifier": id_value } }).to_string();
    live.set(track, prop, &[Atom::Symbol(text)])?;
    let back = current(live, track, prop)?;
    Ok(match back {
        Some((_, id)) if id == identifier => None,
        Some((name, _)) => Some(format!(
            "routing identifier {identifier} was not accepted for {}; Live kept {}",
            noun(prop),
            quoted(&name)
        )),
        None => Some(format!(
            "routing identifier {identifier} was not accepted for {}",
            noun(prop)
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_become_text_and_nouns_read_well() {
        assert_eq!(identifier_text(&json!(7)), "7");
        assert_eq!(identifier_text(&json!("ext-1")), "ext-1");
        assert_eq!(noun("output_routing_type"), "output type");
        assert_eq!(noun("input_routing_channel"), "input channel");
        assert_eq!(
            choice(&json!({"display_name": "Main", "identifier": 1})),
            Some(("Main".to_string(), "1".to_string()))
        );
    }
}
