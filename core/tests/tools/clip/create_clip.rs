//! barline-create-clip (docs/design/tool-rules.md §12) against the demo Set, and
//! docs/design/tool-contract.md §3.1: bad input to any write tool changes nothing in the
//! Set.

use crate::support;

use barline_core::live::LivePort;
use barline_core::notation::{interpret, InterpretOptions};
use barline_core::tools::catalogue;
use serde_json::{json, Value};
use support::fake::demo;
use support::outcome::{code, warnings};
use support::tools::call;

#[test]
fn session_clip_with_notes_reads_back_the_same_notes() {
    let mut live = demo();
    let notes = "t4 C3 E3 G3 1|1 A2 C3 E3 2|1";
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": notes, "name": "Chords"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let d = &r["structuredContent"];
    assert_eq!(d["slot"], "6/0");
    assert_eq!(d["noteCount"], 6);
    assert_eq!(d["length"], "2:0");
    let back = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": d["id"], "include": ["notes", "timing"]}),
    );
    let b = &back["structuredContent"];
    assert_eq!(b["name"], "Chords");
    assert_eq!(b["length"], "2:0");
    // Tools write bar|beat 2, which also reads every core text the same.
    let opts =
        InterpretOptions::time_signature(4, 4).with_dialect(barline_core::notation::Dialect::V2);
    assert_eq!(
        interpret(b["notes"].as_str().unwrap(), &opts)
            .unwrap()
            .notes,
        interpret(notes, &opts).unwrap().notes
    );
}

#[test]
fn explicit_length_start_and_signature() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/1", "notes": "C3 1|1", "length": "4:0", "timeSignature": "3/4", "looping": true}),
    );
    let id = r["structuredContent"]["id"].clone();
    assert!(
        r["structuredContent"].get("length").is_none(),
        "length is reported only when not given"
    );
    let b = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": id, "include": ["timing"]}),
    );
    assert_eq!(b["structuredContent"]["timeSignature"], "3/4");
    assert_eq!(b["structuredContent"]["length"], "4:0");
    assert_eq!(b["structuredContent"]["looping"], true);
}

#[test]
fn several_positions_names_colours_and_arrangement() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({
        "slot": "6/3,6/4", "trackIndex": 6, "arrangementStart": "9|1",
        "name": "A,B,C", "color": "#FF0000,#00FF00", "notes": "C3 1|1,2,3,4"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let items = r["structuredContent"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0]["slot"], "6/3");
    assert_eq!(items[2]["trackIndex"], 6);
    assert_eq!(items[2]["arrangementStart"], "9|1");
    let names: Vec<Value> = items
        .iter()
        .map(|i| {
            call(
                &mut live,
                "barline-read-clip",
                json!({"clipId": i["id"], "include": ["color"]}),
            )["structuredContent"]
                .clone()
        })
        .collect();
    assert_eq!(
        names.iter().map(|n| n["name"].clone()).collect::<Vec<_>>(),
        [json!("A"), json!("B"), json!("C")]
    );
    assert_eq!(names[0]["color"], names[2]["color"], "colours cycle");
    assert_eq!(names[2]["view"], "arrangement");
}

#[test]
fn occupied_slots_conflict_or_warn() {
    let mut live = demo();
    let r = call(&mut live, "barline-create-clip", json!({"slot": "0/0"}));
    assert_eq!(code(&r), "CONFLICT");
    let r = call(&mut live, "barline-create-clip", json!({"slot": "0/0,0/3"}));
    assert_ne!(r["isError"], true);
    assert_eq!(r["structuredContent"]["slot"], "0/3");
    let w = warnings(&r);
    assert!(
        w.len() == 1 && w[0].starts_with("slot 0/0 already has clip \"") && w[0].contains("(id "),
        "the warning names the clip there: {w:?}"
    );
}

#[test]
fn missing_scenes_are_created() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/6", "notes": "C3 1|1"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let c = call(&mut live, "barline-connect", json!({}));
    assert_eq!(c["structuredContent"]["liveSet"]["sceneCount"], 7);
}

#[test]
fn audio_track_is_wrong_type_before_any_create_call() {
    let mut live = demo();
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "5/0", "notes": "C3 1|1"}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    let calls: u64 = live
        .counters()
        .by_type
        .values()
        .map(|c| c.call + c.set)
        .sum();
    assert_eq!(calls, 0, "no set or call reached Live");
}

