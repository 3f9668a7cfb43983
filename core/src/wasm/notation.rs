//! bar|beat notation for JavaScript: `parseNotation`, `interpretNotation`,
//! `formatNotation`. Identical in Node, Max's v8 and the browser.
//!
//! Marshalling (measured, see `core/js-bench`): note lists cross the boundary as one
//! `Float64Array` of six numbers per note (`notes_js.rs`), 5–8× faster than
//! serde-wasm-bindgen's per-field walking and than JSON text, both of which were
//! measured. The AST is small and goes through JSON. Arguments are type-checked
//! first (`js_args.rs`): a wrong type throws a `TypeError` naming the argument.
//!
//! Errors are thrown as `Error` objects whose message is the golden examples' exact
//! text, with `kind`, and where known `offset`, `line`, `column` (UTF-16 units, as JS
//! strings index), `expected`, and the `warnings` produced before an interpretation
//! error.

use super::js_args::{self, input_error, set};
use super::notes_js::{self, FIELDS};
use crate::notation::{
    self, Dialect, ErrorKind, FormatNote, FormatOptions, InterpretOptions, NotationError,
};
use js_sys::{Array, Error, JSON};
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

/** `"1.4.6"` (the core notation, the default) or `"2"` (bar|beat 2, the superset). */
export type NotationDialect = "1.4.6" | "2";

export interface InterpretNotationOptions {
  timeSignature?: TimeSignature | null;
  dialect?: NotationDialect;
}

export interface FormatNotationOptions {
  timeSignature?: TimeSignature | null;
  dialect?: NotationDialect;
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

/** The bar|beat name of a MIDI pitch (`60` → `"C3"`). Throws for anything but an integer 0–127. */
export function pitchName(pitch: number): string;
"#;

/// `parseNotation(text)`: the AST as plain objects.
#[wasm_bindgen(js_name = parseNotation, skip_typescript)]
pub fn parse_notation(text: JsValue) -> Result<JsValue, JsValue> {
    let text = js_args::string("text", &text)?;
    let ast = notation::parse(&text).map_err(|e| notation_error(&e))?;
    to_js(&ast)
}

/// `interpretNotation(text, {timeSignature, dialect}?)`: `{notes, warnings}`.
#[wasm_bindgen(js_name = interpretNotation, skip_typescript)]
pub fn interpret_notation(text: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let text = js_args::string("text", &text)?;
    js_args::options("options", &options)?;
    let (numerator, denominator) = js_args::time_signature(&options)?;
    let options = InterpretOptions {
        numerator,
        denominator,
        dialect: dialect(&options)?,
    };
    let result = notation::interpret(&text, &options).map_err(|e| notation_error(&e))?;
    let warnings: Array = result
        .warnings
        .iter()
        .map(|w| JsValue::from_str(w))
        .collect();
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
    notes_js::interpretation(&flat, &warnings)
}

/// `pitchName(pitch)`: the name bar|beat writes for a MIDI pitch (`C3` = 60), or
/// throws for anything but an integer 0–127.
#[wasm_bindgen(js_name = pitchName, skip_typescript)]
pub fn pitch_name(pitch: JsValue) -> Result<String, JsValue> {
    let pitch = js_args::number("pitch", &pitch)?;
    if pitch.fract() != 0.0 || !(0.0..=127.0).contains(&pitch) {
        return Err(input_error(&format!(
            "pitch must be an integer 0-127, got {pitch}"
        )));
    }
    Ok(notation::pitch_name(pitch as u8).to_string())
}

/// `formatNotation(notes, {timeSignature, drumMode, dialect}?)`: the text.
#[wasm_bindgen(js_name = formatNotation, skip_typescript)]
pub fn format_notation(notes: JsValue, options: JsValue) -> Result<String, JsValue> {
    js_args::options("options", &options)?;
    let (numerator, denominator) = js_args::time_signature(&options)?;
    let dialect = dialect(&options)?;
    let drum_mode = match js_args::field(&options, "drumMode")? {
        None => false,
        Some(v) => v
            .as_bool()
            .ok_or_else(|| js_args::wrong_type("drumMode", "a boolean", &v))?,
    };
    let flat = notes_js::flat_notes("notes", &notes, true)?;
    let notes: Vec<FormatNote> = flat
        .chunks_exact(FIELDS)
        .map(|c| FormatNote {
            pitch: c[0],
            start_time: c[1],
            duration: c[2],
            velocity: c[3],
            probability: c[4],
            velocity_deviation: c[5],
        })
        .collect();
    let options = FormatOptions {
        numerator,
        denominator,
        drum_mode,
        dialect,
    };
    notation::format(&notes, &options).map_err(|e| notation_error(&e))
}

/// The `dialect` option: absent means the core; a string names a dialect (an
/// unknown name is the notation's options error); anything else is a `TypeError`.
fn dialect(options: &JsValue) -> Result<Dialect, JsValue> {
    match js_args::field(options, "dialect")? {
        None => Ok(Dialect::default()),
        Some(v) => {
            let name = v
                .as_string()
                .ok_or_else(|| js_args::wrong_type("dialect", "a string", &v))?;
            Dialect::from_name(&name).map_err(|e| notation_error(&e))
        }
    }
}

/// Result → plain objects through one JSON string.
fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let json = serde_json::to_string(value).map_err(|e| input_error(&e.to_string()))?;
    JSON::parse(&json)
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
