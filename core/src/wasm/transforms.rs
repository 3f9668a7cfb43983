//! Transforms for JavaScript: `applyTransforms` (MIDI notes) and
//! `applyAudioTransforms` (an audio clip's gain and transposition), identical in Node
//! and the browser. Notes travel as in the notation API (`notes_js.rs`).
//!
//! Seeds: JavaScript numbers are exact only up to 2^53 − 1, the language's seeds go to
//! 2^64 − 1. `seed` is therefore a non-negative safe integer `number` or a `bigint`
//! up to 2^64 − 1, and the result's `seed` has the type that was passed, so every
//! seed round-trips exactly; without one a seed is drawn from 0 … 2^32 − 1 (as the
//! tools do) and returned as a `number`.

use super::js_args::{self, input_error, set, wrong_type};
use super::notes_js::{self, FIELDS};
use crate::transforms::{
    self, ClipContext, Note, TimeSignature, TransformError, TransformErrorKind,
};
use js_sys::{Array, Error, Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TRANSFORMS: &str = r#"
/** The clip a transform runs for (docs/design/transforms.md §4.1), in Live (quarter-note) beats. */
export interface TransformClip {
  /** Session clip length, or arrangement end − start. */
  lengthBeats: number;
  /** Arrangement start; null or absent for session clips. */
  arrangementStartBeats?: number | null;
  /** Position of this clip among the clips of one call (default 0). */
  index?: number;
  /** Number of clips in the call (default 1). */
  count?: number;
  /** The Live Set's scale when its scale mode is on (`root_note`, `scale_intervals`). */
  scale?: { root: number; intervals: number[] } | null;
}

export interface TransformOptions {
  /** The clip's time signature; default [4, 4]. */
  timeSignature?: TimeSignature | null;
  /** Clip context; null or absent for none. */
  clip?: TransformClip | null;
  /** Random seed: a safe integer number, or a bigint up to 2^64 − 1. Drawn when absent. */
  seed?: number | bigint | null;
}

export interface TransformResult {
  /** Surviving notes in the evaluation order (start, then pitch). */
  notes: NotationNote[];
  /** Notes at least one assignment changed (deleted ones included); null for empty text. */
  transformed: number | null;
  warnings: string[];
  /** The seed used, in the type it was given (a number when drawn). */
  seed: number | bigint;
}

export interface AudioTransformInput { gainDb: number; pitchShift: number }

export interface AudioTransformResult {
  /** New gain in dB (−70…24), null when unchanged. */
  gainDb: number | null;
  /** New transposition in semitones (−48…48), null when unchanged. */
  pitchShift: number | null;
  warnings: string[];
  seed: number | bigint;
}

/** The `Error` thrown for a rejected transform: syntax and value errors carry positions. */
export interface TransformError extends Error {
  kind: "syntax" | "value" | "limit" | "input";
  /** UTF-16 offset of the problem (syntax errors; value errors: the token start). */
  offset?: number;
  line?: number;
  column?: number;
  /** Labels expected at `offset` (syntax errors). */
  expected?: string[];
}

/** Applies a transform text to notes (docs/design/transforms.md §4). Throws a TransformError; wrong argument types throw a TypeError. */
export function applyTransforms(notes: NotationNoteInput[], text: string, options?: TransformOptions | null): TransformResult;

/** Applies a transform text to an audio clip's gain and transposition (docs/design/transforms.md §6). */
export function applyAudioTransforms(audio: AudioTransformInput, text: string, options?: TransformOptions | null): AudioTransformResult;
"#;

/// `applyTransforms(notes, text, {timeSignature, clip, seed}?)`.
#[wasm_bindgen(js_name = applyTransforms, skip_typescript)]
pub fn apply_transforms(
    notes: JsValue,
    text: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let flat = notes_js::flat_notes("notes", &notes, false)?;
    let text = js_args::string("text", &text)?;
    let (ts, clip, seed) = common_options(&options)?;
    let mut notes: Vec<Note> = flat
        .chunks_exact(FIELDS)
        .map(|c| Note {
            pitch: c[0],
            start_time: c[1],
            duration: c[2],
            velocity: c[3],
            probability: c[4],
            velocity_deviation: c[5],
        })
        .collect();
    let outcome = transforms::apply_midi(&mut notes, &text, ts, clip.as_ref(), seed.value)
        .map_err(|e| transform_error(&e))?;
    let mut out = Vec::with_capacity(notes.len() * FIELDS);
    for n in &notes {
        out.extend_from_slice(&[
            n.pitch,
            n.start_time,
            n.duration,
            n.velocity,
            n.probability,
            n.velocity_deviation,
        ]);
    }
    let transformed = outcome
        .transformed
        .map_or(JsValue::NULL, |t| JsValue::from_f64(t as f64));
    notes_js::transformation(&out, &transformed, &strings(&outcome.warnings), &seed.js)
}

/// `applyAudioTransforms({gainDb, pitchShift}, text, {timeSignature, clip, seed}?)`.
#[wasm_bindgen(js_name = applyAudioTransforms, skip_typescript)]
pub fn apply_audio_transforms(
    audio: JsValue,
    text: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    if !audio.is_object() || js_sys::Array::is_array(&audio) {
        return Err(wrong_type(
            "audio",
            "an object {gainDb, pitchShift}",
            &audio,
        ));
    }
    let property = |name: &str| -> Result<f64, JsValue> {
        let v = Reflect::get(&audio, &JsValue::from_str(name))?;
        js_args::number(&format!("audio.{name}"), &v)
    };
    let gain = property("gainDb")?;
    let pitch = property("pitchShift")?;
    let text = js_args::string("text", &text)?;
    let (ts, clip, seed) = common_options(&options)?;
    let outcome = transforms::apply_audio(gain, pitch, &text, ts, clip.as_ref(), seed.value)
        .map_err(|e| transform_error(&e))?;
    let result = Object::new();
    let number = |v: Option<f64>| v.map_or(JsValue::NULL, JsValue::from_f64);
    set(&result, "gainDb", &number(outcome.gain_db));
    set(&result, "pitchShift", &number(outcome.pitch_shift));
    set(&result, "warnings", &strings(&outcome.warnings));
    set(&result, "seed", &seed.js);
    Ok(result.into())
}

fn strings(list: &[String]) -> Array {
    list.iter().map(|w| JsValue::from_str(w)).collect()
}

/// The seed used and its JavaScript form.
struct Seed {
    value: u64,
    js: JsValue,
}

fn common_options(
    options: &JsValue,
) -> Result<(TimeSignature, Option<ClipContext>, Seed), JsValue> {
    js_args::options("options", options)?;
    let ts = match js_args::time_signature(options)? {
        (None, None) => TimeSignature::new(4, 4),
        (Some(n), Some(d)) => TimeSignature::new(n, d),
        _ => {
            return Err(input_error(
                "timeSignature must give both numerator and denominator, e.g. [4, 4]",
            ))
        }
    }
    .map_err(|e| transform_error(&e))?;
    let clip = match js_args::field(options, "clip")? {
        None => None,
        Some(clip) => Some(clip_context(&clip, ts)?),
    };
    let seed = seed(js_args::field(options, "seed")?)?;
    Ok((ts, clip, seed))
}

/// Largest seed a JavaScript number holds exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

fn seed(value: Option<JsValue>) -> Result<Seed, JsValue> {
    let Some(value) = value else {
        let value = transforms::seed_from_unit(js_sys::Math::random());
        return Ok(Seed {
            value,
            js: JsValue::from_f64(value as f64),
        });
    };
    if value.is_bigint() {
        // Through its decimal text: exact for every bigint, and range-checked by `parse`.
        let text = js_sys::BigInt::unchecked_from_js_ref(&value)
            .to_string(10)
            .ok()
            .and_then(|s| s.as_string());
        return match text.and_then(|t| t.parse::<u64>().ok()) {
            Some(v) => Ok(Seed {
                value: v,
                js: value,
            }),
            None => Err(input_error(
                "seed must be between 0 and 2^64 - 1 (18446744073709551615)",
            )),
        };
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&n) => Ok(Seed {
            value: n as u64,
            js: value,
        }),
        Some(n) => Err(input_error(&format!(
            "seed must be an integer from 0 to 2^53 - 1 as a number (a bigint for larger \
             seeds), got {n}"
        ))),
        None => Err(wrong_type("seed", "a number or a bigint", &value)),
    }
}

