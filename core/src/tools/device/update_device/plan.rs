//! What update-device checks before the first Live access (bad input changes nothing,
//! docs/design/tool-contract.md §3.1): targets, `toPath`, parameter lines, colours, macro
//! variation arguments and the output pitch.

use crate::tools::common::device::path::{self as dp, DevicePath};
use crate::tools::common::names;
use crate::tools::device::update_device::args::{UpdateDeviceParams, Variation};
use crate::tools::device::update_device::params_text::{self as pt, Assignment};
use crate::tools::device::update_device::subject::Ref;
use crate::tools::framework::call::Call;
use crate::tools::framework::coerce::text_of;
use crate::tools::framework::error::{quoted, ToolError};

/// Everything validated before the first Live access.
pub(super) struct Plan {
    pub(super) refs: Vec<Ref>,
    pub(super) to_path: Option<DevicePath>,
    pub(super) assignments: Vec<Assignment>,
    pub(super) colors: Vec<i64>,
    pub(super) mapped_pitch: Option<u8>,
}

pub(super) fn plan(call: &mut Call<'_>, p: &UpdateDeviceParams) -> Result<Plan, ToolError> {
    let refs: Vec<Ref> = match (&p.ids, &p.path) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(ToolError::bad_input("give exactly one of ids or path"))
        }
        (Some(ids), None) => {
            let items = ids.items();
            call.unique(items, "id").into_iter().map(Ref::Id).collect()
        }
        (None, Some(paths)) => {
            let items = call.unique(paths.items(), "path");
            items
                .iter()
                .map(|t| DevicePath::parse(t).map(Ref::Path))
                .collect::<Result<_, _>>()?
        }
    };
    if refs.is_empty() {
        return Err(ToolError::bad_input("ids or path lists no target"));
    }
    let to_path = p
        .to_path
        .as_ref()
        .map(|t| DevicePath::parse(t.as_str()))
        .transpose()?;
    let assignments = match &p.params {
        Some(t) => pt::parse_params(t.as_str(), &mut call.warnings)?,
        None => Vec::new(),
    };
    let colors = names::colors(text_of(&p.color))?;
    if let Some(v) = &p.macro_variation {
        if matches!(v.get(), Variation::Load | Variation::Delete)
            && p.macro_variation_index.is_none()
        {
            return Err(ToolError::bad_input(format!(
                "macroVariation \"{}\" needs macroVariationIndex",
                v.as_str()
            )));
        }
    }
    let mapped_pitch = match &p.mapped_pitch {
        Some(t) => match dp::parse_pitch(t.as_str().trim()) {
            Some(n) => Some(n),
            None => {
                call.warn(format!("{} is not a pitch name", quoted(t.as_str())));
                None
            }
        },
        None => None,
    };
    Ok(Plan {
        refs,
        to_path,
        assignments,
        colors,
        mapped_pitch,
    })
}