#[test]
fn bad_input_to_every_write_tool_changes_nothing() {
    let bad: &[(&str, Value)] = &[
        (
            "barline-create-clip",
            json!({"slot": "6/0", "notes": "C3 1|1 ))"}),
        ),
        ("barline-create-clip", json!({"slot": "6/0,zz"})),
        (
            "barline-create-clip",
            json!({"slot": "6/0,6/1", "color": "#12345G"}),
        ),
        (
            "barline-create-clip",
            json!({"slot": "6/0", "timeSignature": "4/3"}),
        ),
        (
            "barline-create-clip",
            json!({"slot": "6/0", "length": "0:0"}),
        ),
        (
            "barline-create-clip",
            json!({"slot": "6/0", "start": "0|1"}),
        ),
        ("barline-create-clip", json!({"slot": "6/0,60/0"})),
        (
            "barline-create-clip",
            json!({"slot": "6/0,5/0", "notes": "C3 1|1"}),
        ),
        ("barline-create-clip", json!({"trackIndex": 6})),
        ("barline-create-clip", json!({"arrangementStart": "1|1"})),
        (
            "barline-create-clip",
            json!({"trackIndex": -1, "arrangementStart": "1|1"}),
        ),
        ("barline-create-clip", json!({"slot": "6/1000"})),
        ("barline-create-clip", json!({"slot": ["6/0"]})),
        ("barline-create-clip", json!({})),
        (
            "barline-create-clip",
            json!({"slot": "6/0", "notes": "C3 1|1", "length": "1:0", "firstStart": "2|1"}),
        ),
        ("barline-update-clip", json!({"ids": "1", "split": "1|1"})),
        (
            "barline-context",
            json!({"action": "forget", "content": "x"}),
        ),
        ("barline-update-live-set", json!({"tempo": 5})),
        (
            "barline-update-live-set",
            json!({"tempo": 120, "scale": "H Major"}),
        ),
        (
            "barline-create-track",
            json!({"count": 2, "color": "#FF0000,#GG0000"}),
        ),
        ("barline-create-track", json!({"trackIndex": 8})),
        (
            "barline-update-track",
            json!({"ids": "1,2,3", "name": "A,B,C", "color": "#12345"}),
        ),
        ("barline-update-track", json!({"ids": "1", "gainDb": 12})),
        (
            "barline-create-scene",
            json!({"sceneIndex": 0, "color": "#12345G"}),
        ),
        (
            "barline-create-scene",
            json!({"sceneIndex": 999, "count": 2}),
        ),
        (
            "barline-update-scene",
            json!({"ids": "1", "timeSignature": "4/3"}),
        ),
        ("barline-delete", json!({"type": "track"})),
        ("barline-duplicate", json!({"type": "clip", "id": "1"})),
        (
            "barline-select",
            json!({"trackType": "master", "trackIndex": 0}),
        ),
        (
            "barline-playback",
            json!({"action": "play-arrangement", "loopStart": "9|1", "loopEnd": "5|1"}),
        ),
        (
            "barline-create-device",
            json!({"deviceName": "Reverb", "path": "t5,t0/x"}),
        ),
        (
            "barline-update-device",
            json!({"path": "t5/d0,t5/d1", "color": "#12", "name": "A,B"}),
        ),
    ];
    let write_tools: Vec<&str> = catalogue::TOOLS
        .iter()
        .filter(|e| !e.meta.hints.read_only)
        // The opt-in tool is off by default; tools/raw_live_api.rs covers its bad input.
        .filter(|e| e.meta.name != catalogue::RAW_LIVE_API)
        .map(|e| e.meta.name)
        .collect();
    for tool in &write_tools {
        assert!(
            bad.iter().any(|(t, _)| t == tool),
            "no bad-input case for {tool}"
        );
    }
    for (tool, args) in bad {
        let mut live = demo();
        let before = live.to_json();
        let r = call(&mut live, tool, args.clone());
        assert_eq!(r["isError"], true, "{tool} {args} should fail: {r}");
        assert!(
            ["BAD_INPUT", "NOT_FOUND", "WRONG_TYPE"].contains(&code(&r)),
            "{tool} {args}: {r}"
        );
        assert_eq!(live.to_json(), before, "{tool} {args} changed the Set");
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn arg() -> impl Strategy<Value = (String, Value)> {
        let names = prop_oneof![
            Just("slot"),
            Just("notes"),
            Just("length"),
            Just("start"),
            Just("timeSignature"),
            Just("color"),
            Just("trackIndex"),
            Just("arrangementStart"),
            Just("name")
        ];
        let values = prop_oneof![
            Just(json!("6/0")),
            Just(json!("6/1,6/9")),
            Just(json!("5/0")),
            Just(json!("C3 1|1")),
            Just(json!("1|1")),
            Just(json!("0|0")),
            Just(json!("2:0")),
            Just(json!("3/4")),
            Just(json!("#FF00FF")),
            Just(json!(6)),
            Just(json!(-2)),
            Just(json!(null)),
            "[ -~]{0,10}".prop_map(Value::String),
            any::<i32>().prop_map(|i| json!(i)),
        ];
        (names, values).prop_map(|(n, v)| (n.to_string(), v))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn failed_creates_leave_the_set_unchanged(args in prop::collection::vec(arg(), 0..5)) {
            let mut live = demo();
            let before = live.to_json();
            let obj: serde_json::Map<String, Value> = args.into_iter().collect();
            let r = call(&mut live, "barline-create-clip", Value::Object(obj));
            if r["isError"] == true {
                prop_assert_eq!(live.to_json(), before);
            } else {
                prop_assert!(r["structuredContent"].is_object());
            }
        }
    }
}

#[test]
fn audio_clips_from_files() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "5/0", "sampleFile": "/Samples/Vox/chop-ooh.wav", "name": "Ooh"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let d = &r["structuredContent"];
    assert_eq!(d["slot"], "5/0");
    assert!(d["length"].is_string());
    let back = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": d["id"], "include": ["sample"]}),
    );
    assert_eq!(back["structuredContent"]["type"], "audio");
    assert_eq!(back["structuredContent"]["name"], "Ooh");
    assert_eq!(
        back["structuredContent"]["sampleFile"],
        "/Samples/Vox/chop-ooh.wav"
    );
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"trackIndex": 5, "arrangementStart": "33|1", "sampleFile": "/Samples/Vox/adlib-long.wav"}),
    );
    assert_eq!(r["structuredContent"]["arrangementStart"], "33|1");
}

