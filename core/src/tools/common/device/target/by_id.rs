//! Ids as targets: what a `deviceId`-style id names, with STALE_REFERENCE for ids this
//! device issued earlier.

use crate::tools::common::device::target::{pad_chains, Target};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;

/// Resolves a `deviceId`-style id to a device, chain or drum pad. Text that is not an
/// id, or an id that resolves to nothing, is NOT_FOUND — or STALE_REFERENCE when this
/// device issued it earlier (naming the replacement when known); other objects are
/// WRONG_TYPE.
pub fn resolve_id(call: &mut Call<'_>, text: &str) -> Result<Target, ToolError> {
    let t = text.trim();
    let digits = t.strip_prefix("id ").unwrap_or(t).trim();
    let id = digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| digits.parse::<u64>().ok())
        .flatten()
        .filter(|n| *n > 0)
        .and_then(|n| lom::resolve(call.live, &format!("id {n}")));
    let Some(id) = id else {
        let ids = call.ids();
        if let Some(new) = ids.replacement(digits) {
            return Err(ToolError::new(
                ErrorCode::StaleReference,
                format!("object {digits} was replaced; its new id is {new}"),
            ));
        }
        if ids.was_issued(digits) {
            return Err(ToolError::new(
                ErrorCode::StaleReference,
                format!(
                    "id {} no longer exists: the object was deleted",
                    quoted(digits)
                ),
            ));
        }
        return Err(ToolError::not_found(format!(
            "id {} does not exist",
            quoted(digits)
        )));
    };
    let kind = call.live.type_of(id)?;
    match kind.as_str() {
        "Chain" | "DrumChain" => Ok(Target::Chain(id)),
        "DrumPad" => {
            let lom_path = call.live.path_of(id)?;
            let rack_path = lom_path
                .rsplit_once(" drum_pads ")
                .map(|(head, _)| head.to_string())
                .unwrap_or_default();
            let rack = lom::resolve(call.live, &rack_path).ok_or_else(|| {
                ToolError::new(ErrorCode::Internal, format!("drum pad {id} has no rack"))
            })?;
            let note = lom::int(call.live, id, "note")?;
            let chains = pad_chains(call.live, rack, note)?;
            Ok(Target::Pad {
                rack,
                note,
                pad: Some(id),
                chains,
            })
        }
        k if k.ends_with("Device") && !k.contains("Mixer") => Ok(Target::Device(id)),
        other => Err(ToolError::new(
            ErrorCode::WrongType,
            format!(
                "id {} is a {other}, not a device, chain or drum pad",
                quoted(digits)
            ),
        )),
    }
}
