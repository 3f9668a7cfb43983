//! Stop in each state of a turn, and rate limits, refused parameters and errors: the
//! chat engine driven natively with scripted OpenAI-compatible streams.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use barline_core::chat::conversation::Conversation;
use barline_core::chat::engine::State;
use barline_core::chat::{Config, Effect, Engine, Format, ToolDef};
use serde_json::{json, Value};

fn tools() -> Vec<ToolDef> {
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

fn engine(round_limit: u32) -> Engine {
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

fn chunk(delta: Value) -> String {
    format!(
        "data: {}\n\n",
        json!({"choices": [{"index": 0, "delta": delta}]})
    )
}

/// An OpenAI stream asking for `calls` (name, arguments text), or answering `text`.
fn stream(text: &str, calls: &[(&str, &str)]) -> Vec<u8> {
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

fn requests(effects: &[Effect]) -> Vec<Value> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Request { request } => Some(serde_json::from_str(&request.body).unwrap()),
            _ => None,
        })
        .collect()
}

fn calls(effects: &[Effect]) -> Vec<(String, String, Value)> {
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
fn answer(e: &mut Engine, bytes: &[u8]) -> Vec<Effect> {
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

fn ok(text: &str) -> Value {
    json!({"content": [{"type": "text", "text": text}], "isError": false})
}

#[test]
fn stop_while_a_tool_runs_records_its_result_and_cancels_the_rest() {
    let mut e = engine(25);
    e.send("three clips");
    let run = answer(
        &mut e,
        &stream(
            "",
            &[
                ("barline-create-clip", r#"{"slot":"0/0"}"#),
                ("barline-create-clip", r#"{"slot":"0/1"}"#),
                ("barline-create-clip", r#"{"slot":"0/2"}"#),
            ],
        ),
    );
    let c = calls(&run);
    assert_eq!(c.len(), 1, "one at a time");
    let stop = e.stop();
    assert!(stop.contains(&Effect::CancelTool {
        call_id: c[0].0.clone()
    }));
    assert_eq!(e.state(), State::RunningTool, "waits for the running call");
    let after = e.tool_result(&c[0].0, &ok("created"));
    assert!(requests(&after).is_empty() && calls(&after).is_empty());
    assert_eq!(e.state(), State::Ready);
    let next = e.send("and now?");
    let req = &requests(&next)[0];
    let results: Vec<&str> = req["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap())
        .collect();
    assert_eq!(
        results,
        [
            "created",
            "CANCELLED: not run, the user stopped the turn",
            "CANCELLED: not run, the user stopped the turn"
        ]
    );
}

#[test]
fn stop_while_streaming_keeps_the_partial_text_for_the_next_request() {
    let mut e = engine(25);
    e.send("talk");
    e.stream_bytes(&chunk(json!({"content": "Half an ans"})).into_bytes());
    e.stream_bytes(&chunk(json!({"tool_calls": [{"index": 0, "id": "c1", "function": {"name": "barline-connect", "arguments": "{\"a"}}]})).into_bytes());
    assert_eq!(e.state(), State::Streaming);
    let stop = e.stop();
    assert!(stop.contains(&Effect::Abort));
    assert_eq!(e.state(), State::Ready);
    let req = &requests(&e.send("go on"))[0];
    let msgs = req["messages"].as_array().unwrap();
    assert_eq!(
        msgs[2],
        json!({"role": "assistant", "content": "Half an ans"})
    );
    assert_eq!(msgs[3], json!({"role": "user", "content": "go on"}));
}

#[test]
fn rate_limits_wait_and_resend_the_same_bytes() {
    let mut e = engine(25);
    let first = e.send("hi");
    let Effect::Request { request: original } = &first[0] else {
        panic!("a request")
    };
    let wait = e.http_error(429, Some("2"), "slow down", 0.3);
    assert_eq!(
        wait[0],
        Effect::Wait {
            ms: 2000,
            reason: "Rate limited (HTTP 429)".into()
        }
    );
    assert_eq!(e.state(), State::WaitingToRetry);
    let again = e.timer();
    let Effect::Request { request } = &again[0] else {
        panic!("a request")
    };
    assert_eq!(request.body, original.body);
    let wait = e.http_error(503, None, "", 0.5);
    assert!(matches!(wait[0], Effect::Wait { ms: 4500, .. }), "{wait:?}");
    let stop = e.stop();
    assert!(stop.contains(&Effect::CancelWait));
    assert_eq!(e.state(), State::Ready);
}

#[test]
fn a_refused_parameter_is_dropped_once_and_other_errors_end_in_error() {
    let mut e = engine(25);
    e.send("hi");
    let again = e.http_error(
        400,
        None,
        r#"{"error":"unknown field stream_options"}"#,
        0.0,
    );
    let req = &requests(&again)[0];
    assert!(req.get("stream_options").is_none());
    let fatal = e.http_error(
        401,
        None,
        "bad key sk-abcdefghijklmnopqrstuvwxyz0123456789",
        0.0,
    );
    assert_eq!(e.state(), State::Error);
    assert!(fatal
        .iter()
        .any(|x| matches!(x, Effect::Announce { text } if text.contains("refused the key"))));
    let conv = serde_json::to_string(e.conversation()).unwrap();
    assert!(
        !conv.contains("sk-abcdefghijklmnopqrstuvwxyz0123456789"),
        "keys are redacted from details"
    );
    let retried = e.retry();
    assert_eq!(requests(&retried).len(), 1);
}
