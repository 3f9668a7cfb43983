//! The chat engine's tool loop driven natively with scripted OpenAI-compatible streams:
//! a turn that creates a track and a clip, the page's own answers to invented tools and
//! broken arguments, the round limit with Continue, the repetition guard, Stop in each
//! state, rate-limit retries and messages queued during a turn.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use crate::support_chat;

use barline_core::chat::conversation::Conversation;
use barline_core::chat::engine::State;
use barline_core::chat::{Effect, Engine};
use serde_json::{json, Value};
use support_chat::{answer, calls, engine, ok, requests, stream, tools};

fn failed(text: &str) -> Value {
    json!({"content": [{"type": "text", "text": text}], "isError": true})
}

#[test]
fn a_turn_creates_a_track_and_a_clip_then_answers() {
    let mut e = engine(25);
    let first = e.send("make a drum beat");
    let req = &requests(&first)[0];
    assert_eq!(
        req["messages"][0],
        json!({"role": "system", "content": "You help."})
    );
    assert_eq!(
        req["messages"][1],
        json!({"role": "user", "content": "make a drum beat"})
    );
    assert_eq!(req["tools"].as_array().unwrap().len(), 5);
    assert_eq!(req["stream"], json!(true));
    assert_eq!(e.state(), State::Waiting);

    let run = answer(
        &mut e,
        &stream("", &[("barline-create-track", r#"{"name":"Drums"}"#)]),
    );
    let c = calls(&run);
    assert_eq!(c.len(), 1);
    assert_eq!(
        (c[0].1.as_str(), &c[0].2),
        ("barline-create-track", &json!({"name": "Drums"}))
    );
    assert_eq!(e.state(), State::RunningTool);

    let next = e.tool_result(&c[0].0, &ok("id: 7"));
    let req = &requests(&next)[0];
    let msgs = req["messages"].as_array().unwrap();
    assert_eq!(
        msgs[2]["tool_calls"][0]["function"]["name"],
        "barline-create-track"
    );
    assert_eq!(
        msgs[3],
        json!({"role": "tool", "tool_call_id": c[0].0, "content": "id: 7"})
    );

    let run = answer(
        &mut e,
        &stream(
            "",
            &[("barline-create-clip", r#"{"slot":"0/0","notes":"C1 1|1"}"#)],
        ),
    );
    let c = calls(&run);
    let next = e.tool_result(&c[0].0, &ok("created"));
    assert_eq!(requests(&next).len(), 1);
    let done = answer(&mut e, &stream("Done: a track and a clip.", &[]));
    assert!(requests(&done).is_empty());
    assert_eq!(e.state(), State::Ready);
    assert!(done
        .iter()
        .any(|x| matches!(x, Effect::Announce { text } if text.contains("answer complete"))));
    assert_eq!(e.turn_counts(), (0, 0), "the turn is over");
}

#[test]
fn invented_tools_and_broken_arguments_are_answered_by_the_page() {
    let mut e = engine(25);
    e.send("go");
    let run = answer(
        &mut e,
        &stream(
            "",
            &[
                ("barline-make-song", "{}"),
                ("barline-read-live-set", r#"{"trackIndex": 0"#),
            ],
        ),
    );
    assert!(calls(&run).is_empty(), "nothing reaches the device");
    let req = &requests(&run)[0];
    let msgs = req["messages"].as_array().unwrap();
    let results: Vec<&str> = msgs
        .iter()
        .filter(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap())
        .collect();
    assert_eq!(results.len(), 2);
    assert!(
        results[0].starts_with(
            "UNKNOWN_TOOL: no tool named \"barline-make-song\". Tools: barline-connect,"
        ),
        "{}",
        results[0]
    );
    assert!(
        results[1].starts_with("BAD_INPUT: the arguments are not valid JSON ("),
        "{}",
        results[1]
    );
    assert!(results[1].ends_with("send one JSON object"));
}

#[test]
fn the_round_limit_pauses_and_continue_adds_no_message() {
    let mut e = engine(3);
    e.send("read forever");
    let mut sent = 1;
    loop {
        let run = answer(
            &mut e,
            &stream(
                "",
                &[("barline-read-live-set", &format!("{{\"n\":{sent}}}"))],
            ),
        );
        let c = calls(&run);
        let next = e.tool_result(&c[0].0, &ok("tracks: 4"));
        if requests(&next).is_empty() {
            break;
        }
        sent += 1;
    }
    assert_eq!(sent, 3);
    assert_eq!(e.state(), State::RoundLimit);
    assert!(
        e.pause_reason().contains("3 rounds and 3 tool calls"),
        "{}",
        e.pause_reason()
    );
    let cont = e.continue_turn();
    let req = &requests(&cont)[0];
    let msgs = req["messages"].as_array().unwrap();
    assert_eq!(
        msgs.last().unwrap()["role"],
        "tool",
        "ends with the tool result"
    );
    assert!(!req.to_string().to_lowercase().contains("continue"));
    let users = msgs.iter().filter(|m| m["role"] == "user").count();
    assert_eq!(users, 1);
    let stop = e.stop();
    assert!(stop.contains(&Effect::Abort));
    assert_eq!(e.state(), State::Ready);
}

#[test]
fn a_call_failing_three_rounds_running_pauses_before_a_fourth_request() {
    let mut e = engine(25);
    e.send("fix it");
    for round in 1..=3 {
        let run = answer(
            &mut e,
            &stream("", &[("barline-update-clip", r#"{"id":"x","notes":"??"}"#)]),
        );
        let c = calls(&run);
        let next = e.tool_result(&c[0].0, &failed("BAD_INPUT: notes"));
        assert_eq!(
            requests(&next).len(),
            usize::from(round < 3),
            "round {round}"
        );
    }
    assert_eq!(e.state(), State::RoundLimit);
    assert!(e
        .pause_reason()
        .contains("repeated a failing call three times"));
}

#[test]
fn messages_queued_during_a_turn_join_at_the_next_round() {
    let mut e = engine(25);
    e.send("first");
    let run = answer(&mut e, &stream("", &[("barline-connect", "{}")]));
    assert!(e.send("also this").is_empty());
    assert_eq!(e.queued(), ["also this"]);
    let c = calls(&run);
    let next = e.tool_result(&c[0].0, &ok("connected"));
    let msgs = requests(&next)[0]["messages"].as_array().unwrap().clone();
    assert_eq!(msgs[msgs.len() - 2]["role"], "tool");
    assert_eq!(
        msgs.last().unwrap(),
        &json!({"role": "user", "content": "also this"})
    );
}

#[test]
fn a_conversation_saved_mid_call_reopens_interrupted_and_valid() {
    let mut e = engine(25);
    e.send("go");
    answer(&mut e, &stream("", &[("barline-create-track", "{}")]));
    let saved: Conversation =
        serde_json::from_str(&serde_json::to_string(e.conversation()).unwrap()).unwrap();
    let mut reopened = Engine::new(e.config().clone(), saved);
    reopened.set_tools(tools(), Vec::new());
    let req = &requests(&reopened.send("what happened?"))[0];
    let tool: Vec<&Value> = req["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "tool")
        .collect();
    assert_eq!(tool.len(), 1);
    assert!(tool[0]["content"]
        .as_str()
        .unwrap()
        .starts_with("INTERRUPTED: the page closed"));
}

#[test]
fn a_tool_call_written_as_text_is_a_no_tool_support_error() {
    let mut e = engine(25);
    e.send("go");
    let out = answer(
        &mut e,
        &stream("<tool_call>{\"name\":\"barline-connect\"}</tool_call>", &[]),
    );
    assert_eq!(e.state(), State::Error);
    assert!(out
        .iter()
        .any(|x| matches!(x, Effect::Announce { text } if text.contains("can't call tools"))));
}
