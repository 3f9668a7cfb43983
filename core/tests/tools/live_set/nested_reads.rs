//! Nested reads are the nested tool's own result (docs/design/tool-contract.md §1.7),
//! but output schemas show them only as objects, so `tools/list` stays short. These
//! tests check what the schemas cannot say, on the demo Set with everything included:
//! read-live-set's tracks and scenes have read-track's and read-scene's shape, and the
//! clips of read-track and read-scene have read-clip's (without the fields a list
//! leaves out).

use crate::support;
use serde_json::{json, Value};
use support::fake::demo;
use support::tools::{call, output_schema, schema_problems};

fn assert_shape(tool: &str, schema: &Value, items: &[Value]) {
    for item in items {
        let problems = schema_problems(schema, item);
        assert!(problems.is_empty(), "{tool}: {problems:?} in {item}");
    }
}

/// read-clip's schema without `type` among the required fields: the clip lists of
/// read-track leave `type` (and `view`) out.
fn listed_clip_schema() -> Value {
    let mut schema = output_schema("barline-read-clip");
    if let Some(required) = schema["required"].as_array_mut() {
        required.retain(|r| r != "type");
    }
    schema
}

fn list(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

#[test]
fn read_live_sets_tracks_and_scenes_have_their_tools_shape() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-read-live-set",
        json!({"include": ["*"]}),
    );
    let d = &r["structuredContent"];
    let mut tracks = list(&d["tracks"]);
    tracks.extend(list(&d["returnTracks"]));
    tracks.push(d["masterTrack"].clone());
    assert!(tracks.len() > 2, "{d}");
    assert_shape("tracks", &output_schema("barline-read-track"), &tracks);
    let scenes = list(&d["scenes"]);
    assert!(!scenes.is_empty(), "{d}");
    assert_shape("scenes", &output_schema("barline-read-scene"), &scenes);
}

#[test]
fn listed_clips_have_read_clips_shape() {
    let mut live = demo();
    let clip = listed_clip_schema();
    let set = call(&mut live, "barline-read-live-set", json!({}));
    let tracks = set["structuredContent"]["regularTrackCount"]
        .as_u64()
        .unwrap();
    let mut seen = 0;
    for t in 0..tracks {
        let r = call(
            &mut live,
            "barline-read-track",
            json!({"trackIndex": t, "include": ["session-clips", "arrangement-clips", "timing"]}),
        );
        let d = &r["structuredContent"];
        let mut clips = list(&d["sessionClips"]);
        clips.extend(list(&d["arrangementClips"]));
        assert_shape("read-track clips", &clip, &clips);
        seen += clips.len();
    }
    let scene = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneIndex": 0, "include": ["clips"]}),
    );
    let clips = list(&scene["structuredContent"]["clips"]);
    assert_shape("read-scene clips", &clip, &clips);
    assert!(seen > 0 && !clips.is_empty(), "the demo Set has clips");
}
