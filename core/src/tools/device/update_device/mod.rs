//! `barline-update-device` (docs/design/tool-rules.md §16): devices (parameters by
//! display value, name, move, macros and variations, A/B compare), rack chains and drum
//! pads (mute, solo, colour, choke group, output note, pad moves). Wrapping into a rack
//! is in `wrap_rack.rs`. Everything checkable without Live is checked first (bad input
//! changes nothing, docs/design/tool-contract.md §3.1); each setting that does not fit a
//! target is skipped with a warning (docs/design/tool-contract.md §1.9).
//!
//! The tool and the per-target dispatch are here; `plan.rs` validates, `device.rs`
//! writes device and rack settings, `chains.rs` chain and pad settings, `moves.rs`
//! carries out `toPath`.

pub mod params_text;
pub mod wrap_rack;

mod args;
mod chains;
mod device;
mod moves;
mod plan;
mod subject;

use crate::live::Atom;
use crate::tools::common::device::target::Target;
use crate::tools::common::host;
use crate::tools::common::names;

use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::Text;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::result_fields::TextMap;
use crate::tools::framework::tool::{Hints, Tool, ToolMeta};
use args::UpdateDeviceParams;
use schemars::JsonSchema;
use serde::Serialize;
use subject::{kind_of, resolve_ref, Kind, Subject};
use wrap_rack::WrappedRack;

/// `barline-update-device`.
pub struct UpdateDevice;

/// One updated target, several, or the new rack (`wrapInRack`).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Updated {
    /// The targets updated.
    Targets(OneOrMany<UpdatedTarget>),
    /// The rack the devices were wrapped into.
    Rack(WrappedRack),
}

/// A device, chain or pad update-device changed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UpdatedTarget {
    /// Its id.
    pub id: String,
    /// The parameters set, by name, with the value Live shows after the write.
    #[serde(default, skip_serializing_if = "TextMap::is_empty")]
    pub params: TextMap,
}

impl Tool for UpdateDevice {
    type Params = UpdateDeviceParams;
    type Output = Updated;
    const META: ToolMeta = ToolMeta {
        small_removed: &[
            "macroVariation",
            "macroVariationIndex",
            "macroCount",
            "abCompare",
            "chokeGroup",
            "mappedPitch",
            "wrapInRack",
            "color",
            "mute",
            "solo",
        ],
        small_description: Some("Set device parameters by displayed value; rename or move devices."),
        hints: Hints::EDIT,
        ..ToolMeta::create(
            "barline-update-device",
            "Update Device",
            "Update devices, chains or pads: parameters (answers the values Live shows), name, move, macros, racks.",
        )
    };

    fn run(call: &mut Call<'_>, p: UpdateDeviceParams) -> Result<Updated, ToolError> {
        let plan = plan::plan(call, &p)?;
        if p.wrap_in_rack.is_some_and(|f| f.0) {
            let name = p.name.as_ref().map(|n| n.as_str().to_string());
            let out = wrap_rack::wrap(call, &plan.refs, plan.to_path.as_ref(), name.as_deref())?;
            return Ok(Updated::Rack(out));
        }
        let names = names::names_for(call, p.name.as_ref().map(Text::as_str), plan.refs.len());
        let mut bulk = Bulk::new();
        for (i, r) in plan.refs.iter().enumerate() {
            if i > 0 && call.deadline_near() {
                call.warn_stopped(i, plan.refs.len(), "targets");
                break;
            }
            let outcome = match resolve_ref(call, r) {
                Ok(t) => apply(call, &p, &plan, &t, i, names[i].as_deref()),
                Err(e) => Err(e),
            };
            bulk.record(outcome);
        }
        let done = bulk.finish_with_item_warnings(call)?;
        Ok(Updated::Targets(done))
    }
}

fn apply(
    call: &mut Call<'_>,
    p: &UpdateDeviceParams,
    plan: &plan::Plan,
    t: &Target,
    i: usize,
    name: Option<&str>,
) -> Result<UpdatedTarget, ToolError> {
    let out_id = t.id();
    let s = Subject {
        target: t,
        kind: kind_of(call.live, t)?,
        id: t.id(),
        chains: match t {
            Target::Chain(c) => vec![*c],
            Target::Pad { chains, .. } => chains.clone(),
            _ => Vec::new(),
        },
    };
    if let Some(n) = name {
        if s.kind == Kind::DrumPad {
            call.warn("DrumPad names are read-only");
        } else {
            call.live
                .set(s.id, "name", &[Atom::Symbol(n.to_string())])?;
        }
    }
    let set = device::apply(call, p, plan, &s)?;
    chains::apply(call, p, plan, &s, i)?;
    if let Some(to) = &plan.to_path {
        for &o in std::iter::once(&s.id).chain(&s.chains) {
            host::protect(call.live, o, &format!("target {out_id}"), "moved")?;
        }
        match s.kind {
            Kind::Device | Kind::Rack => moves::move_device(call, s.id, to)?,
            Kind::DrumChain | Kind::DrumPad => moves::move_pad(call, &s.chains, to)?,
            Kind::Chain => s.kind.not_for(call, "toPath"),
        }
    }
    let id = s.id.to_string();
    call.ids().issue(&id);
    Ok(UpdatedTarget { id, params: set })
}
