// The notation engine and the MIDI codec: both come from the core crate's wasm build
// (ES-module glue). This file only loads it and names the calls the page makes.
import init, * as core from '../pkg/barline_core.js';

await init();

/** Interprets bar|beat text in `dialect` ("2" or "1.4.6"): `{notes, warnings}`, or throws the engine's Error. */
export function interpret(text, timeSignature, dialect) {
  return core.interpretNotation(text, { timeSignature, dialect });
}

/**
 * Applies a transform text to notes: `{notes, transformed, warnings, seed}`, or throws
 * the engine's Error (syntax and value errors carry `offset`).
 */
export function transform(notes, text, timeSignature, clip, seed) {
  return core.applyTransforms(notes, text, { timeSignature, clip, seed });
}

/** The formatter's canonical text for `notes` in `dialect` ("2" or "1.4.6"). */
export function format(notes, timeSignature, drumMode, dialect) {
  return core.formatNotation(notes, { timeSignature, drumMode, dialect });
}

/** The name bar|beat writes for a MIDI pitch (C3 = 60). */
export function pitchName(pitch) {
  return core.pitchName(pitch);
}

/** A Standard MIDI File (Uint8Array) holding `notes`. */
export function toMidi(notes, { tempo, timeSignature, drumMode }) {
  // General MIDI plays drums on channel 10 (index 9).
  return core.notesToMidi(notes, { tempo, timeSignature, channel: drumMode ? 9 : 0, trackName: 'bar|beat' });
}

/** Notes, tempo, time signature and warnings read from MIDI file bytes. */
export function fromMidi(bytes) {
  return core.midiToNotes(bytes);
}
