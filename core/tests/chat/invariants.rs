//! The history invariants of docs/design/chat.md, checked on random sequences of what can
//! happen to a conversation — messages, answers with and without tool calls, tool results
//! and errors, Stop at any point, provider errors, cut streams, a device that goes away,
//! reloads — in all three wire formats. Every request the engine builds must:
//! 1. give every tool call exactly one result, right after the round that asked for it;
//! 2. alternate roles where the format needs it (Anthropic, Gemini);
//! 3. carry no page-only item (error texts the page shows are never sent);
//! 4. replay each completed round's provider-opaque signature byte for byte;
//! 5. start with the conversation's system prompt.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use crate::support_chat::{ok, round_bytes, tools};
use barline_core::chat::conversation::Conversation;
use barline_core::chat::engine::State;
use barline_core::chat::{Config, Effect, Engine, Format};
use proptest::prelude::*;
use serde_json::{json, Value};

const PROMPT: &str = "SYSTEM-PROMPT-7";
/// Texts only the page shows; a request containing one breaks invariant 3.
const PAGE_ONLY: [&str; 2] = ["PROVIDER-FAULT-41", "STREAM-CUT-93"];

/// What can happen next.
#[derive(Clone, Debug)]
enum Step {
    Send,
    Answer,
    Calls(usize),
    ToolOk,
    ToolError,
    Stop,
    HttpError,
    StreamCut,
    Reload,
    Continue,
    DeviceAway,
    DeviceBack,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => Just(Step::Send),
        3 => Just(Step::Answer),
        4 => (1usize..=3).prop_map(Step::Calls),
        5 => Just(Step::ToolOk),
        2 => Just(Step::ToolError),
        2 => Just(Step::Stop),
        1 => Just(Step::HttpError),
        1 => Just(Step::StreamCut),
        2 => Just(Step::Reload),
        1 => Just(Step::Continue),
        1 => Just(Step::DeviceAway),
        1 => Just(Step::DeviceBack),
    ]
}

/// One conversation under test and what the checks need to remember.
struct Run {
    format: Format,
    engine: Engine,
    /// Tool calls handed to the device and not answered yet.
    out: Vec<String>,
    /// Signatures of rounds whose stream completed.
    signatures: Vec<String>,
    rounds: usize,
}

impl Run {
    fn new(format: Format) -> Run {
        Run {
            format,
            engine: engine(format, Conversation::default()),
            out: Vec::new(),
            signatures: Vec::new(),
            rounds: 0,
        }
    }

    /// Applies `step`; returns the request bodies it made the engine build.
    fn apply(&mut self, step: &Step) -> Vec<Value> {
        let effects = match step {
            Step::Send => self.engine.send("make a beat"),
            Step::Answer => self.stream(&[]),
            Step::Calls(n) => {
                let names = [
                    "barline-create-track",
                    "barline-make-song",
                    "barline-read-live-set",
                ];
                let calls: Vec<&str> = names.iter().cycle().take(*n).copied().collect();
                self.stream(&calls)
            }
            Step::ToolOk | Step::ToolError => self.answer_call(matches!(step, Step::ToolOk)),
            Step::Stop => self.engine.stop(),
            Step::HttpError if waiting(&self.engine) => {
                let body = format!("{{\"error\":{{\"message\":\"{}\"}}}}", PAGE_ONLY[0]);
                self.engine.http_error(400, None, &body, 0.5)
            }
            Step::StreamCut if waiting(&self.engine) => self.engine.stream_failed(PAGE_ONLY[1]),
            Step::Reload => {
                let stored = serde_json::to_string(self.engine.conversation()).expect("saves");
                let conv: Conversation = serde_json::from_str(&stored).expect("loads");
                self.engine = engine(self.format, conv);
                self.out.clear();
                Vec::new()
            }
            Step::Continue if self.engine.state() == State::RoundLimit => {
                self.engine.continue_turn()
            }
            Step::DeviceAway if self.engine.state() == State::RunningTool => {
                match self.out.first().cloned() {
                    Some(id) => self.engine.device_unreachable(&id),
                    None => Vec::new(),
                }
            }
            Step::DeviceBack if self.engine.state() == State::DeviceUnreachable => {
                self.engine.device_back()
            }
            _ => Vec::new(),
        };
        self.note(&effects)
    }

