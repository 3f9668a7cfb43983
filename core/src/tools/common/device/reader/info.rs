//! The objects read-device returns (docs/design/tool-rules.md §14 field tables): a
//! device, chain or drum pad, the drum pads of a Drum Rack, and parameters. A device, a
//! chain and a pad share one type: their fields fit one order, and each kind fills only
//! its own.

use crate::tools::common::device::param_value::Shown;
use crate::tools::framework::format::Rounded;
use crate::tools::framework::result_fields::{Nested, TextMap};
use schemars::JsonSchema;
use serde::Serialize;

/// A device, rack chain or drum pad. A device has `type` and what `include` asks for; a
/// chain has `type`, `color` and its devices (or their count); a pad has `note`,
/// `pitch` and its chains. Nested chains, pads and devices are this same shape.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct DeviceInfo {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deactivated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variations: Option<Variations>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub macros: Option<Macros>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ab_compare: Option<AbSlot>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multisample: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gain_db: Option<Rounded>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mapped_pitch: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choke_group: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pitch: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drum_pads: Option<Vec<Nested<DrumPad>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chains: Option<Vec<Nested<DeviceInfo>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub return_chains: Option<Vec<Nested<DeviceInfo>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_soloed_chain: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Vec<Nested<Parameter>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drum_map: Option<TextMap>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub devices: Option<Vec<Nested<DeviceInfo>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_count: Option<usize>,
}

/// A rack's macro variations: how many, and the selected one.
#[derive(Debug, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct Variations {
    pub count: i64,
    pub selected: i64,
}

/// A rack's visible macros: how many, and whether any is mapped.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct Macros {
    pub count: i64,
    pub has_mappings: bool,
}

/// The A/B compare slot in use (variants undocumented: the letters say it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum AbSlot {
    A,
    B,
}

/// A pad in a Drum Rack's `drumPads`: the chains sharing one note.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct DrumPad {
    pub note: i64,
    pub pitch: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<&'static str>,
    /// Present (false) when no chain of the pad holds an instrument.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub has_instrument: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chains: Option<Vec<Nested<DeviceInfo>>>,
}

/// A device parameter: its name, and with `param-values` its value, its options or
/// range and unit, and the states other than the usual one.
#[derive(Debug, Default, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[allow(missing_docs)]
pub struct Parameter {
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Shown>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<Shown>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<Shown>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub automation: Option<&'static str>,
}
