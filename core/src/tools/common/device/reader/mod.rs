//! Reading a device, rack chain or drum pad as read-device reports it (docs/design/tool-rules.md §14):
//! type, state, rack contents to a chosen depth, parameters with display values, drum
//! map, Simpler sample. `chains.rs` reads rack contents (chains, drum pads, the drum map)
//! and `params.rs` the parameter list; read-track lists a track's devices through the
//! same readers.

mod chains;
mod info;
mod params;

pub use chains::{pad_map, state};
pub use info::DeviceInfo;
use info::{AbSlot, Macros, Variations};

use crate::live::{LiveId, LivePort};
use crate::tools::common::clip::audio;
use crate::tools::common::device::target::{self as dt};
use crate::tools::framework::coerce::Choices;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::format::Rounded;
use crate::tools::framework::lom;

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
    fn issue(&mut self, id: LiveId) -> DeviceInfo {
        self.issued.push(id);
        DeviceInfo {
            id: id.to_string(),
            ..Default::default()
        }
    }

    fn base(&mut self, live: &mut dyn LivePort, id: LiveId) -> Result<DeviceInfo, ToolError> {
        let mut o = self.issue(id);
        o.path = dt::path_with(live, id, &mut self.paths)?;
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
    ) -> Result<DeviceInfo, ToolError> {
        let mut o = self.base(live, d)?;
        o.kind = Some(device_type(live, d)?);
        let name = lom::text(live, d, "name")?;
        if name != lom::text(live, d, "class_display_name")? {
            o.name = Some(name);
        }
        o.deactivated = (!lom::flag(live, d, "is_active")?).then_some(true);
        let rack = dt::is_rack(live, d)?;
        let drum = rack && dt::is_drum_rack(live, d)?;
        let params = top && (self.has("params") || self.has("param-values"));
        if params && rack {
            rack_controls(live, d, &mut o)?;
        }
        if params && lom::flag(live, d, "can_compare_ab")? {
            let b = lom::flag(live, d, "is_using_compare_preset_b")?;
            o.ab_compare = Some(if b { AbSlot::B } else { AbSlot::A });
        }
        if top && self.has("sample") && live.type_of(d)? == "SimplerDevice" {
            simpler_sample(live, d, &mut o)?;
        }
        if rack {
            self.rack_contents(live, d, depth, top, drum, &mut o)?;
        }
        if params {
            let values = self.has("param-values");
            o.parameters = Some(self.parameters(live, d, values)?);
        }
        if top && self.has("drum-map") {
            o.drum_map = self.drum_map(live, d, 0)?;
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
        o: &mut DeviceInfo,
    ) -> Result<(), ToolError> {
        let want_chains = self.has("chains") || !top;
        if depth >= DEPTH_GUARD {
            if self.max_depth > DEPTH_GUARD && lom::count(live, d, "chains")? > 0 {
                self.warned_depth = true;
            }
        } else if drum {
            if self.has("drum-pads") {
                o.drum_pads = Some(self.drum_pads(live, d, depth)?);
            }
        } else if want_chains && (top || depth <= self.max_depth) {
            let chains = dt::children(live, d, "chains")?;
            o.chains = Some(self.chain_list(live, &chains, depth)?);
        }
        if top && self.has("return-chains") {
            let chains = dt::children(live, d, "return_chains")?;
            o.return_chains = Some(self.chain_list(live, &chains, depth)?);
        }
        let mut soloed = false;
        for c in dt::children(live, d, "chains")? {
            soloed |= lom::flag(live, c, "solo")?;
        }
        o.has_soloed_chain = soloed.then_some(true);
        Ok(())
    }
}

/// A rack's variations and macros, when it has any.
fn rack_controls(live: &mut dyn LivePort, d: LiveId, o: &mut DeviceInfo) -> Result<(), ToolError> {
    let count = lom::int(live, d, "variation_count")?;
    if count > 0 {
        let selected = lom::int(live, d, "selected_variation_index")?;
        o.variations = Some(Variations { count, selected });
    }
    let count = lom::int(live, d, "visible_macro_count")?;
    if count > 0 {
        let has_mappings = lom::flag(live, d, "has_macro_mappings")?;
        o.macros = Some(Macros {
            count,
            has_mappings,
        });
    }
    Ok(())
}

/// A Simpler's sample: its file, multisample mode and gain.
fn simpler_sample(live: &mut dyn LivePort, d: LiveId, o: &mut DeviceInfo) -> Result<(), ToolError> {
    if let Some(sample) = lom::child_ids(live, d, "sample")?.first().copied() {
        o.sample = Some(lom::text(live, sample, "file_path")?);
        o.multisample = lom::flag(live, d, "multi_sample_mode")?.then_some(true);
        // Sample.gain is on the clip-gain scale, 0.4 = 0 dB
        // (core/fake-live/README.md rows 40 and 41).
        let gain = lom::number(live, sample, "gain")?;
        o.gain_db = Some(Rounded(audio::gain_to_db(gain)));
    }
    Ok(())
}
