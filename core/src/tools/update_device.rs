//! `barline-update-device` (tools.md 3.16): devices (parameters by display value, name,
//! move, macros and variations, A/B compare), rack chains and drum pads (mute, solo,
//! colour, choke group, output note, pad moves). Wrapping into a rack is in
//! `wrap_rack.rs`. Everything checkable without Live is checked first (B8); each
//! setting that does not fit a target is skipped with a warning (1.9).

use super::call::{Call, OneOrMany};
use super::coerce::{Choice, Choices, Flag, Index, Int, List, Text};
use super::create_device;
use super::device_path::{self as dp, DevicePath, Seg};
use super::device_target::{self as dt, Target};
use super::error::{quoted, ErrorCode, ToolError};
use super::lom;
use super::names;
use super::param_value as pv;
use super::params_text::{self as pt, Assignment};
use super::tool::{Hints, Tool, ToolMeta};
use super::wrap_rack;
use crate::live::{Atom, LiveId, LivePort};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::borrow::Cow;

/// `barline-update-device`.
pub struct UpdateDevice;

/// `macroVariation` actions.
pub struct Variation;
impl Choices for Variation {
    const ALL: &'static [&'static str] = &["create", "load", "delete", "revert", "randomize"];
}

/// `abCompare` actions.
pub struct AbAction;
impl Choices for AbAction {
    const ALL: &'static [&'static str] = &["a", "b", "save"];
}

/// Arguments of update-device.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateDeviceParams {
    /// Comma-separated ids of devices, chains or drum pads.
    pub ids: Option<List>,
    /// Comma-separated device, chain or pad paths, e.g. "t1/d0,t1/d0/c1".
    pub path: Option<List>,
    /// Move a device to this insertion path (t2, t2/d1, t0/d0/c1); move a drum chain or pad to this pad path (t0/d0/pD1).
    pub to_path: Option<Text>,
    /// New name; comma-separated names for several targets (not for drum pads).
    pub name: Option<Text>,
    /// Parameter values, one "name=value" per line, in the displayed unit (e.g. "Frequency=80 Hz").
    pub params: Option<Text>,
    /// Rack macro variations: create, load, delete, revert, randomize.
    pub macro_variation: Option<Choice<Variation>>,
    /// Variation index for load and delete.
    pub macro_variation_index: Option<Index>,
    /// Racks: visible macros (0-16, in pairs).
    pub macro_count: Option<Int<0, 16>>,
    /// A/B compare: a, b, or save.
    pub ab_compare: Option<Choice<AbAction>>,
    /// Mute chains or drum pads.
    pub mute: Option<Flag>,
    /// Solo chains or drum pads.
    pub solo: Option<Flag>,
    /// Chain colour (a doc line starting with `#` would become a title).
    #[schemars(
        description = "#RRGGBB for chains; comma-separated colours cycle over the targets."
    )]
    pub color: Option<Text>,
    /// Drum chains: choke group 0-16 (0 = none).
    pub choke_group: Option<Int<0, 16>>,
    /// Drum chains: output note as a pitch name, e.g. "C1".
    pub mapped_pitch: Option<Text>,
    /// Wrap the listed devices into one new rack.
    pub wrap_in_rack: Option<Flag>,
}

/// One updated target, several, or the new rack.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Updated(pub Value);

