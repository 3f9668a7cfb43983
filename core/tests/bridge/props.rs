//! Property tests of the wire protocol: framing then reassembly is the identity for any
//! text and chunk size, chunks respect the byte limit and code points, and no chunk
//! reads as a number.

use barline_core::bridge::{
    decode_request, decode_response, frame_request, looks_like_number, split_chunks, BridgeError,
    MAX_CHUNK_BYTES,
};
use barline_core::live::Atom;
use barline_core::relay::frame_response;
use proptest::prelude::*;

/// Text mixing ASCII, digits, CJK, astral-plane characters (emoji, math letters) and
/// JSON punctuation, so chunk edges land inside multi-byte code points and near numbers.
fn mixed_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-z ]{0,12}",
        "[0-9.e+-]{0,6}",
        "[\u{4e00}-\u{9fff}]{0,8}",
        "[\u{1F300}-\u{1F6FF}\u{1D400}-\u{1D4FF}]{0,6}",
        "[{}\\[\\]\":,]{0,4}",
        any::<String>(),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// Longest run of characters that can appear in a number, in bytes.
fn longest_numeric_run(text: &str) -> usize {
    let mut best = 0;
    let mut run = 0;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-') || c.is_whitespace() {
            run += c.len_utf8();
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn chunks_join_to_the_text_and_respect_the_limits(text in mixed_text(), max in 4usize..64) {
        match split_chunks(&text, max) {
            Ok(chunks) => {
                prop_assert_eq!(chunks.concat(), text.clone());
                for c in &chunks {
                    prop_assert!(!c.is_empty());
                    prop_assert!(c.len() <= max, "chunk of {} bytes > {}", c.len(), max);
                    prop_assert!(!looks_like_number(c), "numeric chunk {:?}", c);
                }
            }
            // Only a long run of number-like characters may make chunking impossible.
            Err(BridgeError::NumericChunk { .. }) => {
                let mut head = max.min(text.len());
                while !text.is_char_boundary(head) {
                    head -= 1;
                }
                prop_assert!(
                    longest_numeric_run(&text) * 4 >= max || looks_like_number(&text[..head]),
                    "text {:?}", text
                );
            }
            Err(other) => prop_assert!(false, "unexpected error {}", other),
        }
    }

    #[test]
    fn requests_round_trip(value in any::<String>(), n in any::<i64>(), id in 0u64..1_000_000) {
        let envelope = serde_json::json!({"tool": "barline-debug-echo", "args": {"text": value, "n": n}, "context": {}}).to_string();
        let atoms = frame_request(id, &envelope).unwrap();
        prop_assert_eq!(decode_request(&atoms).unwrap(), (id, envelope));
    }

    #[test]
    fn responses_round_trip(text in mixed_text(), warnings in prop::collection::vec(mixed_text(), 0..5)) {
        let result = serde_json::json!({"content": [{"type": "text", "text": text}]}).to_string();
        let atoms = frame_response(7, &result, &warnings);
        let decoded = decode_response(&atoms).unwrap();
        prop_assert_eq!(decoded.request_id, 7);
        prop_assert_eq!(decoded.result_json, result);
        let expected: Vec<String> = warnings.iter().map(|w| if looks_like_number(w) { format!("\"{w}\"") } else { w.clone() }).collect();
        prop_assert_eq!(decoded.warnings, expected);
    }
}

/// Large texts at the real limit: CJK (3 bytes) and astral (4 bytes) characters whose
/// byte length crosses chunk edges.
#[test]
fn large_multibyte_results_round_trip_at_the_real_limit() {
    for unit in ["漢字かな", "𝄞🎹", "aé漢𝄞", "x"] {
        let body: String = unit.repeat(700_000 / unit.len());
        let result = serde_json::json!({"content": [{"type": "text", "text": body}]}).to_string();
        let atoms = frame_response(1, &result, &[]);
        for atom in &atoms {
            if let Atom::Symbol(s) = atom {
                assert!(s.len() <= MAX_CHUNK_BYTES);
            }
        }
        assert!(atoms.len() > 20);
        assert_eq!(decode_response(&atoms).unwrap().result_json, result);
    }
}
