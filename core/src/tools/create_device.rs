//! `barline-create-device` (docs/design/tool-rules.md §15): the built-in device
//! catalogue, and inserting native devices at insertion paths with Live's placement rules
//! (chains created where the path needs them; refusals detected by reading back).

use super::call::{Bulk, Call, OneOrMany};
use super::coerce::{List, Text};
use super::connect;
use super::device_path::DevicePath;
use super::device_target::{self as dt, Insertion, Place};
use super::error::{quoted, ErrorCode, ToolError};
use super::tool::{Tool, ToolMeta};
use crate::live::{path::parse_id_atoms, Atom, LiveId, LivePort};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::borrow::Cow;

/// `barline-create-device`.
pub struct CreateDevice;

/// Native instruments `insert_device` accepts (docs/design/tool-rules.md §15).
pub const INSTRUMENTS: &[&str] = &[
    "Analog",
    "Collision",
    "Drift",
    "Drum Rack",
    "DrumSampler",
    "Electric",
    "External Instrument",
    "Impulse",
    "Instrument Rack",
    "Meld",
    "Operator",
    "Sampler",
    "Simpler",
    "Tension",
    "Wavetable",
];
/// Native MIDI effects.
pub const MIDI_EFFECTS: &[&str] = &[
    "Arpeggiator",
    "CC Control",
    "Chord",
    "MIDI Effect Rack",
    "Note Length",
    "Pitch",
    "Random",
    "Scale",
    "Velocity",
];
/// Native audio effects.
pub const AUDIO_EFFECTS: &[&str] = &[
    "Amp",
    "Audio Effect Rack",
    "Auto Filter",
    "Auto Pan-Tremolo",
    "Auto Shift",
    "Beat Repeat",
    "Cabinet",
    "Channel EQ",
    "Chorus-Ensemble",
    "Compressor",
    "Corpus",
    "Delay",
    "Drum Buss",
    "Dynamic Tube",
    "Echo",
    "EQ Eight",
    "EQ Three",
    "Erosion",
    "External Audio Effect",
    "Filter Delay",
    "Gate",
    "Glue Compressor",
    "Grain Delay",
    "Hybrid Reverb",
    "Limiter",
    "Looper",
    "Multiband Dynamics",
    "Overdrive",
    "Pedal",
    "Phaser-Flanger",
    "Redux",
    "Resonators",
    "Reverb",
    "Roar",
    "Saturator",
    "Shifter",
    "Spectral Resonator",
    "Spectral Time",
    "Spectrum",
    "Tuner",
    "Utility",
    "Vinyl Distortion",
    "Vocoder",
];

/// True for a catalogue name (exact, case-sensitive).
pub fn in_catalogue(name: &str) -> bool {
    INSTRUMENTS.contains(&name) || MIDI_EFFECTS.contains(&name) || AUDIO_EFFECTS.contains(&name)
}

/// Arguments of create-device.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateDeviceParams {
    /// A name from the catalogue (exact); omit to get the catalogue.
    pub device_name: Option<Text>,
    /// Comma-separated insertion paths: t0 (append), t0/d1 (at position 1), t0/d0/c0 (rack chain), t0/d0/pC1 (drum pad), rt0, mt.
    pub path: Option<List>,
    /// Display name; comma-separated names for several devices.
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
        "Insert a native Live instrument, MIDI effect or audio effect on a track or in a rack chain. Omit deviceName to list the available names.",
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
        let names = call.names(p.name.as_ref().map(Text::as_str), paths.len());
        let mut bulk = Outcome::new();
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
        let done = finish_with_spec_warnings(call, bulk)?;
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

/// The docs/design/tool-contract.md §1.9 outcome with each skipped item's warning worded
/// exactly as the device catalogue rules give it (`failed to create "Reverb" at "t9": no
/// track at t9`, `target not found at path "t1/d4"`); nothing done is the usual bulk
/// error.
pub fn finish_with_spec_warnings<T>(
    call: &mut Call<'_>,
    outcome: Outcome<T>,
) -> Result<OneOrMany<T>, ToolError> {
    if outcome.done.is_empty() {
        let mut all = Bulk::<T>::new();
        outcome.failed.into_iter().for_each(|e| all.skip(e));
        return all.finish(call);
    }
    for e in outcome.failed {
        call.warn(e.message);
    }
    Ok(OneOrMany::from(outcome.done))
}

/// Successes and skipped items of a call over several paths or targets.
pub struct Outcome<T> {
    done: Vec<T>,
    failed: Vec<ToolError>,
}

impl<T> Outcome<T> {
    /// Nothing yet.
    pub fn new() -> Self {
        Outcome {
            done: Vec::new(),
            failed: Vec::new(),
        }
    }

