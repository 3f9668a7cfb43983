//! What the page draws: the transcript with model text rendered by the safe markdown
//! renderer, tool cards with their titles and outcomes, and the status line. The glue
//! only places these into the DOM.

use super::conversation::{CallRecord, CallStatus, Item, NoteKind, RoundStatus};
use super::engine::{Engine, State};
use super::markdown;
use serde_json::{json, Value};

/// The whole view as JSON (see `docs/design/chat.md` for its fields).
pub fn view(engine: &Engine) -> Value {
    let items: Vec<Value> = engine
        .conversation()
        .items
        .iter()
        .map(|i| item(engine, i))
        .collect();
    let (rounds, calls) = engine.turn_counts();
    let (input, output) = usage(engine);
    json!({
        "state": engine.state(),
        "status": status(engine),
        "items": items,
        "queued": engine.queued(),
        "rounds": rounds,
        "calls": calls,
        "turnWrites": engine.turn_writes(),
        "stopping": engine.stopping(),
        "usage": {"input": input, "output": output},
    })
}

fn usage(engine: &Engine) -> (u64, u64) {
    engine
        .conversation()
        .items
        .iter()
        .fold((0, 0), |(i, o), item| match item {
            Item::Round(r) => (
                i + r.input_tokens.unwrap_or(0),
                o + r.output_tokens.unwrap_or(0),
            ),
            _ => (i, o),
        })
}

/// The status line in words.
pub fn status(engine: &Engine) -> String {
    let model = &engine.config().model;
    match engine.state() {
        State::Ready => "Ready".into(),
        State::Waiting => format!("Waiting for {model}…"),
        State::Streaming => format!("{model} is answering…"),
        State::RunningTool if engine.stopping() => "Stopping after this tool call…".into(),
        State::RunningTool => {
            let title = running_title(engine).unwrap_or_else(|| "a tool".into());
            format!("Running {title}…")
        }
        State::WaitingToRetry => format!("{} — retrying soon", engine.pause_reason()),
        State::RoundLimit => engine.pause_reason().to_string(),
        State::Error => "Error — see the message above".into(),
        State::DeviceUnreachable => {
            "Barline isn't answering — the turn goes on when it is back".into()
        }
    }
}

fn running_title(engine: &Engine) -> Option<String> {
    engine
        .conversation()
        .items
        .iter()
        .rev()
        .find_map(|i| match i {
            Item::Round(r) => r
                .calls
                .iter()
                .find(|c| c.status == CallStatus::Running)
                .map(|c| title(engine, &c.name)),
            _ => None,
        })
}

fn title(engine: &Engine, name: &str) -> String {
    engine
        .offered()
        .iter()
        .find(|t| t.name == name)
        .map_or_else(|| name.to_string(), |t| t.title.clone())
}

fn item(engine: &Engine, i: &Item) -> Value {
    match i {
        Item::User { id, text } => json!({"id": id, "kind": "user", "text": text}),
        Item::Note(n) => json!({
            "id": n.id, "kind": "note", "note": n.note, "text": n.text, "action": n.action,
            "details": n.details, "retry": n.retry && n.note == NoteKind::Error, "settings": n.settings,
        }),
        Item::Round(r) => json!({
            "id": r.id, "kind": "round", "status": r.status,
            "html": markdown::to_html(&r.text),
            "thinking": r.thinking,
            "struck": r.status == RoundStatus::Discarded,
            "calls": r.calls.iter().map(|c| card(engine, c)).collect::<Vec<_>>(),
            "inputTokens": r.input_tokens, "outputTokens": r.output_tokens,
        }),
    }
}

fn card(engine: &Engine, c: &CallRecord) -> Value {
    let read_only = engine
        .offered()
        .iter()
        .any(|t| t.name == c.name && t.read_only);
    let pretty_args = serde_json::from_str::<Value>(&c.arguments)
        .ok()
        .and_then(|v| serde_json::to_string_pretty(&v).ok())
        .unwrap_or_else(|| c.arguments.clone());
    let result = c.result.as_ref();
    // The device names its code in `_meta`; the page's own answers start with theirs.
    let errored = result.filter(|r| r.is_error);
    let code = errored.and_then(|r| r.code.clone()).or_else(|| {
        errored
            .and_then(|r| r.text.split(':').next())
            .filter(|w| !w.is_empty() && w.chars().all(|ch| ch.is_ascii_uppercase() || ch == '_'))
            .map(String::from)
    });
    json!({
        "id": c.id,
        "name": c.name,
        "title": title(engine, &c.name),
        "status": c.status,
        "summary": summary(c),
        "arguments": pretty_args,
        "result": result.map(|r| r.text.clone()),
        "structured": result.and_then(|r| r.structured.as_ref()).and_then(|s| serde_json::to_string_pretty(s).ok()),
        "warnings": result.map(|r| r.warnings.clone()).unwrap_or_default(),
        "code": code,
        "hint": errored.and_then(|r| r.hint.clone()),
        "changedSet": !read_only && matches!(c.status, CallStatus::Done | CallStatus::Warning),
    })
}

/// The card's short outcome: the first 80 characters of the result text.
fn summary(c: &CallRecord) -> String {
    match (&c.result, c.status) {
        (_, CallStatus::Preparing) => format!("preparing {}…", c.name),
        (_, CallStatus::Queued) => "queued".into(),
        (_, CallStatus::Running) => "running".into(),
        (_, CallStatus::Discarded) => "not run (stopped while preparing)".into(),
        (Some(r), _) => r
            .text
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(80)
            .collect(),
        (None, _) => String::new(),
    }
}