    /// Answers the oldest call out at the device, if one runs.
    fn answer_call(&mut self, success: bool) -> Vec<Effect> {
        if self.engine.state() != State::RunningTool || self.out.is_empty() {
            return Vec::new();
        }
        let id = self.out.remove(0);
        let result = if success {
            ok("done")
        } else {
            json!({"content": [{"type": "text", "text": "NOT_FOUND: no track 9"}], "isError": true})
        };
        self.engine.tool_result(&id, &result)
    }

    /// Streams one round (text, then `calls`) if a request is waiting for it.
    fn stream(&mut self, calls: &[&str]) -> Vec<Effect> {
        if !waiting(&self.engine) {
            return Vec::new();
        }
        self.rounds += 1;
        let signature = format!("SIG-{}-+/=", self.rounds);
        let bytes = round_bytes(self.format, self.rounds, calls, &signature);
        let mut effects = Vec::new();
        for piece in bytes.chunks(13) {
            effects.extend(self.engine.stream_bytes(piece));
        }
        if !effects.contains(&Effect::Abort) {
            effects.extend(self.engine.stream_end());
        }
        if !calls.is_empty() && self.format != Format::Openai {
            self.signatures.push(signature);
        }
        effects
    }

    /// Remembers the calls handed out; returns the request bodies.
    fn note(&mut self, effects: &[Effect]) -> Vec<Value> {
        let mut bodies = Vec::new();
        for effect in effects {
            match effect {
                Effect::CallTool { call_id, .. } => self.out.push(call_id.clone()),
                Effect::Request { request } => {
                    bodies.push(serde_json::from_str(&request.body).expect("a JSON body"))
                }
                _ => {}
            }
        }
        bodies
    }
}

fn engine(format: Format, conv: Conversation) -> Engine {
    let config = Config {
        preset: "custom".into(),
        format,
        model: "m".into(),
        system_prompt: PROMPT.into(),
        round_limit: 4,
        ..Config::default()
    };
    let mut e = Engine::new(config, conv);
    e.set_tools(tools(), Vec::new());
    e
}

fn waiting(e: &Engine) -> bool {
    matches!(e.state(), State::Waiting | State::Streaming)
}

/// Checks invariants 1–5 on one request body; `signatures` are those of completed rounds.
fn check(format: Format, body: &Value, signatures: &[String]) -> Result<(), String> {
    let text = body.to_string();
    for page_only in PAGE_ONLY {
        if text.contains(page_only) {
            return Err(format!("invariant 3: {page_only} was sent"));
        }
    }
    for s in signatures {
        if !text.contains(s.as_str()) {
            return Err(format!("invariant 4: signature {s} was not replayed"));
        }
    }
    match format {
        Format::Openai => check_openai(body),
        Format::Anthropic => check_anthropic(body),
        Format::Gemini => check_gemini(body),
    }
}

fn check_openai(body: &Value) -> Result<(), String> {
    let msgs = body["messages"].as_array().ok_or("no messages")?;
    if msgs.first().map(|m| (&m["role"], &m["content"])) != Some((&json!("system"), &json!(PROMPT)))
    {
        return Err("invariant 5: the system prompt is not first".into());
    }
    let mut i = 1;
    while i < msgs.len() {
        let asked: Vec<&Value> = msgs[i]["tool_calls"]
            .as_array()
            .map(|c| c.iter().map(|c| &c["id"]).collect())
            .unwrap_or_default();
        if msgs[i]["role"] == "tool" {
            return Err(format!(
                "invariant 1: a tool result at {i} answers no call of the round before"
            ));
        }
        let answers: Vec<&Value> = msgs[i + 1..]
            .iter()
            .take_while(|m| m["role"] == "tool")
            .map(|m| &m["tool_call_id"])
            .collect();
        same_ids(&asked, &answers, i)?;
        i += 1 + answers.len();
    }
    Ok(())
}

