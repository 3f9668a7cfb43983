//! bar|beat notation for JavaScript: `parseNotation`, `interpretNotation`,
//! `formatNotation`. Identical in Node, Max's v8 and the browser.
//!
//! Marshalling (measured, see the notation report / `core/js-bench`): note lists cross
//! the boundary as one `Float64Array` of six numbers per note, and a small JavaScript
//! function (created once with `new Function`, so it works with every wasm-bindgen
//! target including `no-modules`, which forbids JS snippets) turns it into plain
//! objects, or plain objects into it. That is 5–8× faster than serde-wasm-bindgen's
//! per-field walking and than JSON text, both of which were measured. The AST is
//! small and goes through JSON.
//!
//! Errors are thrown as `Error` objects whose message is the specification's exact
//! text, with `kind`, and where known `offset`, `line`, `column` (UTF-16 units, as JS
//! strings index), `expected`, and the `warnings` produced before an interpretation
//! error.

use crate::notation::{
    self, ErrorKind, FormatNote, FormatOptions, InterpretOptions, NotationError,
};
use js_sys::{Array, Error, Float64Array, Function, Reflect, JSON};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_NOTATION: &str = r#"
/** A Live note as the interpreter returns it (times in quarter-note beats). */
export interface NotationNote {
  pitch: number;
  start_time: number;
  duration: number;
  velocity: number;
  probability: number;
  velocity_deviation: number;
}

/** A note handed to the formatter; `probability` defaults to 1, `velocity_deviation` to 0. */
export interface NotationNoteInput {
  pitch: number;
  start_time: number;
  duration: number;
  velocity: number;
  probability?: number;
  velocity_deviation?: number;
}

/** `[numerator, denominator]`; without it bars have 4 quarter-note beats. */
export type TimeSignature = [number, number];

export interface InterpretNotationOptions {
  timeSignature?: TimeSignature | null;
}

export interface FormatNotationOptions {
  timeSignature?: TimeSignature | null;
  /** One section per drum pad with repeat detection. Default false. */
  drumMode?: boolean;
}

export interface NotationInterpretation {
  /** Notes in emission order. */
  notes: NotationNote[];
  /** Warnings in the order they were produced. */
  warnings: string[];
}

/** The `Error` thrown by the notation functions. */
export interface NotationError extends Error {
  kind: "options" | "syntax" | "value" | "interpretation" | "limit" | "format" | "input";
  /** UTF-16 offset of the problem (syntax errors; value errors: the token start). */
  offset?: number;
  /** 1-based line (only LF starts a line). */
  line?: number;
  /** 1-based column in UTF-16 units. */
  column?: number;
  /** What the parser expected at `offset` (syntax errors). */
  expected?: string[];
  /** Warnings produced before an interpretation error. */
  warnings?: string[];
}

export interface NotationSpan { start: number; end: number }

export type NotationBarSpec =
  | { type: "single"; bar: number }
  | { type: "range"; first: number; last: number };

export type NotationBeatSpec =
  | { type: "beat"; beat: number }
  | { type: "repeat"; start: number; count: number; step: number | null };

export type NotationElement = { span: NotationSpan } & (
  | { type: "clear" }
  | { type: "barCopy"; destination: NotationBarSpec; source: NotationBarSpec | null }
  | { type: "timePoints"; bar: number; beats: NotationBeatSpec[] }
  | { type: "probability"; value: number }
  | { type: "velocity"; value: number }
  | { type: "velocityRange"; from: number; to: number }
  | { type: "duration"; beats: number }
  | { type: "durationBars"; bars: number; beats: number }
  | { type: "pitch"; pitch: number }
);

export interface NotationAst { elements: NotationElement[] }

/** Parses bar|beat text (syntax and value checks only). Throws a NotationError. */
export function parseNotation(text: string): NotationAst;

/** Interprets bar|beat text into Live notes. Throws a NotationError. */
export function interpretNotation(text: string, options?: InterpretNotationOptions | null): NotationInterpretation;

/** Formats notes as bar|beat text that interprets back to the same notes. Throws a NotationError. */
export function formatNotation(notes: NotationNoteInput[], options?: FormatNotationOptions | null): string;
"#;

