//! The chat engine's wire formats: Anthropic and Gemini requests and streams (thinking
//! signatures and `thoughtSignature`s replayed byte for byte, `is_error` results),
//! every split of a stream decoding to the same events, tool names valid in every
//! format, and every Barline tool schema reduced to Gemini's subset.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use crate::support_chat::round_bytes;
use barline_core::chat::conversation::Conversation;
use barline_core::chat::request::Decoder;
use barline_core::chat::sse::SseDecoder;
use barline_core::chat::{gemini, Config, Effect, Engine, Format, StreamEvent, ToolDef};
use proptest::prelude::*;
use serde_json::{json, Value};

fn catalogue() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/snapshots/tools-list.json"
    ))
    .unwrap();
    json!({"tools": serde_json::from_str::<Value>(&text).unwrap()})
}

fn engine(format: Format) -> Engine {
    let config = Config {
        preset: "x".into(),
        format,
        model: "m".into(),
        system_prompt: "S".into(),
        ..Config::default()
    };
    let mut e = Engine::new(config, Conversation::default());
    e.set_tools(ToolDef::from_list(&catalogue()), Vec::new());
    e
}

fn body(effects: &[Effect]) -> Value {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Request { request } => Some(serde_json::from_str(&request.body).unwrap()),
            _ => None,
        })
        .expect("a request")
}

fn call_id(effects: &[Effect]) -> String {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::CallTool { call_id, .. } => Some(call_id.clone()),
            _ => None,
        })
        .expect("a tool call")
}

fn ev(name: &str, data: Value) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

