//! barline-duplicate (docs/design/tool-rules.md §18) against the demo Set: tracks
//! (without clips or devices, routed to the source, the Barline device removed), scenes
//! in the session and into the arrangement at positions and locators, clips to slots and
//! to the arrangement at equal, longer and shorter lengths, and bad input writing
//! nothing.

use crate::support;

use barline_core::live::{Atom, LivePort};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of, one};
use support::outcome::{call_with_deadline, code, dump, items, message, warnings, writes};
use support::tools::call;

fn id(live: &mut FakeLive, path: &str) -> String {
    id_of(live, path).to_string()
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|t| t["name"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// `(start, length, name)` of each arrangement clip of a track in the dump.
fn timeline(d: &Value, track: usize) -> Vec<(f64, f64, String)> {
    d["tracks"][track]["arrangement_clips"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|c| {
                    (
                        c["start_time"].as_f64().unwrap_or(0.0),
                        c["length"].as_f64().unwrap(),
                        c["name"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Arrangement clip spans (start, end) on a track, read through the port.
fn spans(live: &mut FakeLive, track: usize) -> Vec<(f64, f64)> {
    let t = id_of(live, &format!("live_set tracks {track}"));
    let n = live.get_count(t, "arrangement_clips").unwrap();
    (0..n)
        .map(|i| {
            let c = id_of(
                live,
                &format!("live_set tracks {track} arrangement_clips {i}"),
            );
            (
                one(live, c, "start_time").as_f64().unwrap(),
                one(live, c, "end_time").as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn tracks_are_copied_next_to_the_source_with_their_clips() {
    let mut live = demo();
    let bass = id(&mut live, "live_set tracks 1");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "track", "id": bass, "count": 2, "name": "Bass 2,Bass 3"}),
    );
    let copies = items(&r);
    assert_eq!(copies.len(), 2, "{r}");
    assert_eq!(copies[0]["trackIndex"], 2);
    assert_eq!(copies[1]["trackIndex"], 3);
    let clips = copies[0]["clips"].as_array().unwrap();
    let slots: Vec<&str> = clips.iter().filter_map(|c| c["slot"].as_str()).collect();
    assert_eq!(slots, ["2/1", "2/2", "2/4"]);
    assert_eq!(clips[3]["arrangementStart"], "5|1");
    assert_eq!(
        names(&dump(&live)["tracks"]),
        [
            "Drums",
            "Bass",
            "Bass 2",
            "Bass 3",
            "Synths",
            "Keys",
            "Pad",
            "Vox Chops",
            "Lead"
        ]
    );
    assert_eq!(copies[1]["id"], id(&mut live, "live_set tracks 3"));
}

#[test]
fn copies_without_clips_or_devices() {
    let mut live = demo();
    let bass = id(&mut live, "live_set tracks 1");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "track", "id": bass, "withoutClips": true, "withoutDevices": true}),
    );
    assert_eq!(r["structuredContent"]["clips"], json!([]), "{r}");
    let copy = &dump(&live)["tracks"][2];
    assert!(copy.get("devices").is_none(), "{copy}");
    assert!(copy.get("arrangement_clips").is_none());
    assert!(copy["clip_slots"]
        .as_array()
        .is_none_or(|a| a.iter().all(Value::is_null)));
}

#[test]
fn the_barline_device_is_removed_from_a_copy_of_its_track() {
    let mut live = demo();
    let lead = id(&mut live, "live_set tracks 6");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "track", "id": lead}),
    );
    assert_eq!(
        warnings(&r),
        ["the Barline device was removed from the copy; it cannot be duplicated"]
    );
    let d = dump(&live);
    let devices: Vec<&str> = d["tracks"][7]["devices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["device"].as_str().unwrap())
        .collect();
    assert_eq!(devices, ["Drift", "Delay"]);
    assert_eq!(d["this_device"], "live_set tracks 6 devices 0");
}

#[test]
fn route_to_source_makes_an_empty_track_and_frees_the_source() {
    let mut live = demo();
    let keys = id(&mut live, "live_set tracks 3");
    let k = id_of(&mut live, "live_set tracks 3");
    let all_ins = json!({"input_routing_type": {"display_name": "All Ins", "identifier": 1}});
    live.set(
        k,
        "input_routing_type",
        &[Atom::Symbol(all_ins.to_string())],
    )
    .unwrap();
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "track", "id": keys, "routeToSource": true, "withoutClips": false}),
    );
    assert_eq!(
        warnings(&r),
        [
            "routeToSource needs withoutClips and withoutDevices; using true",
            "armed track \"Keys\" so the copy can play it",
            "set input of track \"Keys\" to \"No Input\" (was \"All Ins\")",
        ]
    );
    // The copy's routing lists fill in a tick after it is made (live-facts row 14); the
    // call waits that tick, then sends the copy's MIDI to the source.
    let copy = id_of(&mut live, "live_set tracks 4");
    let output = one(&mut live, copy, "output_routing_type").to_string();
    assert!(output.contains("\"Keys\""), "{output}");
    let d = dump(&live);
    assert_eq!(d["tracks"][3]["arm"], true);
    assert!(d["tracks"][4].get("devices").is_none());
    assert_eq!(r["structuredContent"]["clips"], json!([]));
    let input = one(&mut live, k, "input_routing_type").to_string();
    assert!(input.contains("No Input"), "{input}");
    // Source kinds the copy cannot play from.
    // Vox Chops, an audio track (now at 6: the copy sits at 4).
    let vox = id(&mut live, "live_set tracks 6");
    assert_eq!(names(&dump(&live)["tracks"])[6], "Vox Chops");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "track", "id": vox, "routeToSource": true}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
}