/// `parseNotation(text)`: the AST as plain objects.
#[wasm_bindgen(js_name = parseNotation, skip_typescript)]
pub fn parse_notation(text: &str) -> Result<JsValue, JsValue> {
    let ast = notation::parse(text).map_err(|e| notation_error(&e))?;
    to_js(&ast)
}

/// `interpretNotation(text, {timeSignature}?)`: `{notes, warnings}`.
#[wasm_bindgen(js_name = interpretNotation, skip_typescript)]
pub fn interpret_notation(text: &str, options: JsValue) -> Result<JsValue, JsValue> {
    let (numerator, denominator) = time_signature(&options)?;
    let options = InterpretOptions {
        numerator,
        denominator,
    };
    let result = notation::interpret(text, &options).map_err(|e| notation_error(&e))?;
    let mut flat = Vec::with_capacity(result.notes.len() * FIELDS);
    for n in &result.notes {
        flat.extend_from_slice(&[
            f64::from(n.pitch),
            n.start_time,
            n.duration,
            f64::from(n.velocity),
            n.probability,
            f64::from(n.velocity_deviation),
        ]);
    }
    let warnings: Array = result
        .warnings
        .iter()
        .map(|w| JsValue::from_str(w))
        .collect();
    GLUE.with(|glue| {
        glue.build
            .call2(&JsValue::NULL, &Float64Array::from(&flat[..]), &warnings)
    })
}

/// Numbers per note in the flat layout: pitch, start_time, duration, velocity,
/// probability, velocity_deviation.
const FIELDS: usize = 6;

/// The two JavaScript helpers of the flat note layout.
struct Glue {
    /// `(flat, warnings) => ({notes, warnings})`.
    build: Function,
    /// `(notes) => Float64Array | index of the first malformed note`.
    flatten: Function,
}

thread_local! {
    static GLUE: Glue = Glue {
        build: Function::new_with_args(
            "f, warnings",
            "const n = f.length / 6, notes = new Array(n);\n\
             for (let i = 0, j = 0; i < n; i++, j += 6) {\n\
               notes[i] = { pitch: f[j], start_time: f[j + 1], duration: f[j + 2],\n\
                 velocity: f[j + 3], probability: f[j + 4], velocity_deviation: f[j + 5] };\n\
             }\n\
             return { notes, warnings };",
        ),
        flatten: Function::new_with_args(
            "notes",
            "const f = new Float64Array(notes.length * 6);\n\
             for (let i = 0, j = 0; i < notes.length; i++, j += 6) {\n\
               const x = notes[i];\n\
               if (x === null || typeof x !== 'object') return i;\n\
               const p = x.probability === undefined ? 1 : x.probability;\n\
               const d = x.velocity_deviation === undefined ? 0 : x.velocity_deviation;\n\
               if (typeof x.pitch !== 'number' || typeof x.start_time !== 'number' ||\n\
                   typeof x.duration !== 'number' || typeof x.velocity !== 'number' ||\n\
                   typeof p !== 'number' || typeof d !== 'number') return i;\n\
               f[j] = x.pitch; f[j + 1] = x.start_time; f[j + 2] = x.duration;\n\
               f[j + 3] = x.velocity; f[j + 4] = p; f[j + 5] = d;\n\
             }\n\
             return f;",
        ),
    };
}

/// `pitchName(pitch)`: the name bar|beat writes for a MIDI pitch (`C3` = 60), or
/// throws for anything but an integer 0–127.
#[wasm_bindgen(js_name = pitchName)]
pub fn pitch_name(pitch: f64) -> Result<String, JsValue> {
    if pitch.fract() != 0.0 || !(0.0..=127.0).contains(&pitch) {
        return Err(input_error(&format!(
            "pitch must be an integer 0-127, got {pitch}"
        )));
    }
    Ok(notation::pitch_name(pitch as u8).to_string())
}

/// `formatNotation(notes, {timeSignature, drumMode}?)`: the text.
#[wasm_bindgen(js_name = formatNotation, skip_typescript)]
pub fn format_notation(notes: JsValue, options: JsValue) -> Result<String, JsValue> {
    let (numerator, denominator) = time_signature(&options)?;
    let drum_mode = match field(&options, "drumMode")? {
        None => false,
        Some(v) => v
            .as_bool()
            .ok_or_else(|| input_error("drumMode must be a boolean"))?,
    };
    let notes = notes_from_js(&notes)?;
    let options = FormatOptions {
        numerator,
        denominator,
        drum_mode,
    };
    notation::format(&notes, &options).map_err(|e| notation_error(&e))
}