/// `options.clip` in the shape of the transform vectors' clip context.
fn clip_context(clip: &JsValue, ts: TimeSignature) -> Result<ClipContext, JsValue> {
    js_args::options("clip", clip)?;
    let get = |name: &str| js_args::field(clip, name);
    let length = match get("lengthBeats")? {
        Some(v) => js_args::number("clip.lengthBeats", &v)?,
        None => {
            return Err(wrong_type(
                "clip.lengthBeats",
                "a number",
                &JsValue::UNDEFINED,
            ))
        }
    };
    let start = get("arrangementStartBeats")?
        .map(|v| js_args::number("clip.arrangementStartBeats", &v))
        .transpose()?;
    let count_like = |name: &str, default: u32| -> Result<u32, JsValue> {
        match get(name)? {
            None => Ok(default),
            Some(v) => {
                let n = js_args::number(&format!("clip.{name}"), &v)?;
                if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) {
                    Ok(n as u32)
                } else {
                    Err(input_error(&format!(
                        "clip.{name} must be a non-negative integer, got {n}"
                    )))
                }
            }
        }
    };
    let index = count_like("index", 0)?;
    let count = count_like("count", 1)?;
    let scale = match get("scale")? {
        None => None,
        Some(scale) => {
            js_args::options("clip.scale", &scale)?;
            let root = js_args::field(&scale, "root")?.unwrap_or(JsValue::UNDEFINED);
            let root = js_args::number("clip.scale.root", &root)?;
            let intervals = js_args::field(&scale, "intervals")?.unwrap_or(JsValue::UNDEFINED);
            if !Array::is_array(&intervals) {
                return Err(wrong_type(
                    "clip.scale.intervals",
                    "an array of numbers",
                    &intervals,
                ));
            }
            let mut list = Vec::new();
            for v in Array::from(&intervals).iter() {
                let i = js_args::number("clip.scale.intervals[…]", &v)?;
                if i.fract() != 0.0 || i.abs() > 1e9 {
                    return Err(input_error("clip.scale.intervals must hold integers"));
                }
                list.push(i as i64);
            }
            if root.fract() != 0.0 || root.abs() > 1e9 {
                return Err(input_error("clip.scale.root must be an integer"));
            }
            Some((root as i64, list))
        }
    };
    Ok(ClipContext::from_live(
        length,
        start,
        index,
        count,
        scale.as_ref().map(|(r, l)| (*r, &l[..])),
        ts,
    ))
}

/// A TransformError as a JavaScript `Error` with its structured fields.
fn transform_error(e: &TransformError) -> JsValue {
    let error = Error::new(&e.message);
    set(&error, "kind", &JsValue::from_str(e.kind.as_str()));
    if let Some(p) = e.position {
        set(&error, "offset", &JsValue::from_f64(p.offset as f64));
        set(&error, "line", &JsValue::from_f64(p.line as f64));
        set(&error, "column", &JsValue::from_f64(p.column as f64));
    }
    if e.kind == TransformErrorKind::Syntax {
        let expected: Array = e.expected.iter().map(|s| JsValue::from_str(s)).collect();
        set(&error, "expected", &expected);
    }
    error.into()
}