fn check_anthropic(body: &Value) -> Result<(), String> {
    if body["system"][0]["text"] != PROMPT {
        return Err("invariant 5: the system prompt is not the conversation's".into());
    }
    let msgs = body["messages"].as_array().ok_or("no messages")?;
    alternates(
        msgs.iter().map(|m| m["role"].as_str().unwrap_or("")),
        "user",
    )?;
    let blocks = |m: &Value, kind: &str, key: &str| -> Vec<Value> {
        m["content"]
            .as_array()
            .map(|b| {
                b.iter()
                    .filter(|b| b["type"] == kind)
                    .map(|b| b[key].clone())
                    .collect()
            })
            .unwrap_or_default()
    };
    for (i, m) in msgs.iter().enumerate() {
        let asked = blocks(m, "tool_use", "id");
        let answers = msgs
            .get(i + 1)
            .map(|n| blocks(n, "tool_result", "tool_use_id"))
            .unwrap_or_default();
        same_ids(
            &asked.iter().collect::<Vec<_>>(),
            &answers.iter().collect::<Vec<_>>(),
            i,
        )?;
        if i == 0 && !blocks(m, "tool_result", "tool_use_id").is_empty() {
            return Err("invariant 1: the first message holds a tool result".into());
        }
    }
    Ok(())
}

fn check_gemini(body: &Value) -> Result<(), String> {
    if body["systemInstruction"]["parts"][0]["text"] != PROMPT {
        return Err("invariant 5: the system prompt is not the conversation's".into());
    }
    let contents = body["contents"].as_array().ok_or("no contents")?;
    alternates(
        contents.iter().map(|c| c["role"].as_str().unwrap_or("")),
        "user",
    )?;
    let names = |c: &Value, key: &str| -> Vec<Value> {
        c["parts"]
            .as_array()
            .map(|p| {
                p.iter()
                    .filter(|p| p.get(key).is_some())
                    .map(|p| p[key]["name"].clone())
                    .collect()
            })
            .unwrap_or_default()
    };
    for (i, c) in contents.iter().enumerate() {
        let asked = names(c, "functionCall");
        let answers = contents
            .get(i + 1)
            .map(|n| names(n, "functionResponse"))
            .unwrap_or_default();
        same_ids(
            &asked.iter().collect::<Vec<_>>(),
            &answers.iter().collect::<Vec<_>>(),
            i,
        )?;
    }
    Ok(())
}

/// Invariant 1 for one round: the results right after it answer exactly its calls.
fn same_ids(asked: &[&Value], answered: &[&Value], at: usize) -> Result<(), String> {
    let mut a: Vec<String> = asked.iter().map(|v| v.to_string()).collect();
    let mut b: Vec<String> = answered.iter().map(|v| v.to_string()).collect();
    a.sort();
    b.sort();
    if a == b {
        Ok(())
    } else {
        Err(format!(
            "invariant 1: the round at {at} asked {a:?}, the results after it answer {b:?}"
        ))
    }
}

/// Invariant 2: roles alternate, starting with `first`.
fn alternates<'a>(roles: impl Iterator<Item = &'a str>, first: &str) -> Result<(), String> {
    let roles: Vec<&str> = roles.collect();
    if roles.first().is_some_and(|r| *r != first) {
        return Err(format!("invariant 2: the first message is {:?}", roles[0]));
    }
    match roles.windows(2).position(|w| w[0] == w[1]) {
        Some(i) => Err(format!(
            "invariant 2: two {:?} messages in a row at {i}",
            roles[i]
        )),
        None => Ok(()),
    }
}

