//! barline-read-track (docs/design/tool-rules.md §5) against the demo Set: the four track
//! kinds, groups, instrument, mixer, clips, devices, drum map, state, routing and the
//! Barline host track; its errors; and the `live://track/{index}` resource (resources,
//! docs/design/tool-contract.md §3.10).

use crate::support;

use barline_core::live::{Atom, LivePort};
use barline_core::mcp::{resources, HttpAction, Server, Settings};
use barline_core::tools::testing::call::NoClock;
use barline_core::tools::testing::track_reader as read_track;
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use barline_core::tools::{self, ToolRequest};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::mcp::json_post;
use support::outcome::{code, message, warnings};
use support::tools::{call, call_kept, check_result};

fn read(live: &mut FakeLive, args: Value) -> Value {
    let r = call(live, "barline-read-track", args);
    assert_ne!(r["isError"], true, "{r}");
    r["structuredContent"].clone()
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

#[test]
fn overview_of_a_midi_track_has_counts_and_no_detail() {
    let mut live = demo();
    let drums = id_of(&mut live, "live_set tracks 0");
    let t = read(&mut live, json!({"trackIndex": 0}));
    assert_eq!(
        t,
        json!({
            "id": drums.to_string(), "type": "midi", "name": "Drums", "instrument": "Drum Rack",
            "trackIndex": 0, "sessionClipCount": 4, "arrangementClipCount": 2, "deviceCount": 2
        })
    );
}

#[test]
fn everything_on_the_drum_track() {
    let mut live = demo();
    let t = read(&mut live, json!({"trackIndex": 0, "include": ["*"]}));
    assert_eq!(
        keys(&t),
        [
            "id",
            "type",
            "name",
            "color",
            "instrument",
            "gainDb",
            "pan",
            "sends",
            "trackIndex",
            "sessionClips",
            "arrangementClips",
            "devices",
            "drumMap",
            "inputRoutingType",
            "inputRoutingChannel",
            "outputRoutingType",
            "outputRoutingChannel",
            "monitoringState",
            "availableInputRoutingTypes",
            "availableInputRoutingChannels",
            "availableOutputRoutingTypes",
            "availableOutputRoutingChannels"
        ],
        "fields in the documented order"
    );
    assert_eq!(t["color"], "#AF3333");
    assert_eq!(t["gainDb"], -1.2, "volume 0.82 through the dB curve");
    assert_eq!(t["pan"], 0);
    // A send reads 6 dB below a volume fader at the same value: 0.1 is −48.6 − 6 dB;
    // an off send (0) reports −70 (core/fake-live/README.md row 76).
    assert_eq!(
        t["sends"],
        json!([{"gainDb": -54.6, "return": "A-Reverb"}, {"gainDb": -70, "return": "B-Delay"}])
    );
    assert_eq!(
        t["drumMap"],
        json!({"C1": "Kick", "D1": "Snare", "Eb1": "Clap", "Gb1": "Closed Hat", "Bb1": "Open Hat"})
    );
    let drum_map_keys: Vec<&str> = keys(&t["drumMap"]);
    assert_eq!(
        drum_map_keys,
        ["C1", "D1", "Eb1", "Gb1", "Bb1"],
        "note order"
    );
    let devices = t["devices"].as_array().unwrap();
    assert_eq!(devices[0]["path"], "t0/d0");
    assert_eq!(devices[0]["type"], "drum-rack");
    assert_eq!(devices[0]["name"], "Night Kit");
    assert_eq!(devices[1]["path"], "t0/d1");
    assert_eq!(devices[1]["type"], "audio-effect: Glue Compressor");
    assert!(
        devices[1].get("name").is_none(),
        "name equals the class name"
    );
    let session = t["sessionClips"].as_array().unwrap();
    assert_eq!(session.len(), 4);
    assert_eq!(session[0]["slot"], "0/0");
    assert_eq!(session[0]["name"], "Hats Intro");
    assert!(session[0]["notes"].is_string(), "notes included");
    assert!(session[0]["length"].is_string(), "timing included");
    for c in session
        .iter()
        .chain(t["arrangementClips"].as_array().unwrap())
    {
        assert!(c.get("type").is_none() && c.get("view").is_none(), "{c}");
        assert!(c.get("trackIndex").is_none(), "{c}");
    }
    assert_eq!(
        keys(&session[0])[..3],
        ["id", "name", "color"],
        "read-clip's order"
    );
    assert_eq!(t["arrangementClips"][1]["arrangementStart"], "13|1");
    assert_eq!(t["monitoringState"], "auto");
    // An audio-producing track offers Ext. Out, Main, its group and audio tracks by
    // name, and Sends Only (core/fake-live/README.md rows 7 and 9); identifiers are
    // Live's, so they are taken from the list, never assumed.
    let outputs = t["availableOutputRoutingTypes"].as_array().unwrap();
    let names: Vec<&str> = outputs
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Ext. Out", "Main", "Synths", "Vox Chops", "Sends Only"]
    );
    assert_eq!(t["outputRoutingType"], outputs[1], "outputs to Main");
    assert_eq!(
        t["inputRoutingChannel"],
        json!({"name": "All Channels", "inputId": "1"})
    );
}

