//! Gemini `streamGenerateContent`: the request body, the streamed chunks and the
//! conversion of tool schemas to the subset the endpoint accepts.

use super::conversation::{CallRecord, Message, Round, UserPart};
use super::sse::SseEvent;
use super::types::{Config, Format, StreamEvent, ToolDef};
use serde_json::{json, Map, Value};

/// The request path below the base URL for `model` (characters outside the safe set
/// are percent-encoded so a model name cannot change the path).
pub fn path(model: &str) -> String {
    let mut m = String::new();
    for b in model.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            m.push(b as char);
        } else {
            m.push_str(&format!("%{b:02X}"));
        }
    }
    format!("/models/{m}:streamGenerateContent?alt=sse")
}

/// The request body.
pub fn body(
    config: &Config,
    history: &[Message<'_>],
    tools: &[ToolDef],
    dropped: &[String],
) -> Value {
    let mut contents = Vec::new();
    for m in history {
        match m {
            Message::User(parts) => {
                let parts: Vec<Value> = parts.iter().map(user_part).collect();
                contents.push(json!({"role": "user", "parts": parts}));
            }
            Message::Assistant(r, calls) => {
                let parts = model_parts(r, calls);
                if !parts.is_empty() {
                    contents.push(json!({"role": "model", "parts": parts}));
                }
            }
        }
    }
    let mut body = Map::new();
    body.insert(
        "systemInstruction".into(),
        json!({"parts": [{"text": config.system_prompt}]}),
    );
    body.insert("contents".into(), Value::Array(contents));
    if !tools.is_empty() {
        let decls: Vec<Value> = tools
            .iter()
            .map(|t| json!({"name": t.name, "description": t.description, "parameters": schema(&t.input_schema)}))
            .collect();
        body.insert("tools".into(), json!([{"functionDeclarations": decls}]));
    }
    let gen = generation_config(config, dropped);
    if !gen.is_empty() {
        body.insert("generationConfig".into(), Value::Object(gen));
    }
    Value::Object(body)
}

/// Whether a call id came from Gemini: the ids the engine issues to calls that had none
/// (`page-…`) are not sent back.
fn sendable_id(id: &str) -> bool {
    !id.is_empty() && !id.starts_with("page-")
}

/// One part of a user message: text, or a tool result as a `functionResponse`.
fn user_part(part: &UserPart<'_>) -> Value {
    match part {
        UserPart::Text(t) => json!({"text": t}),
        UserPart::Result(c, r) => {
            let mut f = Map::new();
            f.insert("name".into(), json!(c.name));
            if sendable_id(&c.id) {
                f.insert("id".into(), json!(c.id));
            }
            let key = if r.is_error { "error" } else { "result" };
            f.insert("response".into(), json!({ key: r.text }));
            json!({"functionResponse": f})
        }
    }
}

/// The parts of an assistant round: its text, then a `functionCall` per call. Opaque
/// fields (thoughtSignature) are replayed byte for byte, but only to Gemini itself.
fn model_parts(r: &Round, calls: &[&CallRecord]) -> Vec<Value> {
    let same = r.format == Format::Gemini;
    let mut parts = Vec::new();
    if !r.text.is_empty() {
        let mut p = Map::new();
        p.insert("text".into(), json!(r.text));
        if let (true, Some(Value::Object(o))) = (same, r.opaque.first()) {
            p.extend(o.clone());
        }
        parts.push(Value::Object(p));
    }
    for c in calls {
        let args: Value = serde_json::from_str(&c.arguments)
            .ok()
            .filter(Value::is_object)
            .unwrap_or_else(|| json!({}));
        let mut fc = Map::new();
        fc.insert("name".into(), json!(c.name));
        fc.insert("args".into(), args);
        if sendable_id(&c.id) {
            fc.insert("id".into(), json!(c.id));
        }
        let mut p = Map::new();
        p.insert("functionCall".into(), Value::Object(fc));
        if let (true, Some(Value::Object(o))) = (same, &c.opaque) {
            p.extend(o.clone());
        }
        parts.push(Value::Object(p));
    }
    parts
}

/// `generationConfig`: the temperature (unless the provider refused it) and the output
/// token limit, each only when set.
fn generation_config(config: &Config, dropped: &[String]) -> Map<String, Value> {
    let mut gen = Map::new();
    if let Some(t) = config
        .temperature
        .filter(|_| !dropped.iter().any(|d| d == "temperature"))
    {
        gen.insert("temperature".into(), json!(t));
    }
    if let Some(m) = config.max_tokens {
        gen.insert("maxOutputTokens".into(), json!(m));
    }
    gen
}

/// Keywords of JSON Schema the Gemini subset accepts; everything else is dropped.
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

/// A JSON Schema reduced to Gemini's subset, deterministically: unknown keywords are
/// dropped, `const` becomes a one-value `enum`, a `type` list with `null` becomes
/// `nullable`, and `oneOf` is read as `anyOf`.
pub fn schema(s: &Value) -> Value {
    let Value::Object(o) = s else {
        return s.clone();
    };
    let mut out = Map::new();
    for (k, v) in o {
        match k.as_str() {
            "properties" => {
                let props: Map<String, Value> = v
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(n, p)| (n.clone(), schema(p)))
                    .collect();
                out.insert(k.clone(), Value::Object(props));
            }
            "items" => {
                out.insert(k.clone(), schema(v));
            }
            "anyOf" | "oneOf" => {
                let list: Vec<Value> = v.as_array().into_iter().flatten().map(schema).collect();
                out.insert("anyOf".into(), Value::Array(list));
            }
            "const" => {
                out.insert("enum".into(), json!([v]));
            }
            "type" => match v {
                Value::Array(types) => {
                    let non_null: Vec<&Value> = types
                        .iter()
                        .filter(|t| t.as_str() != Some("null"))
                        .collect();
                    if non_null.len() < types.len() {
                        out.insert("nullable".into(), json!(true));
                    }
                    if let Some(t) = non_null.first() {
                        out.insert("type".into(), (*t).clone());
                    }
                }
                _ => {
                    out.insert(k.clone(), v.clone());
                }
            },
            _ if KEPT.contains(&k.as_str()) => {
                out.insert(k.clone(), v.clone());
            }
            _ => {}
        }
    }
    if let Some(Value::Array(e)) = out.get("enum") {
        // Gemini's enums are strings.
        if e.iter().any(|v| !v.is_string()) {
            out.remove("enum");
        }
    }
    Value::Object(out)
}

