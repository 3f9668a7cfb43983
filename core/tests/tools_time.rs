#![cfg(not(target_arch = "wasm32"))]
//! Tool time values share the notation's number grammar (issue: one number grammar):
//! a property test that a duration number is accepted by a tool exactly when a note's
//! `t` duration accepts it, with the same value; and the forms that used to disagree.

use barline_core::notation::{self, Element};
use barline_core::tools::common::time::{parse_duration, parse_number, parse_position};
use proptest::prelude::*;

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
