//! Two sessions creating locators at once (issue 22, finding 3): there is one playhead,
//! so each waiting create moves it back before it waits again, toggles a cue only with
//! the playhead at its own time, and reports exactly the locator it created.

use crate::support;

use barline_core::tools::testing::call::NoClock;
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use barline_core::tools::{execute, ToolRequest, RESUME_CONTEXT, WAIT_META};
use serde_json::{json, Value};
use support::fake::demo;

fn create(at: &str) -> ToolRequest {
    ToolRequest {
        tool: "barline-update-live-set".into(),
        args: json!({"locatorOperation": "create", "locatorTime": at}),
        context: ToolContext::default().to_json(),
    }
}

#[test]
fn interleaved_creates_each_place_their_own_locator() {
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let mut requests = [create("300|1"), create("310|1")];
    let mut done: [Option<Value>; 2] = [None, None];
    // The two sessions' runs alternate, Live applying the playhead moves in between.
    for _round in 0..40 {
        for (k, request) in requests.iter_mut().enumerate() {
            if done[k].is_some() {
                continue;
            }
            let out = execute(&mut live, request, &mut ids, &NoClock);
            match out.result["_meta"].get(WAIT_META) {
                Some(w) => request.context[RESUME_CONTEXT] = w["state"].clone(),
                None => done[k] = Some(out.result["structuredContent"]["locator"].clone()),
            }
        }
        live.settle();
        if done.iter().all(Option::is_some) {
            break;
        }
    }
    let set: Value = serde_json::from_str(&live.to_json()).unwrap();
    let times: Vec<f64> = set["cue_points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["time"].as_f64().unwrap())
        .collect();
    for (k, at, beats) in [(0, "300|1", 1196.0), (1, "310|1", 1236.0)] {
        let r = done[k]
            .clone()
            .unwrap_or_else(|| panic!("session {k} never finished"));
        assert_eq!(r["operation"], "created", "session {k}: {r}");
        assert_eq!(r["time"], at, "session {k}: {r}");
        assert!(times.contains(&beats), "no cue at {at}: {times:?}");
    }
    let clips: usize = set["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["arrangement_clips"].as_array().map_or(0, Vec::len))
        .sum();
    let before: Value = serde_json::from_str(&demo().to_json()).unwrap();
    let clips_before: usize = before["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["arrangement_clips"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(clips, clips_before, "temporary clips removed");
}