impl JsonSchema for Updated {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "UpdatedDevice".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let item = json!({"type": "object", "properties": {"id": {"type": "string"}, "type": {"type": "string", "enum": ["instrument-rack", "audio-effect-rack", "midi-effect-rack"]}, "deviceCount": {"type": "integer"}}, "required": ["id"]});
        json_schema!({
            "type": "object",
            "anyOf": [item, {"type": "object", "properties": {"items": {"type": "array", "items": item}}, "required": ["items"]}]
        })
    }
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
        ],
        hints: Hints {
            read_only: false,
            destructive: true,
            idempotent: false,
        },
        ..ToolMeta::create(
            "barline-update-device",
            "Update Device",
            "Update devices, rack chains or drum pads by id or path: parameters, name, move, macros and variations, A/B compare, mute/solo/colour, choke group, output note, wrap in a rack.",
        )
    };

    fn run(call: &mut Call<'_>, p: UpdateDeviceParams) -> Result<Updated, ToolError> {
        let plan = plan(call, &p)?;
        if p.wrap_in_rack.is_some_and(|f| f.0) {
            let name = p.name.as_ref().map(|n| n.as_str().to_string());
            let out = wrap_rack::wrap(call, &plan.refs, plan.to_path.as_ref(), name.as_deref())?;
            return Ok(Updated(out));
        }
        let names = call.names(p.name.as_ref().map(Text::as_str), plan.refs.len());
        let mut bulk = create_device::Outcome::new();
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
        let done = create_device::finish_with_spec_warnings(call, bulk)?;
        Ok(Updated(match done {
            OneOrMany::One(id) => json!({"id": id}),
            OneOrMany::Many(v) => Value::Array(v.into_iter().map(|id| json!({"id": id})).collect()),
        }))
    }
}

/// A target as given: a parsed path or an id text.
#[derive(Clone, Debug)]
pub enum Ref {
    /// A device path.
    Path(DevicePath),
    /// An id.
    Id(String),
}

/// Everything validated before the first Live access.
struct Plan {
    refs: Vec<Ref>,
    to_path: Option<DevicePath>,
    assignments: Vec<Assignment>,
    colors: Vec<i64>,
    mapped_pitch: Option<u8>,
}

fn plan(call: &mut Call<'_>, p: &UpdateDeviceParams) -> Result<Plan, ToolError> {
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
    let colors = p
        .color
        .as_ref()
        .map(|c| names::parse_colors(c.as_str()))
        .transpose()?
        .unwrap_or_default();
    if let Some(v) = &p.macro_variation {
        if matches!(v.as_str(), "load" | "delete") && p.macro_variation_index.is_none() {
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

/// Resolves a target; a path that names nothing is `target not found at path "…"`.
pub fn resolve_ref(call: &mut Call<'_>, r: &Ref) -> Result<Target, ToolError> {
    match r {
        Ref::Id(id) => dt::resolve_id(call, id),
        Ref::Path(path) => match dt::resolve(call.live, path) {
            Ok(Target::Track(_)) => Err(ToolError::new(
                ErrorCode::WrongType,
                format!("path \"{path}\" names a track, not a device, chain or drum pad"),
            )),
            Ok(t) => Ok(t),
            Err(e) if e.code == ErrorCode::NotFound => Err(ToolError::not_found(format!(
                "target not found at path \"{path}\""
            ))),
            Err(e) => Err(e),
        },
    }
}

/// The kind a target counts as for the applicability table of 3.16.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Device,
    Rack,
    Chain,
    DrumChain,
    DrumPad,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Device => "Device",
            Kind::Rack => "RackDevice",
            Kind::Chain => "Chain",
            Kind::DrumChain => "DrumChain",
            Kind::DrumPad => "DrumPad",
        }
    }
}

fn kind_of(live: &mut dyn LivePort, t: &Target) -> Result<Kind, ToolError> {
    Ok(match t {
        Target::Device(d) => {
            if dt::is_rack(live, *d)? {
                Kind::Rack
            } else {
                Kind::Device
            }
        }
        Target::Chain(c) => {
            if live.type_of(*c)? == "DrumChain" {
                Kind::DrumChain
            } else {
                Kind::Chain
            }
        }
        Target::Pad { .. } => Kind::DrumPad,
        Target::Track(_) => Kind::Device,
    })
}

