//! Integrity checks of the wire protocol: every damaged message gives a specific error,
//! oversize results become `TOO_LARGE`, long warnings are truncated.

use barline_core::bridge::{
    decode_request, decode_response, frame_request, BridgeError, MAX_CHUNKS, MAX_CHUNK_BYTES,
    MAX_WARNINGS, REQUEST_TERMINATOR, TRUNCATION_MARKER, WARNINGS_DELIMITER,
};
use barline_core::live::Atom;
use barline_core::relay::{frame_response, frame_tool_response};

fn sym(s: &str) -> Atom {
    Atom::from(s)
}

#[test]
fn a_request_without_terminator_is_refused() {
    let mut atoms = frame_request(3, r#"{"tool":"x"}"#).unwrap();
    atoms.pop();
    assert_eq!(decode_request(&atoms), Err(BridgeError::MissingTerminator));
}

#[test]
fn atoms_after_the_terminator_are_refused() {
    let mut atoms = frame_request(3, r#"{"tool":"x"}"#).unwrap();
    atoms.push(sym("extra"));
    assert_eq!(
        decode_request(&atoms),
        Err(BridgeError::TrailingAtoms { count: 1 })
    );
}

#[test]
fn a_response_without_delimiter_is_refused() {
    let atoms = vec![sym("mcp_response"), Atom::Int(1), sym("{}")];
    assert_eq!(decode_response(&atoms), Err(BridgeError::MissingDelimiter));
}

#[test]
fn a_wrong_selector_and_bad_ids_are_named() {
    let atoms = vec![
        sym("mcp_reply"),
        Atom::Int(1),
        sym("{}"),
        sym(WARNINGS_DELIMITER),
    ];
    assert!(matches!(
        decode_response(&atoms),
        Err(BridgeError::WrongSelector { .. })
    ));
    for id in [sym("1"), Atom::Int(-1), Atom::Float(1.5)] {
        let atoms = vec![sym("mcp_response"), id, sym("{}"), sym(WARNINGS_DELIMITER)];
        assert!(matches!(
            decode_response(&atoms),
            Err(BridgeError::BadRequestId { .. })
        ));
    }
    assert!(matches!(
        decode_response(&[sym("mcp_response")]),
        Err(BridgeError::BadRequestId { .. })
    ));
}

#[test]
fn a_chunk_turned_into_a_number_is_a_framing_error() {
    let atoms = vec![
        sym("mcp_request"),
        Atom::Int(1),
        sym("{\"a\":"),
        Atom::Float(1.5),
        sym("}"),
        sym(REQUEST_TERMINATOR),
    ];
    let err = decode_request(&atoms).unwrap_err();
    assert_eq!(
        err,
        BridgeError::NotText {
            index: 3,
            found: "1.5".into()
        }
    );
    assert!(err.to_string().contains("re-parsed"));
}

#[test]
fn malformed_json_is_refused_with_position() {
    let atoms = vec![
        sym("mcp_request"),
        Atom::Int(1),
        sym("{\"a\":"),
        sym(REQUEST_TERMINATOR),
    ];
    match decode_request(&atoms) {
        Err(BridgeError::MalformedJson { detail }) => assert!(detail.contains("column")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn oversize_chunks_and_too_many_chunks_are_refused() {
    let big = format!("\"{}\"", "a".repeat(MAX_CHUNK_BYTES));
    let atoms = vec![
        sym("mcp_request"),
        Atom::Int(1),
        sym(&big),
        sym(REQUEST_TERMINATOR),
    ];
    assert!(matches!(
        decode_request(&atoms),
        Err(BridgeError::ChunkTooLarge { index: 2, .. })
    ));
    let mut atoms = vec![sym("mcp_response"), Atom::Int(1)];
    atoms.extend((0..=MAX_CHUNKS).map(|_| sym(" ")));
    atoms.push(sym(WARNINGS_DELIMITER));
    assert_eq!(
        decode_response(&atoms),
        Err(BridgeError::TooManyChunks {
            count: MAX_CHUNKS + 1
        })
    );
}

#[test]
fn a_request_over_the_limit_is_refused() {
    let envelope = format!("{{\"t\":\"{}\"}}", "x".repeat(MAX_CHUNKS * MAX_CHUNK_BYTES));
    assert!(matches!(
        frame_request(1, &envelope),
        Err(BridgeError::TooLarge { .. })
    ));
}

#[test]
fn a_result_over_the_limit_becomes_too_large_with_the_tools_hint() {
    let result = format!("{{\"t\":\"{}\"}}", "x".repeat(MAX_CHUNKS * MAX_CHUNK_BYTES));
    let atoms = frame_tool_response(9, "barline-read-clip", &result, &["w".into()]);
    let decoded = decode_response(&atoms).unwrap();
    assert_eq!(decoded.request_id, 9);
    assert_eq!(decoded.warnings, vec!["w".to_string()]);
    let value: serde_json::Value = serde_json::from_str(&decoded.result_json).unwrap();
    assert_eq!(value["isError"], true);
    assert_eq!(value["_meta"]["barline/error"]["code"], "TOO_LARGE");
    let text = value["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("Error [TOO_LARGE] in barline-read-clip: result is 3,000,008 bytes"));
    assert!(text.contains("bars"), "{text}");
}

#[test]
fn long_warnings_are_truncated_and_numeric_ones_quoted() {
    let long = "é".repeat(MAX_CHUNK_BYTES);
    let atoms = frame_response(1, "{}", &[long.clone(), "1.50".into()]);
    let decoded = decode_response(&atoms).unwrap();
    assert!(decoded.warnings[0].len() <= MAX_CHUNK_BYTES);
    assert!(decoded.warnings[0].ends_with(TRUNCATION_MARKER));
    assert!(long.starts_with(decoded.warnings[0].trim_end_matches(TRUNCATION_MARKER)));
    assert_eq!(decoded.warnings[1], "\"1.50\"");
}

#[test]
fn too_many_warnings_are_summarised() {
    let warnings: Vec<String> = (0..MAX_WARNINGS + 5).map(|i| format!("w{i}")).collect();
    let decoded = decode_response(&frame_response(1, "{}", &warnings)).unwrap();
    assert_eq!(decoded.warnings.len(), MAX_WARNINGS);
    assert_eq!(
        decoded.warnings[MAX_WARNINGS - 2],
        format!("w{}", MAX_WARNINGS - 2)
    );
    assert_eq!(
        decoded.warnings[MAX_WARNINGS - 1],
        "6 more warnings dropped by the bridge"
    );
}
