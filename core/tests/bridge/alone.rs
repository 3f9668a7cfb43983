//! A locator create waits alone (issue 22, finding 3): while it waits for the one
//! playhead with its temporary clip in the arrangement, every other call — another
//! session's read, another create — waits behind it, so none sees the temporary clip
//! or moves the playhead under it. Answers keep the order the calls came in.

use crate::support::fake::demo;
use barline_core::bridge::{decode_response, frame_request};
use barline_core::live::LivePort;
use barline_core::relay::{Step, V8Session};
use serde_json::{json, Value};
use std::collections::VecDeque;

fn request(id: u64, tool: &str, args: Value) -> Vec<barline_core::live::Atom> {
    frame_request(
        id,
        &json!({"tool": tool, "args": args, "context": {}}).to_string(),
    )
    .unwrap()
}

/// Arrangement clips in the whole Set.
fn clip_count(set: &Value) -> usize {
    set["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["arrangement_clips"].as_array().map_or(0, Vec::len))
        .sum()
}

#[test]
fn calls_arriving_while_a_locator_create_waits_run_after_it() {
    let mut live = demo();
    let clips_before = clip_count(&serde_json::from_str(&live.to_json()).unwrap());
    let mut session = V8Session::new();
    assert!(session.start(&mut live).is_empty());
    // The playhead moved to 7|1 becomes visible a tick later: the create waits for it.
    let first = session.handle(
        &mut live,
        &request(
            1,
            "barline-update-live-set",
            json!({"locatorOperation": "create", "locatorTime": "7|1"}),
        ),
    );
    let Step::Wait { token, .. } = first else {
        panic!("the create should wait for the playhead, got {first:?}");
    };
    let mut waiting = VecDeque::from([token]);
    for (id, tool, args) in [
        (2, "barline-read-live-set", json!({"include": ["locators"]})),
        (
            3,
            "barline-update-live-set",
            json!({"locatorOperation": "create", "locatorTime": "11|1"}),
        ),
    ] {
        match session.handle(&mut live, &request(id, tool, args)) {
            Step::Wait { token, .. } => waiting.push_back(token),
            other => panic!("call {id} ran beside the waiting create: {other:?}"),
        }
    }
    let mut answers: Vec<(u64, Value)> = Vec::new();
    for _ in 0..400 {
        let Some(token) = waiting.pop_front() else {
            break;
        };
        live.after_wait();
        match session.resume(&mut live, token) {
            Step::Respond(atoms) => {
                let d = decode_response(&atoms).unwrap();
                answers.push((d.request_id, serde_json::from_str(&d.result_json).unwrap()));
            }
            Step::Wait { token, .. } => waiting.push_back(token),
            Step::Invalid(m) => panic!("{m}"),
        }
    }
    let order: Vec<u64> = answers.iter().map(|a| a.0).collect();
    assert_eq!(order, [1, 2, 3]);
    for (id, r) in &answers {
        assert_ne!(r["isError"], true, "call {id}: {r}");
    }
    assert_eq!(answers[0].1["structuredContent"]["locator"]["time"], "7|1");
    assert_eq!(answers[2].1["structuredContent"]["locator"]["time"], "11|1");
    // The read ran after the first create and before the second.
    let read = answers[1].1["structuredContent"].to_string();
    assert!(read.contains("7|1") && !read.contains("11|1"), "{read}");
    let set: Value = serde_json::from_str(&live.to_json()).unwrap();
    assert_eq!(clip_count(&set), clips_before, "no temporary clip left");
}