#[test]
fn audio_clip_errors() {
    let mut live = demo();
    let before = live.to_json();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "5/4", "sampleFile": "/Samples/missing.wav"}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
    assert!(r["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("/Samples/missing.wav"));
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "5/4", "sampleFile": "Samples/x.wav"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "5/4", "sampleFile": "/x.txt"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "5/4", "sampleFile": "/x.wav", "notes": "C3 1|1"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "sampleFile": "/Samples/Vox/chop-hey.wav"}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    assert!(r["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("track 6 is a MIDI track"));
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "2/0", "notes": "C3 1|1"}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    assert!(r["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("group track"));
    assert_eq!(live.to_json(), before);
}

#[test]
fn duplicate_slots_are_dropped_with_a_warning() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0, 6/0,6/1", "notes": "C3 1|1"}),
    );
    let items = r["structuredContent"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert!(warnings(&r).contains(&"duplicate slot \"6/0\" ignored".to_string()));
}

#[test]
fn first_start_after_the_clip_end_is_bad_input_before_any_write() {
    let mut live = demo();
    let before = live.to_json();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "length": "1:0", "firstStart": "1|4.5"}),
    );
    assert_eq!(code(&r), "");
    assert_ne!(live.to_json(), before);
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "length": "1:0", "firstStart": "2|1"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    assert_eq!(live.to_json(), before);
}

#[test]
fn arrangement_clips_occupy_their_region_length() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"trackIndex": 6, "arrangementStart": "9|1", "start": "3|1", "length": "2:0", "notes": "C3 3|1"}),
    );
    let id = r["structuredContent"]["id"].as_str().unwrap();
    let clip = barline_core::live::LiveId(id.parse().unwrap());
    let f = |live: &mut barline_fake_live::FakeLive, p: &str| {
        support::fake::one(live, clip, p).as_f64().unwrap()
    };
    assert_eq!(f(&mut live, "start_time"), 32.0);
    assert_eq!(
        f(&mut live, "end_time"),
        40.0,
        "the region is 2 bars, not start + length"
    );
    assert_eq!(f(&mut live, "loop_start"), 8.0);
    assert_eq!(f(&mut live, "end_marker"), 16.0);
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn an_occupied_slot_is_reported_before_notation_is_interpreted() {
    let mut live = demo();
    // Two million notes would be an interpretation error; the occupied slot wins.
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/2", "notes": "C3 D3 1|1x1000000@0.25"}),
    );
    assert_eq!(code(&r), "CONFLICT", "{r}");
}

#[test]
fn a_far_slot_warns_how_many_scenes_it_created() {
    let mut live = demo();
    let r = call(&mut live, "barline-create-clip", json!({"slot": "6/99"}));
    assert_ne!(r["isError"], true);
    assert!(
        warnings(&r).contains(&"slot 6/99 created 95 new scenes to reach scene 99".to_string()),
        "{:?}",
        warnings(&r)
    );
}

#[test]
fn note_count_is_what_the_clip_holds() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "length": "1:0", "notes": "C3 1|1 D3 3|1"}),
    );
    // Every note written is held (and counted); the one past the end is silent, which
    // a warning says (issue 22).
    assert_eq!(r["structuredContent"]["noteCount"], 2, "{r}");
    assert!(r["_meta"]["barline/warnings"][0]
        .as_str()
        .unwrap()
        .starts_with("1 note starts at or after the clip end"));
}

#[test]
fn arrangement_writes_put_a_stopped_playhead_back() {
    // live-facts row 47: creating or pasting arrangement clips moves a stopped
    // transport's playhead to what was written; the tools put it back.
    let mut live = demo();
    let song = support::fake::id_of(&mut live, "live_set");
    live.set(
        song,
        "current_song_time",
        &[barline_core::live::Atom::Float(8.0)],
    )
    .unwrap();
    live.after_wait();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"trackIndex": 0, "arrangementStart": "33|1", "notes": "C3 1|1"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    live.after_wait(); // the next call arrives in a later tick, as on the device
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": r["structuredContent"]["id"], "arrangementStart": "41|1"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    live.after_wait();
    assert_eq!(
        support::fake::one(&mut live, song, "current_song_time").as_f64(),
        Some(8.0)
    );
    assert!(warnings(&r).is_empty(), "{:?}", warnings(&r));
}