#[test]
fn groups_members_and_audio_tracks() {
    let mut live = demo();
    let group = id_of(&mut live, "live_set tracks 2").to_string();
    let g = read(
        &mut live,
        json!({"trackIndex": 2, "include": ["routings", "available-routings", "session-clips", "arrangement-clips"]}),
    );
    assert_eq!(g["isGroup"], true);
    assert_eq!(g["type"], "audio");
    assert_eq!(g["arrangementClips"], json!([]));
    assert!(
        g.get("inputRoutingType").is_none(),
        "no input fields on groups"
    );
    assert!(g.get("availableInputRoutingTypes").is_none());
    assert!(g.get("monitoringState").is_none(), "groups cannot be armed");
    assert!(g["outputRoutingType"].is_object());
    let k = read(&mut live, json!({"trackIndex": 3}));
    assert_eq!(k["isGroupMember"], true);
    assert_eq!(k["groupId"], group.as_str());
    assert_eq!(k["instrument"], "Electric");
    let v = read(&mut live, json!({"trackIndex": 5, "include": ["routings"]}));
    assert_eq!(v["type"], "audio");
    assert!(v.get("instrument").is_none());
    assert_eq!(v["monitoringState"], "auto");
    let lead = read(&mut live, json!({"trackIndex": 6}));
    assert_eq!(lead["isArmed"], true);
    assert_eq!(lead["hasBarlineDevice"], true);
    assert!(k.get("hasBarlineDevice").is_none());
}

#[test]
fn return_and_master_tracks() {
    let mut live = demo();
    let r = read(
        &mut live,
        json!({"trackIndex": 1, "trackType": "return", "include": ["*"]}),
    );
    assert_eq!(r["type"], "return");
    assert_eq!(r["name"], "B-Delay");
    assert_eq!(r["returnTrackIndex"], 1);
    assert!(r.get("trackIndex").is_none());
    assert_eq!(r["sessionClips"], json!([]));
    assert_eq!(r["arrangementClips"], json!([]));
    assert_eq!(r["inputRoutingType"], Value::Null);
    assert_eq!(r["inputRoutingChannel"], Value::Null);
    assert!(r["outputRoutingType"].is_object());
    assert_eq!(r["availableInputRoutingTypes"], json!([]));
    assert_eq!(r["availableInputRoutingChannels"], json!([]));
    assert_eq!(r["devices"][0]["path"], "rt1/d0");
    assert!(r.get("playingSlotIndex").is_none());
    let m = read(&mut live, json!({"trackType": "master", "include": ["*"]}));
    assert_eq!(m["type"], "master");
    assert_eq!(m["name"], "Main");
    assert!(m.get("trackIndex").is_none() && m.get("returnTrackIndex").is_none());
    assert!(m.get("sends").is_none(), "the master has no sends");
    assert_eq!(m["gainDb"], 0);
    for f in [
        "inputRoutingType",
        "inputRoutingChannel",
        "outputRoutingType",
        "outputRoutingChannel",
    ] {
        assert_eq!(m[f], Value::Null, "{f}");
    }
    for f in [
        "availableInputRoutingTypes",
        "availableInputRoutingChannels",
        "availableOutputRoutingTypes",
        "availableOutputRoutingChannels",
    ] {
        assert_eq!(m[f], json!([]), "{f}");
    }
    assert_eq!(m["devices"][1]["path"], "mt/d1");
    assert_eq!(m["devices"][1]["type"], "audio-effect: Limiter");
    let master = id_of(&mut live, "live_set master_track").to_string();
    let by_id = read(&mut live, json!({"trackId": master}));
    assert_eq!(by_id["type"], "master");
}

