//! The device settings of update-device: parameters by display value, A/B compare,
//! and on racks macro variations and the visible macro count.

use crate::live::{Atom, LiveId};
use crate::tools::common::device::param_value as pv;
use crate::tools::common::device::target as dt;
use crate::tools::device::update_device::params_text::{self as pt, Assignment};
use crate::tools::device::update_device::plan::Plan;
use crate::tools::device::update_device::{Kind, Subject, UpdateDeviceParams};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;

/// Applies `params`, `abCompare` and the rack-only settings to one target, warning
/// for each that does not apply to its kind.
pub(super) fn apply(
    call: &mut Call<'_>,
    p: &UpdateDeviceParams,
    plan: &Plan,
    s: &Subject<'_>,
) -> Result<(), ToolError> {
    let (kind, id, assignments) = (s.kind, s.id, &plan.assignments);
    let device = matches!(kind, Kind::Device | Kind::Rack);
    if !assignments.is_empty() {
        if device {
            params(call, id, assignments)?;
        } else {
            kind.not_for(call, "params");
        }
    }
    if let Some(ab) = &p.ab_compare {
        if !device {
            kind.not_for(call, "abCompare");
        } else if !lom::flag(call.live, id, "can_compare_ab")? {
            call.warn("A/B compare is not available on this device");
        } else {
            match ab.as_str() {
                "save" => {
                    call.live.call(id, "save_preset_to_compare_ab_slot", &[])?;
                }
                side => call.live.set(
                    id,
                    "is_using_compare_preset_b",
                    &[Atom::Int(i64::from(side == "b"))],
                )?,
            }
        }
    }
    let rack_only = [
        ("macroVariation", p.macro_variation.is_some()),
        (
            "macroVariationIndex",
            p.macro_variation_index.is_some() && p.macro_variation.is_none(),
        ),
        ("macroCount", p.macro_count.is_some()),
    ];
    if kind == Kind::Rack {
        if p.macro_variation_index.is_some() && p.macro_variation.is_none() {
            call.warn("macroVariationIndex is ignored without macroVariation");
        }
        if let Some(v) = &p.macro_variation {
            variation(
                call,
                id,
                v.as_str(),
                p.macro_variation_index.map(|x| x.index()),
            )?;
        }
        if let Some(n) = p.macro_count {
            macro_count(call, id, n.get())?;
        }
    } else {
        for (what, given) in rack_only {
            if given {
                kind.not_for(call, what);
            }
        }
    }
    Ok(())
}

fn params(
    call: &mut Call<'_>,
    device: LiveId,
    assignments: &[Assignment],
) -> Result<(), ToolError> {
    let list = dt::children(call.live, device, "parameters")?;
    let device_name = lom::text(call.live, device, "name")?;
    for (k, a) in assignments.iter().enumerate() {
        if k > 0 && call.deadline_near() {
            call.warn_stopped(k, assignments.len(), "parameters");
            break;
        }
        let Some(param) = pt::find(call.live, &list, &a.key)? else {
            call.warn(format!(
                "param {} not found on device {}",
                quoted(&a.key),
                quoted(&device_name)
            ));
            continue;
        };
        let described = pv::describe(call.live, param)?;
        pv::write(call.live, &described, &a.value, &mut call.warnings)?;
    }
    Ok(())
}

fn variation(
    call: &mut Call<'_>,
    rack: LiveId,
    action: &str,
    index: Option<usize>,
) -> Result<(), ToolError> {
    let fun = match action {
        "create" => {
            if index.is_some() {
                call.warn("macroVariationIndex is ignored for create");
            }
            "store_variation"
        }
        "revert" => "recall_last_used_variation",
        "randomize" => "randomize_macros",
        _ => {
            let count = lom::int(call.live, rack, "variation_count")?;
            let i = index.unwrap_or(0);
            if i64::try_from(i).map_or(true, |i| i >= count) {
                call.warn(format!(
                    "variation index {i} out of range ({count} variations)"
                ));
                return Ok(());
            }
            call.live
                .set(rack, "selected_variation_index", &[Atom::Int(i as i64)])?;
            if action == "load" {
                "recall_selected_variation"
            } else {
                "delete_selected_variation"
            }
        }
    };
    call.live.call(rack, fun, &[])?;
    Ok(())
}

fn macro_count(call: &mut Call<'_>, rack: LiveId, asked: i64) -> Result<(), ToolError> {
    let target = if asked % 2 == 1 {
        call.warn(format!(
            "macro count rounded up to {} (macros come in pairs)",
            asked + 1
        ));
        asked + 1
    } else {
        asked
    };
    let current = lom::int(call.live, rack, "visible_macro_count")?;
    let (fun, pairs) = if target > current {
        ("add_macro", (target - current) / 2)
    } else {
        ("remove_macro", (current - target) / 2)
    };
    for _ in 0..pairs.clamp(0, 8) {
        call.live.call(rack, fun, &[])?;
    }
    Ok(())
}
