//! The chat engine driven natively with scripted OpenAI-compatible streams: the engine,
//! its tools and stream builders that the chat test files share.
#![allow(dead_code)]

use barline_core::chat::conversation::Conversation;
use barline_core::chat::{Config, Effect, Engine, Format, ToolDef};
use serde_json::{json, Value};

/// Five tools as the device lists them (names and read-only hints only).
pub fn tools() -> Vec<ToolDef> {
    let t = |name: &str, title: &str, read_only: bool| ToolDef {
        name: name.into(),
        title: title.into(),
        description: format!("{title}."),
        input_schema: json!({"type": "object", "properties": {}}),
        read_only,
    };
    vec![
        t("barline-connect", "Connect", true),
        t("barline-read-live-set", "Read Live Set", true),
        t("barline-create-track", "Create Track", false),
        t("barline-create-clip", "Create Clip", false),
        t("barline-update-clip", "Update Clip", false),
    ]
}

/// An OpenAI-compatible engine with the tools set and the given round limit.
pub fn engine(round_limit: u32) -> Engine {
    let config = Config {
        preset: "custom".into(),
        format: Format::Openai,
        model: "fake".into(),
        system_prompt: "You help.".into(),
        round_limit,
        ..Config::default()
    };
    let mut e = Engine::new(config, Conversation::default());
    e.set_tools(tools(), Vec::new());
    e
}

/// One stream event carrying `delta`.
pub fn chunk(delta: Value) -> String {
    format!(
        "data: {}\n\n",
        json!({"choices": [{"index": 0, "delta": delta}]})
    )
}

/// An OpenAI stream asking for `calls` (name, arguments text), or answering `text`.
pub fn stream(text: &str, calls: &[(&str, &str)]) -> Vec<u8> {
    let mut s = String::new();
    if !text.is_empty() {
        s += &chunk(json!({"content": text}));
    }
    for (i, (name, args)) in calls.iter().enumerate() {
        s += &chunk(
            json!({"tool_calls": [{"index": i, "id": format!("call_{i}_{name}"), "type": "function", "function": {"name": name, "arguments": ""}}]}),
        );
        s += &chunk(json!({"tool_calls": [{"index": i, "function": {"arguments": args}}]}));
    }
    s += "data: [DONE]\n\n";
    s.into_bytes()
}

/// The request bodies among the effects.
pub fn requests(effects: &[Effect]) -> Vec<Value> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Request { request } => Some(serde_json::from_str(&request.body).unwrap()),
            _ => None,
        })
        .collect()
}

/// The tool calls among the effects: id, name, arguments.
pub fn calls(effects: &[Effect]) -> Vec<(String, String, Value)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::CallTool {
                call_id,
                name,
                arguments,
            } => Some((call_id.clone(), name.clone(), arguments.clone())),
            _ => None,
        })
        .collect()
}

/// Feeds a whole stream (in 7-byte pieces) and its end.
pub fn answer(e: &mut Engine, bytes: &[u8]) -> Vec<Effect> {
    for piece in bytes.chunks(7) {
        let out = e.stream_bytes(piece);
        if !out.is_empty() {
            // The end-of-stream event completes the round at once: the page stops
            // reading and never reports the body's end.
            assert_eq!(out[0], Effect::Abort);
            return out[1..].to_vec();
        }
    }
    e.stream_end()
}

/// A successful tool result with `text`.
pub fn ok(text: &str) -> Value {
    json!({"content": [{"type": "text", "text": text}], "isError": false})
}

/// One round's stream in `format`: a text piece, then `calls` (ids unique to the round);
/// Anthropic and Gemini rounds with calls carry `signature`.
pub fn round_bytes(format: Format, round: usize, calls: &[&str], signature: &str) -> Vec<u8> {
    let id = |i: usize| format!("r{round}c{i}");
    let text = format!("Round {round} ä \"q\" ");
    match format {
        Format::Openai => {
            let chunk = |delta: Value| {
                format!(
                    "data: {}\n\n",
                    json!({"choices": [{"index": 0, "delta": delta}]})
                )
            };
            let mut s = chunk(json!({"content": text}));
            for (i, name) in calls.iter().enumerate() {
                s += &chunk(
                    json!({"tool_calls": [{"index": i, "id": id(i), "type": "function", "function": {"name": name, "arguments": "{\"name\":"}}]}),
                );
                s += &chunk(
                    json!({"tool_calls": [{"index": i, "function": {"arguments": "\"Bässe\"}"}}]}),
                );
            }
            (s + "data: [DONE]\n\n").into_bytes()
        }
        Format::Anthropic => {
            let ev = |name: &str, data: Value| format!("event: {name}\ndata: {data}\n\n");
            let mut s = ev(
                "message_start",
                json!({"type": "message_start", "message": {"usage": {"input_tokens": 3}}}),
            );
            let mut at = 0;
            if !calls.is_empty() {
                s += &ev(
                    "content_block_start",
                    json!({"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}}),
                );
                s += &ev(
                    "content_block_delta",
                    json!({"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "plan"}}),
                );
                s += &ev(
                    "content_block_delta",
                    json!({"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": signature}}),
                );
                s += &ev(
                    "content_block_stop",
                    json!({"type": "content_block_stop", "index": 0}),
                );
                at = 1;
            }
            s += &ev(
                "content_block_start",
                json!({"type": "content_block_start", "index": at, "content_block": {"type": "text", "text": ""}}),
            );
            s += &ev(
                "content_block_delta",
                json!({"type": "content_block_delta", "index": at, "delta": {"type": "text_delta", "text": text}}),
            );
            s += &ev(
                "content_block_stop",
                json!({"type": "content_block_stop", "index": at}),
            );
            for (i, name) in calls.iter().enumerate() {
                let k = at + 1 + i;
                s += &ev(
                    "content_block_start",
                    json!({"type": "content_block_start", "index": k, "content_block": {"type": "tool_use", "id": id(i), "name": name, "input": {}}}),
                );
                s += &ev(
                    "content_block_delta",
                    json!({"type": "content_block_delta", "index": k, "delta": {"type": "input_json_delta", "partial_json": "{\"name\": \"Bässe\"}"}}),
                );
                s += &ev(
                    "content_block_stop",
                    json!({"type": "content_block_stop", "index": k}),
                );
            }
            let reason = if calls.is_empty() {
                "end_turn"
            } else {
                "tool_use"
            };
            s += &ev(
                "message_delta",
                json!({"type": "message_delta", "delta": {"stop_reason": reason}, "usage": {"output_tokens": 5}}),
            );
            (s + &ev("message_stop", json!({"type": "message_stop"}))).into_bytes()
        }
        Format::Gemini => {
            let mut parts = vec![json!({"text": text})];
            for (i, name) in calls.iter().enumerate() {
                let mut part = json!({"functionCall": {"name": name, "args": {"name": "Bässe"}}});
                if i == 0 {
                    part["thoughtSignature"] = json!(signature);
                }
                parts.push(part);
            }
            let chunk = json!({"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}]});
            format!("data: {chunk}\n\n").into_bytes()
        }
    }
}