/// Formatter input: flattened by the JS helper, copied once into wasm memory.
fn notes_from_js(notes: &JsValue) -> Result<Vec<FormatNote>, JsValue> {
    if notes.is_undefined() || notes.is_null() {
        return Ok(Vec::new()); // "an empty (or absent) list gives the empty string"
    }
    if !Array::is_array(notes) {
        return Err(input_error("notes must be an array of note objects"));
    }
    let flat = GLUE.with(|glue| glue.flatten.call1(&JsValue::NULL, notes))?;
    if let Some(index) = flat.as_f64() {
        return Err(input_error(&format!(
            "notes[{index}] must be an object with numeric pitch, start_time, duration and \
             velocity (and optional numeric probability and velocity_deviation)"
        )));
    }
    let flat = Float64Array::from(flat).to_vec();
    Ok(flat
        .chunks_exact(FIELDS)
        .map(|c| FormatNote {
            pitch: c[0],
            start_time: c[1],
            duration: c[2],
            velocity: c[3],
            probability: c[4],
            velocity_deviation: c[5],
        })
        .collect())
}

/// Result → plain objects through one JSON string.
fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let json = serde_json::to_string(value).map_err(|e| input_error(&e.to_string()))?;
    JSON::parse(&json)
}

/// `options.timeSignature` as optional numerator and denominator: `[n, d]`, with a
/// missing/null end expressing the "only one given" case of spec 5.4.
fn time_signature(options: &JsValue) -> Result<(Option<u32>, Option<u32>), JsValue> {
    let Some(ts) = field(options, "timeSignature")? else {
        return Ok((None, None));
    };
    if !Array::is_array(&ts) {
        return Err(input_error(
            "timeSignature must be [numerator, denominator], e.g. [4, 4]",
        ));
    }
    let ts = Array::from(&ts);
    let part = |i: u32| -> Result<Option<u32>, JsValue> {
        let v = ts.get(i);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        match v.as_f64() {
            Some(n) if n >= 1.0 && n <= f64::from(u32::MAX) && n.fract() == 0.0 => {
                Ok(Some(n as u32))
            }
            _ => Err(input_error(
                "timeSignature numerator and denominator must be positive integers, e.g. [6, 8]",
            )),
        }
    };
    Ok((part(0)?, part(1)?))
}

/// `options[name]`, `None` when options or the field are absent/null.
fn field(options: &JsValue, name: &str) -> Result<Option<JsValue>, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    if !options.is_object() {
        return Err(input_error("options must be an object"));
    }
    let v = Reflect::get(options, &JsValue::from_str(name))?;
    Ok((!v.is_undefined() && !v.is_null()).then_some(v))
}

fn set(target: &JsValue, key: &str, value: &JsValue) {
    // Setting a property on a fresh Error cannot fail.
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

/// A NotationError as a JavaScript `Error` with its structured fields.
fn notation_error(e: &NotationError) -> JsValue {
    let error = Error::new(&e.message);
    let kind = match e.kind {
        ErrorKind::Options => "options",
        ErrorKind::Syntax => "syntax",
        ErrorKind::Value => "value",
        ErrorKind::Interpretation => "interpretation",
        ErrorKind::Limit => "limit",
        ErrorKind::Format => "format",
    };
    set(&error, "kind", &JsValue::from_str(kind));
    if let Some(p) = e.position {
        set(&error, "offset", &JsValue::from_f64(p.offset as f64));
        set(&error, "line", &JsValue::from_f64(p.line as f64));
        set(&error, "column", &JsValue::from_f64(p.column as f64));
    }
    if !e.expected.is_empty() {
        let expected: Array = e.expected.iter().map(|s| JsValue::from_str(s)).collect();
        set(&error, "expected", &expected);
    }
    if e.kind == ErrorKind::Interpretation || !e.warnings.is_empty() {
        let warnings: Array = e.warnings.iter().map(|s| JsValue::from_str(s)).collect();
        set(&error, "warnings", &warnings);
    }
    error.into()
}

/// An `Error` for malformed arguments (kind `input`).
fn input_error(message: &str) -> JsValue {
    let error = Error::new(message);
    set(&error, "kind", &JsValue::from_str("input"));
    error.into()
}
