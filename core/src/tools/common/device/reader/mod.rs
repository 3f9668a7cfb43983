//! Reading a device, rack chain or drum pad as read-device reports it (docs/design/tool-rules.md §14):
//! type, state, rack contents to a chosen depth, parameters with display values, drum
//! map, Simpler sample. `chains.rs` reads rack contents (chains, drum pads, the drum map)
//! and `params.rs` the parameter list; read-track lists a track's devices through the
//! same readers.

mod chains;
mod params;

pub use chains::{pad_map, state};

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::audio;
use crate::tools::common::device::target::{self as dt};
use crate::tools::framework::coerce::Choices;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::num;
use crate::tools::framework::lom;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

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

/// Deepest rack nesting read, whatever `maxDepth` asks (docs/design/tool-rules.md §14).
pub const DEPTH_GUARD: i64 = 8;

/// The result: a device, chain or drum pad object (docs/design/tool-rules.md §14 field tables).
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

/// One read-device traversal: the options asked for, the depth limit, the parameter
/// filter, and what the walk found on the way (a depth warning, ids to issue).
pub struct Reader {
    /// read-device options in force (never `"*"`).
    pub include: Vec<&'static str>,
    /// Rack depth asked for.
    pub max_depth: i64,
    /// Lower-case parameter-name filter.
    pub search: Option<String>,
    /// Set when the depth limit cut the walk.
    pub warned_depth: bool,
    /// Ids reported, issued once the read succeeds.
    pub issued: Vec<LiveId>,
    /// Drum Rack facts shared by every path this read reports.
    pub paths: dt::PathCache,
}

impl Reader {
    fn has(&self, k: &str) -> bool {
        self.include.contains(&k)
    }

    /// A result object holding only `id`; the id is issued once the read succeeds.
    fn issue(&mut self, id: LiveId) -> Map<String, Value> {
        self.issued.push(id);
        let mut o = Map::new();
        o.insert("id".into(), json!(id.to_string()));
        o
    }

    fn base(
        &mut self,
        live: &mut dyn LivePort,
        id: LiveId,
    ) -> Result<Map<String, Value>, ToolError> {
        let mut o = self.issue(id);
        if let Some(path) = dt::path_with(live, id, &mut self.paths)? {
            o.insert("path".into(), json!(path));
        }
        Ok(o)
    }

    /// A device: type, name, state and what `include` asks for; racks list their
    /// chains to `max_depth`.
    pub fn device(
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
            rack_controls(live, d, &mut o)?;
        }
        if params && lom::flag(live, d, "can_compare_ab")? {
            let b = lom::flag(live, d, "is_using_compare_preset_b")?;
            o.insert("abCompare".into(), json!(if b { "b" } else { "a" }));
        }
        if top && self.has("sample") && live.type_of(d)? == "SimplerDevice" {
            simpler_sample(live, d, &mut o)?;
        }
        if rack {
            self.rack_contents(live, d, depth, top, drum, &mut o)?;
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

    /// A rack's contents: chains or drum pads to the depth asked (a warning past
    /// [`DEPTH_GUARD`]), return chains, and whether a chain is soloed.
    fn rack_contents(
        &mut self,
        live: &mut dyn LivePort,
        d: LiveId,
        depth: i64,
        top: bool,
        drum: bool,
        o: &mut Map<String, Value>,
    ) -> Result<(), ToolError> {
        let want_chains = self.has("chains") || !top;
        if depth >= DEPTH_GUARD {
            if self.max_depth > DEPTH_GUARD && lom::count(live, d, "chains")? > 0 {
                self.warned_depth = true;
            }
        } else if drum {
            if self.has("drum-pads") {
                let pads = self.drum_pads(live, d, depth)?;
                o.insert("drumPads".into(), Value::Array(pads));
            }
        } else if want_chains && (top || depth <= self.max_depth) {
            let chains = dt::children(live, d, "chains")?;
            o.insert("chains".into(), self.chain_list(live, &chains, depth)?);
        }
        if top && self.has("return-chains") {
            let chains = dt::children(live, d, "return_chains")?;
            o.insert(
                "returnChains".into(),
                self.chain_list(live, &chains, depth)?,
            );
        }
        let mut soloed = false;
        for c in dt::children(live, d, "chains")? {
            soloed |= lom::flag(live, c, "solo")?;
        }
        if soloed {
            o.insert("hasSoloedChain".into(), json!(true));
        }
        Ok(())
    }
}

/// A rack's variations and macros, when it has any.
fn rack_controls(
    live: &mut dyn LivePort,
    d: LiveId,
    o: &mut Map<String, Value>,
) -> Result<(), ToolError> {
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
    Ok(())
}

/// A Simpler's sample: its file, multisample mode and gain.
fn simpler_sample(
    live: &mut dyn LivePort,
    d: LiveId,
    o: &mut Map<String, Value>,
) -> Result<(), ToolError> {
    if let Some(sample) = lom::child_ids(live, d, "sample")?.first().copied() {
        o.insert(
            "sample".into(),
            json!(lom::text(live, sample, "file_path")?),
        );
        if lom::flag(live, d, "multi_sample_mode")? {
            o.insert("multisample".into(), json!(true));
        }
        // Sample.gain is on the clip-gain scale, 0.4 = 0 dB
        // (core/fake-live/README.md rows 40 and 41).
        let gain = lom::number(live, sample, "gain")?;
        o.insert("gainDb".into(), num(audio::gain_to_db(gain)));
    }
    Ok(())
}