fn run_sequence(format: Format, steps: &[Step]) -> Result<(), TestCaseError> {
    let mut run = Run::new(format);
    for (k, step) in steps.iter().enumerate() {
        let bodies = run.apply(step);
        for body in &bodies {
            check(format, body, &run.signatures).map_err(|e| {
                TestCaseError::fail(format!("{format:?}, step {k} ({step:?}): {e}\n{body}"))
            })?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_request_keeps_the_history_invariants(steps in prop::collection::vec(step(), 1..40)) {
        for format in [Format::Openai, Format::Anthropic, Format::Gemini] {
            run_sequence(format, &steps)?;
        }
    }
}

#[test]
fn a_typical_session_keeps_them_too() {
    use Step::*;
    // Two calls answered; a text answer; Stop while a call runs (its result still
    // comes); three calls, one invented, one failing; a reload; a last exchange.
    let steps = [
        Send,
        Calls(2),
        ToolOk,
        Answer,
        Send,
        Calls(1),
        Stop,
        ToolOk,
        Send,
        Calls(3),
        ToolOk,
        ToolError,
        Answer,
        Reload,
        Send,
        Answer,
    ];
    for format in [Format::Openai, Format::Anthropic, Format::Gemini] {
        let mut run = Run::new(format);
        let mut requests = 0;
        for step in &steps {
            for body in run.apply(step) {
                requests += 1;
                check(format, &body, &run.signatures)
                    .unwrap_or_else(|e| panic!("{format:?} {step:?}: {e}\n{body}"));
            }
        }
        assert!(
            requests >= 6,
            "{format:?}: only {requests} requests were built"
        );
    }
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let sys = json!({"role": "system", "content": PROMPT});
    let call = json!({"role": "assistant", "tool_calls": [{"id": "a"}, {"id": "b"}]});
    let result = |id: &str| json!({"role": "tool", "tool_call_id": id});
    let openai = |msgs: Vec<Value>| json!({ "messages": msgs });
    let good = openai(vec![
        sys.clone(),
        json!({"role": "user"}),
        call.clone(),
        result("b"),
        result("a"),
    ]);
    assert_eq!(check(Format::Openai, &good, &[]), Ok(()));
    let one_missing = openai(vec![
        sys.clone(),
        call.clone(),
        result("a"),
        json!({"role": "user"}),
    ]);
    assert!(check(Format::Openai, &one_missing, &[])
        .unwrap_err()
        .contains("invariant 1"));
    let orphan = openai(vec![sys.clone(), json!({"role": "user"}), result("a")]);
    assert!(check(Format::Openai, &orphan, &[])
        .unwrap_err()
        .contains("invariant 1"));
    let no_prompt = openai(vec![json!({"role": "user"})]);
    assert!(check(Format::Openai, &no_prompt, &[])
        .unwrap_err()
        .contains("invariant 5"));
    let leaked = openai(vec![
        sys.clone(),
        json!({"role": "user", "content": PAGE_ONLY[0]}),
    ]);
    assert!(check(Format::Openai, &leaked, &[])
        .unwrap_err()
        .contains("invariant 3"));
    assert!(check(Format::Openai, &good, &["SIG-1-+/=".into()])
        .unwrap_err()
        .contains("invariant 4"));
    let two_users =
        json!({"system": [{"text": PROMPT}], "messages": [{"role": "user"}, {"role": "user"}]});
    assert!(check(Format::Anthropic, &two_users, &[])
        .unwrap_err()
        .contains("invariant 2"));
    let unanswered = json!({"systemInstruction": {"parts": [{"text": PROMPT}]}, "contents": [
        {"role": "user"}, {"role": "model", "parts": [{"functionCall": {"name": "x"}}]}]});
    assert!(check(Format::Gemini, &unanswered, &[])
        .unwrap_err()
        .contains("invariant 1"));
}
