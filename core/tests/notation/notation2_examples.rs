//! Every golden example of `tests/data/barbeat-2-examples.json` (bar|beat 2, the
//! superset dialect) against the native engine: interpreter cases (notes as a
//! multiset, warnings and errors exactly), formatter cases (text exactly) and the
//! round-trip mark of each formatter case.

use crate::support_notes;

use barline_core::notation::{
    format, interpret, Dialect, FormatNote, FormatOptions, InterpretOptions,
};
use serde_json::Value;
use std::path::PathBuf;
use support_notes::{keys_of, sorted, Key};

fn examples() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/barbeat-2-examples.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).expect("examples file is JSON")
}

fn dialect(case: &Value) -> Dialect {
    Dialect::from_name(case["dialect"].as_str().expect("dialect")).expect("known dialect")
}

fn interpret_options(case: &Value) -> InterpretOptions {
    let base = match case["timeSignature"].as_array() {
        Some(ts) => InterpretOptions::time_signature(
            ts[0].as_u64().expect("numerator") as u32,
            ts[1].as_u64().expect("denominator") as u32,
        ),
        None => InterpretOptions::default(),
    };
    base.with_dialect(dialect(case))
}

fn format_options(case: &Value) -> FormatOptions {
    let drum = case["drumMode"].as_bool().unwrap_or(false);
    let base = match case["timeSignature"].as_array() {
        Some(ts) => FormatOptions::time_signature(
            ts[0].as_u64().expect("numerator") as u32,
            ts[1].as_u64().expect("denominator") as u32,
            drum,
        ),
        None => FormatOptions {
            drum_mode: drum,
            ..FormatOptions::default()
        },
    };
    base.with_dialect(dialect(case))
}

fn keys_of_json(notes: &Value) -> Vec<Key> {
    let notes: Vec<FormatNote> = serde_json::from_value(notes.clone()).expect("notes");
    sorted(
        notes
            .iter()
            .map(|n| {
                (
                    n.pitch,
                    n.start_time,
                    n.duration,
                    n.velocity.round(),
                    n.velocity_deviation.round(),
                    n.probability,
                )
            })
            .collect(),
    )
}

fn same(a: &[Key], b: &[Key], tolerance: f64) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.0 == y.0
                && x.3 == y.3
                && x.4 == y.4
                && (x.1 - y.1).abs() <= tolerance
                && (x.2 - y.2).abs() <= tolerance
                && (x.5 - y.5).abs() <= tolerance
        })
}

#[test]
fn interpreter_examples() {
    let all = examples();
    let tolerance = all["tolerance"].as_f64().unwrap();
    let cases = all["interpret"].as_array().unwrap();
    assert_eq!(cases.len(), 158);
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let input = case["input"].as_str().unwrap();
        let warnings: Vec<String> = serde_json::from_value(case["warnings"].clone()).unwrap();
        let result = interpret(input, &interpret_options(case));
        let problem = match (&result, case["error"].as_str()) {
            (Ok(got), None) => {
                let expected = keys_of_json(&case["notes"]);
                if !same(&keys_of(&got.notes), &expected, tolerance) {
                    Some(format!(
                        "notes {:?}, expected {expected:?}",
                        keys_of(&got.notes)
                    ))
                } else if got.warnings != warnings {
                    Some(format!(
                        "warnings {:?}, expected {warnings:?}",
                        got.warnings
                    ))
                } else {
                    None
                }
            }
            (Err(e), Some(expected)) if e.message != expected => {
                Some(format!("error {:?}, expected {expected:?}", e.message))
            }
            (Err(e), Some(_)) if e.warnings != warnings => Some(format!(
                "error warnings {:?}, expected {warnings:?}",
                e.warnings
            )),
            (Err(_), Some(_)) => None,
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

#[test]
fn formatter_examples_and_round_trips() {
    let all = examples();
    let cases = all["format"].as_array().unwrap();
    assert_eq!(cases.len(), 43);
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let notes: Vec<FormatNote> = serde_json::from_value(case["notes"].clone()).unwrap();
        let result = format(&notes, &format_options(case));
        let ok = match (&result, case["text"].as_str()) {
            (Ok(got), Some(want)) => got == want,
            (Err(e), None) => Some(e.message.as_str()) == case["error"].as_str(),
            _ => false,
        };
        if !ok {
            failures.push(format!("{name}: got {result:?}, expected {}", case["text"]));
            continue;
        }
        let (Ok(text), Some(round_trip)) = (&result, case["roundTrip"].as_bool()) else {
            continue;
        };
        let back = match interpret(text, &interpret_options(case)) {
            Ok(back) => back,
            Err(e) => {
                failures.push(format!("{name}: {text:?} does not interpret: {e}"));
                continue;
            }
        };
        let equal = same(&keys_of(&back.notes), &keys_of_json(&case["notes"]), 0.001);
        if equal != round_trip {
            failures.push(format!("{name}: round trip {equal}, expected {round_trip}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