#[test]
fn mute_and_solo_states() {
    let mut live = demo();
    let t = |live: &mut FakeLive, i: usize| id_of(live, &format!("live_set tracks {i}"));
    let (drums, bass, keys_, pad) = (
        t(&mut live, 0),
        t(&mut live, 1),
        t(&mut live, 3),
        t(&mut live, 4),
    );
    live.set(bass, "mute", &[Atom::Int(1)]).unwrap();
    let state =
        |live: &mut FakeLive, i: usize| read(live, json!({"trackIndex": i}))["state"].clone();
    assert_eq!(state(&mut live, 1), "muted");
    assert_eq!(state(&mut live, 0), Value::Null, "plainly active: no state");
    live.set(drums, "solo", &[Atom::Int(1)]).unwrap();
    assert_eq!(state(&mut live, 0), "soloed");
    assert_eq!(state(&mut live, 5), "muted-via-solo");
    assert_eq!(state(&mut live, 1), "muted-also-via-solo");
    live.set(keys_, "mute", &[Atom::Int(1)]).unwrap();
    live.set(keys_, "solo", &[Atom::Int(1)]).unwrap();
    assert_eq!(state(&mut live, 3), "muted-and-soloed");
    let _ = pad;
}

#[test]
fn split_panning_reports_left_and_right() {
    let mut live = demo();
    let mixer = id_of(&mut live, "live_set tracks 4 mixer_device");
    live.set(mixer, "panning_mode", &[Atom::Int(1)]).unwrap();
    let t = read(&mut live, json!({"trackIndex": 4, "include": ["mixer"]}));
    assert_eq!(t["panningMode"], "split");
    assert_eq!(t["leftPan"], -1);
    assert_eq!(t["rightPan"], 1);
    assert!(t.get("pan").is_none());
    let stereo = read(&mut live, json!({"trackIndex": 3, "include": ["mixer"]}));
    assert!(stereo.get("panningMode").is_none());
    assert_eq!(stereo["pan"], -0.3);
}

#[test]
fn playing_and_fired_slots() {
    let mut live = demo();
    let slot = id_of(&mut live, "live_set tracks 1 clip_slots 1");
    live.call(slot, "fire", &[]).unwrap();
    let t = read(&mut live, json!({"trackIndex": 1}));
    assert_eq!(t["playingSlotIndex"], 1);
    assert!(t.get("firedSlotIndex").is_none());
}

#[test]
fn drum_racks_are_found_inside_racks() {
    let set = json!({
        "format": "barline-live-set/1",
        "scenes": [{}],
        "tracks": [
            {"kind": "midi", "name": "Nested", "devices": [{"device": "Instrument Rack", "chains": [
                {"name": "Outer", "devices": [{"device": "Drum Rack", "chains": [
                    {"name": "Low", "in_note": 36, "devices": [{"device": "Simpler"}]},
                    {"name": "Fx Only", "in_note": 37, "devices": [{"device": "Reverb"}]},
                    {"name": "Low Layer", "in_note": 36, "devices": [{"device": "Operator"}]},
                    {"name": "All", "devices": [{"device": "Simpler"}]}
                ]}]}
            ]}]},
            {"kind": "midi", "name": "Empty Kit", "devices": [{"device": "Drum Rack"}]},
            {"kind": "midi", "name": "Plain", "devices": [{"device": "Operator"}]}
        ]
    });
    let mut live = FakeLive::from_json(&set.to_string()).unwrap();
    let t = read(
        &mut live,
        json!({"trackIndex": 0, "include": ["drum-map", "devices"]}),
    );
    assert_eq!(
        t["drumMap"],
        json!({"C1": "Low"}),
        "first chain names the pad; pads without an instrument and the catch-all are left out"
    );
    assert_eq!(t["instrument"], "Instrument Rack");
    assert_eq!(t["devices"][0]["type"], "instrument-rack");
    let empty = read(&mut live, json!({"trackIndex": 1, "include": ["drum-map"]}));
    assert_eq!(empty["drumMap"], json!({}));
    let plain = read(&mut live, json!({"trackIndex": 2, "include": ["drum-map"]}));
    assert!(plain.get("drumMap").is_none());
}

#[test]
fn deactivated_devices_are_flagged() {
    let mut live = demo();
    let on = id_of(&mut live, "live_set tracks 5 devices 1 parameters 0");
    live.set(on, "value", &[Atom::Int(0)]).unwrap();
    let t = read(&mut live, json!({"trackIndex": 5, "include": ["devices"]}));
    assert_eq!(t["devices"][1]["deactivated"], true);
    assert!(t["devices"][0].get("deactivated").is_none());
}

