//! `barline-create-device` (docs/design/tool-rules.md §15): the built-in device catalogue, and inserting
//! native devices at insertion paths with Live's placement rules (chains created where
//! the path needs them; refusals detected by reading back).

use crate::live::LiveId;
use crate::tools::common::device::insert::{
    catalogue, in_catalogue, insert, Catalogue, AUDIO_EFFECTS, INSTRUMENTS, MIDI_EFFECTS,
};
use crate::tools::common::device::path::{DevicePath, Seg};
use crate::tools::common::live_version::require_12_3;
use crate::tools::common::names;
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{List, Text};
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::nearest::{nearest, or_list};
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `barline-create-device`.
pub struct CreateDevice;

/// Arguments of create-device.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateDeviceParams {
    /// Device names, comma-separated, inserted in order.
    pub device_name: Option<Text>,
    /// Paths, comma-separated: t0 (append), t0/d1, t0/d0/c0, rt0, mt.
    pub path: Option<List>,
    /// Names, comma-separated.
    pub name: Option<Text>,
}

/// One created device, several, or the catalogue (without `deviceName`).
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Created {
    /// The devices inserted.
    Devices(OneOrMany<CreatedDevice>),
    /// Every device name, by kind.
    Catalogue(Catalogue),
}

/// A device create-device inserted.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedDevice {
    /// The new device's id.
    pub id: String,
    /// Its index in the chain it was inserted into.
    pub device_index: usize,
}

impl Tool for CreateDevice {
    type Params = CreateDeviceParams;
    type Output = Created;
    const META: ToolMeta = ToolMeta::create(
        "barline-create-device",
        "Create Device",
        "Insert Live devices by name on a track or in a chain; no deviceName lists the names.",
    );

    fn run(call: &mut Call<'_>, p: CreateDeviceParams) -> Result<Created, ToolError> {
        let Some(text) = p.device_name.as_ref().map(Text::as_str) else {
            return Ok(Created::Catalogue(catalogue()));
        };
        let devices = device_names(text)?;
        let texts = p.path.as_ref().map(List::items).unwrap_or_default();
        if texts.is_empty() {
            return Err(ToolError::bad_input(
                "path is required with deviceName: e.g. \"t0\" to append to track 0",
            ));
        }
        let texts = call.unique(texts, "path");
        let paths = texts
            .iter()
            .map(|t| DevicePath::parse(t))
            .collect::<Result<Vec<_>, _>>()?;
        require_12_3(call.live)?;
        // Each path gets every device, in the order given (docs/design/tool-rules.md §15).
        let steps: Vec<(DevicePath, &str)> = paths
            .iter()
            .flat_map(|path| {
                devices
                    .iter()
                    .enumerate()
                    .map(move |(k, d)| (nth_position(path, k), *d))
            })
            .collect();
        let names = names::names_for(call, p.name.as_ref().map(Text::as_str), steps.len());
        let mut bulk = Bulk::new();
        for (i, (path, device)) in steps.iter().enumerate() {
            if i > 0 && call.deadline_near() {
                call.warn_stopped(i, steps.len(), "devices");
                break;
            }
            let outcome = insert(call.live, path, device, names[i].as_deref()).map_err(|e| {
                if steps.len() > 1 {
                    ToolError {
                        message: format!(
                            "failed to create {} at {}: {}",
                            quoted(device),
                            quoted(&path.to_string()),
                            e.message
                        ),
                        ..e
                    }
                } else {
                    e
                }
            });
            if let Ok((id, _)) = &outcome {
                call.ids().issue(&id.to_string());
            }
            bulk.record(outcome);
        }
        let done = bulk.finish_with_item_warnings(call)?;
        let created = |(id, index): (LiveId, usize)| CreatedDevice {
            id: id.to_string(),
            device_index: index,
        };
        Ok(Created::Devices(done.map(created)))
    }
}

/// The comma-separated device names of `text`, each checked against the catalogue; an
/// unknown one is refused with the nearest names (not the whole catalogue).
fn device_names(text: &str) -> Result<Vec<&str>, ToolError> {
    let all: Vec<&str> = INSTRUMENTS
        .iter()
        .chain(MIDI_EFFECTS)
        .chain(AUDIO_EFFECTS)
        .copied()
        .collect();
    let list: Vec<&str> = text.split(',').map(str::trim).collect();
    for (i, name) in list.iter().enumerate() {
        if in_catalogue(name) {
            continue;
        }
        let at = if list.len() > 1 {
            format!(" (name {} of the list)", i + 1)
        } else {
            String::new()
        };
        let close = nearest(name, &all, 3);
        let guess = if close.is_empty() {
            String::new()
        } else {
            format!("; did you mean {}?", or_list(&close))
        };
        let hint = match close.first() {
            Some(first) => format!("Use {}; omit deviceName to list every name.", quoted(first)),
            None => "Omit deviceName to list every name.".to_string(),
        };
        return Err(ToolError::bad_input(format!(
            "deviceName {}{at} is not a Live device name{guess}",
            quoted(name)
        ))
        .with_hint(hint));
    }
    Ok(list)
}

/// `path` for the `k`-th device of a list: a path ending at a device position moves on
/// by `k`, so the devices keep the order given; an appending path stays.
fn nth_position(path: &DevicePath, k: usize) -> DevicePath {
    let mut p = path.clone();
    if let Some(Seg::Device(n)) = p.segs.last_mut() {
        *n = n.saturating_add(k);
    }
    p
}
