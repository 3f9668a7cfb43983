//! barline-read-scene (docs/design/tool-rules.md §8): by index or id, its clips as read-clip
//! results, errors and stale ids, the summary other readers nest.

use super::scene_id;
use crate::support;
use barline_core::live::{Atom, LivePort};
use barline_core::tools;
use barline_core::tools::testing::call::{Call, NoClock};
use barline_core::tools::testing::scene_reader as read_scene;
use barline_core::tools::testing::session_grid;
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::outcome::data;
use support::outcome::{code, message, warnings, writes};
use support::tools::{call, check_result};

// ---------------------------------------------------------------- read-scene
#[test]
fn read_scene_overview_by_index_and_by_id() {
    let mut live = demo();
    live.reset_counters();
    let r = call(&mut live, "barline-read-scene", json!({"sceneIndex": 1}));
    let verse = scene_id(&mut live, 1);
    assert_eq!(
        data(&r),
        &json!({"id": verse, "name": "Verse", "sceneIndex": 1, "clipCount": 4})
    );
    assert_eq!(
        r["content"][0]["text"],
        format!("{{id:\"{verse}\",name:\"Verse\",sceneIndex:1,clipCount:4}}")
    );
    assert_eq!(writes(&live), 0, "a read writes nothing");
    let outro = scene_id(&mut live, 4);
    let r = call(&mut live, "barline-read-scene", json!({"sceneId": outro}));
    assert_eq!(
        data(&r),
        &json!({"id": outro, "name": "Outro", "sceneIndex": 4, "tempo": 98, "clipCount": 3})
    );
    let r = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneIndex": 3, "include": ["color"]}),
    );
    let d = data(&r);
    assert_eq!(d["timeSignature"], "3/4");
    assert!(d.get("tempo").is_none(), "tempo disabled: absent");
    assert!(d["color"].as_str().unwrap().starts_with('#'));
}

#[test]
fn read_scene_id_wins_over_index_with_a_warning() {
    let mut live = demo();
    let intro = scene_id(&mut live, 0);
    let r = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneId": format!("id {intro}"), "sceneIndex": 2}),
    );
    assert_eq!(data(&r)["name"], "Intro");
    assert_eq!(
        warnings(&r),
        ["sceneIndex ignored because sceneId was given"]
    );
}

#[test]
fn read_scene_clips_are_read_clip_results_without_view() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneIndex": 2, "include": ["*"]}),
    );
    let d = data(&r);
    assert!(d.get("clipCount").is_none());
    let clips = d["clips"].as_array().unwrap();
    let slots: Vec<&str> = clips.iter().map(|c| c["slot"].as_str().unwrap()).collect();
    assert_eq!(slots, ["0/2", "1/2", "3/2", "4/2", "5/2", "6/2"]);
    for c in clips {
        let mut direct = call(
            &mut live,
            "barline-read-clip",
            json!({"clipId": c["id"], "include": ["notes", "sample", "timing", "color"]}),
        )["structuredContent"]
            .clone();
        assert_eq!(direct["view"], "session");
        direct.as_object_mut().unwrap().remove("view");
        assert_eq!(c, &direct, "same reader as read-clip, without view");
        assert!(
            c.get("sampleRate").is_none(),
            "\"*\" never adds read-clip's warp"
        );
    }
    assert!(clips[0]["notes"].is_string());
    assert!(clips[4]["sampleFile"].is_string());
    assert!(d["color"].is_string());
}

#[test]
fn read_scene_names_an_unnamed_scene_by_its_number() {
    let mut live = demo();
    let song = id_of(&mut live, "live_set");
    live.call(song, "create_scene", &[Atom::Int(-1)]).unwrap();
    let r = call(&mut live, "barline-read-scene", json!({"sceneIndex": 5}));
    assert_eq!(data(&r)["name"], "6");
    assert_eq!(data(&r)["clipCount"], 0);
}

#[test]
fn read_scene_errors() {
    let mut live = demo();
    let r = call(&mut live, "barline-read-scene", json!({}));
    assert_eq!(code(&r), "BAD_INPUT");
    let r = call(&mut live, "barline-read-scene", json!({"sceneIndex": 12}));
    assert_eq!(code(&r), "NOT_FOUND");
    assert_eq!(
        message(&r),
        "sceneIndex 12 does not exist (the Set has 5 scenes)"
    );
    let track = id_of(&mut live, "live_set tracks 0").to_string();
    let r = call(&mut live, "barline-read-scene", json!({"sceneId": track}));
    assert_eq!(code(&r), "WRONG_TYPE");
    assert_eq!(
        message(&r),
        format!("id \"{track}\" is a Track, not a scene")
    );
    let r = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneId": "999999"}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
    let r = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneIndex": 0, "include": ["warp"]}),
    );
    assert_eq!(
        code(&r),
        "BAD_INPUT",
        "warp is read-clip's, not read-scene's"
    );
}

#[test]
fn a_deleted_scene_read_again_is_a_stale_reference() {
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let ctx = ToolContext::default();
    let mut run = |live: &mut FakeLive, tool: &str, args: Value| {
        let r = tools::call_with(live, tool, &args, &ctx, false, &mut ids, &NoClock).unwrap();
        check_result(tool, &r, false);
        r
    };
    let r = run(&mut live, "barline-read-scene", json!({"sceneIndex": 4}));
    let id = data(&r)["id"].clone();
    let song = id_of(&mut live, "live_set");
    live.call(song, "delete_scene", &[Atom::Int(4)]).unwrap();
    let r = run(&mut live, "barline-read-scene", json!({"sceneId": id}));
    assert_eq!(code(&r), "STALE_REFERENCE", "{r}");
    let r = run(
        &mut live,
        "barline-update-scene",
        json!({"ids": id, "name": "X"}),
    );
    assert_eq!(code(&r), "STALE_REFERENCE", "{r}");
}

#[test]
fn summary_takes_a_foreign_include_list_and_keeps_only_its_options() {
    let mut live = demo();
    let scene = id_of(&mut live, "live_set scenes 2");
    let (ctx, mut ids, clock) = (ToolContext::default(), IssuedIds::new(), NoClock);
    let mut c = Call::new(&mut live, &ctx, &mut ids, &clock);
    let found = session_grid::scene_clips(c.live, scene).unwrap();
    assert_eq!(found.len(), 6);
    let info = read_scene::summary(
        &mut c,
        scene,
        2,
        &found,
        &["tracks", "color", "*", "warp", "mixer"],
    )
    .unwrap();
    assert!(info.color.is_some());
    assert!(info.clips.is_none(), "\"*\" of another tool adds nothing");
    assert_eq!(info.clip_count, Some(6));
    assert!(c.ids().was_issued(&scene.to_string()));
    let info = read_scene::summary(&mut c, scene, 2, &found, &["clips", "warp"]).unwrap();
    let clips = info.clips.unwrap();
    assert!(clips
        .iter()
        .all(|c| c.facts.sample_rate.is_none() && c.view.is_none()));
    assert!(c.ids().was_issued(&clips[0].id.0.clone().unwrap()));
}
