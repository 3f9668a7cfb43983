//! Rack contents as read-device shows them: chains with their devices to the chosen
//! depth, drum pads grouped by note, the drum map, and the mute/solo state of each.

use crate::live::{LiveId, LivePort};
use crate::sort;
use crate::tools::common::device::path as dp;
use crate::tools::common::device::reader::info::{DeviceInfo, DrumPad};
use crate::tools::common::device::reader::{Reader, DEPTH_GUARD};
use crate::tools::common::device::target as dt;
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;
use crate::tools::framework::result_fields::{Nested, TextMap};

/// The mute/solo state of a chain, pad or track (docs/design/tool-rules.md §5 `state`).
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

impl Reader {
    /// A chain; its devices are listed when `depth < maxDepth` (always for a chain read
    /// by path), otherwise counted.
    pub fn chain(
        &mut self,
        live: &mut dyn LivePort,
        c: LiveId,
        depth: i64,
        top: bool,
    ) -> Result<DeviceInfo, ToolError> {
        let mut o = self.base(live, c)?;
        let kind = live.type_of(c)?;
        let drum = kind == "DrumChain";
        o.kind = Some(kind);
        o.name = Some(lom::text(live, c, "name")?);
        o.color = Some(lom::color_hex(lom::int(live, c, "color")?));
        if drum {
            o.mapped_pitch = Some(dp::note_name(lom::int(live, c, "out_note")?));
            let choke = lom::int(live, c, "choke_group")?;
            o.choke_group = (choke > 0).then_some(choke);
        }
        o.state = state(
            lom::flag(live, c, "mute")?,
            lom::flag(live, c, "solo")?,
            lom::flag(live, c, "muted_via_solo")?,
        );
        let devices = dt::children(live, c, "devices")?;
        if top || depth < self.max_depth.min(DEPTH_GUARD) {
            let mut list = Vec::new();
            for d in devices {
                list.push(Nested(self.device(live, d, depth + 1, false)?));
            }
            o.devices = Some(list);
        } else {
            if self.max_depth > DEPTH_GUARD && depth >= DEPTH_GUARD && !devices.is_empty() {
                self.warned_depth = true;
            }
            o.device_count = Some(devices.len());
        }
        Ok(o)
    }

    /// A drum pad: its note, name, state and chains.
    pub fn pad(
        &mut self,
        live: &mut dyn LivePort,
        rack: LiveId,
        note: i64,
        pad: Option<LiveId>,
        chains: &[LiveId],
    ) -> Result<DeviceInfo, ToolError> {
        let id = pad.or_else(|| chains.first().copied()).unwrap_or(rack);
        let mut o = self.issue(id);
        let rack_path = dt::path_with(live, rack, &mut self.paths)?.unwrap_or_default();
        o.path = Some(format!("{rack_path}/p{}", dp::note_name(note)));
        let name = match (pad, chains.first()) {
            (Some(pad), _) => lom::text(live, pad, "name")?,
            (None, Some(c)) => lom::text(live, *c, "name")?,
            (None, None) => String::new(),
        };
        o.name = Some(name);
        o.note = Some(note);
        o.pitch = Some(dp::note_name(note));
        o.state = self.pad_state(live, pad, chains)?;
        if self.has("chains") || self.has("drum-pads") {
            o.chains = Some(self.chain_list(live, chains, 0)?);
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
    pub(super) fn drum_pads(
        &mut self,
        live: &mut dyn LivePort,
        rack: LiveId,
        depth: i64,
    ) -> Result<Vec<Nested<DrumPad>>, ToolError> {
        let groups = pad_groups(live, rack)?;
        let pads = dt::children(live, rack, "drum_pads")?;
        let mut out = Vec::new();
        for (note, chains) in groups {
            let pad = usize::try_from(note)
                .ok()
                .and_then(|n| pads.get(n).copied());
            let mut o = DrumPad {
                note,
                pitch: dp::note_name(note),
                name: lom::text(live, chains[0], "name")?,
                ..Default::default()
            };
            o.state = self.pad_state(live, pad, &chains)?;
            o.has_instrument = (!chains_hold_instrument(live, &chains)?).then_some(false);
            if self.has("chains") {
                o.chains = Some(self.chain_list(live, &chains, depth)?);
            }
            out.push(Nested(o));
        }
        Ok(out)
    }

    /// The drum map of the first Drum Rack at or below `d` (depth-first).
    pub(super) fn drum_map(
        &mut self,
        live: &mut dyn LivePort,
        d: LiveId,
        depth: i64,
    ) -> Result<Option<TextMap>, ToolError> {
        if !dt::is_rack(live, d)? {
            return Ok(None);
        }
        if dt::is_drum_rack(live, d)? {
            return Ok(Some(TextMap(pad_map(live, d)?)));
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

    /// The objects of `chains`, each read as a chain at `depth`.
    pub(super) fn chain_list(
        &mut self,
        live: &mut dyn LivePort,
        chains: &[LiveId],
        depth: i64,
    ) -> Result<Vec<Nested<DeviceInfo>>, ToolError> {
        let mut list = Vec::new();
        for c in chains {
            list.push(Nested(self.chain(live, *c, depth, false)?));
        }
        Ok(list)
    }
}

/// The chains of a Drum Rack grouped by `in_note`, sorted by note with the catch-all
/// (`in_note` −1) last; each group keeps `chains` order.
fn pad_groups(live: &mut dyn LivePort, rack: LiveId) -> Result<Vec<(i64, Vec<LiveId>)>, ToolError> {
    let mut groups: Vec<(i64, Vec<LiveId>)> = Vec::new();
    for c in dt::children(live, rack, "chains")? {
        let note = lom::int(live, c, "in_note")?;
        match groups.iter_mut().find(|(n, _)| *n == note) {
            Some((_, list)) => list.push(c),
            None => groups.push((note, vec![c])),
        }
    }
    sort::sort_by_key(&mut groups, |(n, _)| if *n < 0 { i64::MAX } else { *n });
    Ok(groups)
}

/// A Drum Rack's drum map: for each note whose pad holds an instrument, its note name
/// (`C1`) and the pad's name (its first chain's, as Live names pads), in note order.
/// read-device and read-track both report it (docs/design/tool-rules.md §14, §5).
pub fn pad_map(live: &mut dyn LivePort, rack: LiveId) -> Result<Vec<(String, String)>, ToolError> {
    let mut map = Vec::new();
    for (note, chains) in pad_groups(live, rack)? {
        if note >= 0 && chains_hold_instrument(live, &chains)? {
            map.push((dp::note_name(note), lom::text(live, chains[0], "name")?));
        }
    }
    Ok(map)
}

/// True when a device directly on one of `chains` is an instrument.
fn chains_hold_instrument(live: &mut dyn LivePort, chains: &[LiveId]) -> Result<bool, ToolError> {
    for c in chains {
        for d in dt::children(live, *c, "devices")? {
            if lom::int(live, d, "type")? == 1 {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
