//! The transform language beyond the golden vectors: the exact syntax errors of
//! docs/design/transforms.md §8.1 and §3.3–§3.4, limits, and properties (never panics,
//! errors positioned, seeded results reproduce, `swing` is idempotent).

use barline_core::transforms::{
    apply_audio, apply_midi, ClipContext, Note, TimeSignature, TransformErrorKind, MAX_DEPTH,
};
use proptest::prelude::*;

fn ts44() -> TimeSignature {
    TimeSignature::new(4, 4).unwrap()
}

fn note(pitch: f64, start: f64) -> Note {
    Note {
        pitch,
        start_time: start,
        duration: 1.0,
        velocity: 100.0,
        probability: 1.0,
        velocity_deviation: 0.0,
    }
}

fn error(text: &str) -> String {
    let mut notes = vec![note(60.0, 0.0)];
    match apply_midi(&mut notes, text, ts44(), None, 0) {
        Err(e) => e.message,
        Ok(_) => panic!("{text:?} parsed"),
    }
}

#[test]
fn syntax_errors_of_spec_8_1() {
    let cases = [
        (
            "velocity = 5 +",
            "position 14 (line 1, column 15): Expected expression but reached end of input",
        ),
        (
            "velocity 10",
            "position 9 (line 1, column 10): Expected assignment operator but \"1\" found",
        ),
        (
            "C3 velocity = 1",
            "position 3 (line 1, column 4): Expected time range, \":\" but \"v\" found",
        ),
        (
            "velocity = note.foo",
            "position 16 (line 1, column 17): Expected note property but \"f\" found",
        ),
        (
            "velocity += 10 * (2 + 3",
            "position 23 (line 1, column 24): Expected \")\" but reached end of input",
        ),
        (
            "velocity = min(1 2)",
            "position 17 (line 1, column 18): Expected \",\", \")\" but \"2\" found",
        ),
        (
            "velocity = 50; duration = 2",
            "position 13 (line 1, column 14): Expected end of line but \";\" found",
        ),
        (
            "velocity = round(4t)",
            "position 17 (line 1, column 18): Expected expression but period \"4t\" found",
        ),
        (
            "velocity = 5 /* x",
            "position 17 (line 1, column 18): Expected \"*/\" but reached end of input",
        ),
        (
            "volume = 1",
            "position 0 (line 1, column 1): Expected parameter assignment but \"v\" found",
        ),
        (
            "velocity = cos(4t + 1)",
            "position 18 (line 1, column 19): Expected \",\", \")\" but \"+\" found",
        ),
        (
            "velocity = 1\r\nvolume = 1",
            "position 14 (line 2, column 1): Expected parameter assignment but \"v\" found",
        ),
        (
            "velocity = \"é\"",
            "position 11 (line 1, column 12): Expected expression but \"\"\" found",
        ),
        (
            "velocity = 1 /* a\nb */ duration = 2",
            "position 23 (line 2, column 6): Expected end of line but \"d\" found",
        ),
    ];
    for (text, tail) in cases {
        assert_eq!(
            error(text),
            format!("transform syntax error at {tail}"),
            "{text:?}"
        );
    }
}

#[test]
fn value_checks_run_on_matched_assignments_only() {
    assert_eq!(
        error("pitch = C9 +"),
        "MIDI pitch 132 (C9) outside valid range 0-127"
    );
    assert_eq!(
        error("C09: velocity = 1"),
        "MIDI pitch 132 (C9) outside valid range 0-127"
    );
    assert!(error("C9 velocity = 2").starts_with("transform syntax error at position 3"));
    assert!(error("$$$\npitch = C9").contains("line 1"));
    assert_eq!(
        error("1|1/2-2|1: velocity = 1"),
        "Value must be 1 or greater (got 1/2)"
    );
}

