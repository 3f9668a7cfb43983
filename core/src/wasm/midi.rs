//! MIDI file export/import for JavaScript (the playground; later the device).
//!
//! `notesToMidi(notes, options) -> Uint8Array` and `midiToNotes(bytes) -> object`.
//! Notes use the bar|beat note shape (`pitch`, `start_time`, `duration`, `velocity`,
//! `probability`, `velocity_deviation`); MIDI has no probability or velocity range,
//! so export ignores them and import sets them to 1 and 0.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::js_args;
use crate::midi::{notes_to_smf, smf_to_notes, MidiError, MidiNote, WriteOptions};

/// A note as JavaScript hands it over; extra fields (probability…) are ignored.
#[derive(Deserialize)]
struct JsNote {
    pitch: f64,
    start_time: f64,
    duration: f64,
    velocity: f64,
}

/// Export options; every field is optional.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct JsWriteOptions {
    tempo: Option<f64>,
    time_signature: Option<(u32, u32)>,
    ticks_per_quarter: Option<u16>,
    format: Option<u16>,
    channel: Option<u8>,
    track_name: Option<String>,
}

#[derive(Serialize)]
struct JsImportedNote {
    pitch: u8,
    start_time: f64,
    duration: f64,
    velocity: u8,
    probability: f64,
    velocity_deviation: u8,
    channel: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsNoteFile {
    notes: Vec<JsImportedNote>,
    tempo: f64,
    time_signature: (u32, u32),
    ticks_per_quarter: u16,
    format: u16,
    warnings: Vec<String>,
}

/// Writes notes (quarter-note beats) as a Standard MIDI File.
///
/// `options`: `{tempo = 120, timeSignature = [4, 4], ticksPerQuarter = 480,
/// format = 1, channel = 0, trackName}`. Throws an `Error` naming the bad note or option.
#[wasm_bindgen(js_name = notesToMidi)]
pub fn notes_to_midi(notes: JsValue, options: JsValue) -> Result<Vec<u8>, JsValue> {
    if !js_sys::Array::is_array(&notes) {
        return Err(js_args::wrong_type(
            "notes",
            "an array of note objects",
            &notes,
        ));
    }
    js_args::options("options", &options)?;
    let notes: Vec<JsNote> = serde_wasm_bindgen::from_value(notes)
        .map_err(|e| plain_error(&format!("notes must be an array of note objects: {e}")))?;
    let options: JsWriteOptions = if options.is_undefined() || options.is_null() {
        JsWriteOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options)
            .map_err(|e| plain_error(&format!("invalid MIDI export options: {e}")))?
    };
    let channel = options.channel.unwrap_or(0);
    let notes = notes
        .iter()
        .enumerate()
        .map(|(i, n)| MidiNote::checked(i, n.pitch, n.start_time, n.duration, n.velocity, channel))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| midi_error(&e))?;
    let defaults = WriteOptions::default();
    let write = WriteOptions {
        tempo_bpm: options.tempo.unwrap_or(defaults.tempo_bpm),
        time_signature: options.time_signature.unwrap_or(defaults.time_signature),
        ticks_per_quarter: options
            .ticks_per_quarter
            .unwrap_or(defaults.ticks_per_quarter),
        format: options.format.unwrap_or(defaults.format),
        track_name: options.track_name,
    };
    notes_to_smf(&notes, &write).map_err(|e| midi_error(&e))
}

/// Reads a format 0 or 1 Standard MIDI File into notes.
///
/// Returns `{notes, tempo, timeSignature, ticksPerQuarter, format, warnings}`; throws
/// an `Error` with `offset` (byte position) when the file cannot be read.
#[wasm_bindgen(js_name = midiToNotes)]
pub fn midi_to_notes(bytes: JsValue) -> Result<JsValue, JsValue> {
    if !bytes.is_instance_of::<js_sys::Uint8Array>() {
        return Err(js_args::wrong_type("bytes", "a Uint8Array", &bytes));
    }
    let bytes = js_sys::Uint8Array::from(bytes).to_vec();
    let file = smf_to_notes(&bytes).map_err(|e| midi_error(&e))?;
    let out = JsNoteFile {
        notes: file
            .notes
            .into_iter()
            .map(|n| JsImportedNote {
                pitch: n.pitch,
                start_time: n.start_time,
                duration: n.duration,
                velocity: n.velocity,
                probability: 1.0,
                velocity_deviation: 0,
                channel: n.channel,
            })
            .collect(),
        tempo: file.tempo_bpm,
        time_signature: file.time_signature,
        ticks_per_quarter: file.ticks_per_quarter,
        format: file.format,
        warnings: file.warnings,
    };
    out.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| plain_error(&e.to_string()))
}

fn plain_error(message: &str) -> JsValue {
    js_sys::Error::new(message).into()
}

/// A JS `Error` with the codec's message and, for read errors, an `offset` property.
fn midi_error(error: &MidiError) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    if let Some(offset) = error.offset {
        let _ = js_sys::Reflect::set(&js, &"offset".into(), &JsValue::from(offset as f64));
    }
    js.into()
}
