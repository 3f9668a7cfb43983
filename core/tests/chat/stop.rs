//! Stop in each state of a turn, and rate limits, refused parameters and errors: the
//! chat engine driven natively with scripted OpenAI-compatible streams.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use crate::support_chat;

use barline_core::chat::engine::State;
use barline_core::chat::Effect;
use serde_json::json;
use support_chat::{answer, calls, chunk, engine, ok, requests, stream};

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