#[test]
fn return_and_master_tracks_cannot_be_duplicated() {
    let mut live = demo();
    let before = live.to_json();
    for path in ["live_set return_tracks 0", "live_set master_track"] {
        let t = id(&mut live, path);
        live.reset_counters();
        let r = call(
            &mut live,
            "barline-duplicate",
            json!({"type": "track", "id": t}),
        );
        assert_eq!(code(&r), "UNSUPPORTED", "{path}");
        assert_eq!(writes(&live), 0);
    }
    assert_eq!(live.to_json(), before);
}

#[test]
fn scenes_are_copied_in_the_session() {
    let mut live = demo();
    let verse = id(&mut live, "live_set scenes 1");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "scene", "id": verse, "name": "Verse 2"}),
    );
    let s = &r["structuredContent"];
    assert_eq!(s["sceneIndex"], 2);
    let slots: Vec<&str> = s["clips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slot"].as_str().unwrap())
        .collect();
    assert_eq!(slots, ["0/2", "1/2", "3/2", "5/2"]);
    let d = dump(&live);
    assert_eq!(
        names(&d["scenes"]),
        ["Intro", "Verse", "Verse 2", "Chorus", "Breakdown", "Outro"]
    );
    assert_eq!(d["tracks"][0]["clip_slots"][2]["name"], "Beat A");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "scene", "id": verse, "withoutClips": true, "count": 2}),
    );
    let copies = items(&r);
    assert_eq!(copies.len(), 2);
    assert_eq!(copies[1]["clips"], json!([]));
    let d = dump(&live);
    assert!(d["tracks"][0]["clip_slots"][3].is_null());
    assert_eq!(names(&d["scenes"]).len(), 8);
}

