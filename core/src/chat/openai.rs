//! OpenAI-compatible chat completions: the request body and the streamed chunks.

use super::conversation::{Message, UserPart};
use super::sse::SseEvent;
use super::types::{Config, StreamEvent, ToolDef};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// The request body for `POST {base}/chat/completions`. `dropped` names parameters the
/// provider refused earlier (see `errors::classify`), which are left out.
pub fn body(
    config: &Config,
    history: &[Message<'_>],
    tools: &[ToolDef],
    dropped: &[String],
) -> Value {
    let ids = IdMap::new(config.preset == "mistral");
    let mut messages = vec![json!({"role": "system", "content": config.system_prompt})];
    for m in history {
        match m {
            Message::User(parts) => {
                let mut text = Vec::new();
                for p in parts {
                    match p {
                        UserPart::Text(t) => text.push(*t),
                        UserPart::Result(c, r) => messages.push(json!({
                            "role": "tool", "tool_call_id": ids.map(&c.id), "content": r.text,
                        })),
                    }
                }
                if !text.is_empty() {
                    messages.push(json!({"role": "user", "content": text.join("\n\n")}));
                }
            }
            Message::Assistant(r, calls) => {
                let mut msg = Map::new();
                msg.insert("role".into(), json!("assistant"));
                msg.insert(
                    "content".into(),
                    if r.text.is_empty() {
                        Value::Null
                    } else {
                        json!(r.text)
                    },
                );
                if !calls.is_empty() {
                    let list: Vec<Value> = calls
                        .iter()
                        .map(|c| {
                            json!({"id": ids.map(&c.id), "type": "function",
                            "function": {"name": c.name, "arguments": args_text(&c.arguments)}})
                        })
                        .collect();
                    msg.insert("tool_calls".into(), Value::Array(list));
                }
                messages.push(Value::Object(msg));
            }
        }
    }
    let mut body = Map::new();
    body.insert("model".into(), json!(config.model));
    body.insert("messages".into(), Value::Array(messages));
    if !tools.is_empty() {
        let list: Vec<Value> = tools
            .iter()
            .map(|t| {
                json!({"type": "function", "function": {
                "name": t.name, "description": t.description, "parameters": t.input_schema}})
            })
            .collect();
        body.insert("tools".into(), Value::Array(list));
        body.insert("tool_choice".into(), json!("auto"));
    }
    body.insert("stream".into(), json!(true));
    let keep = |p: &str| !dropped.iter().any(|d| d == p);
    if keep("stream_options") {
        body.insert("stream_options".into(), json!({"include_usage": true}));
    }
    if let Some(t) = config.temperature.filter(|_| keep("temperature")) {
        body.insert("temperature".into(), json!(t));
    }
    if let Some(m) = config.max_tokens.filter(|_| keep("max_tokens")) {
        body.insert("max_tokens".into(), json!(m));
    }
    Value::Object(body)
}

/// Arguments sent back as the model wrote them, or `{}` when it wrote nothing.
fn args_text(text: &str) -> String {
    if text.trim().is_empty() {
        "{}".into()
    } else {
        text.to_string()
    }
}

/// Mistral is reported to accept only nine letters and digits as a call id; other
/// providers get the ids as issued. The map is a pure function of the id, so one
/// request maps every id the same way.
struct IdMap {
    short: bool,
}

impl IdMap {
    fn new(short: bool) -> IdMap {
        IdMap { short }
    }

    fn map(&self, id: &str) -> String {
        if !self.short || (id.len() == 9 && id.chars().all(|c| c.is_ascii_alphanumeric())) {
            return id.to_string();
        }
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in id.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        (0..9)
            .map(|i| ALPHABET[((h >> (i * 6)) % 62) as usize] as char)
            .collect()
    }
}

/// Chunk decoding state: which key each tool-call index or id was given.
#[derive(Clone, Debug, Default)]
pub struct Decoder {
    keys: HashMap<u64, (u64, String)>,
    next_key: u64,
    last_index: u64,
}

impl Decoder {
    /// The events of one SSE event.
    pub fn decode(&mut self, e: &SseEvent) -> Vec<StreamEvent> {
        let data = e.data.trim();
        if data == "[DONE]" {
            return vec![StreamEvent::Done];
        }
        let chunk: Value = match serde_json::from_str(data) {
            Ok(v) => v,
            Err(err) => {
                return vec![StreamEvent::Broken(format!(
                    "a chunk is not valid JSON ({err})"
                ))]
            }
        };
        let mut out = Vec::new();
        if let Some(err) = chunk.get("error") {
            let message = err
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("error");
            out.push(StreamEvent::Error {
                message: message.into(),
                overloaded: false,
            });
            return out;
        }
        if let Some(delta) = chunk.pointer("/choices/0/delta") {
            self.delta(delta, &mut out);
        } else if let Some(message) = chunk.pointer("/choices/0/message") {
            // A whole answer (the server did not stream): its calls are whole too.
            let mut whole = message.clone();
            if let Some(Value::Array(calls)) = whole.get_mut("tool_calls") {
                for (i, c) in calls.iter_mut().enumerate() {
                    if let Value::Object(o) = c {
                        o.entry("index").or_insert(json!(i));
                    }
                }
            }
            self.delta(&whole, &mut out);
            out.push(StreamEvent::Done);
        }
        if let Some(u) = chunk.get("usage").filter(|u| u.is_object()) {
            out.push(StreamEvent::Usage {
                input: u.get("prompt_tokens").and_then(Value::as_u64),
                output: u.get("completion_tokens").and_then(Value::as_u64),
            });
        }
        out
    }

    fn delta(&mut self, delta: &Value, out: &mut Vec<StreamEvent>) {
        for field in ["reasoning_content", "reasoning"] {
            if let Some(t) = delta
                .get(field)
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
            {
                out.push(StreamEvent::Thinking(t.into()));
            }
        }
        if let Some(t) = delta
            .get("content")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
        {
            out.push(StreamEvent::Text(t.into()));
        }
        for call in delta
            .get("tool_calls")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            self.call_fragment(call, out);
        }
    }

    fn call_fragment(&mut self, call: &Value, out: &mut Vec<StreamEvent>) {
        let index = call
            .get("index")
            .and_then(Value::as_u64)
            .unwrap_or(self.last_index);
        self.last_index = index;
        let id = call.get("id").and_then(Value::as_str).unwrap_or("");
        let name = call
            .pointer("/function/name")
            .and_then(Value::as_str)
            .unwrap_or("");
        let known = self.keys.get(&index).cloned();
        // A fragment with a new id starts a new call even at a known index.
        let starts = match &known {
            None => !name.is_empty() || !id.is_empty(),
            Some((_, old)) => !id.is_empty() && id != old,
        };
        let key = if starts {
            let key = self.next_key;
            self.next_key += 1;
            self.keys.insert(index, (key, id.to_string()));
            out.push(StreamEvent::CallStart {
                key,
                id: id.into(),
                name: name.into(),
            });
            key
        } else if let Some((key, _)) = known {
            key
        } else {
            return;
        };
        if let Some(a) = call.pointer("/function/arguments").and_then(Value::as_str) {
            if !a.is_empty() {
                out.push(StreamEvent::CallArgs {
                    key,
                    fragment: a.into(),
                });
            }
        }
    }
}
