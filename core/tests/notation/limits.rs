//! Work limits of the notation engine (issue 15 item 1): one call may create at most
//! `MAX_NOTES` notes and copy into at most `MAX_COPY_BARS` bars, the cheap checks run
//! before any copying, and any text ends with output of bounded size.

use barline_core::notation::{
    interpret, ErrorKind, InterpretOptions, NotationError, MAX_COPY_BARS, MAX_NOTES, MAX_WARNINGS,
};
use proptest::prelude::*;

fn four_four() -> InterpretOptions {
    InterpretOptions::time_signature(4, 4)
}

fn err(text: &str) -> NotationError {
    interpret(text, &four_four()).unwrap_err()
}

/// A group of `n` pitches (one note each per time position).
fn chord(n: usize) -> String {
    "C3 ".repeat(n)
}

#[test]
fn a_million_bar_copy_is_refused_at_once_with_a_precise_error() {
    // The reported call (22 bytes with its JSON quotes and a trailing space).
    let e = err("C3 1|1 @2-1000000=1");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert_eq!(
        e.message,
        "Bar copy range too large: it covers 999999 destination bars, and one call may copy \
         into at most 10000 bars in total; use a smaller bar range"
    );
    // The position names the copy element (UTF-16 offset 7, line 1, column 8).
    let p = e.position.expect("limit errors carry the element position");
    assert_eq!((p.offset, p.line, p.column), (7, 1, 8));
}

#[test]
fn every_copy_form_spends_the_same_bar_budget() {
    let max = MAX_COPY_BARS as usize;
    for form in [
        format!("C3 1|1 @2-{}=1", max + 2),
        format!("C3 1|1 @2={}-{}", 1, max + 1),
        format!("C3 1|1 @2-{}=1-1", max + 2),
        format!("C3 1|1 @2-{}=", max + 2),
    ] {
        assert_eq!(err(&form).kind, ErrorKind::Limit, "{form}");
    }
    // Exactly the budget is fine; one more bar in a later copy is not.
    let ok = format!("C3 1|1 @2-{}=1", max + 1);
    assert_eq!(interpret(&ok, &four_four()).unwrap().notes.len(), max + 1);
    let e = err(&format!("{ok} @20000=1 @2-2=1"));
    assert!(
        e.message.contains("after 10000 already copied"),
        "{}",
        e.message
    );
}

#[test]
fn the_note_count_of_a_copy_is_checked_before_copying() {
    // 100 notes in bar 1, bar 2 empty, tiled into ~2,000 bars: 99,900 notes.
    // Copying bar by bar would first warn "Bar 2 is empty"; the up-front check
    // refuses before the first copy, so no warning was produced.
    let text = format!("{}1|1 @3-2000=1-2", chord(100));
    let e = err(&text);
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(e.message.contains(&MAX_NOTES.to_string()), "{}", e.message);
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
    // Same for a range filled from one bar and a range copied to one bar.
    assert_eq!(
        err(&format!("{}1|1 @2-1000=1", chord(100))).kind,
        ErrorKind::Limit
    );
    let e = err(&format!("{}1|1 @2-3=1 @2-3=1 @2-3=1 @5=1-600", chord(100)));
    assert_eq!(e.kind, ErrorKind::Limit);
}

#[test]
fn the_note_limit_is_exact() {
    let ok = interpret(&format!("C3 1|1x{MAX_NOTES}@0.25"), &four_four()).unwrap();
    assert_eq!(ok.notes.len(), MAX_NOTES);
    let e = err(&format!("C3 1|1x{}@0.25", MAX_NOTES + 1));
    assert_eq!(e.kind, ErrorKind::Limit);
    assert_eq!(e.position.map(|p| p.offset), Some(3));
    // Bar copies count towards the same limit.
    let e = err(&format!("C3 1|1x{}@0.25 @9=1", MAX_NOTES - 3));
    assert_eq!(e.kind, ErrorKind::Limit);
}

#[test]
fn warnings_are_capped_with_a_count_of_the_rest() {
    let text = "1|1 ".repeat(MAX_WARNINGS + 40);
    let ok = interpret(&text, &four_four()).unwrap();
    assert_eq!(ok.warnings.len(), MAX_WARNINGS + 1);
    assert_eq!(
        ok.warnings.last().unwrap(),
        "40 more warning(s) not shown (at most 100 are listed)"
    );
    // Thousands of empty copy sources give the same bounded list.
    let ok = interpret("C3 1|1 @clear @2-9000=3-4", &four_four()).unwrap();
    assert_eq!(ok.warnings.len(), MAX_WARNINGS + 1);
}

/// Tokens chosen to reach every limit: big repeats, big copy ranges, copies of
/// copies, velocity-0 deletions and state changes.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "C3", "D3", "E3 F3 G3", "v0", "v80-120", "t/4", "p0.5", "@clear"
        ])
        .prop_map(str::to_string),
        (1u64..20, 1u64..5).prop_map(|(bar, beat)| format!("{bar}|{beat}")),
        (1u64..4, 1u64..200_000).prop_map(|(bar, n)| format!("{bar}|1x{n}@0.01")),
        (1u64..30, 1u64..2_000_000).prop_map(|(d, n)| format!("@{d}-{}=1", d + n)),
        (1u64..30, 1u64..30, 1u64..20_000).prop_map(|(d, s, n)| format!(
            "@{d}-{}={s}-{}",
            d + n,
            s + 3
        )),
        (1u64..30, 1u64..30, 1u64..20_000).prop_map(|(d, s, n)| format!("@{d}={s}-{}", s + n)),
        (1u64..30, 1u64..30).prop_map(|(d, s)| format!("@{d}={s}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any short text ends (no hang, no panic) with at most `MAX_NOTES` notes and
    /// `MAX_WARNINGS + 1` warnings, each warning no longer than the text allows.
    #[test]
    fn short_texts_give_bounded_output(tokens in prop::collection::vec(token(), 1..24)) {
        let text = tokens.join(" ");
        let (notes, warnings) = match interpret(&text, &four_four()) {
            Ok(ok) => (ok.notes.len(), ok.warnings),
            Err(e) => (0, e.warnings),
        };
        prop_assert!(notes <= MAX_NOTES);
        prop_assert!(warnings.len() <= MAX_WARNINGS + 1);
        prop_assert!(warnings.iter().all(|w| w.len() <= 200 + text.len()));
    }
}
