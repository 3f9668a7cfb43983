//! The arguments of barline-update-device, shared by its steps.

use crate::tools::framework::coerce::{option_set, Choice, Flag, Index, Int, List, Text};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// `macroVariation` actions.
    pub enum Variation {
        Create = "create",
        Load = "load",
        Delete = "delete",
        Revert = "revert",
        Randomize = "randomize",
    }
}

option_set! {
    /// `abCompare` actions.
    pub enum AbAction {
        A = "a",
        B = "b",
        Save = "save",
    }
}

/// Arguments of update-device.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateDeviceParams {
    /// Ids, comma-separated.
    pub ids: Option<List>,
    /// Paths, comma-separated, e.g. "t1/d0".
    pub path: Option<List>,
    /// Move to path, e.g. "t2/d1" (pads: "t0/d0/pD1").
    pub to_path: Option<Text>,
    /// Names, comma-separated.
    pub name: Option<Text>,
    /// "name=value" per line, displayed unit, e.g. "Frequency=80 Hz".
    pub params: Option<Text>,
    /// Rack macro variations.
    pub macro_variation: Option<Choice<Variation>>,
    /// For load, delete.
    pub macro_variation_index: Option<Index>,
    /// Visible macros (pairs).
    pub macro_count: Option<Int<0, 16>>,
    /// A/B compare.
    pub ab_compare: Option<Choice<AbAction>>,
    /// Mute.
    pub mute: Option<Flag>,
    /// Solo.
    pub solo: Option<Flag>,
    /// Chain colour (a doc line starting with `#` would become a title).
    #[schemars(description = "#RRGGBB, comma-separated.")]
    pub color: Option<Text>,
    /// 0 = none.
    pub choke_group: Option<Int<0, 16>>,
    /// Output pitch, e.g. "C1".
    pub mapped_pitch: Option<Text>,
    /// Wrap into one rack.
    pub wrap_in_rack: Option<Flag>,
}
