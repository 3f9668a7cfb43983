//! The arguments and the result of barline-update-live-set, shared by its steps.

use crate::tools::framework::coerce::{option_set, Choice, Num, Text};
use crate::tools::framework::format::num;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

option_set! {
    /// Locator operations.
    pub enum LocatorOps {
        Create = "create",
        Delete = "delete",
        Rename = "rename",
    }
}

/// Arguments of update-live-set.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateLiveSetParams {
    /// BPM.
    pub tempo: Option<Num<20, 999>>,
    /// "N/D", e.g. "6/8".
    pub time_signature: Option<Text>,
    /// "Root Scale", e.g. "F Minor"; "" = off.
    pub scale: Option<Text>,
    /// create (renames one already there), rename, delete.
    pub locator_operation: Option<Choice<LocatorOps>>,
    /// e.g. "locator-2".
    pub locator_id: Option<Text>,
    /// Locator position, bar|beat.
    pub locator_time: Option<Text>,
    /// New name; delete: all with this name.
    pub locator_name: Option<Text>,
}

/// What update-live-set returns: only what was set, plus the Song id.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveSetUpdated {
    /// The Song's id.
    pub id: String,
    /// Tempo Live kept, in BPM.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "rounded"
    )]
    pub tempo: Option<f64>,
    /// Time signature now in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_signature: Option<String>,
    /// The scale set, spelled canonically; "" when scale mode was turned off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<String>,
    /// Notes about what was set.
    #[serde(rename = "$meta", skip_serializing_if = "Option::is_none")]
    pub meta: Option<Vec<String>>,
    /// Pitch classes of the scale set, comma-separated, flats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale_pitches: Option<String>,
    /// Outcome of the locator operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "outcome_schema")]
    pub locator: Option<Value>,
}

/// Tempo as results carry floats read from Live (docs/design/tool-contract.md §1.13).
fn rounded<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    x.map(num).serialize(s)
}

/// The schema of the `locator` outcome in update-live-set's result.
pub fn outcome_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": ["created", "deleted", "renamed", "skipped"]},
            "reason": {"type": "string"},
            "id": {"type": "string"},
            "time": {"type": "string"},
            "name": {"type": "string"},
            "count": {"type": "integer"},
            "existingId": {"type": "string"}
        },
        "required": ["operation"]
    })
}
