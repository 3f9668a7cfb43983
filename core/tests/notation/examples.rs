//! Every golden example of `tests/data/barbeat-examples.json` against the native engine:
//! 192 interpreter cases (notes, warnings, errors) and 50 formatter cases (text,
//! errors, and the round-trip rule for cases marked `roundTrip`).

use crate::support_notes;

use barline_core::notation::{
    format, interpret, FormatNote, FormatOptions, InterpretOptions, Note,
};
use serde_json::Value;
use std::path::PathBuf;
use support_notes::{keys_of, sorted};

/// The golden examples, kept with the tests (`core/tests/data/`, the notation's
/// golden examples) so a clone of the repository alone runs them.
fn examples() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/barbeat-examples.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).expect("examples file is JSON")
}

fn time_signature(case: &Value) -> Option<(u32, u32)> {
    case["timeSignature"].as_array().map(|ts| {
        (
            ts[0].as_u64().expect("numerator") as u32,
            ts[1].as_u64().expect("denominator") as u32,
        )
    })
}

fn interpret_options(case: &Value) -> InterpretOptions {
    match time_signature(case) {
        Some((n, d)) => InterpretOptions::time_signature(n, d),
        None => InterpretOptions::default(),
    }
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("array of strings")
        .iter()
        .map(|s| s.as_str().expect("string").to_string())
        .collect()
}

/// Compares actual notes with expected JSON notes in order; `None` when equal.
fn compare_notes(actual: &[Note], expected: &Value, tolerance: f64) -> Option<String> {
    let expected = expected.as_array().expect("notes array");
    if actual.len() != expected.len() {
        return Some(format!(
            "{} notes, expected {}",
            actual.len(),
            expected.len()
        ));
    }
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        let int = |k: &str| e[k].as_f64().expect(k);
        let close = |x: f64, k: &str| (x - int(k)).abs() <= tolerance;
        let same = f64::from(a.pitch) == int("pitch")
            && f64::from(a.velocity) == int("velocity")
            && f64::from(a.velocity_deviation) == int("velocity_deviation")
            && close(a.start_time, "start_time")
            && close(a.duration, "duration")
            && close(a.probability, "probability");
        if !same {
            return Some(format!("note {i}: got {a:?}, expected {e}"));
        }
    }
    None
}

#[test]
fn interpreter_examples() {
    let all = examples();
    let tolerance = all["tolerance"].as_f64().unwrap();
    let cases = all["interpret"].as_array().unwrap();
    assert_eq!(cases.len(), 192);
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let input = case["input"].as_str().unwrap();
        let warnings = strings(&case["warnings"]);
        let result = interpret(input, &interpret_options(case));
        let problem = match (&result, case["error"].as_str()) {
            (Ok(got), None) => compare_notes(&got.notes, &case["notes"], tolerance).or_else(|| {
                (got.warnings != warnings)
                    .then(|| format!("warnings {:?}, expected {warnings:?}", got.warnings))
            }),
            (Err(e), Some(expected)) => {
                if e.message != expected {
                    Some(format!("error {:?}, expected {expected:?}", e.message))
                } else if e.warnings != warnings {
                    Some(format!(
                        "error warnings {:?}, expected {warnings:?}",
                        e.warnings
                    ))
                } else {
                    None
                }
            }
            (Ok(got), Some(expected)) => Some(format!("ok {got:?}, expected error {expected:?}")),
            (Err(e), None) => Some(format!("error {:?}, expected success", e.message)),
        };
        if let Some(p) = problem {
            failures.push(format!("{name} ({input:?}): {p}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn format_options(case: &Value) -> FormatOptions {
    let drum = case["drumMode"].as_bool().unwrap();
    match time_signature(case) {
        Some((n, d)) => FormatOptions::time_signature(n, d, drum),
        None => FormatOptions {
            drum_mode: drum,
            ..FormatOptions::default()
        },
    }
}

fn format_input(case: &Value) -> Vec<FormatNote> {
    serde_json::from_value(case["notes"].clone()).expect("formatter notes deserialize")
}

#[test]
fn formatter_examples() {
    let all = examples();
    let cases = all["format"].as_array().unwrap();
    assert_eq!(cases.len(), 50);
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let result = format(&format_input(case), &format_options(case));
        let expected = case["text"]
            .as_str()
            .map(Ok)
            .unwrap_or_else(|| Err(case["error"].as_str().expect("text or error")));
        let ok = match (&result, expected) {
            (Ok(got), Ok(want)) => got == want,
            (Err(e), Err(want)) => e.message == want,
            _ => false,
        };
        if !ok {
            failures.push(format!("{name}: got {result:?}, expected {expected:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// docs/design/notation.md §6.9: interpreting the expected text of a case marked
/// `roundTrip` gives back the input notes (as a multiset, 0.001 tolerance, velocities
/// rounded as the formatter writes them); cases marked `false` must indeed differ.
#[test]
fn formatter_round_trips() {
    let all = examples();
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in all["format"].as_array().unwrap() {
        let Some(round_trip) = case["roundTrip"].as_bool() else {
            continue;
        };
        let name = case["name"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        let back = interpret(text, &interpret_options(case))
            .unwrap_or_else(|e| panic!("{name}: {text:?} does not interpret: {e}"));
        let input = sorted(
            format_input(case)
                .iter()
                .map(|n| {
                    let t = (n.start_time, n.duration, n.probability);
                    (
                        n.pitch,
                        t.0,
                        t.1,
                        n.velocity.round(),
                        n.velocity_deviation.round(),
                        t.2,
                    )
                })
                .collect(),
        );
        let output = keys_of(&back.notes);
        let same = input.len() == output.len()
            && input.iter().zip(&output).all(|(a, b)| {
                a.0 == b.0
                    && a.3 == b.3
                    && a.4 == b.4
                    && (a.1 - b.1).abs() <= 0.001
                    && (a.2 - b.2).abs() <= 0.001
                    && (a.5 - b.5).abs() <= 0.001
            });
        checked += 1;
        if same != round_trip {
            failures.push(format!("{name}: round trip {same}, expected {round_trip}"));
        }
    }
    assert_eq!(
        checked, 49,
        "every formatter case except the error one has an RT mark"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn incomplete_time_signature_is_an_error_for_both_directions() {
    let message = "Time signature must be specified with both numerator and denominator";
    for options in [
        InterpretOptions {
            numerator: Some(4),
            denominator: None,
            ..InterpretOptions::default()
        },
        InterpretOptions {
            numerator: None,
            denominator: Some(4),
            ..InterpretOptions::default()
        },
    ] {
        assert_eq!(interpret("C3 1|1", &options).unwrap_err().message, message);
        // Empty input is answered before the option check (docs/design/notation.md §4.1).
        assert_eq!(interpret("", &options).unwrap().notes, vec![]);
    }
    let note = FormatNote {
        pitch: 60.0,
        start_time: 0.0,
        duration: 1.0,
        velocity: 100.0,
        probability: 1.0,
        velocity_deviation: 0.0,
    };
    for options in [
        FormatOptions {
            numerator: Some(4),
            denominator: None,
            drum_mode: false,
            ..FormatOptions::default()
        },
        FormatOptions {
            numerator: None,
            denominator: Some(4),
            drum_mode: true,
            ..FormatOptions::default()
        },
    ] {
        assert_eq!(format(&[note], &options).unwrap_err().message, message);
        assert_eq!(format::<FormatNote>(&[], &options).unwrap(), "");
    }
}
