//! barline-delete (docs/design/tool-rules.md §17) against the demo Set: every kind,
//! descending index order, the refused targets (docs/design/tool-contract.md §3.3), bulk
//! skips, and bad input writing nothing.

use crate::support;

use barline_core::live::LivePort;
use barline_core::tools::IssuedIds;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::outcome::{call_with_deadline, code, dump, items, message, warnings, writes};
use support::tools::{call, call_kept};

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap_or("").to_string())
        .collect()
}

fn id(live: &mut FakeLive, path: &str) -> String {
    id_of(live, path).to_string()
}

#[test]
fn tracks_are_deleted_highest_index_first() {
    let mut live = demo();
    let bass = id(&mut live, "live_set tracks 1");
    let keys = id(&mut live, "live_set tracks 3");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": format!("{bass},{keys}")}),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"items": [{"id": keys, "type": "track", "deleted": true}, {"id": bass, "type": "track", "deleted": true}]})
    );
    assert_eq!(
        names(&dump(&live)["tracks"]),
        ["Drums", "Synths", "Pad", "Vox Chops", "Lead"]
    );
}

#[test]
fn return_tracks_take_their_sends_with_them() {
    let mut live = demo();
    let reverb = id(&mut live, "live_set return_tracks 0");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": reverb}),
    );
    assert_eq!(r["structuredContent"]["deleted"], true, "{r}");
    let d = dump(&live);
    assert_eq!(names(&d["return_tracks"]), ["B-Delay"]);
    assert_eq!(
        d["tracks"][5]["mixer"]["sends"],
        json!([0.4]),
        "one send left, B-Delay's"
    );
}

#[test]
fn master_and_host_tracks_are_refused() {
    let mut live = demo();
    let master = id(&mut live, "live_set master_track");
    let lead = id(&mut live, "live_set tracks 6");
    let before = live.to_json();
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": master}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert_eq!(message(&r), "the master track cannot be deleted");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": lead}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert_eq!(message(&r), "the track hosting Barline cannot be deleted");
    assert_eq!(writes(&live), 0);
    assert_eq!(live.to_json(), before);
    // With a deletable track beside it: success, the refusal as a warning.
    let pad = id(&mut live, "live_set tracks 4");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": format!("{lead},{pad}")}),
    );
    assert_eq!(r["structuredContent"]["id"], pad);
    assert_eq!(
        warnings(&r),
        ["the track hosting Barline cannot be deleted; skipped"]
    );
}

#[test]
fn a_group_holding_the_host_track_is_refused() {
    let mut live = demo();
    // Put Barline on the Pad track, inside the Synths group.
    let mut set: Value = serde_json::from_str(&live.to_json()).unwrap();
    set["this_device"] = json!("live_set tracks 4 devices 0");
    live = FakeLive::from_json(&set.to_string()).unwrap();
    let synths = id(&mut live, "live_set tracks 2");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": synths}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert_eq!(message(&r), "the track hosting Barline cannot be deleted");
}

#[test]
fn ids_of_another_kind_and_unknown_ids_are_skipped() {
    let mut live = demo();
    let scene = id(&mut live, "live_set scenes 0");
    let bass = id(&mut live, "live_set tracks 1");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": format!("{scene},{bass},999999,{bass}")}),
    );
    assert_eq!(items(&r).len(), 1);
    assert_eq!(
        warnings(&r),
        [
            format!("duplicate id \"{bass}\" ignored"),
            format!("id \"{scene}\" is a Scene, not a track; skipped"),
            "id \"999999\" does not exist; skipped".to_string(),
        ]
    );
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "ids": format!("{scene},999999")}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    assert_eq!(
        message(&r),
        format!("id \"{scene}\" is a Scene, not a track; id \"999999\" does not exist")
    );
    assert_eq!(writes(&live), 0);
}

