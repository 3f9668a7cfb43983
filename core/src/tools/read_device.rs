//! `barline-read-device` (tools.md 3.14): one device, rack chain or drum pad — type,
//! state, rack contents to a chosen depth, parameters with display values, drum map,
//! Simpler sample.

use super::call::Call;
use super::coerce::{Choices, Id, Include, Int, Text};
use super::device_path::{self as dp, DevicePath};
use super::device_target::{self as dt, Target};
use super::error::{ErrorCode, ToolError};
use super::format::num;
use super::lom;
use super::param_value::{self as pv, Kind, Unit};
use super::tool::{Tool, ToolMeta};
use crate::live::{LiveId, LivePort};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::borrow::Cow;

/// `barline-read-device`.
pub struct ReadDevice;

/// The `include` options of read-device.
pub struct DeviceDetail;

impl Choices for DeviceDetail {
    const ALL: &'static [&'static str] = &[
        "chains",
        "drum-map",
        "drum-pads",
        "params",
        "param-values",
        "return-chains",
        "sample",
        "*",
    ];
}

/// Deepest rack nesting read, whatever `maxDepth` asks (tools.md 3.14).
pub const DEPTH_GUARD: i64 = 8;

/// Arguments of read-device.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadDeviceParams {
    /// Id of a device, chain or drum pad.
    pub device_id: Option<Id>,
    /// Device path, e.g. "t1/d0", "t1/d0/c0", "t1/d0/pC1".
    pub path: Option<Text>,
    /// Extra detail: chains, drum-map, drum-pads, params, param-values, return-chains, sample, or * for all.
    #[serde(default)]
    pub include: Include<DeviceDetail>,
    /// Rack depth: 0 = chains with deviceCount only; 1 = chains with their devices; 2+ = deeper.
    pub max_depth: Option<Int<0, 1000>>,
    /// Keep parameters whose name contains this text (case-insensitive).
    pub param_search: Option<Text>,
}

/// The result: a device, chain or drum pad object (tools.md 3.14 field tables).
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct DeviceInfo(pub Value);

impl JsonSchema for DeviceInfo {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "DeviceInfo".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let objects = json!({"type": "array", "items": {"type": "object"}});
        json_schema!({
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "path": {"type": "string"},
                "type": {"type": "string"},
                "name": {"type": "string"},
                "deactivated": {"type": "boolean"},
                "variations": {"type": "object"},
                "macros": {"type": "object"},
                "abCompare": {"type": "string", "enum": ["a", "b"]},
                "sample": {"type": "string"},
                "multisample": {"type": "boolean"},
                "gainDb": {"type": "number"},
                "chains": objects,
                "drumPads": objects,
                "returnChains": objects,
                "hasSoloedChain": {"type": "boolean"},
                "parameters": objects,
                "drumMap": {"type": "object", "additionalProperties": {"type": "string"}},
                "note": {"type": "integer"},
                "pitch": {"type": "string"},
                "state": {"type": "string"},
                "color": {"type": "string"},
                "mappedPitch": {"type": "string"},
                "chokeGroup": {"type": "integer"},
                "devices": objects,
                "deviceCount": {"type": "integer"}
            },
            "required": ["id"]
        })
    }
}

impl Tool for ReadDevice {
    type Params = ReadDeviceParams;
    type Output = DeviceInfo;
    const META: ToolMeta = ToolMeta {
        small_removed_values: &[("include", &["drum-pads", "return-chains", "*"])],
        too_large_hint: "Lower maxDepth, drop param-values, or filter parameters with paramSearch.",
        ..ToolMeta::read(
            "barline-read-device",
            "Read Device",
            "Read a device, chain or drum pad by id or path (e.g. t1/d0, t1/d0/c0, t1/d0/pC1). Returns an overview; add detail with include.",
        )
    };