#[test]
fn a_scene_goes_into_the_arrangement_at_locators() {
    let mut live = demo();
    let verse = id(&mut live, "live_set scenes 1");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "scene", "id": verse, "locator": "Verse,locator-2"}),
    );
    let positions = items(&r);
    assert_eq!(positions.len(), 2, "{r}");
    assert_eq!(positions[0]["arrangementStart"], "5|1");
    assert_eq!(positions[1]["arrangementStart"], "13|1");
    // Scene length 16 beats: the 8-beat drum loop twice, the others once.
    let clips = positions[0]["clips"].as_array().unwrap();
    let tracks: Vec<i64> = clips
        .iter()
        .map(|c| c["trackIndex"].as_i64().unwrap())
        .collect();
    assert_eq!(tracks, [0, 0, 1, 3, 5, 5]);
    assert_eq!(clips[0]["name"], "Beat A");
    let d = dump(&live);
    assert_eq!(
        timeline(&d, 0),
        [
            (0.0, 16.0, "Beat A".into()),
            (16.0, 8.0, "Beat A".into()),
            (24.0, 8.0, "Beat A".into()),
            (48.0, 8.0, "Beat A".into()),
            (56.0, 8.0, "Beat A".into())
        ]
    );
    assert_eq!(
        timeline(&d, 3),
        [
            (16.0, 16.0, "Keys Stabs".into()),
            (48.0, 16.0, "Keys Stabs".into())
        ]
    );
    // The holding area is empty again.
    for t in [0, 1, 3, 4, 5] {
        assert!(
            spans(&mut live, t).iter().all(|(_, e)| *e <= 64.0),
            "track {t}"
        );
    }
}

#[test]
fn one_position_with_count_lays_copies_end_to_end() {
    let mut live = demo();
    let hook_scene = id(&mut live, "live_set scenes 2");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "scene", "id": hook_scene, "arrangementStart": "33|1", "count": 3, "arrangementLength": "2:0"}),
    );
    let starts: Vec<Value> = items(&r)
        .iter()
        .map(|p| p["arrangementStart"].clone())
        .collect();
    assert_eq!(starts, [json!("33|1"), json!("35|1"), json!("37|1")]);
    assert_eq!(
        spans(&mut live, 6),
        [(128.0, 136.0), (136.0, 144.0), (144.0, 152.0)]
    );
    // Bass Chorus is 16 beats: each copy trimmed to 8.
    assert_eq!(
        spans(&mut live, 1),
        [(16.0, 32.0), (128.0, 136.0), (136.0, 144.0), (144.0, 152.0)]
    );
}

#[test]
fn clips_go_to_slots_and_overwrite() {
    let mut live = demo();
    let beat = id(&mut live, "live_set tracks 0 clip_slots 1 clip");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": beat, "toSlot": "0/3,0/4,5/0,0/9,0/1", "name": "Beat C"}),
    );
    let copies = items(&r);
    assert_eq!(copies.len(), 2, "{r}");
    assert_eq!(copies[0]["slot"], "0/3");
    assert_eq!(copies[1]["slot"], "0/4");
    assert_eq!(
        warnings(&r),
        [
            "slot 0/4 had a clip; it was replaced",
            "track 5 takes no MIDI clips; skipped",
            "sceneIndex 9 does not exist (the Set has 5 scenes); skipped",
            "slot 0/1 holds the source clip; skipped",
        ]
    );
    let slots = dump(&live)["tracks"][0]["clip_slots"].clone();
    assert_eq!(
        names(&slots),
        ["Hats Intro", "Beat A", "Beat B", "Beat C", "Beat C"]
    );
    let arr = id(&mut live, "live_set tracks 0 arrangement_clips 0");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": arr, "toSlot": "0/3"}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert_eq!(
        message(&r),
        "arrangement clips cannot be copied to session slots"
    );
}

#[test]
fn clips_go_to_the_arrangement_at_their_own_length() {
    let mut live = demo();
    let hook = id(&mut live, "live_set tracks 6 clip_slots 2 clip");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": hook, "arrangementStart": "9|1,11|1", "arrangementLength": "2:0"}),
    );
    let copies = items(&r);
    assert_eq!(copies[0]["trackIndex"], 6);
    assert_eq!(copies[0]["arrangementStart"], "9|1");
    assert_eq!(copies[1]["arrangementStart"], "11|1");
    assert_eq!(
        timeline(&dump(&live), 6),
        [(32.0, 8.0, "Hook".into()), (40.0, 8.0, "Hook".into())]
    );
}