/// Chunk decoding (calls arrive whole; no state is needed beyond the call count).
#[derive(Clone, Debug, Default)]
pub struct Decoder;

impl Decoder {
    /// The events of one SSE event.
    pub fn decode(&mut self, e: &SseEvent) -> Vec<StreamEvent> {
        let v: Value = match serde_json::from_str(e.data.trim()) {
            Ok(v) => v,
            Err(err) => {
                return vec![StreamEvent::Broken(format!(
                    "a chunk is not valid JSON ({err})"
                ))]
            }
        };
        let mut out = Vec::new();
        if let Some(err) = v.get("error") {
            let message = err
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("error");
            let overloaded = err.get("code").and_then(Value::as_u64) == Some(503);
            return vec![StreamEvent::Error {
                message: message.into(),
                overloaded,
            }];
        }
        let parts = v
            .pointer("/candidates/0/content/parts")
            .and_then(Value::as_array);
        for p in parts.into_iter().flatten() {
            if let Some(fc) = p.get("functionCall") {
                let mut opaque = p.as_object().cloned().unwrap_or_default();
                opaque.remove("functionCall");
                out.push(StreamEvent::CallWhole {
                    id: fc.get("id").and_then(Value::as_str).unwrap_or("").into(),
                    name: fc.get("name").and_then(Value::as_str).unwrap_or("").into(),
                    arguments: fc
                        .get("args")
                        .map(Value::to_string)
                        .unwrap_or_else(|| "{}".into()),
                    opaque: (!opaque.is_empty()).then_some(Value::Object(opaque)),
                });
            } else if let Some(t) = p.get("text").and_then(Value::as_str) {
                let thought = p.get("thought").and_then(Value::as_bool).unwrap_or(false);
                if let Some(sig) = p.get("thoughtSignature") {
                    out.push(StreamEvent::Opaque(json!({"thoughtSignature": sig})));
                }
                out.push(if thought {
                    StreamEvent::Thinking(t.into())
                } else {
                    StreamEvent::Text(t.into())
                });
            }
        }
        if let Some(u) = v.get("usageMetadata") {
            out.push(StreamEvent::Usage {
                input: u.get("promptTokenCount").and_then(Value::as_u64),
                output: u.get("candidatesTokenCount").and_then(Value::as_u64),
            });
        }
        out
    }
}
