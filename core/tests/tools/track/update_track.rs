//! barline-update-track (docs/design/tool-rules.md §7) against the demo Set: bulk ids
//! (docs/design/tool-contract.md §1.5, §1.9, nothing done is a failure,
//! docs/design/tool-contract.md §3.7), names and colours
//! (docs/design/tool-contract.md §1.6, read after write,
//! docs/design/tool-contract.md §3.4), states with kind checks (kind checks first,
//! docs/design/tool-contract.md §3.2), mixer by display value, sends by return name,
//! letter or position (docs/design/tool-rules.md §7 step 5), routing with read-back,
//! monitoring, `moveToIndex` (honest refusals, docs/design/tool-contract.md §3.3), and
//! bad input that changes nothing (bad input changes nothing,
//! docs/design/tool-contract.md §3.1).

use crate::support;

use barline_core::live::{Atom, LivePort};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::outcome::{code, dump, message, warnings, writes};
use support::tools::call;

fn track(live: &mut FakeLive, i: usize) -> String {
    id_of(live, &format!("live_set tracks {i}")).to_string()
}

fn ret(live: &mut FakeLive, i: usize) -> String {
    id_of(live, &format!("live_set return_tracks {i}")).to_string()
}

fn master(live: &mut FakeLive) -> String {
    id_of(live, "live_set master_track").to_string()
}

fn update(live: &mut FakeLive, args: Value) -> Value {
    let r = call(live, "barline-update-track", args);
    assert_ne!(r["isError"], true, "{r}");
    r
}

fn read(live: &mut FakeLive, id: &str, include: Value) -> Value {
    call(
        live,
        "barline-read-track",
        json!({"trackId": id, "include": include}),
    )["structuredContent"]
        .clone()
}

#[test]
fn rename_and_recolour_one_track() {
    let mut live = demo();
    let bass = track(&mut live, 1);
    let r = update(
        &mut live,
        json!({"ids": bass, "name": "Sub, Bass", "color": "#ffa529"}),
    );
    assert_eq!(r["structuredContent"], json!({"id": bass}));
    assert!(warnings(&r).is_empty(), "{:?}", warnings(&r));
    let t = &dump(&live)["tracks"][1];
    assert_eq!(
        t["name"], "Sub, Bass",
        "one item: commas are part of the name"
    );
    assert_eq!(read(&mut live, &bass, json!(["color"]))["color"], "#FFA529");
    let r = update(&mut live, json!({"ids": bass, "color": "#123456"}));
    let w = warnings(&r);
    assert_eq!(w.len(), 1);
    assert!(
        w[0].starts_with("color #123456 for track \"Sub, Bass\" became palette color #"),
        "{w:?}"
    );
}

#[test]
fn bulk_names_colours_and_skipped_ids() {
    let mut live = demo();
    let (a, b, c) = (
        track(&mut live, 0),
        track(&mut live, 1),
        track(&mut live, 5),
    );
    let scene = id_of(&mut live, "live_set scenes 0").to_string();
    let r = update(
        &mut live,
        json!({"ids": format!("{a}, id {b},{a},99999,{scene},{c}"), "name": "D,B,X,Y,V", "color": "#FF94A6,#FFA529"}),
    );
    let items = r["structuredContent"]["items"].as_array().unwrap();
    assert_eq!(
        items,
        &[json!({"id": a}), json!({"id": b}), json!({"id": c})]
    );
    assert_eq!(
        warnings(&r),
        [
            format!("duplicate id \"{a}\" ignored"),
            "id \"99999\" does not exist; skipped".to_string(),
            format!("id \"{scene}\" is a Scene, not a track; skipped"),
        ]
    );
    let set = dump(&live);
    assert_eq!(set["tracks"][0]["name"], "D");
    assert_eq!(set["tracks"][1]["name"], "B");
    assert_eq!(set["tracks"][5]["name"], "V", "name i goes with id i");
    assert_eq!(
        set["tracks"][0]["color_index"], set["tracks"][5]["color_index"],
        "colour entries cycle over the ids (0 and 4 of 2 entries)"
    );
}

