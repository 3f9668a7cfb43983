//! The native devices `insert_device` accepts, with their LOM class names, device types
//! and a few representative parameters. The names themselves are the catalogue that
//! create-device offers (docs/tools.md), kept once in `barline_core`; the class names
//! follow core/fake-live/README.md row 62.

use super::build::ParamSpec;
use super::store::Kind;
use barline_core::tools::testing::insert::{AUDIO_EFFECTS, INSTRUMENTS, MIDI_EFFECTS};

/// What a catalogue entry becomes.
pub(crate) struct Entry {
    pub class_name: String,
    pub device_type: i64,
    pub kind: Kind,
}

/// Max for Live devices, which fixtures may hold but `insert_device` cannot create.
pub(crate) fn max_device(name: &str) -> Option<Entry> {
    let (class_name, device_type) = match name {
        "Max MIDI Effect" => ("MxDeviceMidiEffect", 4),
        "Max Audio Effect" => ("MxDeviceAudioEffect", 2),
        "Max Instrument" => ("MxDeviceInstrument", 1),
        _ => return None,
    };
    Some(Entry {
        class_name: class_name.into(),
        device_type,
        kind: Kind::Plain,
    })
}

/// Looks up a display name (exact, case-sensitive, as Live's `insert_device`).
pub(crate) fn entry(name: &str) -> Option<Entry> {
    let device_type = if INSTRUMENTS.contains(&name) {
        1
    } else if AUDIO_EFFECTS.contains(&name) {
        2
    } else if MIDI_EFFECTS.contains(&name) {
        4
    } else {
        return None;
    };
    let (class_name, kind) = match name {
        "Drum Rack" => ("DrumGroupDevice".to_string(), Kind::DrumRack),
        "Instrument Rack" => ("InstrumentGroupDevice".into(), Kind::Rack),
        "Audio Effect Rack" => ("AudioEffectGroupDevice".into(), Kind::Rack),
        "MIDI Effect Rack" => ("MidiEffectGroupDevice".into(), Kind::Rack),
        "Simpler" => ("OriginalSimpler".into(), Kind::Simpler),
        "Sampler" => ("MultiSampler".into(), Kind::Plain),
        "Operator" => ("Operator".into(), Kind::Plain),
        "Wavetable" => ("InstrumentVector".into(), Kind::Plain),
        "Reverb" => ("Reverb".into(), Kind::Plain),
        "Delay" => ("Delay".into(), Kind::Plain),
        "Auto Filter" => ("AutoFilter".into(), Kind::Plain),
        "EQ Eight" => ("Eq8".into(), Kind::Plain),
        "Utility" => ("StereoGain".into(), Kind::Plain),
        "Compressor" => ("Compressor2".into(), Kind::Plain),
        "Electric" => ("LoungeLizard".into(), Kind::Plain),
        other => (other.replace([' ', '-'], ""), Kind::Plain),
    };
    Some(Entry {
        class_name,
        device_type,
        kind,
    })
}

/// The parameters a new device of this name gets: "Device On" first, as in Live.
pub(crate) fn params(name: &str, kind: Kind) -> Vec<ParamSpec> {
    let mut p = vec![ParamSpec::quantized("Device On", 1.0, &["Off", "On"])];
    if matches!(kind, Kind::Rack | Kind::DrumRack) {
        for i in 1..=8 {
            p.push(ParamSpec::new(
                &format!("Macro {i}"),
                0.0,
                0.0,
                127.0,
                "int",
            ));
        }
        return p;
    }
    let divisions = ["1/16", "1/8", "1/8T", "1/4", "1/4T", "1/2", "1"];
    match name {
        "Reverb" | "Hybrid Reverb" => {
            p.push(ParamSpec::new("Decay Time", 2000.0, 200.0, 60000.0, "ms"));
            p.push(ParamSpec::new("Predelay", 20.0, 0.5, 250.0, "ms"));
            p.push(ParamSpec::new("Dry/Wet", 0.35, 0.0, 1.0, "percent"));
        }
        "Delay" | "Echo" | "Filter Delay" | "Grain Delay" => {
            p.push(ParamSpec::quantized("L Sync Rate", 3.0, &divisions));
            p.push(ParamSpec::new("Feedback", 0.5, 0.0, 0.95, "percent"));
            p.push(ParamSpec::new("Dry/Wet", 0.3, 0.0, 1.0, "percent"));
        }
        "Auto Filter" => {
            p.push(ParamSpec::new("Frequency", 1200.0, 20.0, 20000.0, "hz"));
            p.push(ParamSpec::new("Resonance", 0.2, 0.0, 1.25, "percent"));
            p.push(ParamSpec::quantized(
                "Filter Type",
                0.0,
                &["Lowpass", "Highpass", "Bandpass", "Notch", "Morph"],
            ));
        }
        "Utility" => {
            p.push(ParamSpec::new("Gain", 0.0, -35.0, 35.0, "db"));
            p.push(ParamSpec::new("Width", 1.0, 0.0, 4.0, "percent"));
            p.push(ParamSpec::new("Balance", 0.0, -1.0, 1.0, "pan"));
        }
        "Compressor" | "Glue Compressor" => {
            p.push(ParamSpec::new("Threshold", 0.0, -60.0, 0.0, "db"));
            p.push(ParamSpec::new("Attack", 10.0, 0.01, 1000.0, "ms"));
            p.push(ParamSpec::new("Dry/Wet", 1.0, 0.0, 1.0, "percent"));
        }
        "Arpeggiator" => {
            p.push(ParamSpec::quantized(
                "Style",
                0.0,
                &["Up", "Down", "UpDown", "DownUp", "Random"],
            ));
            p.push(ParamSpec::quantized("Sync Rate", 1.0, &divisions));
        }
        "Pitch" => p.push(ParamSpec::new("Pitch", 0.0, -128.0, 128.0, "st")),
        "Scale" => p.push(ParamSpec::new("Base", 60.0, 0.0, 127.0, "note")),
        _ if INSTRUMENTS.contains(&name) => {
            p.push(ParamSpec::new("Filter Freq", 8000.0, 20.0, 20000.0, "hz"));
            p.push(ParamSpec::new("Attack", 1.0, 0.0, 20000.0, "ms"));
            p.push(ParamSpec::new("Transpose", 0.0, -48.0, 48.0, "st"));
            p.push(ParamSpec::new("Volume", -12.0, -36.0, 6.0, "db"));
        }
        _ => p.push(ParamSpec::new("Dry/Wet", 1.0, 0.0, 1.0, "percent")),
    }
    p
}
