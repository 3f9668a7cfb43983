//! Property tests: the round-trip rule of docs/design/notation.md §6.9 on random note
//! sets, and robustness of the parser and interpreter on random text.

use barline_core::notation::{
    format, interpret, interpret_scanned, parse, ErrorKind, FormatOptions, InterpretOptions, Note,
    ScanMode,
};
use proptest::prelude::*;

/// Time signature: none, or n/d with d a power of two.
fn time_signature() -> impl Strategy<Value = Option<(u32, u32)>> {
    prop_oneof![
        Just(None),
        (1u32..=7, prop::sample::select(vec![2u32, 4, 8, 16])).prop_map(Some),
    ]
}

/// Velocity 1–127 and a deviation keeping velocity + deviation ≤ 127
/// (docs/design/notation.md §6.9).
fn velocity() -> impl Strategy<Value = (u8, u8)> {
    (1u8..=127).prop_flat_map(|v| (Just(v), prop_oneof![3 => Just(0u8), 1 => 0..=127 - v]))
}

/// Notes for standard mode: starts, durations and probabilities on a 0.01 grid, so
/// no two distinct values are closer than the formatter's 0.001 tolerances (the
/// documented limit of docs/design/notation.md §6.9).
fn standard_notes() -> impl Strategy<Value = Vec<Note>> {
    prop::collection::vec(
        (0u8..=127, 0u32..6400, 0u32..800, velocity(), 0u32..=100),
        0..40,
    )
    .prop_map(|raw| {
        raw.into_iter()
            .map(|(pitch, start, duration, (velocity, deviation), p)| Note {
                pitch,
                start_time: f64::from(start) / 100.0,
                duration: f64::from(duration) / 100.0,
                velocity,
                probability: f64::from(p) / 100.0,
                velocity_deviation: deviation,
            })
            .collect()
    })
}

/// Notes for drum mode: a few pads on a rhythmic grid (so repeats are detected), with
/// durations on the same grid. Triplet grids only where the meter keeps them exact: drum
/// mode's omitted `@step` reuses the duration, so a grid the 1/1000 snapping distorts
/// accumulates error (the second documented limit of docs/design/notation.md §6.9).
fn drum_case() -> impl Strategy<Value = (Option<(u32, u32)>, Vec<Note>)> {
    time_signature().prop_flat_map(|ts| {
        let mut grids = vec![0.125, 0.25, 0.5, 1.0];
        if matches!(ts, None | Some((_, 4))) {
            grids.extend([1.0 / 3.0, 1.0 / 6.0, 1.0 / 12.0]);
        }
        let notes = (
            prop::sample::select(grids),
            prop::collection::vec(
                (
                    prop::sample::select(vec![36u8, 38, 42, 46, 49]),
                    0u32..64,
                    0u32..=8,
                    velocity(),
                    prop_oneof![3 => Just(100u32), 1 => 0u32..=100],
                ),
                0..48,
            ),
        )
            .prop_map(|(grid, raw)| {
                raw.into_iter()
                    .map(|(pitch, k, j, (velocity, deviation), p)| Note {
                        pitch,
                        start_time: f64::from(k) * grid,
                        duration: f64::from(j) * grid,
                        velocity,
                        probability: f64::from(p) / 100.0,
                        velocity_deviation: deviation,
                    })
                    .collect::<Vec<_>>()
            });
        (Just(ts), notes)
    })
}

fn key(n: &Note) -> (u8, i64, u8, u8, i64, i64) {
    let grid = |x: f64| (x * 100.0).round() as i64;
    (
        n.pitch,
        grid(n.start_time),
        n.velocity,
        n.velocity_deviation,
        grid(n.duration),
        grid(n.probability),
    )
}