#[test]
fn errors_carry_utf16_positions_and_expectations() {
    let mut notes = vec![note(60.0, 0.0)];
    let e = apply_midi(&mut notes, "// ü😀\nvelocity = 5 +", ts44(), None, 0).unwrap_err();
    let p = e.position.unwrap();
    assert_eq!((p.offset, p.line, p.column), (21, 2, 15));
    assert_eq!(e.expected, vec!["expression"]);
    assert_eq!(e.kind, TransformErrorKind::Syntax);
}

#[test]
fn limits_are_errors_not_hangs() {
    let deep = format!(
        "velocity = {}1{}",
        "(".repeat(MAX_DEPTH + 5),
        ")".repeat(MAX_DEPTH + 5)
    );
    let mut notes = vec![note(60.0, 0.0)];
    let e = apply_midi(&mut notes, &deep, ts44(), None, 0).unwrap_err();
    assert_eq!(e.kind, TransformErrorKind::Limit);
    assert!(e.position.is_some());
    let long_chain = format!("velocity = 1{}", "+1".repeat(10_000));
    let e = apply_midi(&mut notes, &long_chain, ts44(), None, 0).unwrap_err();
    assert_eq!(e.kind, TransformErrorKind::Limit);
    let huge = "velocity = 1\n".repeat(10_000);
    let e = apply_midi(&mut notes, &huge, ts44(), None, 0).unwrap_err();
    assert_eq!(e.kind, TransformErrorKind::Limit);
    let mut bad = vec![note(f64::NAN, 0.0)];
    let e = apply_midi(&mut bad, "velocity = 1", ts44(), None, 0).unwrap_err();
    assert_eq!(e.message, "notes[0].pitch must be a finite number");
    // legato with a tolerance on a huge chord: no quadratic scan.
    let mut chord: Vec<Note> = (0..200_000)
        .map(|i| note(f64::from(i % 128), 0.0))
        .collect();
    let out = apply_midi(&mut chord, "duration = legato(0.5)", ts44(), None, 0).unwrap();
    assert_eq!(out.warnings, vec!["Failed to evaluate transform for parameter \"duration\": legato(): no next note available (×200000)"]);
    // Exponential re-parsing of nested calls would never finish.
    let nested = format!("velocity = {}1{}", "swing(cos(".repeat(20), "))".repeat(20));
    assert!(apply_midi(&mut notes, &nested, ts44(), None, 0).is_ok());
}

#[test]
fn audio_uses_the_clip_signature_and_reports_selectors() {
    let ts68 = TimeSignature::new(6, 8).unwrap();
    let clip = ClipContext::from_live(4.0, Some(3.0), 0, 1, None, ts68);
    let out = apply_audio(
        0.0,
        0.0,
        "C3: gain = 6 * cos(1:0t, sync)",
        ts68,
        Some(&clip),
        0,
    )
    .unwrap();
    assert_eq!(out.gain_db, Some(6.0));
    assert_eq!(out.warnings, vec!["Selectors ignored for audio clips"]);
}

fn notes_strategy() -> impl Strategy<Value = Vec<Note>> {
    prop::collection::vec(
        (36u8..96, 0u32..64, 1u32..8, 1u8..127).prop_map(|(p, s, d, v)| Note {
            pitch: f64::from(p),
            start_time: f64::from(s) / 4.0,
            duration: f64::from(d) / 4.0,
            velocity: f64::from(v),
            probability: 1.0,
            velocity_deviation: 0.0,
        }),
        0..24,
    )
}

