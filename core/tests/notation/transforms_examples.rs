//! Every golden vector of `tests/data/transforms-examples.json` (the public golden
//! vectors) against the native engine: notes, transformed count, warnings and
//! error texts, MIDI and audio, numbers within the file's tolerance.

use barline_core::transforms::{
    apply_audio, apply_midi, ClipContext, Note, TimeSignature, TransformError,
};
use serde_json::Value;

fn vectors() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/transforms-examples.json"
    );
    let text = std::fs::read_to_string(path).expect("examples file");
    serde_json::from_str(&text).expect("examples JSON")
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

fn note(v: &Value) -> Note {
    Note {
        pitch: num(&v["pitch"]),
        start_time: num(&v["start_time"]),
        duration: num(&v["duration"]),
        velocity: num(&v["velocity"]),
        probability: num(&v["probability"]),
        velocity_deviation: num(&v["velocity_deviation"]),
    }
}

fn clip(v: &Value, ts: TimeSignature) -> Option<ClipContext> {
    if v.is_null() {
        return None;
    }
    let intervals: Vec<i64>;
    let scale = if v["scale"].is_null() {
        None
    } else {
        intervals = v["scale"]["intervals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i.as_i64().unwrap())
            .collect();
        Some((v["scale"]["root"].as_i64().unwrap(), &intervals[..]))
    };
    Some(ClipContext::from_live(
        num(&v["lengthBeats"]),
        v["arrangementStartBeats"].as_f64(),
        v["index"].as_u64().unwrap() as u32,
        v["count"].as_u64().unwrap() as u32,
        scale,
        ts,
    ))
}

fn close(a: f64, b: &Value, tolerance: f64) -> bool {
    match b.as_f64() {
        Some(b) => (a - b).abs() <= tolerance,
        None => b.is_null() && a.is_nan(),
    }
}

fn error_text(e: &TransformError) -> Value {
    Value::String(e.message.clone())
}

/// Runs one vector; `Err` describes the first mismatch.
fn run(example: &Value, tolerance: f64) -> Result<(), String> {
    let ts_v = &example["timeSignature"];
    let ts = TimeSignature::new(
        ts_v[0].as_u64().unwrap() as u32,
        ts_v[1].as_u64().unwrap() as u32,
    )
    .unwrap();
    let clip = clip(&example["clip"], ts);
    let seed = example["seed"].as_u64().unwrap_or(0);
    let text = example["transforms"].as_str().unwrap();
    let expected = &example["expected"];
    if example["kind"] == "audio" {
        let input = &example["input"];
        let got = apply_audio(
            num(&input["gainDb"]),
            num(&input["pitchShift"]),
            text,
            ts,
            clip.as_ref(),
            seed,
        );
        return match got {
            Err(e) => {
                if expected["error"] == error_text(&e) {
                    Ok(())
                } else {
                    Err(format!(
                        "error {:?}, expected {}",
                        e.message, expected["error"]
                    ))
                }
            }
            Ok(out) => {
                if !expected["error"].is_null() {
                    return Err(format!("no error, expected {}", expected["error"]));
                }
                let same = |got: Option<f64>, want: &Value| match got {
                    None => want.is_null(),
                    Some(g) => close(g, want, tolerance),
                };
                if !same(out.gain_db, &expected["gainDb"])
                    || !same(out.pitch_shift, &expected["pitchShift"])
                {
                    return Err(format!(
                        "gain {:?} pitchShift {:?}, expected {} {}",
                        out.gain_db, out.pitch_shift, expected["gainDb"], expected["pitchShift"]
                    ));
                }
                check_warnings(&out.warnings, &expected["warnings"])
            }
        };
    }
    let mut notes: Vec<Note> = example["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(note)
        .collect();
    let before = notes.clone();
    match apply_midi(&mut notes, text, ts, clip.as_ref(), seed) {
        Err(e) => {
            if notes != before {
                return Err("notes changed on error".into());
            }
            if expected["error"] == error_text(&e) {
                Ok(())
            } else {
                Err(format!(
                    "error {:?}, expected {}",
                    e.message, expected["error"]
                ))
            }
        }
        Ok(out) => {
            if !expected["error"].is_null() {
                return Err(format!("no error, expected {}", expected["error"]));
            }
            let want = expected["notes"].as_array().unwrap();
            let fields = |n: &Note| {
                [
                    ("pitch", n.pitch),
                    ("start_time", n.start_time),
                    ("duration", n.duration),
                    ("velocity", n.velocity),
                    ("probability", n.probability),
                    ("velocity_deviation", n.velocity_deviation),
                ]
            };
            let matches = want.len() == notes.len()
                && notes.iter().zip(want).all(|(n, w)| {
                    fields(n)
                        .iter()
                        .all(|(name, v)| close(*v, &w[*name], tolerance))
                });
            if !matches {
                return Err(format!("notes {notes:?}, expected {}", expected["notes"]));
            }
            let count = out.transformed.map(|c| c as u64);
            if count != expected["transformedCount"].as_u64() {
                return Err(format!(
                    "transformed {count:?}, expected {}",
                    expected["transformedCount"]
                ));
            }
            check_warnings(&out.warnings, &expected["warnings"])
        }
    }
}

fn check_warnings(got: &[String], want: &Value) -> Result<(), String> {
    let want: Vec<&str> = want
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    if got == want.as_slice() {
        Ok(())
    } else {
        Err(format!("warnings {got:?}, expected {want:?}"))
    }
}

#[test]
fn every_vector_passes() {
    let file = vectors();
    let tolerance = file["tolerance"].as_f64().unwrap();
    let examples = file["examples"].as_array().unwrap();
    assert_eq!(examples.len(), 385);
    let failures: Vec<String> = examples
        .iter()
        .filter_map(|ex| {
            run(ex, tolerance)
                .err()
                .map(|why| format!("{} [{}]: {why}", ex["name"], ex["transforms"]))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} vectors fail:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}
