//! A track's devices as read-track lists them (docs/design/tool-rules.md §5): the device
//! summaries, the first instrument's name and the drum map of the first Drum Rack. The
//! device type text and the rack depth guard are read-device's, so both tools name
//! devices alike.

use crate::live::{LiveId, LivePort};
use crate::tools::common::device::reader::{self as device_reader, device_type, DEPTH_GUARD};
use crate::tools::framework::error::ToolError;
use crate::tools::framework::lom;
use crate::tools::framework::result_fields::TextMap;
use schemars::JsonSchema;
use serde::Serialize;

/// A device in a track's list (docs/design/tool-rules.md §14 without chains).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSummary {
    /// Device id.
    pub id: String,
    /// Device path (`t0/d1`, `rt0/d0`, `mt/d0`).
    pub path: String,
    /// `instrument: Operator`, `drum-rack`, `audio-effect: Delay`, ….
    #[serde(rename = "type")]
    pub kind: String,
    /// The user's name, when it differs from the device's class name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The device is switched off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deactivated: Option<bool>,
}

/// A drum map: pad note names (`C1`) to pad names, in note order. A typed ordered map
/// whose only hand-written part is its schema (an object of strings).
pub type DrumMap = TextMap;

/// Device `type` of instruments.
const INSTRUMENT: i64 = 1;

/// The first instrument among `devices`, in chain order.
fn first_instrument(
    live: &mut dyn LivePort,
    devices: &[LiveId],
) -> Result<Option<LiveId>, ToolError> {
    for d in devices {
        if lom::int(live, *d, "type")? == INSTRUMENT {
            return Ok(Some(*d));
        }
    }
    Ok(None)
}

/// The display name of the track's first instrument (`instrument` of
/// docs/design/tool-rules.md §5).
pub fn instrument(
    live: &mut dyn LivePort,
    devices: &[LiveId],
) -> Result<Option<String>, ToolError> {
    match first_instrument(live, devices)? {
        Some(d) => lom::text(live, d, "class_display_name").map(Some),
        None => Ok(None),
    }
}

/// The summaries of a track's `devices`, their paths under `track_segment` (`t0`, `rt1`,
/// `mt`).
pub fn summaries(
    live: &mut dyn LivePort,
    devices: &[LiveId],
    track_segment: &str,
) -> Result<Vec<DeviceSummary>, ToolError> {
    let mut list = Vec::with_capacity(devices.len());
    for (i, d) in devices.iter().enumerate() {
        list.push(summary(live, *d, format!("{track_segment}/d{i}"))?);
    }
    Ok(list)
}

fn summary(live: &mut dyn LivePort, dev: LiveId, path: String) -> Result<DeviceSummary, ToolError> {
    let display = lom::text(live, dev, "class_display_name")?;
    let name = lom::text(live, dev, "name")?;
    Ok(DeviceSummary {
        id: dev.to_string(),
        path,
        kind: device_type(live, dev)?,
        name: (name != display).then_some(name),
        deactivated: (!lom::flag(live, dev, "is_active")?).then_some(true),
    })
}

/// The drum map of the first Drum Rack among `devices` (searching into rack chains in
/// order); `None` when the track has none.
pub fn drum_map(live: &mut dyn LivePort, devices: &[LiveId]) -> Result<Option<DrumMap>, ToolError> {
    match find_drum_rack(live, devices, 0)? {
        Some(rack) => pads(live, rack).map(Some),
        None => Ok(None),
    }
}

fn find_drum_rack(
    live: &mut dyn LivePort,
    devices: &[LiveId],
    depth: i64,
) -> Result<Option<LiveId>, ToolError> {
    if depth > DEPTH_GUARD {
        return Ok(None);
    }
    for d in devices {
        if lom::flag(live, *d, "can_have_drum_pads")? {
            return Ok(Some(*d));
        }
        if lom::flag(live, *d, "can_have_chains")? {
            for chain in lom::child_ids(live, *d, "chains")? {
                let inner = lom::child_ids(live, chain, "devices")?;
                if let Some(found) = find_drum_rack(live, &inner, depth + 1)? {
                    return Ok(Some(found));
                }
            }
        }
    }
    Ok(None)
}

/// A Drum Rack's pads that hold an instrument, by note (the map read-device reports).
fn pads(live: &mut dyn LivePort, rack: LiveId) -> Result<DrumMap, ToolError> {
    Ok(TextMap(device_reader::pad_map(live, rack)?))
}
