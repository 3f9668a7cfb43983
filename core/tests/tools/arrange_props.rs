//! Bad input changes nothing (docs/design/tool-contract.md §3.1) for delete, duplicate,
//! select and playback under random arguments: a call that fails wrote nothing to Live,
//! and one that succeeds returns a checked result.

use crate::support;

use proptest::prelude::*;
use serde_json::{json, Map, Value};
use support::fake::demo;
use support::outcome::writes;
use support::tools::call;

/// Ids that exist in the demo Set (tracks, scenes, clips, a device, a cue point), ids
/// that do not, and malformed ones.
fn id_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        (1u64..400).prop_map(|n| json!(n.to_string())),
        Just(json!("999999")),
        Just(json!("abc")),
        Just(json!("1,2,3")),
        Just(json!(-4)),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        id_value(),
        Just(json!("0/0")),
        Just(json!("6/0,6/9")),
        Just(json!("x/1")),
        Just(json!("1|1")),
        Just(json!("0|1")),
        Just(json!("9|1,17|1")),
        Just(json!("2:0")),
        Just(json!("0:0")),
        Just(json!("Verse")),
        Just(json!("locator-9")),
        Just(json!("t0/d1")),
        Just(json!("t0/d0/c0/d0")),
        Just(json!("#FF00FF")),
        Just(json!("#12")),
        Just(json!(true)),
        Just(json!(0)),
        Just(json!(3)),
        Just(json!(null)),
        "[ -~]{0,8}".prop_map(Value::String),
    ]
}

fn args(names: &'static [&'static str]) -> impl Strategy<Value = Value> {
    prop::collection::vec((prop::sample::select(names), value()), 0..5).prop_map(|kv| {
        let m: Map<String, Value> = kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        Value::Object(m)
    })
}

fn check(tool: &str, a: Value) -> Result<(), TestCaseError> {
    let mut live = demo();
    let before = live.to_json();
    live.reset_counters();
    let r = call(&mut live, tool, a.clone());
    if r["isError"] == true {
        prop_assert_eq!(
            writes(&live),
            0,
            "{} {} failed after writing: {}",
            tool,
            a,
            r
        );
        prop_assert_eq!(live.to_json(), before);
    } else {
        prop_assert!(r["structuredContent"].is_object());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn delete_fails_cleanly(mut a in args(&["ids", "path", "type"]), kind in prop::sample::select(vec!["track", "scene", "clip", "device", "drum-pad", "x"])) {
        a["type"] = json!(kind);
        check("barline-delete", a)?;
    }

    #[test]
    fn duplicate_fails_cleanly(mut a in args(&["id", "name", "color", "count", "withoutClips", "withoutDevices", "arrangementStart", "locator", "arrangementLength", "toSlot", "routeToSource"]), kind in prop::sample::select(vec!["track", "scene", "clip", "device"])) {
        a["type"] = json!(kind);
        check("barline-duplicate", a)?;
    }

    #[test]
    fn select_fails_cleanly(a in args(&["id", "trackIndex", "trackType", "sceneIndex", "slot", "devicePath", "view"])) {
        check("barline-select", a)?;
    }

    #[test]
    fn playback_fails_cleanly(mut a in args(&["startTime", "startLocator", "loop", "loopStart", "loopStartLocator", "loopEnd", "loopEndLocator", "ids", "slots", "sceneIndex"]), action in prop::sample::select(vec!["play-arrangement", "update-arrangement", "play-scene", "play-session-clips", "stop-session-clips", "stop-all-session-clips", "stop"])) {
        a["action"] = json!(action);
        check("barline-playback", a)?;
    }
}