/// interpret(format(notes)) equals notes as a multiset, within 0.001
/// (docs/design/notation.md §6.9).
fn assert_round_trip(
    notes: &[Note],
    ts: Option<(u32, u32)>,
    drum_mode: bool,
) -> Result<(), TestCaseError> {
    let (fo, io) = match ts {
        Some((n, d)) => (
            FormatOptions::time_signature(n, d, drum_mode),
            InterpretOptions::time_signature(n, d),
        ),
        None => (
            FormatOptions {
                drum_mode,
                ..FormatOptions::default()
            },
            InterpretOptions::default(),
        ),
    };
    let text = format(notes, &fo).map_err(|e| TestCaseError::fail(e.message))?;
    let back = interpret(&text, &io)
        .map_err(|e| TestCaseError::fail(format!("{text:?}: {}", e.message)))?;
    let mut a = notes.to_vec();
    let mut b = back.notes.clone();
    a.sort_by_key(key);
    b.sort_by_key(key);
    prop_assert_eq!(a.len(), b.len(), "text {:?}", text);
    let close = |x: f64, y: f64| (x - y).abs() <= 0.001 + 1e-9;
    for (x, y) in a.iter().zip(&b) {
        prop_assert!(
            x.pitch == y.pitch
                && x.velocity == y.velocity
                && x.velocity_deviation == y.velocity_deviation
                && close(x.start_time, y.start_time)
                && close(x.duration, y.duration)
                && close(x.probability, y.probability),
            "{:?} came back as {:?} via {:?}",
            x,
            y,
            text
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn standard_mode_round_trips(notes in standard_notes(), ts in time_signature()) {
        assert_round_trip(&notes, ts, false)?;
    }

    #[test]
    fn standard_notes_round_trip_in_drum_mode_too(notes in standard_notes()) {
        // Off-grid notes rarely form repeats; the per-bar lists must still be exact.
        assert_round_trip(&notes, None, true)?;
    }

    #[test]
    fn drum_mode_round_trips((ts, notes) in drum_case()) {
        assert_round_trip(&notes, ts, true)?;
    }

    #[test]
    fn drum_grids_round_trip_in_standard_mode((ts, notes) in drum_case()) {
        assert_round_trip(&notes, ts, false)?;
    }
}

/// Text made mostly of notation characters, so random inputs reach deep states.
fn notation_text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "C",
        "D",
        "E",
        "F",
        "G",
        "A",
        "B",
        "#",
        "b",
        "-",
        "0",
        "1",
        "2",
        "3",
        "4",
        "9",
        "|",
        ",",
        ".",
        "x",
        "@",
        "/",
        "+",
        ":",
        "=",
        "v",
        "t",
        "p",
        " ",
        " ",
        "\n",
        "\r",
        "\t",
        "//",
        "/*",
        "*/",
        "@clear",
        "C3 ",
        "1|1 ",
        "v0 ",
        "@2=1 ",
        "😀",
        "é",
        "$",
        "\\",
        "99999999999999999999",
    ]);
    prop::collection::vec(pieces, 0..40).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_text_gives_ok_or_a_positioned_error(text in notation_text(), ts in time_signature()) {
        let options = match ts {
            Some((n, d)) => InterpretOptions::time_signature(n, d),
            None => InterpretOptions::default(),
        };
        let memoized = interpret_scanned(&text, &options, ScanMode::Memoized);
        // Memoisation is invisible: the reference scan gives the same answer.
        prop_assert_eq!(&memoized, &interpret_scanned(&text, &options, ScanMode::PerElement));
        let units = text.encode_utf16().count();
        match &memoized {
            Ok(result) => {
                prop_assert!(result.notes.iter().all(|n| n.velocity > 0 && n.pitch <= 127));
                prop_assert!(parse(&text).is_ok());
            }
            Err(e) if matches!(e.kind, ErrorKind::Syntax | ErrorKind::Value) => {
                let p = e.position.expect("syntax and value errors have a position");
                prop_assert!(p.offset <= units && p.line >= 1 && p.column >= 1);
                if e.kind == ErrorKind::Syntax {
                    let prefix = format!("bar|beat syntax error at position {} (line {}, column {}): Expected ", p.offset, p.line, p.column);
                    prop_assert!(e.message.starts_with(&prefix), "{}", e.message);
                }
                // parse reports the same first problem.
                prop_assert_eq!(parse(&text).unwrap_err().message, e.message.clone());
            }
            Err(e) => {
                prop_assert!(matches!(e.kind, ErrorKind::Interpretation | ErrorKind::Limit), "{:?}", e);
                prop_assert!(parse(&text).is_ok());
            }
        }
    }

    #[test]
    fn arbitrary_unicode_never_panics(text in any::<String>()) {
        let _ = interpret(&text, &InterpretOptions::time_signature(4, 4));
        let _ = parse(&text);
    }

    #[test]
    fn formatter_never_panics_on_any_numbers(
        raw in prop::collection::vec((any::<f64>(), any::<f64>(), any::<f64>(), any::<f64>(), any::<f64>(), any::<f64>()), 0..20),
        drum in any::<bool>(),
        ts in time_signature(),
    ) {
        let notes: Vec<barline_core::notation::FormatNote> = raw
            .into_iter()
            .map(|(pitch, start_time, duration, velocity, probability, velocity_deviation)| barline_core::notation::FormatNote {
                pitch: if pitch.is_finite() { pitch.abs() % 130.0 } else { pitch },
                start_time, duration, velocity, probability, velocity_deviation,
            })
            .collect();
        let options = match ts {
            Some((n, d)) => FormatOptions::time_signature(n, d, drum),
            None => FormatOptions { drum_mode: drum, ..FormatOptions::default() },
        };
        let _ = format(&notes, &options);
    }

    #[test]
    fn formatter_finishes_on_valid_pitches_with_any_other_numbers(
        raw in prop::collection::vec((0u8..=127, any::<f64>(), any::<f64>(), any::<f64>(), any::<f64>(), any::<f64>()), 1..20),
        drum in any::<bool>(),
    ) {
        let notes: Vec<barline_core::notation::FormatNote> = raw
            .into_iter()
            .map(|(pitch, start_time, duration, velocity, probability, velocity_deviation)| barline_core::notation::FormatNote {
                pitch: f64::from(pitch), start_time, duration, velocity, probability, velocity_deviation,
            })
            .collect();
        let options = FormatOptions { drum_mode: drum, ..FormatOptions::default() };
        let _ = format(&notes, &options);
    }
}

/// A NaN field makes a note unequal even to itself; drum mode once looped forever on it.
#[test]
fn drum_mode_finishes_on_notes_with_nan_fields() {
    let note = |start_time: f64, velocity: f64| barline_core::notation::FormatNote {
        pitch: 36.0,
        start_time,
        duration: 0.25,
        velocity,
        probability: 1.0,
        velocity_deviation: 0.0,
    };
    let notes = [note(0.0, f64::NAN), note(1.0, f64::NAN), note(2.0, 100.0)];
    for drum_mode in [true, false] {
        let options = FormatOptions {
            drum_mode,
            ..FormatOptions::default()
        };
        let text = format(&notes, &options).expect("formats");
        assert!(text.contains("C1"), "{text}");
    }
}