#[test]
fn a_longer_length_fills_with_loop_copies() {
    let mut live = demo();
    let hook = id(&mut live, "live_set tracks 6 clip_slots 2 clip");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": hook, "arrangementStart": "1|1", "arrangementLength": "5:0"}),
    );
    let s = &r["structuredContent"];
    assert_eq!(s["trackIndex"], 6, "{r}");
    let starts: Vec<&str> = s["clips"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["arrangementStart"].as_str().unwrap())
        .collect();
    assert_eq!(starts, ["1|1", "3|1", "5|1"]);
    assert_eq!(spans(&mut live, 6), [(0.0, 8.0), (8.0, 16.0), (16.0, 20.0)]);
}

#[test]
fn loop_copies_past_the_song_end_leave_no_gap() {
    let mut live = demo();
    let hook = id(&mut live, "live_set tracks 6 clip_slots 2 clip");
    // The song ends at 64: this range reaches past where a holding area that ignored
    // it would start.
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": hook, "arrangementStart": "25|1", "arrangementLength": "16:0"}),
    );
    assert_eq!(
        r["structuredContent"]["clips"].as_array().map(Vec::len),
        Some(8),
        "{r}"
    );
    let want: Vec<(f64, f64)> = (0..8)
        .map(|k| (96.0 + 8.0 * k as f64, 104.0 + 8.0 * k as f64))
        .collect();
    assert_eq!(spans(&mut live, 6), want);
}

#[test]
fn long_loop_copies_stop_before_the_time_limit() {
    let mut live = demo();
    let hook = id(&mut live, "live_set tracks 6 clip_slots 2 clip");
    let r = call_with_deadline(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": hook, "arrangementStart": "1|1", "arrangementLength": "100:0"}),
    );
    let laid = r["structuredContent"]["clips"]
        .as_array()
        .map_or(0, Vec::len);
    assert!(laid > 1 && laid < 50, "{r}");
    assert_eq!(
        warnings(&r),
        [format!("stopped after {} of 49 copies to stay within the time limit; repeat the call for the rest", laid - 1)]
    );
    assert_eq!(spans(&mut live, 6).len(), laid);
}

#[test]
fn an_unlooped_audio_clip_stops_at_the_end_of_its_file() {
    let mut live = demo();
    let chop = id_of(&mut live, "live_set tracks 5 clip_slots 1 clip");
    live.set(chop, "looping", &[Atom::Int(0)]).unwrap();
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": chop.to_string(), "arrangementStart": "2|1", "arrangementLength": "5:0"}),
    );
    assert_eq!(r["structuredContent"]["arrangementStart"], "2|1", "{r}");
    assert_eq!(warnings(&r), ["cannot lengthen: no more audio in the file"]);
    assert_eq!(spans(&mut live, 5), [(4.0, 12.0), (56.0, 64.0)]);
}

#[test]
fn a_shorter_length_trims_through_the_holding_area() {
    let mut live = demo();
    let hook = id(&mut live, "live_set tracks 6 clip_slots 2 clip");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": hook, "arrangementStart": "2|1", "arrangementLength": "0:3"}),
    );
    assert_eq!(r["structuredContent"]["arrangementStart"], "2|1", "{r}");
    assert_eq!(spans(&mut live, 6), [(4.0, 7.0)]);
}

#[test]
fn an_unlooped_midi_clip_is_lengthened_by_its_markers() {
    let mut live = demo();
    let hook = id_of(&mut live, "live_set tracks 6 clip_slots 2 clip");
    live.set(hook, "looping", &[Atom::Int(0)]).unwrap();
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": hook.to_string(), "arrangementStart": "1|1", "arrangementLength": "3:0"}),
    );
    assert_eq!(r["structuredContent"]["arrangementStart"], "1|1", "{r}");
    assert_eq!(spans(&mut live, 6), [(0.0, 12.0)]);
}

