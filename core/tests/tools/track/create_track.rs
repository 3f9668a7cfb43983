//! barline-create-track (docs/design/tool-rules.md §6) against the demo Set: kinds,
//! positions, bulk names and colours (docs/design/tool-contract.md §1.6), initial states
//! with the kind checks up front (docs/design/tool-contract.md §3.2), limits, and bad
//! input that changes nothing (docs/design/tool-contract.md §3.1).

use crate::support;
use support::outcome::call_with_deadline;

use barline_core::tools;
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::demo;
use support::outcome::{code, dump, warnings, writes};
use support::tools::call;

fn create(live: &mut FakeLive, args: Value) -> Value {
    let r = call(live, "barline-create-track", args);
    assert_ne!(r["isError"], true, "{r}");
    r
}

#[test]
fn default_is_one_midi_track_at_the_end() {
    let mut live = demo();
    let r = create(&mut live, json!({}));
    let d = &r["structuredContent"];
    assert_eq!(d["trackIndex"], 7);
    assert_eq!(d.as_object().unwrap().len(), 2, "{d}");
    let set = dump(&live);
    let tracks = set["tracks"].as_array().unwrap();
    assert_eq!(tracks.len(), 8);
    assert_eq!(tracks[7]["kind"], "midi");
    assert_eq!(tracks[7]["name"], "8-MIDI");
    let back = call(&mut live, "barline-read-track", json!({"trackId": d["id"]}));
    assert_eq!(back["structuredContent"]["trackIndex"], 7);
}

#[test]
fn several_audio_tracks_in_order_with_names_and_cycling_colours() {
    let mut live = demo();
    let r = create(
        &mut live,
        json!({"type": "audio", "trackIndex": 1, "count": 3, "name": "Gtr, Bass DI ,Room", "color": "#FF94A6,#FFA529"}),
    );
    let items = r["structuredContent"]["items"].as_array().unwrap();
    let indices: Vec<i64> = items
        .iter()
        .map(|i| i["trackIndex"].as_i64().unwrap())
        .collect();
    assert_eq!(indices, [1, 2, 3]);
    assert!(
        warnings(&r).is_empty(),
        "palette colours: {:?}",
        warnings(&r)
    );
    let set = dump(&live);
    let t = set["tracks"].as_array().unwrap();
    assert_eq!(t.len(), 10);
    let names: Vec<&str> = t[1..4]
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Gtr", "Bass DI", "Room"]);
    assert!(t[1..4].iter().all(|x| x["kind"] == "audio"));
    assert_eq!(t[1]["color_index"], t[3]["color_index"], "colours cycle");
    assert_ne!(t[1]["color_index"], t[2]["color_index"]);
    assert_eq!(t[4]["name"], "Bass", "the old track 1 moved down");
}

#[test]
fn name_count_and_palette_warnings() {
    let mut live = demo();
    let r = create(
        &mut live,
        json!({"count": 3, "name": "One,Two", "color": "#123456"}),
    );
    let w = warnings(&r);
    assert_eq!(w[0], "2 names given for 3 items; the rest keep their names");
    assert!(
        w[1].starts_with("color #123456 for track \"One\" became palette color #"),
        "{w:?}"
    );
    assert!(
        w[3].starts_with("color #123456 for track \"10-MIDI\""),
        "{w:?}"
    );
    let set = dump(&live);
    assert_eq!(
        set["tracks"][9]["name"], "10-MIDI",
        "unnamed keeps Live's name"
    );
    let r = create(&mut live, json!({"count": 2, "name": "a,b,c,d,e"}));
    assert_eq!(
        warnings(&r),
        ["5 names given for 2 items; extra names ignored"]
    );
    let r = create(&mut live, json!({"count": 2, "name": "Same"}));
    assert!(warnings(&r).is_empty());
    let set = dump(&live);
    let n = set["tracks"].as_array().unwrap().len();
    assert_eq!(set["tracks"][n - 1]["name"], "Same");
    assert_eq!(set["tracks"][n - 2]["name"], "Same");
}

#[test]
fn initial_states() {
    let mut live = demo();
    create(
        &mut live,
        json!({"type": "audio", "mute": true, "solo": "true", "arm": true}),
    );
    let set = dump(&live);
    let t = &set["tracks"][7];
    assert_eq!(t["mute"], true);
    assert_eq!(t["solo"], true);
    assert_eq!(t["arm"], true);
}

