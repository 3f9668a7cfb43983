//! Putting native devices into the Set: the names `insert_device` accepts, the chains
//! an insertion path needs, and one insertion read back (Live refuses by answering
//! nothing, so a refusal is detected, never assumed away). create-device inserts,
//! update-device moves and wraps, duplicate copies through here.

use crate::live::path::parse_id_atoms;
use crate::live::{Atom, LiveId, LivePort};
use crate::tools::common::device::path::DevicePath;
use crate::tools::common::device::target::{self as dt, Insertion, Place};
use crate::tools::framework::error::{quoted, ErrorCode, ToolError};
use crate::tools::framework::lom;
use schemars::JsonSchema;
use serde::Serialize;

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

/// The device names create-device accepts, by kind: its answer without `deviceName`.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// Instrument names.
    pub instruments: &'static [&'static str],
    /// MIDI effect names.
    pub midi_effects: &'static [&'static str],
    /// Audio effect names.
    pub audio_effects: &'static [&'static str],
}

/// The catalogue result.
pub fn catalogue() -> Catalogue {
    Catalogue {
        instruments: INSTRUMENTS,
        midi_effects: MIDI_EFFECTS,
        audio_effects: AUDIO_EFFECTS,
    }
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
            // A new drum chain receives C1 (36) and Live refuses in_note −1 ("All
            // Notes") through the API (core/fake-live/README.md rows 74 and 75), so a
            // catch-all chain cannot be made: refuse before anything is written.
            if *note < 0 {
                return Err(ToolError::new(
                    ErrorCode::Unsupported,
                    format!(
                        "{}: Live cannot make a catch-all (All Notes) drum chain through its API",
                        quoted(&path.to_string())
                    ),
                )
                .with_hint("Make the catch-all chain in Live first (p* then holds it), or name a pad by its note (pC1)."));
            }
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

/// The position of the container's instrument, if it holds one. Live keeps a chain's
/// devices ordered MIDI effects, instrument, audio effects and refuses a MIDI effect
/// asked for the end of a chain that holds an instrument (core/fake-live/README.md rows
/// 63 and 64), so a MIDI effect given no position goes just before the instrument.
fn first_instrument(live: &mut dyn LivePort, c: LiveId) -> Result<Option<usize>, ToolError> {
    for (i, d) in dt::children(live, c, "devices")?.into_iter().enumerate() {
        // Device.type: 1 is an instrument.
        if crate::tools::framework::lom::int(live, d, "type")? == 1 {
            return Ok(Some(i));
        }
    }
    Ok(None)
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
        let count = lom::count(live, *c, "devices")?;
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
    let count = lom::count(live, c, "devices")?;
    let position = match position {
        None if MIDI_EFFECTS.contains(&device) => first_instrument(live, c)?,
        p => p,
    };
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
