//! Anthropic Messages: the request body and the streamed events.

use super::conversation::{Message, UserPart};
use super::sse::SseEvent;
use super::types::{Config, Format, StreamEvent, ToolDef};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// Output limit when the conversation sets none (the format requires one).
pub const DEFAULT_MAX_TOKENS: u32 = 8192;

/// The request body for `POST {base}/messages`.
pub fn body(
    config: &Config,
    history: &[Message<'_>],
    tools: &[ToolDef],
    dropped: &[String],
) -> Value {
    let mut messages = Vec::new();
    for m in history {
        match m {
            Message::User(parts) => {
                let blocks: Vec<Value> = parts
                    .iter()
                    .map(|p| match p {
                        UserPart::Text(t) => json!({"type": "text", "text": t}),
                        UserPart::Result(c, r) => json!({"type": "tool_result",
                            "tool_use_id": c.id, "content": r.text, "is_error": r.is_error}),
                    })
                    .collect();
                messages.push(json!({"role": "user", "content": blocks}));
            }
            Message::Assistant(r, calls) => {
                // Thinking blocks (with signatures) go back unchanged, first.
                let mut blocks: Vec<Value> = if r.format == Format::Anthropic {
                    r.opaque.clone()
                } else {
                    Vec::new()
                };
                if !r.text.is_empty() {
                    blocks.push(json!({"type": "text", "text": r.text}));
                }
                for c in calls {
                    let input: Value = serde_json::from_str(&c.arguments)
                        .ok()
                        .filter(Value::is_object)
                        .unwrap_or_else(|| json!({}));
                    blocks.push(
                        json!({"type": "tool_use", "id": c.id, "name": c.name, "input": input}),
                    );
                }
                if !blocks.is_empty() {
                    messages.push(json!({"role": "assistant", "content": blocks}));
                }
            }
        }
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(config.model));
    body.insert(
        "max_tokens".into(),
        json!(config.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS)),
    );
    // The fixed prefix (system prompt, tools) is marked for caching across rounds.
    body.insert(
        "system".into(),
        json!([{"type": "text", "text": config.system_prompt, "cache_control": {"type": "ephemeral"}}]),
    );
    body.insert("messages".into(), Value::Array(messages));
    if !tools.is_empty() {
        let mut list: Vec<Value> = tools
            .iter()
            .map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.input_schema}))
            .collect();
        if let Some(Value::Object(last)) = list.last_mut() {
            last.insert("cache_control".into(), json!({"type": "ephemeral"}));
        }
        body.insert("tools".into(), Value::Array(list));
    }
    if let Some(t) = config
        .temperature
        .filter(|_| !dropped.iter().any(|d| d == "temperature"))
    {
        body.insert("temperature".into(), json!(t.min(1.0)));
    }
    body.insert("stream".into(), json!(true));
    Value::Object(body)
}

/// Stream state: the kind of each open content block.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    blocks: HashMap<u64, Value>,
}

impl Decoder {
    /// The events of one SSE event.
    pub fn decode(&mut self, e: &SseEvent) -> Vec<StreamEvent> {
        let v: Value = match serde_json::from_str(e.data.trim()) {
            Ok(v) => v,
            Err(err) => {
                return vec![StreamEvent::Broken(format!(
                    "an event is not valid JSON ({err})"
                ))]
            }
        };
        let kind = v
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or(e.event.as_str());
        let index = v.get("index").and_then(Value::as_u64).unwrap_or(0);
        match kind {
            "message_start" => vec![StreamEvent::Usage {
                input: v
                    .pointer("/message/usage/input_tokens")
                    .and_then(Value::as_u64),
                output: None,
            }],
            "content_block_start" => {
                self.start(index, v.get("content_block").cloned().unwrap_or_default())
            }
            "content_block_delta" => self.delta(index, v.get("delta").unwrap_or(&Value::Null)),
            "content_block_stop" => self.stop(index),
            "message_delta" => vec![StreamEvent::Usage {
                input: None,
                output: v.pointer("/usage/output_tokens").and_then(Value::as_u64),
            }],
            "message_stop" => vec![StreamEvent::Done],
            "message" => whole_message(&v),
            "error" => {
                let err = v.get("error").unwrap_or(&Value::Null);
                let t = err.get("type").and_then(Value::as_str).unwrap_or("");
                let message = err.get("message").and_then(Value::as_str).unwrap_or(t);
                vec![StreamEvent::Error {
                    message: message.into(),
                    overloaded: t == "overloaded_error",
                }]
            }
            _ => Vec::new(),
        }
    }