#[test]
fn return_tracks_are_appended_and_never_armed() {
    let mut live = demo();
    live.reset_counters();
    let r = create(
        &mut live,
        json!({"type": "return", "trackIndex": 0, "arm": true, "name": "C-Echo", "mute": true}),
    );
    assert_eq!(
        warnings(&r),
        [
            "trackIndex is ignored for return tracks",
            "return tracks cannot be armed; arm ignored"
        ]
    );
    let d = &r["structuredContent"];
    assert_eq!(d["returnTrackIndex"], 2);
    assert!(d.get("trackIndex").is_none());
    let set = dump(&live);
    let returns = set["return_tracks"].as_array().unwrap();
    assert_eq!(returns.len(), 3);
    assert_eq!(returns[2]["name"], "C-Echo");
    assert_eq!(returns[2]["mute"], true);
    assert!(returns[2].get("arm").is_none());
    assert!(
        !live.errors().iter().any(|e| e.contains("arm")),
        "arm never reached Live: {:?}",
        live.errors()
    );
    let r = create(&mut live, json!({"type": "return", "trackIndex": -1}));
    assert!(warnings(&r).is_empty(), "-1 is the default");
}

#[test]
fn index_past_the_end_limits_and_bad_input_change_nothing() {
    let cases = [
        (json!({"trackIndex": 8}), "trackIndex 8 is past the end"),
        (
            json!({"trackIndex": 95, "count": 6}),
            "trackIndex 95 + count 6 is over 100",
        ),
        (json!({"count": 2, "color": "#00FF00,red"}), "color \"red\""),
        (json!({"count": 0}), "count"),
        (json!({"count": 101}), "count"),
        (json!({"trackIndex": -2}), "trackIndex"),
        (json!({"type": "group"}), "type"),
        (json!({"mute": "yes"}), "mute"),
    ];
    for (args, text) in cases {
        let mut live = demo();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-create-track", args.clone());
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
        let msg = r["_meta"]["barline/error"]["message"].as_str().unwrap();
        assert!(msg.contains(text), "{args}: {msg}");
        assert_eq!(writes(&live), 0, "{args}");
        assert_eq!(live.to_json(), before, "{args}");
    }
    let mut live = demo();
    let r = create(&mut live, json!({"trackIndex": 7, "count": 2}));
    assert_eq!(
        r["structuredContent"]["items"][1]["trackIndex"], 8,
        "index = count is allowed"
    );
}

#[test]
fn refused_creation_is_live_rejected() {
    let mut live = demo();
    live.set_in_notification(true);
    let r = call(&mut live, "barline-create-track", json!({"count": 2}));
    assert_eq!(code(&r), "LIVE_REJECTED", "{r}");
    assert!(r["_meta"]["barline/error"]["message"]
        .as_str()
        .unwrap()
        .contains("create_midi_track returned no track"));
}

#[test]
fn stops_before_the_deadline_and_keeps_what_it_made() {
    let mut live = demo();
    let r = call_with_deadline(&mut live, "barline-create-track", json!({"count": 10}));
    let made = r["structuredContent"]["items"].as_array().unwrap().len();
    assert!(made < 10, "{r}");
    assert_eq!(
        warnings(&r),
        [format!("stopped after {made} of 10 tracks to stay within the time limit; repeat the call for the rest")]
    );
    assert_eq!(dump(&live)["tracks"].as_array().unwrap().len(), 7 + made);
}

#[test]
fn created_ids_are_issued_so_deleted_tracks_are_stale() {
    use barline_core::live::{Atom, LivePort};
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let ctx = ToolContext::default();
    let r = tools::call_with(
        &mut live,
        "barline-create-track",
        &json!({"trackIndex": 0}),
        &ctx,
        false,
        &mut ids,
        &tools::NoClock,
    )
    .unwrap();
    let id = r["structuredContent"]["id"].as_str().unwrap().to_string();
    let song = live.resolve("live_set");
    live.call(song, "delete_track", &[Atom::Int(0)]).unwrap();
    let r = tools::call_with(
        &mut live,
        "barline-update-track",
        &json!({"ids": id, "mute": true}),
        &ctx,
        false,
        &mut ids,
        &tools::NoClock,
    )
    .unwrap();
    assert_eq!(code(&r), "STALE_REFERENCE", "{r}");
}
