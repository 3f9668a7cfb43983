//! barline-update-scene (docs/design/tool-rules.md §10): names, colours, tempo and signature,
//! bulk outcomes, bad input and the time limit.

use super::{dumped_scenes, scene_id};
use crate::support;
use barline_core::live::Atom;
use serde_json::json;
use support::fake::{demo, id_of, one};
use support::outcome::call_with_deadline;
use support::outcome::data;
use support::outcome::{code, message, warnings, writes};
use support::tools::call;

// ---------------------------------------------------------------- update-scene
#[test]
fn update_scenes_names_colours_tempo_and_signature() {
    let mut live = demo();
    let (a, b) = (scene_id(&mut live, 0), scene_id(&mut live, 1));
    let r = call(
        &mut live,
        "barline-update-scene",
        json!({"ids": format!("{a}, {b}"), "name": "Start,", "color": "#FF3636", "tempo": 110, "timeSignature": "7/8"}),
    );
    assert_eq!(data(&r), &json!({"items": [{"id": a}, {"id": b}]}));
    assert!(warnings(&r).is_empty(), "{r}");
    let scenes = dumped_scenes(&live);
    assert_eq!(scenes[0]["name"], "Start");
    assert_eq!(scenes[1]["name"], "Verse", "empty entry keeps the name");
    for s in &scenes[..2] {
        assert_eq!(s["color_index"], 14);
        assert_eq!(s["tempo"].as_f64(), Some(110.0));
        assert_eq!(s["tempo_enabled"], true);
        assert_eq!(s["time_signature_numerator"], 7);
        assert_eq!(s["time_signature_denominator"], 8);
    }
    assert_eq!(
        scenes[2],
        json!({"name": "Chorus", "color_index": 14}),
        "others untouched"
    );
}

#[test]
fn disabling_keeps_the_stored_values_and_live_reads_minus_one() {
    let mut live = demo();
    let (outro, breakdown) = (scene_id(&mut live, 4), scene_id(&mut live, 3));
    let r = call(
        &mut live,
        "barline-update-scene",
        json!({"ids": format!("{outro},{breakdown}"), "tempo": -1, "timeSignature": "disabled"}),
    );
    data(&r);
    let scenes = dumped_scenes(&live);
    assert_eq!(
        scenes[4]["tempo"].as_f64(),
        Some(98.0),
        "value kept while disabled"
    );
    assert_ne!(scenes[4]["tempo_enabled"], true);
    assert_eq!(scenes[3]["time_signature_numerator"], 3);
    assert_ne!(scenes[3]["time_signature_enabled"], true);
    let id = id_of(&mut live, "live_set scenes 4");
    assert_eq!(one(&mut live, id, "tempo"), Atom::Float(-1.0));
    let r = call(&mut live, "barline-read-scene", json!({"sceneId": outro}));
    assert!(data(&r).get("tempo").is_none());
    let r = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneId": breakdown}),
    );
    assert!(data(&r).get("timeSignature").is_none());
    // Giving a tempo enables it again.
    let r = call(
        &mut live,
        "barline-update-scene",
        json!({"ids": outro, "tempo": "120"}),
    );
    data(&r);
    let r = call(&mut live, "barline-read-scene", json!({"sceneId": outro}));
    assert_eq!(data(&r)["tempo"], 120);
}

#[test]
fn update_scene_bulk_outcomes() {
    let mut live = demo();
    let a = scene_id(&mut live, 0);
    let track = id_of(&mut live, "live_set tracks 0").to_string();
    let r = call(
        &mut live,
        "barline-update-scene",
        json!({"ids": format!("{a},999999,id {a},{track}"), "name": "Solo"}),
    );
    assert_eq!(data(&r), &json!({"id": a}));
    assert_eq!(
        warnings(&r),
        [
            format!("duplicate id \"{a}\" ignored"),
            "id \"999999\" does not exist; skipped".to_string(),
            format!("id \"{track}\" is a Track, not a scene; skipped"),
        ]
    );
    assert_eq!(dumped_scenes(&live)[0]["name"], "Solo");
    let before = live.to_json();
    let r = call(
        &mut live,
        "barline-update-scene",
        json!({"ids": "999998,999999", "name": "X"}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
    assert_eq!(
        message(&r),
        "id \"999998\" does not exist; id \"999999\" does not exist"
    );
    let r = call(
        &mut live,
        "barline-update-scene",
        json!({"ids": track, "name": "X"}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    assert_eq!(live.to_json(), before);
}

#[test]
fn update_scene_bad_input_changes_nothing() {
    let mut live = demo();
    let ids = format!(
        "{},{},{}",
        scene_id(&mut live, 0),
        scene_id(&mut live, 1),
        scene_id(&mut live, 2)
    );
    let cases = [
        json!({"ids": ids, "name": "A,B,C", "color": "#FF0000,#00FF0"}),
        json!({"ids": ids, "tempo": 19.5}),
        json!({"ids": ids, "tempo": "fast"}),
        json!({"ids": ids, "timeSignature": "4"}),
        json!({"ids": ids, "timeSignature": "100/4"}),
        json!({"ids": " , "}),
        json!({"name": "A"}),
    ];
    for args in cases {
        let mut live = demo();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-update-scene", args.clone());
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
        assert_eq!(writes(&live), 0, "{args}: a write reached Live");
        assert_eq!(live.to_json(), before, "{args} changed the Set");
    }
}

#[test]
fn update_scene_stops_before_the_deadline() {
    let mut live = demo();
    let ids: Vec<String> = (0..5).map(|i| scene_id(&mut live, i)).collect();
    let r = call_with_deadline(
        &mut live,
        "barline-update-scene",
        json!({"ids": ids.join(","), "name": "N"}),
    );
    assert_eq!(data(&r)["items"].as_array().unwrap().len(), 4);
    assert_eq!(
        warnings(&r),
        ["stopped after 4 of 5 scenes to stay within the time limit; repeat the call for the rest"]
    );
    let scenes = dumped_scenes(&live);
    assert_eq!(scenes[3]["name"], "N");
    assert_eq!(scenes[4]["name"], "Outro");
}
