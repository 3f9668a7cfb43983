//! Error positions and precedence (docs/design/notation.md §2.1, §5.1, §5.2): UTF-16
//! offsets, lines that advance only at LF, the structured fields matching the message,
//! value errors before syntax errors, and engine limits.

use barline_core::notation::{
    interpret, interpret_scanned, parse, ErrorKind, InterpretOptions, ScanMode, SourcePosition,
    EXPECTED_ELEMENT, EXPECTED_SEPARATOR, MAX_NOTES,
};

fn err(text: &str) -> barline_core::notation::NotationError {
    interpret(text, &InterpretOptions::time_signature(4, 4)).expect_err(text)
}

fn pos(offset: usize, line: usize, column: usize) -> Option<SourcePosition> {
    Some(SourcePosition {
        offset,
        line,
        column,
    })
}

#[test]
fn positions_count_utf16_units_and_lines_advance_only_at_lf() {
    // 😀 is outside the BMP: two UTF-16 units, four UTF-8 bytes.
    let e = err("// 😀\n$");
    assert_eq!(e.position, pos(6, 2, 1));
    // é is one UTF-16 unit (two bytes); the error column counts units.
    let e = err("/* é */ C3 1|1 ♯");
    assert_eq!(e.position, pos(15, 1, 16));
    assert!(e
        .message
        .starts_with("bar|beat syntax error at position 15 (line 1, column 16)"));
    assert!(e.message.ends_with("but \"♯\" found"));
    // CR is an ordinary column; CRLF counts one line.
    let e = err("C3 1|1\r\nD3 1|2\r$");
    assert_eq!(e.position, pos(15, 2, 8));
    // An emoji at the error position is shown whole.
    let e = err("C3 1|1 😀");
    assert!(e.message.ends_with("but \"😀\" found"), "{}", e.message);
}

#[test]
fn expected_lists_match_the_two_situations() {
    let e = err("C3 1|1 $");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(e.expected, EXPECTED_ELEMENT);
    let e = err("C3 1|1$");
    assert_eq!(e.expected, EXPECTED_SEPARATOR);
    assert_eq!(e.position, pos(6, 1, 7));
    // Unclosed block comment: reported at the end of the input.
    let e = err("C3 1|1\n/* never closed");
    assert_eq!(e.position, pos(22, 2, 16));
    assert_eq!(e.expected, EXPECTED_SEPARATOR);
    assert!(e.message.ends_with("but reached end of input"));
}

#[test]
fn found_characters_are_escaped() {
    let e = err("C3 1|1 \\x");
    assert!(e.message.ends_with("but \"\\\\\" found"), "{}", e.message);
    // A tab can only be "found" where no separator is allowed, i.e. never; but an
    // element running into a backslash right after a pitch is a separator error.
    let e = err("C3\\");
    assert_eq!(e.expected, EXPECTED_SEPARATOR);
}

#[test]
fn value_errors_win_over_later_syntax_errors_and_carry_the_token_position() {
    let e = err("C3 1|1 v128-");
    assert_eq!(e.kind, ErrorKind::Value);
    assert_eq!(e.message, "MIDI velocity 128 outside valid range 0-127");
    assert_eq!(e.position, pos(7, 1, 8));
    let e = err("$ v128");
    assert_eq!(e.kind, ErrorKind::Syntax);
    // The beat fraction check names the fraction as written.
    let e = err("C3 1|1,2,3/4x2");
    assert_eq!(e.message, "Beat position must be 1 or greater (got 3/4)");
    assert_eq!(e.position, pos(9, 1, 10));
    // Steps of every zero spelling.
    for step in ["0", "0.0", "0/3", "00", "0+0/5", ".0"] {
        let e = err(&format!("C3 1|1x4@{step}"));
        assert_eq!(
            e.message, "Repeat step size must be greater than 0",
            "{step}"
        );
    }
}

#[test]
fn interpretation_errors_come_after_the_whole_parse() {
    // A syntax error after the bars:beats duration still wins
    // (docs/design/notation.md §5.1).
    let none = InterpretOptions::default();
    let e = interpret("1|1 t1:2 C3 1|1 $", &none).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert!(e.warnings.is_empty());
    let e = interpret("1|1 t1:2 C3 1|1", &none).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Interpretation);
    assert_eq!(
        e.warnings,
        vec!["Time position 1|1 has no pitches".to_string()]
    );
}

#[test]
fn parse_gives_elements_with_utf16_spans() {
    let ast = parse("/*😀*/ C3 v80-100 1|1").unwrap();
    let spans: Vec<(usize, usize)> = ast
        .elements
        .iter()
        .map(|e| (e.span.start, e.span.end))
        .collect();
    assert_eq!(spans, vec![(7, 9), (10, 17), (18, 21)]);
    assert_eq!(parse("c3").unwrap_err().position, pos(0, 1, 1));
}

#[test]
fn absurd_magnitudes_do_not_panic_and_are_bounded() {
    let text = format!("C3 {}|1 @{}=1", "9".repeat(400), "9".repeat(30));
    assert!(interpret(&text, &InterpretOptions::time_signature(4, 4)).is_ok());
    let e = err("C3 1|1x99999999999999999999");
    assert_eq!(e.kind, ErrorKind::Limit);
    assert!(e.message.contains(&MAX_NOTES.to_string()));
    let e = err("C3 1|1 @2-99999999999=1");
    assert_eq!(e.kind, ErrorKind::Limit);
    let e = err("C3 1|1 @2-99999999999=3-4");
    assert_eq!(e.kind, ErrorKind::Limit);
    // An empty buffer never iterates a huge repeat: only the warnings.
    let ok = interpret(
        "1|1x99999999999999",
        &InterpretOptions::time_signature(4, 4),
    )
    .unwrap();
    assert_eq!(ok.warnings.len(), 2);
    // Octave beyond 2^53 renders as an integer without panicking.
    let e = err("C99999999999999999999 1|1");
    assert!(e.message.starts_with("MIDI pitch "), "{}", e.message);
}

#[test]
fn both_scan_modes_agree_on_the_examples_in_this_file() {
    for text in [
        "C3 1|1 v128-",
        "C3 C3 C3 1|1 1|1 t/4 1|2x4 1|2x4 @2=1 @3=1",
        "C3#x\n1|1 C3/*a*/1|2",
        "C3 1|1,",
        "v80 E3 2|1 v80 E3 3|1 2|1",
    ] {
        let options = InterpretOptions::time_signature(4, 4);
        assert_eq!(
            interpret_scanned(text, &options, ScanMode::PerElement),
            interpret_scanned(text, &options, ScanMode::Memoized),
            "{text}"
        );
    }
}