#[test]
fn an_arrangement_clip_copied_over_itself_keeps_its_content() {
    let mut live = demo();
    let pad = id(&mut live, "live_set tracks 4 arrangement_clips 0");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "clip", "id": pad, "arrangementStart": "3|1", "arrangementLength": "16:0"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    // The source is trimmed by its copies (Live's overlap rule); each copy is whole.
    assert_eq!(spans(&mut live, 4), [(0.0, 8.0), (8.0, 40.0), (40.0, 72.0)]);
}

#[test]
fn bad_input_writes_nothing() {
    let mut live = demo();
    let hook = id(&mut live, "live_set tracks 6 clip_slots 2 clip");
    let verse = id(&mut live, "live_set scenes 1");
    let bass = id(&mut live, "live_set tracks 1");
    let cases: Vec<(Value, &str, &str)> = vec![
        (json!({"type": "clip", "id": hook}), "BAD_INPUT",
         "a clip needs toSlot (session slots) or arrangementStart/locator (arrangement positions)"),
        (json!({"type": "clip", "id": hook, "arrangementStart": "1|1", "locator": "Verse"}), "BAD_INPUT",
         "give arrangementStart or locator, not both"),
        (json!({"type": "scene", "id": verse, "routeToSource": true}), "BAD_INPUT",
         "routeToSource works only with type \"track\""),
        (json!({"type": "track", "id": bass, "arrangementStart": "1|1"}), "BAD_INPUT",
         "tracks cannot be copied into the arrangement: duplicate a scene or clips there instead"),
        (json!({"type": "clip", "id": hook, "arrangementStart": "1|1", "arrangementLength": "0:0"}), "BAD_INPUT",
         "arrangementLength \"0:0\" must be longer than 0"),
        (json!({"type": "clip", "id": hook, "arrangementStart": "0|1"}), "BAD_INPUT", ""),
        (json!({"type": "clip", "id": hook, "toSlot": "6/0,x"}), "BAD_INPUT", ""),
        (json!({"type": "track", "id": bass, "color": "#12345"}), "BAD_INPUT", ""),
        (json!({"type": "track", "id": bass, "count": 101}), "BAD_INPUT", ""),
        (json!({"type": "device", "id": bass, "routeToSource": true}), "BAD_INPUT", ""),
        (json!({"type": "scene", "id": verse, "locator": "Bridge"}), "NOT_FOUND",
         "locator: no locator named \"Bridge\" (the Set has 3 locators)"),
        (json!({"type": "track", "id": verse}), "WRONG_TYPE", ""),
        (json!({"type": "clip", "id": "999999", "toSlot": "6/0"}), "NOT_FOUND", ""),
    ];
    for (args, want, text) in cases {
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-duplicate", args.clone());
        assert_eq!(code(&r), want, "{args}: {r}");
        if !text.is_empty() {
            assert_eq!(message(&r), text, "{args}");
        }
        assert_eq!(writes(&live), 0, "{args} wrote");
        assert_eq!(live.to_json(), before);
    }
}

#[test]
fn many_track_copies_stop_before_the_time_limit() {
    let mut live = demo();
    let bass = id(&mut live, "live_set tracks 1");
    let r = call_with_deadline(
        &mut live,
        "barline-duplicate",
        json!({"type": "track", "id": bass, "count": 10}),
    );
    let done = items(&r).len();
    assert!(done < 10, "{r}");
    assert_eq!(
        warnings(&r),
        [format!("stopped after {done} of 10 tracks to stay within the time limit; repeat the call for the rest")]
    );
    assert_eq!(names(&dump(&live)["tracks"]).len(), 7 + done);
}