#[test]
fn scenes_go_with_their_slots_and_the_last_one_stays() {
    let mut live = demo();
    let verse = id(&mut live, "live_set scenes 1");
    let brk = id(&mut live, "live_set scenes 3");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "scene", "ids": format!("{verse},{brk}")}),
    );
    assert_eq!(items(&r).len(), 2);
    let d = dump(&live);
    assert_eq!(names(&d["scenes"]), ["Intro", "Chorus", "Outro"]);
    assert_eq!(
        names(&d["tracks"][0]["clip_slots"]),
        ["Hats Intro", "Beat B", "Kick Only"]
    );
    // Every remaining scene: the first one is kept.
    let all: Vec<String> = (0..3)
        .map(|i| id(&mut live, &format!("live_set scenes {i}")))
        .collect();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "scene", "ids": all.join(",")}),
    );
    assert_eq!(items(&r).len(), 2);
    assert_eq!(
        warnings(&r),
        ["the last scene cannot be deleted: Live keeps at least one scene; skipped"]
    );
    assert_eq!(names(&dump(&live)["scenes"]), ["Intro"]);
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "scene", "ids": all[0]}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
}

#[test]
fn session_clips_through_their_slot_and_arrangement_clips_through_their_track() {
    let mut live = demo();
    let session = id(&mut live, "live_set tracks 0 clip_slots 1 clip");
    let arranged = id(&mut live, "live_set tracks 0 arrangement_clips 0");
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "clip", "ids": format!("{session},{arranged}")}),
    );
    assert_eq!(items(&r).len(), 2, "{r}");
    assert_eq!(live.counters().of("ClipSlot").call, 1);
    assert_eq!(live.counters().of("Track").call, 1);
    let d = dump(&live);
    assert_eq!(d["tracks"][0]["clip_slots"][1], Value::Null);
    let arr = d["tracks"][0]["arrangement_clips"].as_array().unwrap();
    assert_eq!(names(&json!(arr)), ["Beat B"]);
}

#[test]
fn devices_by_id_and_by_track_level_path() {
    let mut live = demo();
    let rack = id(&mut live, "live_set tracks 0 devices 0");
    let glue = id(&mut live, "live_set tracks 0 devices 1");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "device", "ids": format!("{rack},{glue}"), "path": "t1/d0,t1/d5"}),
    );
    assert_eq!(items(&r).len(), 3, "{r}");
    assert_eq!(warnings(&r), ["no device at path \"t1/d5\"; skipped"]);
    let d = dump(&live);
    assert!(
        d["tracks"][0].get("devices").is_none(),
        "{}",
        d["tracks"][0]
    );
    assert!(d["tracks"][1].get("devices").is_none());
    let barline = id(&mut live, "live_set tracks 6 devices 0");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "device", "ids": barline}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert_eq!(message(&r), "the Barline device cannot delete itself");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "device", "path": "t3/d0/c0/d0"}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    assert_eq!(live.errors().len(), 0);
}

#[test]
fn devices_inside_drum_pads_and_pads_by_path() {
    let mut live = demo();
    let kick808 = id(&mut live, "live_set tracks 0 devices 0 chains 0 devices 0");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "device", "path": "t0/d0/pC1/c0/d0,t0/d0/pD1"}),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"id": kick808, "type": "device", "deleted": true}),
        "{r}"
    );
    assert_eq!(
        warnings(&r),
        ["path \"t0/d0/pD1\" resolves to a drum pad, not a device; skipped"]
    );
    let kit = dump(&live)["tracks"][0]["devices"][0].clone();
    assert!(kit["chains"][0].get("devices").is_none(), "{kit}");
    assert_eq!(kit["chains"][1]["devices"][0]["name"], "Snare Tight");

    let snare = id(&mut live, "live_set tracks 0 devices 0 drum_pads 38");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "drum-pad", "path": "t0/d0/pD1,t0/d0/p*,t0/d1"}),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"id": snare, "type": "drum-pad", "deleted": true}),
        "{r}"
    );
    assert_eq!(
        warnings(&r),
        [
            "path \"t0/d0/p*\" names the catch-all chains, which have no drum pad; skipped",
            "path \"t0/d1\" resolves to a device, not a drum pad; skipped",
        ]
    );
    let chains = dump(&live)["tracks"][0]["devices"][0]["chains"].clone();
    assert_eq!(names(&chains), ["Kick", "Clap", "Closed Hat", "Open Hat"]);
}