#[test]
fn track_id_wins_over_index_with_a_warning() {
    let mut live = demo();
    let bass = id_of(&mut live, "live_set tracks 1").to_string();
    let r = call(
        &mut live,
        "barline-read-track",
        json!({"trackId": format!("id {bass}"), "trackIndex": 0}),
    );
    assert_eq!(r["structuredContent"]["name"], "Bass");
    assert_eq!(
        warnings(&r),
        ["trackIndex ignored because trackId was given"]
    );
}

#[test]
fn errors_name_the_problem() {
    let mut live = demo();
    let scene = id_of(&mut live, "live_set scenes 0").to_string();
    let cases = [
        (json!({}), "BAD_INPUT", "give trackId"),
        (json!({"trackType": "return"}), "BAD_INPUT", "give trackId"),
        (
            json!({"trackIndex": 9}),
            "NOT_FOUND",
            "trackIndex 9 does not exist (the Set has 7 tracks)",
        ),
        (
            json!({"trackIndex": 2, "trackType": "return"}),
            "NOT_FOUND",
            "trackIndex 2 does not exist (the Set has 2 return tracks)",
        ),
        (
            json!({"trackId": "99999"}),
            "NOT_FOUND",
            "id \"99999\" does not exist",
        ),
        (
            json!({"trackId": scene}),
            "WRONG_TYPE",
            &format!("id \"{scene}\" is a Scene, not a track"),
        ),
        (json!({"trackIndex": -1}), "BAD_INPUT", "trackIndex"),
        (
            json!({"trackIndex": 0, "include": ["warp"]}),
            "BAD_INPUT",
            "warp",
        ),
        (
            json!({"trackType": "group", "trackIndex": 0}),
            "BAD_INPUT",
            "trackType",
        ),
    ];
    for (args, want, text) in cases {
        let r = call(&mut live, "barline-read-track", args.clone());
        assert_eq!(code(&r), want, "{args}: {r}");
        assert!(message(&r).contains(text), "{args}: {}", message(&r));
    }
}

#[test]
fn deleted_tracks_are_stale_references() {
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-track",
        json!({"trackIndex": 1}),
    );
    let id = r["structuredContent"]["id"].as_str().unwrap().to_string();
    let song = id_of(&mut live, "live_set");
    live.call(song, "delete_track", &[Atom::Int(1)]).unwrap();
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-track",
        json!({"trackId": id}),
    );
    assert_eq!(code(&r), "STALE_REFERENCE", "{r}");
}

#[test]
fn nested_reads_get_only_read_track_options() {
    assert_eq!(
        read_track::options(&["tracks", "scenes", "routings", "mixer", "color", "locators"]),
        ["routings", "mixer", "color"]
    );
    assert!(!read_track::options(&["*", "notes"]).contains(&"*"));
}

#[test]
fn nested_reads_use_the_shared_reader() {
    let mut live = demo();
    let track = id_of(&mut live, "live_set tracks 4");
    let mut ids = IssuedIds::new();
    let ctx = ToolContext::default();
    let mut c = tools::Call::new(&mut live, &ctx, &mut ids, &NoClock);
    let info = read_track::summary(&mut c, track, &["mixer", "color"]).unwrap();
    let v = serde_json::to_value(&info).unwrap();
    assert_eq!(v["name"], "Pad");
    assert_eq!(v["color"], "#886CE4");
    assert_eq!(v["gainDb"], -6);
    assert!(ids.was_issued(&track.to_string()));
}

fn resource(live: &mut FakeLive, uri: &str) -> Value {
    tools::execute(
        live,
        &ToolRequest {
            tool: tools::catalogue::resources::TOOL.into(),
            args: json!({"uri": uri}),
            context: json!({}),
        },
        &mut IssuedIds::new(),
        &NoClock,
    )
    .result
}

#[test]
fn track_resource_is_read_track_with_clips_devices_and_mixer() {
    let mut live = demo();
    let r = resource(&mut live, "live://track/1");
    let text = r["contents"][0]["text"].as_str().unwrap();
    let from_resource: Value = serde_json::from_str(text).unwrap();
    let from_tool = read(
        &mut live,
        json!({"trackIndex": 1, "include": ["session-clips", "arrangement-clips", "devices", "mixer"]}),
    );
    assert_eq!(from_resource, from_tool);
    assert_eq!(r["contents"][0]["mimeType"], "application/json");
    assert!(resources::templates(Default::default())
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["uriTemplate"] == "live://track/{index}"));
    assert_eq!(
        resources::route("live://track/3"),
        resources::Route::Live("live://track/3".into())
    );
    for bad in [
        "live://track/99",
        "live://track/x",
        "live://track/-1",
        "live://track/",
    ] {
        let r = resource(&mut live, bad);
        assert_eq!(code(&r), "NOT_FOUND", "{bad}: {r}");
    }
}