#[test]
fn the_copy_is_found_by_id_not_by_position() {
    let mut live = demo();
    let synths = id(&mut live, "live_set tracks 2");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "track", "id": synths, "count": 2}),
    );
    let copies = items(&r);
    assert_eq!(copies.len(), 2, "{r}");
    for c in &copies {
        let at = c["trackIndex"].as_u64().unwrap();
        assert_eq!(c["id"], id(&mut live, &format!("live_set tracks {at}")));
        assert_ne!(c["id"], json!(synths));
    }
    assert_eq!(
        names(&dump(&live)["tracks"])
            .iter()
            .filter(|n| *n == "Synths")
            .count(),
        3
    );
}

fn device_names(live: &FakeLive, track: usize) -> Vec<String> {
    dump(live)["tracks"][track]["devices"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|d| {
                    d["name"]
                        .as_str()
                        .or(d["device"].as_str())
                        .unwrap_or("")
                        .to_string()
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_device_lands_right_after_itself_and_barline_never_doubles() {
    let mut live = demo();
    let delay = id(&mut live, "live_set tracks 6 devices 2");
    let tracks = dump(&live)["tracks"].as_array().unwrap().len();
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": delay, "count": 3}),
    );
    assert_eq!(warnings(&r), ["count is ignored for devices"], "{r}");
    let copy = id(&mut live, "live_set tracks 6 devices 3");
    assert_eq!(r["structuredContent"], json!({"id": copy}));
    assert_ne!(copy, delay);
    assert_eq!(
        device_names(&live, 6),
        ["Barline", "Lead Drift", "Delay", "Delay"]
    );
    let d = dump(&live);
    assert_eq!(
        d["tracks"].as_array().unwrap().len(),
        tracks,
        "temporary track left"
    );
    let barlines = d["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["devices"].as_array().cloned().unwrap_or_default())
        .filter(|dv| dv["name"] == "Barline")
        .count();
    assert_eq!(barlines, 1);
}

#[test]
fn a_device_goes_to_each_path_with_indices_on_later_tracks_kept() {
    let mut live = demo();
    let glue = id(&mut live, "live_set tracks 0 devices 1");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": glue, "toPath": "t5/d1,t3", "name": "Glue A,Glue B"}),
    );
    assert_eq!(items(&r).len(), 2, "{r}");
    assert_eq!(
        device_names(&live, 5),
        ["EQ Eight", "Glue A", "Auto Filter"]
    );
    assert_eq!(
        device_names(&live, 3),
        ["Keys", "Chorus-Ensemble", "Glue B"]
    );
    assert_eq!(device_names(&live, 0), ["Night Kit", "Glue Compressor"]);
    assert_eq!(dump(&live)["tracks"].as_array().unwrap().len(), 7);
}

#[test]
fn devices_off_regular_tracks_and_bad_paths_change_nothing() {
    let mut live = demo();
    let before = live.to_json();
    let reverb = id(&mut live, "live_set return_tracks 0 devices 0");
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": reverb}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert_eq!(
        message(&r),
        "devices on return or master tracks cannot be duplicated"
    );
    let glue = id(&mut live, "live_set tracks 0 devices 1");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": glue, "toPath": "t1/x0"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    let track = id(&mut live, "live_set tracks 1");
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": track}),
    );
    assert_eq!(code(&r), "WRONG_TYPE", "{r}");
    assert_eq!(writes(&live), 0);
    assert_eq!(live.to_json(), before);
}

#[test]
fn a_failed_device_copy_removes_its_temporary_track() {
    let mut live = demo();
    let before = dump(&live)["tracks"].as_array().unwrap().len();
    let glue = id(&mut live, "live_set tracks 0 devices 1");
    // t1/d0 is no rack: the destination fails after the temporary track exists.
    let r = call(
        &mut live,
        "barline-duplicate",
        json!({"type": "device", "id": glue, "toPath": "t1/d0/c0"}),
    );
    assert_eq!(r["isError"], true, "{r}");
    let d = dump(&live);
    assert_eq!(d["tracks"].as_array().unwrap().len(), before);
    assert_eq!(device_names(&live, 0), ["Night Kit", "Glue Compressor"]);
    assert_eq!(device_names(&live, 1), ["Sub Bass"]);
}