fn anthropic_round() -> String {
    [
        ev("message_start", json!({"type": "message_start", "message": {"usage": {"input_tokens": 12}}})),
        ev("content_block_start", json!({"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}})),
        ev("content_block_delta", json!({"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Bässe first."}})),
        ev("content_block_delta", json!({"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "SIG/+=="}})),
        ev("content_block_stop", json!({"type": "content_block_stop", "index": 0})),
        ev("content_block_start", json!({"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "barline-update-track", "input": {}}})),
        ev("content_block_delta", json!({"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{\"ids\": \"99"}})),
        ev("content_block_delta", json!({"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "9\", \"name\": \"B\\u00e4sse\"}"}})),
        ev("content_block_stop", json!({"type": "content_block_stop", "index": 1})),
        ev("message_delta", json!({"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 7}})),
        ev("message_stop", json!({"type": "message_stop"})),
    ]
    .concat()
}

#[test]
fn anthropic_replays_thinking_signatures_and_marks_error_results() {
    let mut e = engine(Format::Anthropic);
    let first = body(&e.send("rename"));
    assert_eq!(first["max_tokens"], 8192);
    assert_eq!(first["system"][0]["cache_control"]["type"], "ephemeral");
    assert_eq!(first["tools"][0]["input_schema"]["type"], "object");
    assert!(first["tools"].as_array().unwrap().last().unwrap()["cache_control"].is_object());
    let mut run = Vec::new();
    for piece in anthropic_round().as_bytes().chunks(11) {
        run.extend(e.stream_bytes(piece));
    }
    run.extend(e.stream_end());
    let id = call_id(&run);
    assert_eq!(id, "toolu_1");
    let next = body(&e.tool_result(
        &id,
        &json!({"content": [{"type": "text", "text": "NOT_FOUND: no track 999"}], "isError": true}),
    ));
    let msgs = next["messages"].as_array().unwrap();
    assert_eq!(
        msgs[1]["content"][0],
        json!({"type": "thinking", "thinking": "Bässe first.", "signature": "SIG/+=="})
    );
    assert_eq!(
        msgs[1]["content"][1]["input"],
        json!({"ids": "999", "name": "Bässe"})
    );
    assert_eq!(msgs[2]["role"], "user");
    assert_eq!(msgs[2]["content"][0]["is_error"], true);
    assert_eq!(msgs[2]["content"][0]["tool_use_id"], "toolu_1");
}

#[test]
fn gemini_replays_thought_signatures_and_answers_by_name() {
    let mut e = engine(Format::Gemini);
    let sent = e.send("connect");
    let Effect::Request { request } = &sent[0] else {
        panic!("a request")
    };
    assert_eq!(request.path, "/models/m:streamGenerateContent?alt=sse");
    let chunk = json!({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "barline-connect", "args": {}}, "thoughtSignature": "c2lnbmF0dXJl+/=="}]}}]});
    e.stream_bytes(format!("data: {chunk}\n\n").as_bytes());
    let run = e.stream_end();
    let id = call_id(&run);
    let next = body(&e.tool_result(
        &id,
        &json!({"content": [{"type": "text", "text": "connected"}]}),
    ));
    let contents = next["contents"].as_array().unwrap();
    assert_eq!(
        contents[1]["parts"][0]["thoughtSignature"],
        "c2lnbmF0dXJl+/=="
    );
    assert_eq!(
        contents[2]["parts"][0]["functionResponse"],
        json!({"name": "barline-connect", "response": {"result": "connected"}})
    );
}

#[test]
fn every_split_of_a_stream_decodes_to_the_same_events() {
    let streams = [
        (Format::Anthropic, anthropic_round()),
        (
            Format::Openai,
            "data: {\"choices\":[{\"delta\":{\"content\":\"B\\u00e4sse \\\"x\\\" \"}}]}\n\ndata: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"c\",\"function\":{\"name\":\"barline-connect\",\"arguments\":\"{\\\"a\\\":\\\"ä\\\"}\"}}]}}]}\n\ndata: [DONE]\n\n".to_string(),
        ),
    ];
    for (format, text) in streams {
        let bytes = text.as_bytes();
        let decode = |cuts: &[usize]| decode_split(format, bytes, cuts);
        let whole = decode(&[]);
        assert!(whole.len() >= 3, "{format:?}: {whole:?}");
        for cut in 1..bytes.len() {
            assert_eq!(decode(&[cut]), whole, "{format:?} split at {cut}");
        }
        // Many pieces: every 3rd byte, inside multi-byte characters and escapes.
        let cuts: Vec<usize> = (1..bytes.len()).step_by(3).collect();
        assert_eq!(decode(&cuts), whole);
    }
}

#[test]
fn barline_tool_names_fit_every_format_and_schemas_fit_gemini() {
    let tools = ToolDef::from_list(&catalogue());
    assert!(tools.len() >= 20);
    for t in &tools {
        let n = &t.name;
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
        assert!(
            n.len() <= 64 && n.chars().all(word),
            "OpenAI/Anthropic name rule: {n}"
        );
        assert!(
            n.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_'),
            "Gemini: {n}"
        );
        let g = gemini::schema(&t.input_schema);
        check_subset(&g, n);
        assert_eq!(g, gemini::schema(&t.input_schema), "deterministic");
    }
}

fn check_subset(s: &Value, tool: &str) {
    const KEPT: [&str; 14] = [
        "type",
        "format",
        "description",
        "nullable",
        "enum",
        "properties",
        "required",
        "items",
        "minimum",
        "maximum",
        "minItems",
        "maxItems",
        "anyOf",
        "title",
    ];
    let Value::Object(o) = s else { return };
    for (k, v) in o {
        assert!(
            KEPT.contains(&k.as_str()),
            "{tool}: keyword {k} left in the Gemini schema"
        );
        match k.as_str() {
            "properties" => v
                .as_object()
                .unwrap()
                .values()
                .for_each(|p| check_subset(p, tool)),
            "items" => check_subset(v, tool),
            "anyOf" => v
                .as_array()
                .unwrap()
                .iter()
                .for_each(|p| check_subset(p, tool)),
            "type" => assert!(v.is_string(), "{tool}: type lists become nullable"),
            "enum" => assert!(
                v.as_array().unwrap().iter().all(Value::is_string),
                "{tool}: string enums only"
            ),
            _ => {}
        }
    }
}

#[test]
fn the_page_opens_its_session_with_its_profile() {
    let text = barline_core::chat::session::initialize(4, true, &["barline-playback".to_string()]);
    let msg: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(msg["method"], "initialize");
    assert_eq!(msg["params"]["clientInfo"]["name"], "barline-chat");
    assert_eq!(
        msg["params"]["capabilities"]["experimental"]["barline/profile"],
        json!({"smallModel": true, "disabledTools": ["barline-playback"]})
    );
}

#[test]
fn a_server_that_ignores_stream_still_gets_its_calls_run() {
    let whole = [
        (
            Format::Openai,
            json!({"choices": [{"message": {"role": "assistant", "content": "Connecting.", "tool_calls": [
                {"id": "c9", "type": "function", "function": {"name": "barline-connect", "arguments": "{}"}}]}}]}),
        ),
        (
            Format::Anthropic,
            json!({"type": "message", "content": [{"type": "text", "text": "Connecting."},
                {"type": "tool_use", "id": "c9", "name": "barline-connect", "input": {}}], "usage": {"input_tokens": 5, "output_tokens": 2}}),
        ),
    ];
    for (format, answer) in whole {
        let mut e = engine(format);
        e.send("connect");
        let text = serde_json::to_string_pretty(&answer).unwrap();
        for piece in text.as_bytes().chunks(5) {
            assert!(e.stream_bytes(piece).is_empty());
        }
        let run = e.stream_end();
        assert_eq!(call_id(&run), "c9", "{format:?}");
    }
}

/// The events a whole stream decodes to, fed in the pieces `cuts` makes.
fn decode_split(format: Format, bytes: &[u8], cuts: &[usize]) -> Vec<StreamEvent> {
    let mut sse = SseDecoder::default();
    let mut d = Decoder::new(format);
    let mut out = Vec::new();
    let mut at = 0;
    for &cut in cuts.iter().chain(std::iter::once(&bytes.len())) {
        for e in sse.push(&bytes[at..cut]).unwrap() {
            out.extend(d.decode(&e));
        }
        at = cut;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any split into up to 64 pieces, at random points (inside multi-byte characters
    /// and escapes too), decodes each format's round to the same events.
    #[test]
    fn random_splits_into_up_to_64_pieces_decode_the_same(mut cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..63)) {
        for format in [Format::Openai, Format::Anthropic, Format::Gemini] {
            let bytes = round_bytes(format, 1, &["barline-create-track", "barline-read-live-set"], "SIG-+/=");
            let mut at: Vec<usize> = cuts.iter_mut().map(|i| i.index(bytes.len())).collect();
            at.sort_unstable();
            at.dedup();
            let whole = decode_split(format, &bytes, &[]);
            prop_assert!(whole.len() >= 3, "{:?}: {:?}", format, whole);
            prop_assert_eq!(decode_split(format, &bytes, &at), whole);
        }
    }
}