#[test]
fn missing_track_resource_is_json_rpc_resource_not_found() {
    let mut server = Server::new(Settings::default());
    let mut live = demo();
    let init = json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25"}});
    let sid = match server.handle_http(&json_post("127.0.0.1:3350", init.to_string(), None)) {
        HttpAction::Respond(resp) => resp.headers.get("mcp-session-id").cloned().unwrap(),
        _ => panic!("initialize answers at once"),
    };
    let msg = json!({"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"live://track/99"}});
    let mut action = server.handle_http(&json_post("127.0.0.1:3350", msg.to_string(), Some(&sid)));
    let body = loop {
        match action {
            HttpAction::Respond(resp) => break serde_json::from_str::<Value>(&resp.body).unwrap(),
            HttpAction::Forward { calls, .. } => {
                let mut last = HttpAction::Pending;
                for c in calls {
                    let out = tools::execute(
                        &mut live,
                        &ToolRequest {
                            tool: c.tool,
                            args: c.args,
                            context: c.context,
                        },
                        &mut IssuedIds::new(),
                        &NoClock,
                    );
                    last = server.complete_tool_call(
                        c.call_id,
                        &out.result.to_string(),
                        &out.warnings,
                    );
                }
                action = last;
            }
            other => panic!("unexpected {other:?}"),
        }
    };
    assert_eq!(body["error"]["code"], -32002, "{body}");
    assert_eq!(body["error"]["data"]["code"], "NOT_FOUND");
    assert!(body["error"]["data"]["hint"]
        .as_str()
        .is_some_and(|h| !h.is_empty()));
}

#[test]
fn compact_text_matches_structured_content_for_every_kind() {
    let mut live = demo();
    for args in [
        json!({"trackIndex": 0, "include": ["*"]}),
        json!({"trackIndex": 2, "include": ["*"]}),
        json!({"trackIndex": 0, "trackType": "return", "include": ["*"]}),
        json!({"trackType": "master", "include": ["*"]}),
    ] {
        let r = call(&mut live, "barline-read-track", args);
        check_result("barline-read-track", &r, false);
    }
}

#[test]
fn oversized_reads_are_too_large_with_narrowing_advice() {
    let mut live =
        FakeLive::from_json(include_str!("../../../../patch/sim/sets/large.json")).unwrap();
    let r = call(
        &mut live,
        "barline-read-track",
        json!({"trackIndex": 0, "include": ["session-clips", "notes"]}),
    );
    assert_eq!(code(&r), "TOO_LARGE", "{}", &r.to_string()[..200]);
    assert!(r["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("Drop notes/timing/sample from include"));
    let r = call(
        &mut live,
        "barline-read-track",
        json!({"trackIndex": 0, "include": ["session-clips"]}),
    );
    assert_ne!(r["isError"], true, "without notes the list fits");
}

#[test]
fn clip_detail_options_reach_the_listed_clips() {
    let mut live = demo();
    let t = read(
        &mut live,
        json!({"trackIndex": 5, "include": ["arrangement-clips", "sample"]}),
    );
    let clip = &t["arrangementClips"][0];
    assert!(
        clip["sampleFile"].as_str().unwrap().ends_with(".wav"),
        "{clip}"
    );
    assert!(clip.get("length").is_none(), "timing not asked for");
    assert!(clip.get("notes").is_none());
}

#[test]
fn small_model_mode_drops_available_routings() {
    let mut live = demo();
    let ctx = ToolContext {
        small_model: true,
        ..Default::default()
    };
    for include in [json!(["available-routings"]), json!(["*"])] {
        let r = support::tools::call_ctx(
            &mut live,
            "barline-read-track",
            json!({"trackIndex": 0, "include": include}),
            &ctx,
        );
        assert_eq!(code(&r), "BAD_INPUT", "{include}: {r}");
    }
    let r = support::tools::call_ctx(
        &mut live,
        "barline-read-track",
        json!({"trackIndex": 0, "include": ["routings"]}),
        &ctx,
    );
    assert_ne!(r["isError"], true);
}