    fn run(call: &mut Call<'_>, p: ReadDeviceParams) -> Result<DeviceInfo, ToolError> {
        let path = match (&p.device_id, &p.path) {
            (Some(_), Some(_)) | (None, None) => {
                return Err(ToolError::bad_input("give exactly one of deviceId or path"))
            }
            (None, Some(t)) => Some(DevicePath::parse(t.as_str())?),
            (Some(_), None) => None,
        };
        if let Some(path) = &path {
            if path.segs.is_empty() {
                return Err(ToolError::bad_input(format!(
                    "path \"{path}\" names a track; give a device, chain or pad path such as \"{path}/d0\""
                )));
            }
        }
        let target = match (&path, &p.device_id) {
            (Some(path), _) => dt::resolve(call.live, path)?,
            (None, Some(id)) => dt::resolve_id(call, id.as_str())?,
            (None, None) => unreachable_target()?,
        };
        let mut r = Reader {
            include: p.include.options().to_vec(),
            max_depth: p.max_depth.map_or(0, |d| d.get()),
            search: p
                .param_search
                .as_ref()
                .map(|s| s.as_str().trim().to_lowercase())
                .filter(|s| !s.is_empty()),
            warned_depth: false,
            issued: Vec::new(),
        };
        let out = match &target {
            Target::Device(d) => r.device(call.live, *d, 0, true)?,
            Target::Chain(c) => r.chain(call.live, *c, 0, true)?,
            Target::Pad {
                rack,
                note,
                pad,
                chains,
            } => r.pad(call.live, *rack, *note, *pad, chains)?,
            Target::Track(_) => unreachable_target()?,
        };
        if r.warned_depth {
            call.warn("maximum depth reached; deeper devices not read");
        }
        for id in std::mem::take(&mut r.issued) {
            call.ids().issue(&id.to_string());
        }
        Ok(DeviceInfo(Value::Object(out)))
    }
}

fn unreachable_target<T>() -> Result<T, ToolError> {
    Err(ToolError::new(
        ErrorCode::Internal,
        "read-device reached a target kind it cannot read",
    ))
}

/// The mute/solo state of a chain, pad or track (tools.md 3.5 `state`).
pub fn state(mute: bool, solo: bool, via_solo: bool) -> Option<&'static str> {
    match (mute, solo, via_solo) {
        (true, true, _) => Some("muted-and-soloed"),
        (true, false, true) => Some("muted-also-via-solo"),
        (true, false, false) => Some("muted"),
        (false, true, _) => Some("soloed"),
        (false, false, true) => Some("muted-via-solo"),
        _ => None,
    }
}

/// The type text of a device (`instrument: Operator`, `drum-rack`, …).
pub fn device_type(live: &mut dyn LivePort, d: LiveId) -> Result<String, ToolError> {
    let kind = lom::int(live, d, "type")?;
    let rack = dt::is_rack(live, d)?;
    let base = match kind {
        1 => "instrument",
        2 => "audio-effect",
        4 => "midi-effect",
        _ => {
            return Ok(format!("unknown: {}", lom::text(live, d, "class_name")?));
        }
    };
    if rack {
        if dt::is_drum_rack(live, d)? {
            return Ok("drum-rack".into());
        }
        return Ok(format!("{base}-rack"));
    }
    Ok(format!(
        "{base}: {}",
        lom::text(live, d, "class_display_name")?
    ))
}

struct Reader {
    include: Vec<&'static str>,
    max_depth: i64,
    search: Option<String>,
    warned_depth: bool,
    issued: Vec<LiveId>,
}

impl Reader {
    fn has(&self, k: &str) -> bool {
        self.include.contains(&k)
    }

    fn base(
        &mut self,
        live: &mut dyn LivePort,
        id: LiveId,
    ) -> Result<Map<String, Value>, ToolError> {
        self.issued.push(id);
        let mut o = Map::new();
        o.insert("id".into(), json!(id.to_string()));
        if let Some(path) = dt::path_of(live, id)? {
            o.insert("path".into(), json!(path));
        }
        Ok(o)
    }