fn apply(
    call: &mut Call<'_>,
    p: &UpdateDeviceParams,
    plan: &Plan,
    t: &Target,
    i: usize,
    name: Option<&str>,
) -> Result<String, ToolError> {
    let kind = kind_of(call.live, t)?;
    let id = t.id();
    let not_for = |call: &mut Call<'_>, what: &str| {
        call.warn(format!("'{what}' does not apply to {}", kind.name()));
    };
    let device = matches!(kind, Kind::Device | Kind::Rack);
    let chains: Vec<LiveId> = match t {
        Target::Chain(c) => vec![*c],
        Target::Pad { chains, .. } => chains.clone(),
        _ => Vec::new(),
    };
    if let Some(n) = name {
        if kind == Kind::DrumPad {
            call.warn("DrumPad names are read-only");
        } else {
            call.live.set(id, "name", &[Atom::Symbol(n.to_string())])?;
        }
    }
    if !plan.assignments.is_empty() {
        if device {
            params(call, id, &plan.assignments)?;
        } else {
            not_for(call, "params");
        }
    }
    if let Some(ab) = &p.ab_compare {
        if !device {
            not_for(call, "abCompare");
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
                not_for(call, what);
            }
        }
    }
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
            _ => not_for(call, prop),
        }
    }
    if !plan.colors.is_empty() {
        if chains.is_empty() {
            not_for(call, "color");
        } else {
            let color = plan.colors[i % plan.colors.len()];
            for c in &chains {
                let what = format!("chain {}", quoted(&lom::text(call.live, *c, "name")?));
                call.set_color(*c, color, &what)?;
            }
        }
    }
    let drum = matches!(kind, Kind::DrumChain | Kind::DrumPad);
    if let Some(g) = p.choke_group {
        if drum {
            for c in &chains {
                call.live.set(*c, "choke_group", &[Atom::Int(g.get())])?;
            }
        } else {
            not_for(call, "chokeGroup");
        }
    }
    if p.mapped_pitch.is_some() {
        if !drum {
            not_for(call, "mappedPitch");
        } else if let Some(n) = plan.mapped_pitch {
            for c in &chains {
                call.live.set(*c, "out_note", &[Atom::Int(i64::from(n))])?;
            }
        }
    }
    if let Some(to) = &plan.to_path {
        match kind {
            Kind::Device | Kind::Rack => move_device(call, id, to)?,
            Kind::DrumChain | Kind::DrumPad => move_pad(call, &chains, to)?,
            Kind::Chain => not_for(call, "toPath"),
        }
    }
    let out = id.to_string();
    call.ids().issue(&out);
    Ok(out)
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

fn move_device(call: &mut Call<'_>, device: LiveId, to: &DevicePath) -> Result<(), ToolError> {
    let ins = match dt::insertion(call.live, to) {
        Ok(ins) => ins,
        Err(e) if e.code == ErrorCode::NotFound => {
            call.warn(format!("move target \"{to}\" does not exist"));
            return Ok(());
        }
        Err(e) => {
            call.warn(format!("toPath: {}", e.message));
            return Ok(());
        }
    };
    let container = create_device::make_container(call.live, &ins.container, to)?;
    let count = call.live.get_count(container, "devices")?;
    let position = ins.position.unwrap_or(count).min(count);
    let song = super::overview::song(call.live)?;
    // Object arguments travel as one "id N" text (max-runtime.md 2.3 [O]).
    let args = [
        Atom::Symbol(format!("id {device}")),
        Atom::Symbol(format!("id {container}")),
        Atom::Int(position as i64),
    ];
    call.live.call(song, "move_device", &args)?;
    let now = dt::children(call.live, container, "devices")?;
    if !now.contains(&device) {
        call.warn(format!(
            "Live refused to move device {device} to \"{to}\" (a MIDI track or chain holds one instrument; audio tracks take audio effects only)"
        ));
    }
    Ok(())
}

fn move_pad(call: &mut Call<'_>, chains: &[LiveId], to: &DevicePath) -> Result<(), ToolError> {
    let note = match to.segs.last() {
        Some(Seg::Pad(n)) => n.in_note(),
        _ => {
            call.warn(format!("toPath \"{to}\" is not a drum pad path"));
            return Ok(());
        }
    };
    for c in chains {
        call.live.set(*c, "in_note", &[Atom::Int(note)])?;
    }
    Ok(())
}
