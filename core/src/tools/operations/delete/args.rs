//! The arguments and the result of barline-delete, shared by its steps.

use crate::tools::framework::coerce::{option_set, Choice, List};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

option_set! {
    /// The `type` options.
    pub enum DeleteKinds {
        Track = "track",
        Scene = "scene",
        Clip = "clip",
        Device = "device",
        DrumPad = "drum-pad",
    }
}

/// Arguments of delete.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteParams {
    /// Ids, comma-separated.
    pub ids: Option<List>,
    /// Device or pad paths, comma-separated.
    pub path: Option<List>,
    /// The kind.
    #[serde(rename = "type")]
    pub kind: Choice<DeleteKinds>,
}

/// One deleted object.
#[derive(Debug, Serialize, JsonSchema)]
#[allow(missing_docs)]
pub struct Deleted {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub deleted: bool,
}
