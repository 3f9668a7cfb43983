//! A tool call whose request finds no device: the turn pauses as device-unreachable with
//! no result recorded, the call runs again when the device is back, Stop records it as
//! not run, and messages typed meanwhile wait for the next round boundary.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use crate::support_chat;

use barline_core::chat::engine::State;
use barline_core::chat::Effect;
use serde_json::Value;
use support_chat::{answer, calls, engine, ok, requests, stream};

/// Tool results of an OpenAI request, in order.
fn results(req: &Value) -> Vec<String> {
    req["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_call_that_finds_no_device_pauses_the_turn_and_runs_again_when_it_is_back() {
    let mut e = engine(25);
    e.send("make a track");
    let run = answer(
        &mut e,
        &stream("", &[("barline-create-track", r#"{"name":"Drums"}"#)]),
    );
    let first = calls(&run);
    assert_eq!(first.len(), 1);
    let paused = e.device_unreachable(&first[0].0);
    assert!(requests(&paused).is_empty() && calls(&paused).is_empty());
    assert!(paused.contains(&Effect::Save));
    assert_eq!(e.state(), State::DeviceUnreachable);
    assert_eq!(
        e.turn_counts(),
        (1, 0),
        "a call that never ran is not counted"
    );
    let stored = serde_json::to_string(e.conversation()).unwrap();
    assert!(!stored.contains("DEVICE_ERROR"), "no result was invented");

    let back = e.device_back();
    let again = calls(&back);
    assert_eq!(again.len(), 1, "the same call runs again");
    assert_eq!(again[0].0, first[0].0);
    assert_eq!(again[0].2, first[0].2, "with the same arguments");
    assert_eq!(e.state(), State::RunningTool);
    let next = e.tool_result(&first[0].0, &ok("trackIndex:3"));
    let req = &requests(&next)[0];
    assert_eq!(results(req), ["trackIndex:3"], "exactly one result");
}

#[test]
fn stop_while_the_device_is_away_records_the_call_as_not_run() {
    let mut e = engine(25);
    e.send("two clips");
    let run = answer(
        &mut e,
        &stream(
            "",
            &[
                ("barline-create-clip", r#"{"slot":"0/0"}"#),
                ("barline-create-clip", r#"{"slot":"0/1"}"#),
            ],
        ),
    );
    let first = calls(&run);
    e.device_unreachable(&first[0].0);
    let stop = e.stop();
    assert!(requests(&stop).is_empty() && calls(&stop).is_empty());
    assert_eq!(e.state(), State::Ready);
    assert!(e.device_back().is_empty(), "nothing resumes after Stop");
    let next = e.send("and now?");
    let texts = results(&requests(&next)[0]);
    assert_eq!(
        texts,
        [
            "CANCELLED: not run, the user stopped the turn",
            "CANCELLED: not run, the user stopped the turn"
        ]
    );
}

#[test]
fn a_device_lost_after_stop_was_pressed_ends_the_turn() {
    let mut e = engine(25);
    e.send("a clip");
    let run = answer(
        &mut e,
        &stream("", &[("barline-create-clip", r#"{"slot":"0/0"}"#)]),
    );
    let first = calls(&run);
    e.stop();
    assert_eq!(e.state(), State::RunningTool, "waits for the running call");
    e.device_unreachable(&first[0].0);
    assert_eq!(e.state(), State::Ready);
    let next = e.send("again");
    assert_eq!(
        results(&requests(&next)[0]),
        ["CANCELLED: not run, the user stopped the turn"]
    );
}

#[test]
fn messages_typed_while_the_device_is_away_join_at_the_next_round_boundary() {
    let mut e = engine(25);
    e.send("a track");
    let run = answer(
        &mut e,
        &stream("", &[("barline-create-track", r#"{"name":"A"}"#)]),
    );
    let id = calls(&run)[0].0.clone();
    e.device_unreachable(&id);
    assert!(e.send("call it B").is_empty(), "queued, not sent");
    assert_eq!(e.queued(), ["call it B"]);
    e.device_back();
    let next = e.tool_result(&id, &ok("trackIndex:3"));
    let req = &requests(&next)[0];
    let last = req["messages"].as_array().unwrap().last().unwrap();
    assert_eq!(last["role"], "user");
    assert_eq!(last["content"], "call it B");
}

#[test]
fn late_or_unknown_reports_change_nothing() {
    let mut e = engine(25);
    assert!(e.device_unreachable("nothing").is_empty());
    assert!(e.device_back().is_empty());
    e.send("a track");
    let run = answer(
        &mut e,
        &stream("", &[("barline-create-track", r#"{"name":"A"}"#)]),
    );
    assert!(!calls(&run).is_empty());
    assert!(e.device_unreachable("call_9_other").is_empty());
    assert_eq!(e.state(), State::RunningTool);
    assert!(e.device_back().is_empty(), "not paused: nothing to resume");
}