#[test]
fn nothing_done_is_an_error_and_changes_nothing() {
    let mut live = demo();
    let before = live.to_json();
    let r = call(
        &mut live,
        "barline-update-track",
        json!({"ids": "99999,88888", "name": "X"}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
    assert_eq!(
        message(&r),
        "id \"99999\" does not exist; id \"88888\" does not exist"
    );
    let clip = id_of(&mut live, "live_set tracks 0 clip_slots 0 clip").to_string();
    let r = call(
        &mut live,
        "barline-update-track",
        json!({"ids": clip, "mute": true}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    assert_eq!(message(&r), format!("id \"{clip}\" is a Clip, not a track"));
    assert_eq!(live.to_json(), before);
}

#[test]
fn bad_input_changes_nothing() {
    let mut live = demo();
    let ids = format!(
        "{},{},{}",
        track(&mut live, 0),
        track(&mut live, 1),
        track(&mut live, 2)
    );
    let t0 = track(&mut live, 0);
    let cases = [
        json!({"ids": ids, "name": "A,B,C", "color": "#FF0000,#00FF0"}),
        json!({"ids": ids, "gainDb": 7}),
        json!({"ids": ids, "gainDb": "loud"}),
        json!({"ids": ids, "pan": -1.5}),
        json!({"ids": ids, "leftPan": 2}),
        json!({"ids": ids, "panningMode": "mono"}),
        json!({"ids": ids, "sendGainDb": 3, "sendReturn": "A"}),
        json!({"ids": ids, "monitoringState": "on"}),
        json!({"ids": ids, "outputRoutingTypeId": " "}),
        json!({"ids": ",,", "mute": true}),
        json!({"name": "x"}),
        json!({"ids": t0, "mute": "maybe"}),
        json!({"ids": t0, "moveToIndex": -1}),
    ];
    for args in cases {
        let mut live = demo();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-update-track", args.clone());
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
        assert_eq!(writes(&live), 0, "{args}");
        assert_eq!(live.to_json(), before, "{args}");
    }
}

#[test]
fn move_to_index_is_unsupported_before_anything_else() {
    let mut live = demo();
    let before = live.to_json();
    live.reset_counters();
    let t = track(&mut live, 1);
    let r = call(
        &mut live,
        "barline-update-track",
        json!({"ids": t, "name": "Moved", "moveToIndex": 0}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert!(message(&r).contains("Live's API cannot reorder tracks"));
    assert_eq!(writes(&live), 0);
    assert_eq!(live.to_json(), before);
}

#[test]
fn mute_solo_and_arm_with_kind_checks() {
    let mut live = demo();
    let (drums, group, vox) = (
        track(&mut live, 0),
        track(&mut live, 2),
        track(&mut live, 5),
    );
    let (reverb, main) = (ret(&mut live, 0), master(&mut live));
    let r = update(
        &mut live,
        json!({"ids": format!("{drums},{group},{vox},{reverb},{main}"), "mute": true, "solo": false, "arm": true}),
    );
    assert_eq!(r["structuredContent"]["items"].as_array().unwrap().len(), 5);
    assert_eq!(
        warnings(&r),
        [
            "track \"Synths\" cannot be armed",
            "track \"A-Reverb\" cannot be armed",
            "master track has no mute or solo",
            "track \"Main\" cannot be armed",
        ]
    );
    assert!(
        live.errors().is_empty(),
        "nothing refused reached Live: {:?}",
        live.errors()
    );
    let set = dump(&live);
    assert_eq!(set["tracks"][0]["mute"], true);
    assert_eq!(set["tracks"][0]["arm"], true);
    assert_eq!(set["tracks"][5]["arm"], true);
    assert_eq!(set["tracks"][2]["mute"], true);
    assert!(set["tracks"][2].get("arm").is_none());
    assert_eq!(set["return_tracks"][0]["mute"], true);
    assert_eq!(read(&mut live, &drums, json!([]))["state"], "muted");
}

#[test]
fn gain_and_stereo_pan_by_display_value() {
    let mut live = demo();
    let (keys, pad) = (track(&mut live, 3), track(&mut live, 4));
    let r = update(
        &mut live,
        json!({"ids": format!("{keys},{pad}"), "gainDb": -6, "pan": -0.5}),
    );
    assert!(warnings(&r).is_empty());
    let set = dump(&live);
    for i in [3, 4] {
        let m = &set["tracks"][i]["mixer"];
        assert!((m["volume"].as_f64().unwrap() - 0.7).abs() < 1e-9, "{m}");
        assert_eq!(m["panning"], -0.5);
    }
    let t = read(&mut live, &keys, json!(["mixer"]));
    assert_eq!(t["gainDb"], -6);
    assert_eq!(t["pan"], -0.5);
    let main = master(&mut live);
    update(&mut live, json!({"ids": main, "gainDb": 6}));
    assert_eq!(dump(&live)["master_track"]["mixer"]["volume"], 1.0);
}

#[test]
fn split_panning_and_the_mode_rules() {
    let mut live = demo();
    let pad = track(&mut live, 4);
    let r = update(
        &mut live,
        json!({"ids": pad, "panningMode": "split", "leftPan": -0.4, "rightPan": 0.6, "pan": 0.2}),
    );
    assert_eq!(
        warnings(&r),
        ["pan has no effect in split panning mode; set panningMode \"stereo\" or use leftPan/rightPan"]
    );
    let m = &dump(&live)["tracks"][4]["mixer"];
    assert_eq!(m["panning_mode"], 1);
    assert_eq!(m["left_split_stereo"], -0.4);
    assert_eq!(m["right_split_stereo"], 0.6);
    assert_eq!(m["panning"], 0.25, "stereo pan untouched");
    let t = read(&mut live, &pad, json!(["mixer"]));
    assert_eq!(
        (t["leftPan"].clone(), t["rightPan"].clone()),
        (json!(-0.4), json!(0.6))
    );
    // The current mode decides when panningMode is not given.
    let r = update(&mut live, json!({"ids": pad, "pan": 0}));
    assert_eq!(warnings(&r).len(), 1);
    let r = update(
        &mut live,
        json!({"ids": pad, "panningMode": "stereo", "leftPan": 0, "pan": -1}),
    );
    assert_eq!(
        warnings(&r),
        ["leftPan/rightPan have no effect in stereo panning mode; set panningMode \"split\" or use pan"]
    );
    let m = &dump(&live)["tracks"][4]["mixer"];
    assert!(
        m.get("panning_mode").is_none(),
        "back to stereo (the default)"
    );
    assert_eq!(m["panning"], -1.0);
    assert_eq!(m["left_split_stereo"], -0.4);
}

#[test]
fn sends_by_name_letter_and_position() {
    // Sends follow Live's measured send curve: 0 dB is value 1, −14.5 dB is the volume
    // fader's −8.5 dB (0.6375), −70 is off (core/fake-live/README.md row 76).
    let mut live = demo();
    let (bass, vox) = (track(&mut live, 1), track(&mut live, 5));
    update(
        &mut live,
        json!({"ids": bass, "sendReturn": "B-Delay", "sendGainDb": 0}),
    );
    assert_eq!(
        dump(&live)["tracks"][1]["mixer"]["sends"],
        json!([0.0, 1.0])
    );
    update(
        &mut live,
        json!({"ids": bass, "sendReturn": "a", "sendGainDb": -14.5}),
    );
    assert_eq!(
        dump(&live)["tracks"][1]["mixer"]["sends"],
        json!([0.6375, 1.0])
    );
    let t = read(&mut live, &bass, json!(["mixer"]));
    assert_eq!(
        t["sends"],
        json!([{"gainDb": -14.5, "return": "A-Reverb"}, {"gainDb": 0, "return": "B-Delay"}])
    );
    // A letter that starts no return's name picks the return at that position
    // (docs/design/tool-rules.md §7 step 5).
    let delay = ret(&mut live, 1);
    update(&mut live, json!({"ids": delay, "name": "Echo"}));
    update(
        &mut live,
        json!({"ids": vox, "sendReturn": "B", "sendGainDb": -70}),
    );
    assert_eq!(
        dump(&live)["tracks"][5]["mixer"]["sends"],
        json!([0.25, 0.0])
    );
}

#[test]
fn send_warnings() {
    let mut live = demo();
    let (bass, main) = (track(&mut live, 1), master(&mut live));
    let before = live.to_json();
    let r = update(&mut live, json!({"ids": bass, "sendGainDb": -6}));
    assert_eq!(
        warnings(&r),
        ["sendGainDb and sendReturn must be given together; send unchanged"]
    );
    let r = update(&mut live, json!({"ids": bass, "sendReturn": "A"}));
    assert_eq!(
        warnings(&r),
        ["sendGainDb and sendReturn must be given together; send unchanged"]
    );
    let r = update(
        &mut live,
        json!({"ids": bass, "sendReturn": "C", "sendGainDb": -6}),
    );
    assert_eq!(warnings(&r), ["no return track matches \"C\""]);
    assert_eq!(live.to_json(), before);
    let r = update(
        &mut live,
        json!({"ids": format!("{bass},{main}"), "sendReturn": "A-Reverb", "sendGainDb": -6}),
    );
    assert_eq!(
        warnings(&r),
        ["track \"Main\" has no send for return \"A-Reverb\""]
    );
    assert!(
        (dump(&live)["tracks"][1]["mixer"]["sends"][0]
            .as_f64()
            .unwrap()
            - 0.85)
            .abs()
            < 1e-9,
        "a send at -6 dB is the value where a volume fader reads 0 dB (row 76)"
    );
}

/// The identifier of the entry named `name` in a read-track routing list (`key` is
/// `inputId` or `outputId`).
fn routing_id(list: &Value, name: &str, key: &str) -> String {
    list.as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .unwrap_or_else(|| panic!("{name} not offered in {list}"))[key]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn routing_by_identifier_with_read_back() {
    // Routing identifiers are Live's own: they are taken from the available lists
    // read-track reports, never assumed (core/fake-live/README.md rows 5 to 13 and
    // "Routing identifiers").
    let mut live = demo();
    let keys = track(&mut live, 3);
    let t = read(&mut live, &keys, json!(["routings", "available-routings"]));
    let keyboard = routing_id(
        &t["availableInputRoutingTypes"],
        "Computer Keyboard",
        "inputId",
    );
    let main = routing_id(&t["availableOutputRoutingTypes"], "Main", "outputId");
    let r = update(
        &mut live,
        json!({"ids": keys, "inputRoutingTypeId": keyboard, "outputRoutingTypeId": main}),
    );
    assert!(warnings(&r).is_empty(), "{:?}", warnings(&r));
    let t = read(&mut live, &keys, json!(["routings", "available-routings"]));
    assert_eq!(
        t["inputRoutingType"],
        json!({"name": "Computer Keyboard", "inputId": keyboard})
    );
    assert_eq!(
        t["outputRoutingType"],
        json!({"name": "Main", "outputId": main})
    );
    let ch2 = routing_id(&t["availableInputRoutingChannels"], "Ch. 2", "inputId");
    let r = update(
        &mut live,
        json!({"ids": keys, "inputRoutingChannelId": ch2}),
    );
    assert!(warnings(&r).is_empty(), "{:?}", warnings(&r));
    let t = read(&mut live, &keys, json!(["routings"]));
    assert_eq!(
        t["inputRoutingChannel"],
        json!({"name": "Ch. 2", "inputId": ch2})
    );
    let r = update(&mut live, json!({"ids": keys, "outputRoutingTypeId": "7"}));
    assert_eq!(
        warnings(&r),
        ["routing identifier 7 was not accepted for output type; Live kept \"Main\""]
    );
    let r = update(
        &mut live,
        json!({"ids": keys, "inputRoutingChannelId": "ext-9"}),
    );
    assert_eq!(
        warnings(&r),
        ["routing identifier ext-9 was not accepted for input channel; Live kept \"Ch. 2\""]
    );
    let t = read(&mut live, &keys, json!(["routings"]));
    assert_eq!(t["outputRoutingType"]["name"], "Main", "unchanged");
}

#[test]
fn routing_and_monitoring_kind_checks() {
    let mut live = demo();
    let (group, lead, reverb) = (track(&mut live, 2), track(&mut live, 6), ret(&mut live, 0));
    // Both a group and a return offer Ext. Out (core/fake-live/README.md rows 8 and 9
    // and "Routing identifiers"); its identifier comes from the list.
    let listed = read(&mut live, &reverb, json!(["available-routings"]));
    let ext_out = routing_id(
        &listed["availableOutputRoutingTypes"],
        "Ext. Out",
        "outputId",
    );
    live.reset_counters();
    let r = update(
        &mut live,
        json!({"ids": format!("{group},{reverb}"), "inputRoutingTypeId": "1", "monitoringState": "in", "outputRoutingTypeId": ext_out}),
    );
    assert_eq!(
        warnings(&r),
        [
            "track \"Synths\" has no input routing; inputRoutingTypeId unchanged",
            "track \"Synths\" cannot be armed, so it has no monitoring; monitoringState unchanged",
            "track \"A-Reverb\" has no input routing; inputRoutingTypeId unchanged",
            "track \"A-Reverb\" cannot be armed, so it has no monitoring; monitoringState unchanged",
        ]
    );
    assert_eq!(
        read(&mut live, &reverb, json!(["routings"]))["outputRoutingType"]["name"],
        "Ext. Out"
    );
    let r = update(&mut live, json!({"ids": lead, "monitoringState": "off"}));
    assert!(warnings(&r).is_empty());
    assert_eq!(dump(&live)["tracks"][6]["current_monitoring_state"], 2);
    update(&mut live, json!({"ids": lead, "monitoringState": "in"}));
    assert_eq!(
        read(&mut live, &lead, json!(["routings"]))["monitoringState"],
        "in"
    );
}

#[test]
fn master_fields_are_left_alone_without_touching_live() {
    let mut live = demo();
    let main = master(&mut live);
    let r = update(&mut live, json!({"ids": main, "mute": false}));
    assert_eq!(warnings(&r), ["master track has no mute or solo"]);
    assert!(live.errors().is_empty(), "{:?}", live.errors());
    let mixer = id_of(&mut live, "live_set master_track mixer_device");
    assert_eq!(live.get(mixer, "panning_mode").unwrap(), [Atom::Int(0)]);
}

#[test]
fn b13_one_good_and_one_bad_id_is_success_with_one_warning() {
    let mut live = demo();
    let bass = track(&mut live, 1);
    let r = update(
        &mut live,
        json!({"ids": format!("{bass},424242"), "solo": true}),
    );
    assert_eq!(r["structuredContent"], json!({"id": bass}));
    assert_eq!(warnings(&r), ["id \"424242\" does not exist; skipped"]);
    assert_eq!(dump(&live)["tracks"][1]["solo"], true);
    let r = call(
        &mut live,
        "barline-update-track",
        json!({"ids": "424242", "solo": true}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
}

#[test]
fn master_routing_is_a_warning_and_changes_nothing() {
    // The master track has no routing through the API: getting its output routing
    // raises (core/fake-live/README.md row 12). Asking for it is a warning, not an
    // internal error, and nothing reaches Live.
    let mut live = demo();
    let main = master(&mut live);
    let before = live.to_json();
    let r = update(&mut live, json!({"ids": main, "outputRoutingTypeId": "4"}));
    assert_eq!(code(&r), "", "{r}");
    assert_eq!(warnings(&r).len(), 1, "{r}");
    assert!(warnings(&r)[0].contains("routing"), "{r}");
    assert_eq!(live.to_json(), before);
}
