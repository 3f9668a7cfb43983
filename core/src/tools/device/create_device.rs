//! `barline-create-device` (docs/design/tool-rules.md §15): the built-in device catalogue, and inserting
//! native devices at insertion paths with Live's placement rules (chains created where
//! the path needs them; refusals detected by reading back).

use crate::live::LiveId;
use crate::tools::common::device::insert::{
    catalogue, in_catalogue, insert, AUDIO_EFFECTS, INSTRUMENTS, MIDI_EFFECTS,
};
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::live_version::require_12_3;
use crate::tools::common::names;
use crate::tools::framework::call::{Bulk, Call, OneOrMany};
use crate::tools::framework::coerce::{List, Text};
use crate::tools::framework::error::{quoted, ToolError};
use crate::tools::framework::tool::{Tool, ToolMeta};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::borrow::Cow;

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

/// One created device, or the catalogue.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Created(pub Value);

impl JsonSchema for Created {
    fn inline_schema() -> bool {
        true
    }
    fn schema_name() -> Cow<'static, str> {
        "CreatedDevice".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names = json!({"type": "array", "items": {"type": "string"}});
        let item = json!({"type": "object", "properties": {"id": {"type": "string"}, "deviceIndex": {"type": "integer"}}, "required": ["id", "deviceIndex"]});
        json_schema!({
            "type": "object",
            "anyOf": [
                item,
                {"type": "object", "properties": {"items": {"type": "array", "items": item}}, "required": ["items"]},
                {"type": "object", "properties": {"instruments": names, "midiEffects": names, "audioEffects": names}, "required": ["instruments", "midiEffects", "audioEffects"]}
            ]
        })
    }
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
        let Some(name) = p.device_name.as_ref().map(|n| n.as_str().to_string()) else {
            return Ok(Created(catalogue()));
        };
        if !in_catalogue(&name) {
            return Err(ToolError::bad_input(format!(
                "deviceName {} is not in the catalogue; instruments: {}; MIDI effects: {}; audio effects: {}",
                quoted(&name),
                INSTRUMENTS.join(", "),
                MIDI_EFFECTS.join(", "),
                AUDIO_EFFECTS.join(", ")
            )));
        }
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
        require_12_3(call.live, "create devices")?;
        let names = names::names_for(call, p.name.as_ref().map(Text::as_str), paths.len());
        let mut bulk = Bulk::new();
        for (i, path) in paths.iter().enumerate() {
            if i > 0 && call.deadline_near() {
                call.warn_stopped(i, paths.len(), "paths");
                break;
            }
            let outcome = insert(call.live, path, &name, names[i].as_deref()).map_err(|e| {
                if paths.len() > 1 {
                    ToolError {
                        message: format!(
                            "failed to create {} at {}: {}",
                            quoted(&name),
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
        let items = |v: Vec<(LiveId, usize)>| -> Vec<Value> {
            v.into_iter()
                .map(|(id, index)| json!({"id": id.to_string(), "deviceIndex": index}))
                .collect()
        };
        Ok(Created(match done {
            OneOrMany::One(x) => items(vec![x]).remove(0),
            OneOrMany::Many(v) => Value::Array(items(v)),
        }))
    }
}