    /// Records one item's outcome.
    pub fn record(&mut self, r: Result<T, ToolError>) {
        match r {
            Ok(x) => self.done.push(x),
            Err(e) => self.failed.push(e),
        }
    }
}

impl<T> Default for Outcome<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// The catalogue result.
pub fn catalogue() -> Value {
    json!({"instruments": INSTRUMENTS, "midiEffects": MIDI_EFFECTS, "audioEffects": AUDIO_EFFECTS})
}

/// UNSUPPORTED before Live 12.3 (`insert_device` appeared in 12.3; honest refusals,
/// docs/design/tool-contract.md §3.3).
pub fn require_12_3(live: &mut dyn LivePort, what: &str) -> Result<(), ToolError> {
    let version = connect::live_version(live)?;
    if connect::older_than_12_3(&version) {
        return Err(ToolError::new(
            ErrorCode::Unsupported,
            format!("Live {version} cannot {what}: insert_device appeared in Live 12.3"),
        ));
    }
    Ok(())
}

/// The id in a creator's answer, if it names an object.
pub fn created_id(atoms: &[Atom]) -> Option<LiveId> {
    parse_id_atoms(atoms).filter(|id| !id.is_none())
}

/// Creates what an insertion path needs (chains), returning the container.
pub fn make_container(
    live: &mut dyn LivePort,
    place: &Place,
    path: &DevicePath,
) -> Result<LiveId, ToolError> {
    match place {
        Place::Existing(c) => Ok(*c),
        Place::NewChain { rack, index, count } => {
            let mut last = LiveId::NONE;
            for k in *count..=*index {
                let answer = live.call(*rack, "insert_chain", &[])?;
                last = created_id(&answer).ok_or_else(|| {
                    ToolError::new(
                        ErrorCode::LiveRejected,
                        format!(
                            "Live refused to create chain {k} for {}; {} chains were created before",
                            quoted(&path.to_string()),
                            k - count
                        ),
                    )
                })?;
            }
            Ok(last)
        }
        Place::NewPadChain { rack, note } => {
            let answer = live.call(*rack, "insert_chain", &[])?;
            let chain = created_id(&answer).ok_or_else(|| {
                ToolError::new(
                    ErrorCode::LiveRejected,
                    format!(
                        "Live refused to create a chain for {}",
                        quoted(&path.to_string())
                    ),
                )
            })?;
            live.set(chain, "in_note", &[Atom::Int(*note)])?;
            Ok(chain)
        }
    }
}

/// Inserts one device at an insertion path; returns its id and position.
pub fn insert(
    live: &mut dyn LivePort,
    path: &DevicePath,
    device: &str,
    name: Option<&str>,
) -> Result<(LiveId, usize), ToolError> {
    let Insertion {
        container,
        position,
    } = dt::insertion(live, path)?;
    if let Place::Existing(c) = &container {
        let count = live.get_count(*c, "devices")?;
        if position.is_some_and(|p| p > count) {
            return Err(ToolError::not_found(format!(
                "no device position {} in {} ({count} devices)",
                position.unwrap_or(0),
                quoted(&path.to_string())
            )));
        }
    } else if position.is_some_and(|p| p > 0) {
        return Err(ToolError::not_found(format!(
            "no device position {} in {} (the chain is new and empty)",
            position.unwrap_or(0),
            quoted(&path.to_string())
        )));
    }
    let c = make_container(live, &container, path)?;
    let count = live.get_count(c, "devices")?;
    let mut args = vec![Atom::Symbol(device.to_string())];
    if let Some(p) = position.filter(|p| !(*p == 0 && count == 0)) {
        args.push(Atom::Int(p as i64));
    }
    let answer = live.call(c, "insert_device", &args)?;
    let id = created_id(&answer)
        .filter(|id| live.type_of(*id).is_ok())
        .ok_or_else(|| {
            let created = if matches!(container, Place::Existing(_)) {
                String::new()
            } else {
                " (the chain created for it stays)".to_string()
            };
            ToolError::new(
                ErrorCode::LiveRejected,
                format!(
                    "Live refused to insert {} at {}{created}",
                    quoted(device),
                    quoted(&path.to_string())
                ),
            )
            .with_hint("A MIDI track or chain holds one instrument; audio tracks, returns and the master take audio effects only.")
        })?;
    if let Some(n) = name {
        live.set(id, "name", &[Atom::Symbol(n.to_string())])?;
    }
    let index = dt::children(live, c, "devices")?
        .iter()
        .position(|d| *d == id)
        .unwrap_or(count);
    Ok((id, index))
}