    fn device(
        &mut self,
        live: &mut dyn LivePort,
        d: LiveId,
        depth: i64,
        top: bool,
    ) -> Result<Map<String, Value>, ToolError> {
        let mut o = self.base(live, d)?;
        let kind = device_type(live, d)?;
        o.insert("type".into(), json!(kind));
        let name = lom::text(live, d, "name")?;
        if name != lom::text(live, d, "class_display_name")? {
            o.insert("name".into(), json!(name));
        }
        if !lom::flag(live, d, "is_active")? {
            o.insert("deactivated".into(), json!(true));
        }
        let rack = dt::is_rack(live, d)?;
        let drum = rack && dt::is_drum_rack(live, d)?;
        let params = top && (self.has("params") || self.has("param-values"));
        if params && rack {
            let count = lom::int(live, d, "variation_count")?;
            if count > 0 {
                let selected = lom::int(live, d, "selected_variation_index")?;
                o.insert(
                    "variations".into(),
                    json!({"count": count, "selected": selected}),
                );
            }
            let macros = lom::int(live, d, "visible_macro_count")?;
            if macros > 0 {
                let mapped = lom::flag(live, d, "has_macro_mappings")?;
                o.insert(
                    "macros".into(),
                    json!({"count": macros, "hasMappings": mapped}),
                );
            }
        }
        if params && lom::flag(live, d, "can_compare_ab")? {
            let b = lom::flag(live, d, "is_using_compare_preset_b")?;
            o.insert("abCompare".into(), json!(if b { "b" } else { "a" }));
        }
        if top && self.has("sample") && live.type_of(d)? == "SimplerDevice" {
            if let Some(sample) = dt::ids_of(&live.get(d, "sample")?).first().copied() {
                o.insert(
                    "sample".into(),
                    json!(lom::text(live, sample, "file_path")?),
                );
                if lom::flag(live, d, "multi_sample_mode")? {
                    o.insert("multisample".into(), json!(true));
                }
                let gain = lom::number(live, sample, "gain")?;
                let db = if gain > 0.0 {
                    20.0 * gain.log10()
                } else {
                    pv::MINUS_INF_DB
                };
                o.insert("gainDb".into(), num(db));
            }
        }
        if rack {
            let want_chains = self.has("chains") || !top;
            if depth >= DEPTH_GUARD {
                if self.max_depth > DEPTH_GUARD && live.get_count(d, "chains")? > 0 {
                    self.warned_depth = true;
                }
            } else if drum {
                if self.has("drum-pads") {
                    let pads = self.drum_pads(live, d, depth)?;
                    o.insert("drumPads".into(), Value::Array(pads));
                }
            } else if want_chains && (top || depth <= self.max_depth) {
                let mut chains = Vec::new();
                for c in dt::children(live, d, "chains")? {
                    chains.push(Value::Object(self.chain(live, c, depth, false)?));
                }
                o.insert("chains".into(), Value::Array(chains));
            }
            if top && self.has("return-chains") {
                let mut chains = Vec::new();
                for c in dt::children(live, d, "return_chains")? {
                    chains.push(Value::Object(self.chain(live, c, depth, false)?));
                }
                o.insert("returnChains".into(), Value::Array(chains));
            }
            let mut soloed = false;
            for c in dt::children(live, d, "chains")? {
                soloed |= lom::flag(live, c, "solo")?;
            }
            if soloed {
                o.insert("hasSoloedChain".into(), json!(true));
            }
        }
        if params {
            let values = self.has("param-values");
            let list = self.parameters(live, d, values)?;
            o.insert("parameters".into(), Value::Array(list));
        }
        if top && self.has("drum-map") {
            if let Some(map) = self.drum_map(live, d, 0)? {
                o.insert("drumMap".into(), Value::Object(map));
            }
        }
        Ok(o)
    }

    /// A chain; its devices are listed when `depth < maxDepth` (always for a chain read
    /// by path), otherwise counted.
    fn chain(
        &mut self,
        live: &mut dyn LivePort,
        c: LiveId,
        depth: i64,
        top: bool,
    ) -> Result<Map<String, Value>, ToolError> {
        let mut o = self.base(live, c)?;
        let kind = live.type_of(c)?;
        let drum = kind == "DrumChain";
        o.insert("type".into(), json!(kind));
        o.insert("name".into(), json!(lom::text(live, c, "name")?));
        o.insert(
            "color".into(),
            json!(lom::color_hex(lom::int(live, c, "color")?)),
        );
        if drum {
            o.insert(
                "mappedPitch".into(),
                json!(dp::note_name(lom::int(live, c, "out_note")?)),
            );
            let choke = lom::int(live, c, "choke_group")?;
            if choke > 0 {
                o.insert("chokeGroup".into(), json!(choke));
            }
        }
        let st = state(
            lom::flag(live, c, "mute")?,
            lom::flag(live, c, "solo")?,
            lom::flag(live, c, "muted_via_solo")?,
        );
        if let Some(s) = st {
            o.insert("state".into(), json!(s));
        }
        let devices = dt::children(live, c, "devices")?;
        if top || depth < self.max_depth.min(DEPTH_GUARD) {
            let mut list = Vec::new();
            for d in devices {
                list.push(Value::Object(self.device(live, d, depth + 1, false)?));
            }
            o.insert("devices".into(), Value::Array(list));
        } else {
            if self.max_depth > DEPTH_GUARD && depth >= DEPTH_GUARD && !devices.is_empty() {
                self.warned_depth = true;
            }
            o.insert("deviceCount".into(), json!(devices.len()));
        }
        Ok(o)
    }