/// Texts built from the language's own pieces, so most of them parse and evaluate.
fn text_strategy() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "velocity",
        "pitch",
        "timing",
        "duration",
        "probability",
        "deviation",
        "gain",
        "pitchShift",
        " = ",
        " += ",
        " -= ",
        " *= ",
        " /= ",
        "C3",
        "C3-G3",
        "1|1-2|4",
        ": ",
        "rand(",
        "choose(",
        "seq(",
        "cos(",
        "swing(",
        "quant(",
        "ramp(",
        "curve(",
        "snap(",
        "step(",
        "legato(",
        "wrap(",
        "reflect(",
        "pow(",
        "min(",
        "round(",
        ")",
        ", ",
        "sync",
        "raw",
        "4t",
        "1:0t",
        "/4t",
        "note.pitch",
        "next.start",
        "clip.position",
        "audio.gain",
        " + ",
        " - ",
        " * ",
        " / ",
        " % ",
        "-",
        "(",
        "0.5",
        "10",
        "\n",
        "\r",
        " ",
        "// c\n",
        "/* c */",
        "/*",
        "#",
        ";",
        "é",
        "😀",
        "$",
    ]);
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn any_text_never_panics_and_errors_are_positioned(
        text in text_strategy(),
        junk in ".{0,40}",
        notes in notes_strategy(),
        seed in any::<u64>(),
    ) {
        for t in [text.as_str(), junk.as_str()] {
            let mut n = notes.clone();
            let clip = ClipContext::from_live(16.0, Some(4.0), 0, 1, Some((0, &[0, 2, 4, 5, 7, 9, 11])), ts44());
            match apply_midi(&mut n, t, ts44(), Some(&clip), seed) {
                Ok(_) => {}
                Err(e) => {
                    prop_assert!(e.position.is_some(), "{t:?}: {e:?}");
                    prop_assert_eq!(&n, &notes);
                    let p = e.position.unwrap();
                    prop_assert!(p.offset <= t.encode_utf16().count());
                }
            }
            let _ = apply_audio(0.0, 0.0, t, ts44(), None, seed);
        }
    }

    #[test]
    fn a_seeded_transform_reproduces(notes in notes_strategy(), seed in any::<u64>()) {
        let text = "velocity = rand(40, 120)\ntiming += rand(-0.05, 0.05)\npitch = choose(C3, E3, G3)";
        let (mut a, mut b) = (notes.clone(), notes);
        let ra = apply_midi(&mut a, text, ts44(), None, seed).unwrap();
        let rb = apply_midi(&mut b, text, ts44(), None, seed).unwrap();
        prop_assert_eq!(a, b);
        prop_assert_eq!(ra, rb);
    }

    #[test]
    fn swing_twice_equals_once(
        notes in notes_strategy(),
        amount in 0.0f64..0.5,
        grid in prop::sample::select(vec!["", ", 1/4t", ", 1t", ", 0.75"]),
        d in prop::sample::select(vec![4u32, 8]),
    ) {
        let ts = TimeSignature::new(4, d).unwrap();
        let once = format!("timing = swing({amount}{grid})");
        let twice = format!("{once}\n{once}");
        let (mut a, mut b) = (notes.clone(), notes);
        apply_midi(&mut a, &once, ts, None, 0).unwrap();
        apply_midi(&mut b, &twice, ts, None, 0).unwrap();
        prop_assert_eq!(a, b);
    }
}

#[test]
fn a_transform_parses_once_and_applies_per_clip() {
    use barline_core::transforms::Transform;
    assert!(Transform::parse("").unwrap().is_empty());
    // A parse error is reported whether or not there are notes
    // (docs/design/transforms.md §4.2 step 2).
    assert!(Transform::parse("this is not valid").is_err());
    let t = Transform::parse("velocity = 10 * clip.index + 1\nduration = legato()").unwrap();
    let ts = ts44();
    for index in 0..3u32 {
        let clip = ClipContext::from_live(8.0, None, index, 3, None, ts);
        let mut notes = vec![note(60.0, 0.0), note(62.0, 2.0)];
        let out = t.apply_midi(&mut notes, ts, Some(&clip), 0).unwrap();
        assert_eq!(out.transformed, Some(2));
        assert_eq!(notes[0].velocity, f64::from(10 * index + 1));
        assert_eq!((notes[0].duration, notes[1].duration), (2.0, 6.0));
    }
    let audio = Transform::parse("gain = -3")
        .unwrap()
        .apply_audio(0.0, 0.0, ts, None, 0);
    assert_eq!((audio.gain_db, audio.pitch_shift), (Some(-3.0), None));
}
