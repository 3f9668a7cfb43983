//! barline-read-clip (docs/design/tool-rules.md §11): by slot or id, notes and timing, `bars`
//! windows, errors, arrangement clips and oversize answers.

use crate::support;
use barline_core::live::LivePort;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::demo;
use support::outcome::{data, text};
use support::tools::call;

#[test]
fn read_clip_by_slot_with_notes_and_timing() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"slot": "0/0", "include": ["notes", "timing", "color"]}),
    );
    let d = data(&r);
    assert_eq!(d["type"], "midi");
    assert_eq!(d["name"], "Hats Intro");
    assert_eq!(d["view"], "session");
    assert_eq!(d["slot"], "0/0");
    assert_eq!(d["timeSignature"], "4/4");
    assert_eq!(d["start"], "1|1");
    assert_eq!(d["length"], "2:0");
    assert!(d["color"].as_str().unwrap().starts_with('#'));
    let notes = d["notes"].as_str().unwrap();
    assert!(!notes.is_empty());
    // The text round-trips through the notation engine (bar|beat 2, the dialect
    // tools write) to the clip's notes.
    let back = barline_core::notation::interpret(
        notes,
        &barline_core::notation::InterpretOptions::time_signature(4, 4)
            .with_dialect(barline_core::notation::Dialect::V2),
    )
    .unwrap();
    assert_eq!(back.notes.len(), 16);
    // By id gives the same data.
    let id = d["id"].as_str().unwrap().to_string();
    let r2 = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": id, "include": ["notes", "timing", "color"]}),
    );
    assert_eq!(data(&r2), d);
}

#[test]
fn read_clip_bars_narrows_notes_and_audio_ignores_bars() {
    let mut live = demo();
    let all = call(
        &mut live,
        "barline-read-clip",
        json!({"slot": "0/0", "include": ["notes"]}),
    );
    let bar2 = call(
        &mut live,
        "barline-read-clip",
        json!({"slot": "0/0", "include": ["notes"], "bars": "2"}),
    );
    let n_all = data(&all)["notes"].as_str().unwrap().len();
    let n2 = data(&bar2)["notes"].as_str().unwrap();
    assert!(n2.len() < n_all && n2.contains("2|"), "{n2}");
    let audio = call(
        &mut live,
        "barline-read-clip",
        json!({"slot": "5/1", "include": ["sample", "warp"], "bars": "1"}),
    );
    let d = data(&audio);
    assert_eq!(d["type"], "audio");
    assert_eq!(d["name"], "chop-hey");
    assert_eq!(d["sampleFile"], "/Samples/Vox/chop-hey.wav");
    assert!(d["warpMode"].is_string() && d["warping"].is_boolean() && d["sampleRate"].is_number());
    assert!(d.get("notes").is_none());
    assert_eq!(
        audio["_meta"]["barline/warnings"],
        json!(["bars ignored: clip is an audio clip"])
    );
}

#[test]
fn read_clip_errors_and_empty_slot() {
    let mut live = demo();
    let code = |r: &Value| {
        r["_meta"]["barline/error"]["code"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    assert_eq!(
        code(&call(&mut live, "barline-read-clip", json!({}))),
        "BAD_INPUT"
    );
    assert_eq!(
        code(&call(
            &mut live,
            "barline-read-clip",
            json!({"slot": "x/1"})
        )),
        "BAD_INPUT"
    );
    assert_eq!(
        code(&call(
            &mut live,
            "barline-read-clip",
            json!({"slot": "0/0", "bars": "3-1"})
        )),
        "BAD_INPUT"
    );
    let r = call(&mut live, "barline-read-clip", json!({"slot": "70/0"}));
    assert_eq!(code(&r), "NOT_FOUND");
    assert!(text(&r).contains("trackIndex 70 does not exist (the Set has 7 tracks)"));
    let r = call(&mut live, "barline-read-clip", json!({"slot": "0/20"}));
    assert!(text(&r).contains("sceneIndex 20 does not exist"));
    assert_eq!(
        code(&call(
            &mut live,
            "barline-read-clip",
            json!({"clipId": "99999"})
        )),
        "NOT_FOUND"
    );
    assert_eq!(
        code(&call(
            &mut live,
            "barline-read-clip",
            json!({"clipId": "abc"})
        )),
        "NOT_FOUND"
    );
    let track = live.resolve("live_set tracks 0");
    let r = call(&mut live, "barline-read-clip", json!({"clipId": track.0}));
    assert_eq!(code(&r), "WRONG_TYPE");
    assert!(text(&r).contains("is a Track, not a clip"));
    // An empty slot: the empty result plus a warning.
    let empty = (0..5).find(|s| {
        let r = call(
            &mut live,
            "barline-read-clip",
            json!({"slot": format!("6/{s}")}),
        );
        r["structuredContent"]["id"].is_null()
    });
    let s = empty.expect("the Lead track has an empty slot");
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"slot": format!("6/{s}")}),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"id": null, "type": null, "name": null, "slot": format!("6/{s}")})
    );
    assert_eq!(
        r["_meta"]["barline/warnings"][0],
        format!("no clip at slot 6/{s}")
    );
}

#[test]
fn read_clip_of_an_arrangement_clip() {
    let mut live = demo();
    let clip = live.resolve("live_set tracks 0 arrangement_clips 0");
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": clip.0.to_string(), "include": ["timing"]}),
    );
    let d = data(&r);
    assert_eq!(d["view"], "arrangement");
    assert_eq!(d["trackIndex"], 0);
    assert_eq!(d["arrangementStart"], "1|1");
    assert_eq!(d["arrangementLength"], "4:0");
    assert!(d.get("slot").is_none());
}

#[test]
fn oversize_notes_are_too_large_with_bars_advice_and_bars_narrow_them() {
    let mut live =
        FakeLive::from_json(include_str!("../../../../patch/sim/sets/large.json")).unwrap();
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"slot": "0/0", "include": ["notes"]}),
    );
    assert_eq!(r["_meta"]["barline/error"]["code"], "TOO_LARGE");
    let t = text(&r);
    assert!(t.contains("(limit 25,000)") && t.contains("bars"), "{t}");
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"slot": "0/0", "include": ["notes"], "bars": "1-4"}),
    );
    let notes = data(&r)["notes"].as_str().unwrap();
    assert!(!notes.is_empty());
    assert!(text(&r).chars().count() <= 25_000);
}