    fn pad(
        &mut self,
        live: &mut dyn LivePort,
        rack: LiveId,
        note: i64,
        pad: Option<LiveId>,
        chains: &[LiveId],
    ) -> Result<Map<String, Value>, ToolError> {
        let id = pad.or_else(|| chains.first().copied()).unwrap_or(rack);
        self.issued.push(id);
        let mut o = Map::new();
        o.insert("id".into(), json!(id.to_string()));
        let rack_path = dt::path_of(live, rack)?.unwrap_or_default();
        o.insert(
            "path".into(),
            json!(format!("{rack_path}/p{}", dp::note_name(note))),
        );
        let name = match (pad, chains.first()) {
            (Some(pad), _) => lom::text(live, pad, "name")?,
            (None, Some(c)) => lom::text(live, *c, "name")?,
            (None, None) => String::new(),
        };
        o.insert("name".into(), json!(name));
        o.insert("note".into(), json!(note));
        o.insert("pitch".into(), json!(dp::note_name(note)));
        if let Some(s) = self.pad_state(live, pad, chains)? {
            o.insert("state".into(), json!(s));
        }
        if self.has("chains") || self.has("drum-pads") {
            let mut list = Vec::new();
            for c in chains {
                list.push(Value::Object(self.chain(live, *c, 0, false)?));
            }
            o.insert("chains".into(), Value::Array(list));
        }
        Ok(o)
    }

