//! Tool time values share the notation's number grammar (issue: one number grammar):
//! a property test that a duration number is accepted by a tool exactly when a note's
//! `t` duration accepts it, with the same value; and the forms that used to disagree.

use crate::support;
use barline_core::notation::{self, Element};
use barline_core::tools::testing::time::{parse_duration, parse_number, parse_position};
use proptest::prelude::*;
use serde_json::json;

/// The value the notation gives `text` as a note duration (`t<text> C3`), if it takes
/// all of `text` as the number (a pitch must follow, so `//` starting a comment or a
/// partial match does not count).
fn notation_number(text: &str) -> Option<f64> {
    let ast = notation::parse(&format!("t{text} C3")).ok()?;
    match ast.elements.as_slice() {
        [d, p] if matches!(p.element, Element::Pitch { .. }) => match d.element {
            Element::Duration { beats } => Some(beats),
            _ => None,
        },
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]
    #[test]
    fn tools_and_notation_accept_the_same_numbers(text in "[0-9./+]{1,7}") {
        let tool = parse_number(&text);
        let note = notation_number(&text);
        prop_assert_eq!(tool.map(f64::to_bits), note.map(f64::to_bits), "{:?}", text);
    }
}

#[test]
fn forms_that_used_to_disagree() {
    // `/4` is a notation number (a quarter beat); `3/04` is not.
    assert_eq!(parse_number("/4"), Some(0.25));
    assert_eq!(parse_number("3/04"), None);
    assert_eq!(parse_duration("/4", 4, 4), Ok(0.25));
    assert!(parse_duration("3/04", 4, 4).is_err());
    assert_eq!(parse_number("2+1/2"), Some(2.5));
    assert_eq!(parse_position("1|1+/2", 4, 4), Ok(0.5));
    assert_eq!(
        parse_number(" 2.5 "),
        Some(2.5),
        "surrounding whitespace is trimmed"
    );
    assert_eq!(parse_number("1.5+1/2"), None);
    assert_eq!(parse_number(&"9".repeat(400)), None, "not finite");
}

#[test]
fn invalid_values_quote_at_most_about_100_characters() {
    let e = parse_duration(&"x".repeat(100_000), 4, 4).unwrap_err();
    assert!(e.len() < 300, "{}", e.len());
}

/// Tool time values accept the bar|beat 2 forms by the notation's own rule: a
/// length written `n/4` in a tool is the length `n/4` gives a note.
#[test]
fn bar_beat_2_forms_are_tool_time_values() {
    assert_eq!(parse_duration("4bar", 4, 4), Ok(16.0));
    assert_eq!(parse_duration("1bar+n3/4", 4, 4), Ok(7.0));
    assert_eq!(parse_duration("n/4", 6, 8), Ok(1.0));
    assert_eq!(parse_duration("2bars", 3, 4), Ok(6.0));
    assert_eq!(parse_position("1|1+n/8", 4, 4), Ok(0.5));
    assert_eq!(parse_position("3|1-n/16", 4, 4), Ok(7.75));
    // The current forms keep their values.
    assert_eq!(parse_duration("4:0", 4, 4), Ok(16.0));
    assert_eq!(parse_position("2|3.5", 4, 4), Ok(6.5));
    // The same lengths as the notation's durations.
    let v2 = notation::InterpretOptions::time_signature(6, 8).with_dialect(notation::Dialect::V2);
    for length in ["n/4", "1bar", "1bar-n/16", "n3/8t", "n2bar"] {
        let note = notation::interpret(&format!("{length} C3 1|1"), &v2).unwrap();
        assert_eq!(
            parse_duration(length, 6, 8),
            Ok(note.notes[0].duration),
            "{length}"
        );
    }
    let e = parse_duration("1bar-n5/4", 4, 4).unwrap_err();
    assert!(e.contains("\"4bar\""), "{e}");
    assert!(
        parse_position("1|1-n/4", 4, 4).is_err(),
        "no tool position lies before 1|1"
    );
}

#[test]
fn a_bare_number_where_a_position_belongs_names_both_readings() {
    // A model writing `arrangementStart: "9"` meant bar 9 or beat 9; neither is guessed.
    let mut live = support::fake::demo();
    let before = live.to_json();
    for (tool, args) in [
        (
            "barline-create-clip",
            json!({"trackIndex": 0, "arrangementStart": "9", "notes": "C3 1|1"}),
        ),
        (
            "barline-playback",
            json!({"action": "update-arrangement", "startTime": "9"}),
        ),
        (
            "barline-update-live-set",
            json!({"locatorOperation": "create", "locatorTime": "9"}),
        ),
    ] {
        let r = support::tools::call(&mut live, tool, args);
        let text = r["content"][0]["text"].as_str().unwrap();
        assert!(text.contains("BAD_INPUT"), "{tool}: {text}");
        assert!(
            text.contains("\"9\" is a bare number, and positions are bar|beat: write \"9|1\" for bar 9, \"3|2\" for 9 beats after 1|1"),
            "{tool}: {text}"
        );
    }
    assert_eq!(live.to_json(), before);
    assert_eq!(
        barline_core::tools::testing::time::parse_position("2.5", 6, 8).unwrap_err(),
        "position \"2.5\" is a bare number, and positions are bar|beat: write \"1|3.5\" for 2.5 beats after 1|1"
    );
}
