//! The arguments and the result of barline-update-live-set, shared by its steps.

use crate::tools::framework::coerce::{option_set, Choice, Num, Text};
use crate::tools::framework::format::num;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    pub locator: Option<LocatorOutcome>,
}

/// Tempo as results carry floats read from Live (docs/design/tool-contract.md §1.13).
fn rounded<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    x.map(num).serialize(s)
}

/// What the locator operation did (docs/design/tool-rules.md §4). One shape for the
/// four outcomes, fields in the order a reader meets them; each fills only its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocatorOutcome {
    /// What happened.
    pub operation: LocatorDone,
    /// Why nothing was done (`skipped` only), e.g. `locator_not_found`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Locators deleted by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// The locator's position, bar|beat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The locator's id (`locator-2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The locator's name as Live kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The locator already standing where a create was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub existing_id: Option<String>,
}

/// The four outcomes of a locator operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum LocatorDone {
    Created,
    Deleted,
    Renamed,
    Skipped,
}

impl LocatorOutcome {
    /// `operation` with no other field yet.
    pub fn new(operation: LocatorDone) -> Self {
        LocatorOutcome {
            operation,
            reason: None,
            count: None,
            time: None,
            id: None,
            name: None,
            existing_id: None,
        }
    }

    /// A skip for `reason`.
    pub fn skipped(reason: &str) -> Self {
        LocatorOutcome {
            reason: Some(reason.to_string()),
            ..Self::new(LocatorDone::Skipped)
        }
    }

    /// A rename of locator `index` to `name` (as Live kept it).
    pub fn renamed(index: usize, name: String) -> Self {
        LocatorOutcome {
            id: Some(crate::tools::common::locators::id_text(index)),
            name: Some(name),
            ..Self::new(LocatorDone::Renamed)
        }
    }
}
