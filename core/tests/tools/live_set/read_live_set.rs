//! barline-read-live-set (docs/design/tool-rules.md §3): the overview, includes, locators,
//! and the live:// resource that mirrors it.

use super::update;
use crate::support;
use barline_core::live::LivePort;
use barline_core::tools::catalogue::resources;
use barline_core::tools::ToolContext;
use serde_json::{json, Value};
use support::fake::demo;
use support::outcome::{code, warnings, writes};
use support::tools::{call, call_ctx};

// --- read-live-set ------------------------------------------------------------------
#[test]
fn overview_without_include() {
    let mut live = demo();
    let r = call(&mut live, "barline-read-live-set", json!({}));
    let d = &r["structuredContent"];
    assert_eq!(
        d,
        &json!({
            "name": "Night Drive", "tempo": 104, "timeSignature": "4/4", "sceneCount": 5,
            "regularTrackCount": 7, "returnTrackCount": 2,
            "scale": "D Minor", "scalePitches": "D,E,F,G,A,Bb,C"
        })
    );
    assert!(warnings(&r).is_empty());
}

#[test]
fn live_set_resource_is_read_live_set_without_include() {
    let mut live = demo();
    let r = call(&mut live, "barline-read-live-set", json!({"include": []}));
    let res = resources::read(&mut live, resources::SET, &ToolContext::default()).unwrap();
    let text = res["contents"][0]["text"].as_str().unwrap();
    let data: Value = serde_json::from_str(text).unwrap();
    assert_eq!(data, r["structuredContent"]);
    let c = call(&mut live, "barline-connect", json!({}));
    assert_eq!(c["structuredContent"]["liveSet"], r["structuredContent"]);
}

#[test]
fn locators_in_time_order_with_ids() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["locators"]}),
    );
    assert_eq!(
        r["structuredContent"]["locators"],
        json!([
            {"id": "locator-0", "name": "Intro", "time": "1|1"},
            {"id": "locator-1", "name": "Verse", "time": "5|1"},
            {"id": "locator-2", "name": "Chorus", "time": "13|1"}
        ])
    );
    assert_eq!(r["structuredContent"]["sceneCount"], 5);
}

#[test]
fn tracks_and_scenes_replace_the_counts() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["*"]}),
    );
    let d = &r["structuredContent"];
    for gone in ["sceneCount", "regularTrackCount", "returnTrackCount"] {
        assert!(d.get(gone).is_none(), "{gone} with lists");
    }
    assert_eq!(d["tracks"].as_array().unwrap().len(), 7);
    assert_eq!(d["tracks"][1]["name"], "Bass");
    assert_eq!(d["tracks"][1]["trackIndex"], 1);
    assert_eq!(d["returnTracks"].as_array().unwrap().len(), 2);
    assert_eq!(d["returnTracks"][1]["returnTrackIndex"], 1);
    assert!(d["masterTrack"]["id"].is_string());
    assert_eq!(d["scenes"].as_array().unwrap().len(), 5);
    assert_eq!(d["scenes"][4]["sceneIndex"], 4);
    assert_eq!(d["locators"].as_array().unwrap().len(), 3);
    assert_eq!(writes(&live), 0);
}

#[test]
fn playing_and_scale_off_and_small_model_include() {
    let mut live = demo();
    update(&mut live, json!({"scale": ""}));
    let song = live.resolve("live_set");
    live.call(song, "start_playing", &[]).unwrap();
    let r = call(&mut live, "barline-read-live-set", json!({}));
    let d = &r["structuredContent"];
    assert_eq!(d["isPlaying"], true);
    assert!(d.get("scale").is_none() && d.get("scalePitches").is_none());
    let small = ToolContext {
        small_model: true,
        ..ToolContext::default()
    };
    let r = call_ctx(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["locators"]}),
        &small,
    );
    assert_eq!(code(&r), "BAD_INPUT", "{r}");
}
