//! The chain and drum-pad settings of update-device: mute, solo, colour, choke group
//! and output note.

use crate::live::Atom;
use crate::tools::common::device::target::Target;
use crate::tools::common::names;
use crate::tools::device::update_device::args::UpdateDeviceParams;
use crate::tools::device::update_device::plan::Plan;
use crate::tools::device::update_device::subject::{Kind, Subject};
use crate::tools::framework::call::Call;
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::lom;

/// Applies the chain settings to one target, warning for each that does not apply to
/// its kind; target `i` takes colour `i` of the cycle.
pub(super) fn apply(
    call: &mut Call<'_>,
    p: &UpdateDeviceParams,
    plan: &Plan,
    s: &Subject<'_>,
    i: usize,
) -> Result<(), ToolError> {
    let (kind, t, chains) = (s.kind, s.target, &s.chains);
    for (prop, value) in [("mute", p.mute), ("solo", p.solo)] {
        let Some(v) = value else { continue };
        let on = Atom::Int(i64::from(v.0));
        match t {
            Target::Chain(c) => call.live.set(*c, prop, &[on])?,
            Target::Pad { pad: Some(pad), .. } => call.live.set(*pad, prop, &[on])?,
            Target::Pad {
                pad: None, chains, ..
            } => {
                for c in chains {
                    call.live.set(*c, prop, std::slice::from_ref(&on))?;
                }
            }
            _ => kind.not_for(call, prop),
        }
    }
    if !plan.colors.is_empty() {
        if chains.is_empty() {
            kind.not_for(call, "color");
        } else {
            let color = plan.colors[i % plan.colors.len()];
            for c in chains {
                let what = format!("chain {}", quoted(&lom::text(call.live, *c, "name")?));
                names::color(call, *c, color, &what)?;
            }
        }
    }
    let drum = matches!(kind, Kind::DrumChain | Kind::DrumPad);
    if let Some(g) = p.choke_group {
        if drum {
            for c in chains {
                call.live.set(*c, "choke_group", &[Atom::Int(g.get())])?;
            }
        } else {
            kind.not_for(call, "chokeGroup");
        }
    }
    if p.mapped_pitch.is_some() {
        if !drum {
            kind.not_for(call, "mappedPitch");
        } else if let Some(n) = plan.mapped_pitch {
            for c in chains {
                call.live.set(*c, "out_note", &[Atom::Int(i64::from(n))])?;
            }
        }
    }
    Ok(())
}