#[test]
fn drum_pads_lose_their_chains() {
    let mut live = demo();
    let kick = id(&mut live, "live_set tracks 0 devices 0 drum_pads 36");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "drum-pad", "ids": kick}),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"id": kick, "type": "drum-pad", "deleted": true})
    );
    let chains = dump(&live)["tracks"][0]["devices"][0]["chains"].clone();
    assert_eq!(names(&chains), ["Snare", "Clap", "Closed Hat", "Open Hat"]);
    let k = id_of(&mut live, "live_set tracks 0 devices 0 drum_pads 36");
    assert_eq!(live.get_count(k, "chains").unwrap(), 0);
}

#[test]
fn deleted_ids_are_stale_afterwards() {
    let mut live = demo();
    let bass = id(&mut live, "live_set tracks 1");
    let mut ids = IssuedIds::new();
    let args = json!({"type": "track", "ids": bass});
    let first = call_kept(&mut live, &mut ids, "barline-delete", args.clone());
    assert_eq!(first["structuredContent"]["deleted"], true);
    let again = call_kept(&mut live, &mut ids, "barline-delete", args.clone());
    assert_eq!(code(&again), "STALE_REFERENCE");
}

#[test]
fn bad_input_writes_nothing() {
    let cases: &[(Value, &str)] = &[
        (json!({"type": "track"}), "give ids: the objects to delete"),
        (
            json!({"type": "device"}),
            "give ids or path: the objects to delete",
        ),
        (json!({"ids": "1"}), ""),
        (json!({"type": "song", "ids": "1"}), ""),
        (
            json!({"type": "device", "path": "t1/d0,t1"}),
            "path \"t1\" names a track; add the device or pad segment, e.g. \"t1/d0\"",
        ),
        (
            json!({"type": "device", "ids": "1", "path": "tracks/1"}),
            "",
        ),
    ];
    for (args, text) in cases {
        let mut live = demo();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-delete", args.clone());
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
        if !text.is_empty() {
            assert_eq!(message(&r), *text);
        }
        assert_eq!(writes(&live), 0, "{args}");
        assert_eq!(live.to_json(), before);
    }
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "track", "path": "t0/d0"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    assert_eq!(
        warnings(&r),
        ["path is only used for type \"device\" or \"drum-pad\"; ignored"]
    );
}

#[test]
fn many_deletions_stop_before_the_time_limit() {
    let mut live = demo();
    let clips: Vec<String> = [
        "live_set tracks 0 clip_slots 0 clip",
        "live_set tracks 0 clip_slots 1 clip",
        "live_set tracks 0 clip_slots 2 clip",
        "live_set tracks 1 clip_slots 1 clip",
        "live_set tracks 1 clip_slots 2 clip",
        "live_set tracks 3 clip_slots 0 clip",
    ]
    .iter()
    .map(|p| id(&mut live, p))
    .collect();
    let r = call_with_deadline(
        &mut live,
        "barline-delete",
        json!({"type": "clip", "ids": clips.join(",")}),
    );
    let done = items(&r).len();
    assert!(done < 6, "{r}");
    assert_eq!(
        warnings(&r),
        [format!("stopped after {done} of 6 clips to stay within the time limit; repeat the call for the rest")]
    );
}

#[test]
fn a_device_inside_a_rack_chain_is_deleted_by_its_chain() {
    let mut live = demo();
    let snare = id(&mut live, "live_set tracks 0 devices 0 chains 1 devices 0");
    let chorus = id(&mut live, "live_set tracks 3 devices 1");
    let r = call(
        &mut live,
        "barline-delete",
        json!({"type": "device", "ids": format!("{snare},{chorus}")}),
    );
    assert_eq!(items(&r).len(), 2, "{r}");
    let d = dump(&live);
    let snare_chain = &d["tracks"][0]["devices"][0]["chains"][1];
    assert_eq!(snare_chain["name"], "Snare");
    assert!(snare_chain.get("devices").is_none(), "{snare_chain}");
    assert_eq!(d["tracks"][3]["devices"].as_array().unwrap().len(), 1);
}