    fn pad_state(
        &mut self,
        live: &mut dyn LivePort,
        pad: Option<LiveId>,
        chains: &[LiveId],
    ) -> Result<Option<&'static str>, ToolError> {
        let Some(pad) = pad else {
            return Ok(None);
        };
        let via = match chains.first() {
            Some(c) => lom::flag(live, *c, "muted_via_solo")?,
            None => false,
        };
        Ok(state(
            lom::flag(live, pad, "mute")?,
            lom::flag(live, pad, "solo")?,
            via,
        ))
    }

    /// Pads of a Drum Rack that have chains, sorted by note, catch-all last.
    fn drum_pads(
        &mut self,
        live: &mut dyn LivePort,
        rack: LiveId,
        depth: i64,
    ) -> Result<Vec<Value>, ToolError> {
        let mut groups: Vec<(i64, Vec<LiveId>)> = Vec::new();
        for c in dt::children(live, rack, "chains")? {
            let note = lom::int(live, c, "in_note")?;
            match groups.iter_mut().find(|(n, _)| *n == note) {
                Some((_, list)) => list.push(c),
                None => groups.push((note, vec![c])),
            }
        }
        groups.sort_by_key(|(n, _)| if *n < 0 { i64::MAX } else { *n });
        let pads = dt::children(live, rack, "drum_pads")?;
        let mut out = Vec::new();
        for (note, chains) in groups {
            let pad = usize::try_from(note)
                .ok()
                .and_then(|n| pads.get(n).copied());
            let mut o = Map::new();
            o.insert("note".into(), json!(note));
            o.insert("pitch".into(), json!(dp::note_name(note)));
            o.insert("name".into(), json!(lom::text(live, chains[0], "name")?));
            if let Some(s) = self.pad_state(live, pad, &chains)? {
                o.insert("state".into(), json!(s));
            }
            if !self.chains_hold_instrument(live, &chains)? {
                o.insert("hasInstrument".into(), json!(false));
            }
            if self.has("chains") {
                let mut list = Vec::new();
                for c in &chains {
                    list.push(Value::Object(self.chain(live, *c, depth, false)?));
                }
                o.insert("chains".into(), Value::Array(list));
            }
            out.push(Value::Object(o));
        }
        Ok(out)
    }

    fn chains_hold_instrument(
        &mut self,
        live: &mut dyn LivePort,
        chains: &[LiveId],
    ) -> Result<bool, ToolError> {
        for c in chains {
            for d in dt::children(live, *c, "devices")? {
                if lom::int(live, d, "type")? == 1 {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The drum map of the first Drum Rack at or below `d` (depth-first).
    fn drum_map(
        &mut self,
        live: &mut dyn LivePort,
        d: LiveId,
        depth: i64,
    ) -> Result<Option<Map<String, Value>>, ToolError> {
        if !dt::is_rack(live, d)? {
            return Ok(None);
        }
        if dt::is_drum_rack(live, d)? {
            let mut groups: Vec<(i64, Vec<LiveId>)> = Vec::new();
            for c in dt::children(live, d, "chains")? {
                let note = lom::int(live, c, "in_note")?;
                if note < 0 {
                    continue;
                }
                match groups.iter_mut().find(|(n, _)| *n == note) {
                    Some((_, list)) => list.push(c),
                    None => groups.push((note, vec![c])),
                }
            }
            groups.sort_by_key(|(n, _)| *n);
            let mut map = Map::new();
            for (note, chains) in groups {
                if self.chains_hold_instrument(live, &chains)? {
                    map.insert(
                        dp::note_name(note),
                        json!(lom::text(live, chains[0], "name")?),
                    );
                }
            }
            return Ok(Some(map));
        }
        if depth >= DEPTH_GUARD {
            return Ok(None);
        }
        for c in dt::children(live, d, "chains")? {
            for inner in dt::children(live, c, "devices")? {
                if let Some(m) = self.drum_map(live, inner, depth + 1)? {
                    return Ok(Some(m));
                }
            }
        }
        Ok(None)
    }

    fn parameters(
        &mut self,
        live: &mut dyn LivePort,
        d: LiveId,
        values: bool,
    ) -> Result<Vec<Value>, ToolError> {
        let mut out = Vec::new();
        for p in dt::children(live, d, "parameters")? {
            let name = pv::display_name(live, p)?;
            if let Some(s) = &self.search {
                if !name.to_lowercase().contains(s.as_str()) {
                    continue;
                }
            }
            let mut o = Map::new();
            o.insert("id".into(), json!(p.to_string()));
            o.insert("name".into(), json!(name));
            if values {
                param_values(live, p, &mut o)?;
            }
            out.push(Value::Object(o));
        }
        Ok(out)
    }
}

/// The value fields of one parameter (tools.md 3.14 parameter kinds).
pub fn param_values(
    live: &mut dyn LivePort,
    p: LiveId,
    o: &mut Map<String, Value>,
) -> Result<(), ToolError> {
    let param = pv::describe(live, p)?;
    let raw = lom::number(live, p, "value")?;
    o.insert("value".into(), pv::shown(live, &param, raw)?);
    match &param.kind {
        Kind::Quantized(items) => {
            o.insert("options".into(), json!(items));
        }
        Kind::Division { options, .. } => {
            o.insert("options".into(), json!(options));
        }
        Kind::Pan { .. } => {
            o.insert("min".into(), json!(-1));
            o.insert("max".into(), json!(1));
            o.insert("unit".into(), json!("pan"));
        }
        Kind::Note => {
            o.insert("min".into(), json!(dp::note_name(param.min.round() as i64)));
            o.insert("max".into(), json!(dp::note_name(param.max.round() as i64)));
            o.insert("unit".into(), json!("note"));
        }
        Kind::Numeric { unit, min, max, .. } => {
            o.insert("min".into(), num(*min));
            o.insert("max".into(), num(*max));
            if *unit != Unit::Plain {
                o.insert("unit".into(), json!(unit.name()));
            }
        }
    }
    if !lom::flag(live, p, "is_enabled")? {
        o.insert("enabled".into(), json!(false));
    }
    match lom::int(live, p, "state")? {
        1 => {
            o.insert("state".into(), json!("inactive"));
        }
        2 => {
            o.insert("state".into(), json!("disabled"));
        }
        _ => {}
    }
    match lom::int(live, p, "automation_state")? {
        1 => {
            o.insert("automation".into(), json!("active"));
        }
        2 => {
            o.insert("automation".into(), json!("overridden"));
        }
        _ => {}
    }
    Ok(())
}
