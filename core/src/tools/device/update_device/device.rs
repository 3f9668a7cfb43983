//! The device settings of update-device: parameters by display value, A/B compare,
//! and on racks macro variations and the visible macro count.

use crate::live::{Atom, LiveId};
use crate::tools::common::device::param_value as pv;
use crate::tools::common::device::target as dt;
use crate::tools::device::update_device::args::{AbAction, UpdateDeviceParams, Variation};
use crate::tools::device::update_device::params_text::{self as pt, Assignment};
use crate::tools::device::update_device::plan::Plan;
use crate::tools::device::update_device::subject::{Kind, Subject};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;
use crate::tools::framework::nearest::{nearest, or_list};
use crate::tools::framework::result_fields::TextMap;

/// Applies `params`, `abCompare` and the rack-only settings to one target, warning
/// for each that does not apply to its kind; answers each parameter set with the value
/// Live shows after the write (one call instead of a write and a read).
pub(super) fn apply(
    call: &mut Call<'_>,
    p: &UpdateDeviceParams,
    plan: &Plan,
    s: &Subject<'_>,
) -> Result<TextMap, ToolError> {
    let (kind, id, assignments) = (s.kind, s.id, &plan.assignments);
    let device = matches!(kind, Kind::Device | Kind::Rack);
    let mut set = TextMap::default();
    if !assignments.is_empty() {
        if device {
            set = params(call, id, assignments)?;
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
            match ab.get() {
                AbAction::Save => {
                    call.live.call(id, "save_preset_to_compare_ab_slot", &[])?;
                }
                side @ (AbAction::A | AbAction::B) => {
                    let use_b = Atom::Int(i64::from(side == AbAction::B));
                    call.live.set(id, "is_using_compare_preset_b", &[use_b])?;
                }
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
                v.get(),
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
    Ok(set)
}

/// Writes each assignment; the parameters written, by name, with their display value
/// read back.
fn params(
    call: &mut Call<'_>,
    device: LiveId,
    assignments: &[Assignment],
) -> Result<TextMap, ToolError> {
    let mut set = TextMap::default();
    let list = dt::children(call.live, device, "parameters")?;
    let device_name = lom::text(call.live, device, "name")?;
    for (k, a) in assignments.iter().enumerate() {
        if k > 0 && call.deadline_near() {
            call.warn_stopped(k, assignments.len(), "parameters");
            break;
        }
        let Some(param) = pt::find(call.live, &list, &a.key)? else {
            let names = names_of(call, &list)?;
            call.warn(not_found(&a.key, &device_name, &names));
            continue;
        };
        let described = pv::describe(call.live, param)?;
        pv::write(call.live, &described, &a.value, &mut call.warnings)?;
        let raw = lom::number(call.live, param, "value")?;
        let shown = pv::display_text(call.live, &described, raw)?;
        set.insert(described.name.clone(), shown);
    }
    Ok(set)
}

/// At most this many parameter names are listed in full in a not-found warning.
const FEW: usize = 12;

fn names_of(call: &mut Call<'_>, list: &[LiveId]) -> Result<Vec<String>, ToolError> {
    list.iter()
        .map(|p| lom::text(call.live, *p, "name"))
        .collect()
}

/// The warning for an unknown parameter key: the nearest names, or every name when the
/// device has few, so the next call can be right.
pub fn not_found(key: &str, device: &str, names: &[String]) -> String {
    let all: Vec<&str> = names.iter().map(String::as_str).collect();
    let close = nearest(key, &all, 3);
    let head = format!(
        "param {} not found on device {}",
        quoted(key),
        quoted(device)
    );
    let fix = if !close.is_empty() {
        format!("; did you mean {}?", or_list(&close))
    } else if all.len() <= FEW {
        format!("; its parameters: {}", all.join(", "))
    } else {
        "; read the device with include [\"params\"] for its names".to_string()
    };
    let mut text = head + &fix;
    if text.chars().count() > 200 {
        text = text.chars().take(197).collect::<String>() + "…";
    }
    text
}

fn variation(
    call: &mut Call<'_>,
    rack: LiveId,
    action: Variation,
    index: Option<usize>,
) -> Result<(), ToolError> {
    let fun = match action {
        Variation::Create => {
            if index.is_some() {
                call.warn("macroVariationIndex is ignored for create");
            }
            "store_variation"
        }
        Variation::Revert => "recall_last_used_variation",
        Variation::Randomize => "randomize_macros",
        Variation::Load | Variation::Delete => {
            if !select_variation(call, rack, index.unwrap_or(0))? {
                return Ok(());
            }
            if action == Variation::Load {
                "recall_selected_variation"
            } else {
                "delete_selected_variation"
            }
        }
    };
    call.live.call(rack, fun, &[])?;
    Ok(())
}

/// Selects variation `i` for load or delete; false (with a warning) when the rack has
/// no such variation.
fn select_variation(call: &mut Call<'_>, rack: LiveId, i: usize) -> Result<bool, ToolError> {
    let count = lom::int(call.live, rack, "variation_count")?;
    if i64::try_from(i).map_or(true, |i| i >= count) {
        call.warn(format!(
            "variation index {i} out of range ({count} variations)"
        ));
        return Ok(false);
    }
    call.live
        .set(rack, "selected_variation_index", &[Atom::Int(i as i64)])?;
    Ok(true)
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