    fn start(&mut self, index: u64, block: Value) -> Vec<StreamEvent> {
        let out = match block.get("type").and_then(Value::as_str) {
            Some("tool_use") => vec![StreamEvent::CallStart {
                key: index,
                id: block.get("id").and_then(Value::as_str).unwrap_or("").into(),
                name: block
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .into(),
            }],
            Some("text") => text_event(block.get("text"), StreamEvent::Text),
            Some("thinking") => text_event(block.get("thinking"), StreamEvent::Thinking),
            _ => Vec::new(),
        };
        self.blocks.insert(index, block);
        out
    }

    fn delta(&mut self, index: u64, d: &Value) -> Vec<StreamEvent> {
        let s = |k: &str| d.get(k).and_then(Value::as_str).unwrap_or("").to_string();
        match d.get("type").and_then(Value::as_str) {
            Some("text_delta") => vec![StreamEvent::Text(s("text"))],
            Some("input_json_delta") => vec![StreamEvent::CallArgs {
                key: index,
                fragment: s("partial_json"),
            }],
            Some("thinking_delta") => {
                self.append(index, "thinking", &s("thinking"));
                vec![StreamEvent::Thinking(s("thinking"))]
            }
            Some("signature_delta") => {
                self.append(index, "signature", &s("signature"));
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// A finished thinking block is kept whole to be replayed unchanged.
    fn stop(&mut self, index: u64) -> Vec<StreamEvent> {
        match self.blocks.remove(&index) {
            Some(b)
                if matches!(
                    b.get("type").and_then(Value::as_str),
                    Some("thinking" | "redacted_thinking")
                ) =>
            {
                vec![StreamEvent::Opaque(b)]
            }
            _ => Vec::new(),
        }
    }

    fn append(&mut self, index: u64, field: &str, piece: &str) {
        if let Some(Value::Object(b)) = self.blocks.get_mut(&index) {
            let old = b
                .get(field)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            b.insert(field.into(), json!(old + piece));
        }
    }
}

/// A whole answer (the server did not stream): its blocks as events.
fn whole_message(v: &Value) -> Vec<StreamEvent> {
    let mut out = Vec::new();
    for b in v
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let s = |k: &str| b.get(k).and_then(Value::as_str).unwrap_or("").to_string();
        match b.get("type").and_then(Value::as_str) {
            Some("text") => out.push(StreamEvent::Text(s("text"))),
            Some("thinking" | "redacted_thinking") => {
                out.push(StreamEvent::Thinking(s("thinking")));
                out.push(StreamEvent::Opaque(b.clone()));
            }
            Some("tool_use") => out.push(StreamEvent::CallWhole {
                id: s("id"),
                name: s("name"),
                arguments: b.get("input").map_or_else(|| "{}".into(), Value::to_string),
                opaque: None,
            }),
            _ => {}
        }
    }
    out.push(StreamEvent::Usage {
        input: v.pointer("/usage/input_tokens").and_then(Value::as_u64),
        output: v.pointer("/usage/output_tokens").and_then(Value::as_u64),
    });
    out.push(StreamEvent::Done);
    out
}

fn text_event(v: Option<&Value>, make: fn(String) -> StreamEvent) -> Vec<StreamEvent> {
    match v.and_then(Value::as_str).filter(|t| !t.is_empty()) {
        Some(t) => vec![make(t.into())],
        None => Vec::new(),
    }
}
