//! barline-update-live-set (docs/design/tool-rules.md §4): tempo, signature and scale, and
//! locators created, deleted and renamed through the one playhead.

use super::update;
use crate::support;
use barline_core::live::LivePort;
use barline_core::tools::ToolContext;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, one, sym};
use support::outcome::{code, dump, warnings, writes};
use support::tools::{call, call_ctx};

fn cues(live: &FakeLive) -> Value {
    dump(live)["cue_points"].clone()
}

/// The fake's virtual clock as the tools' clock.
struct FakeClock(barline_fake_live::VirtualClock);

impl barline_core::tools::testing::call::Clock for FakeClock {
    fn now_ms(&self) -> f64 {
        self.0.now_ms() as f64
    }
}

fn cues_of(live: &FakeLive) -> Vec<Value> {
    cues(live).as_array().cloned().unwrap_or_default()
}

// --- update-live-set: tempo, signature, scale -----------------------------------------
#[test]
fn tempo_signature_and_scale_in_one_call() {
    let mut live = demo();
    let r = update(
        &mut live,
        json!({"tempo": 96, "timeSignature": "6/8", "scale": "f# minor"}),
    );
    let d = &r["structuredContent"];
    assert_eq!(
        d,
        &json!({
            "id": d["id"], "tempo": 96, "timeSignature": "6/8", "scale": "F# Minor",
            "$meta": ["The scale applies to selected clips and is the default for new clips."],
            "scalePitches": "Gb,Ab,A,B,Db,D,E"
        })
    );
    let song = &dump(&live)["song"];
    assert_eq!(song["tempo"], 96.0);
    assert_eq!(song["signature_numerator"], 6);
    assert_eq!(song["signature_denominator"], 8);
    assert_eq!(song["root_note"], 6);
    assert_eq!(song["scale_name"], "Minor");
    let read = call(&mut live, "barline-read-live-set", json!({}));
    assert_eq!(read["structuredContent"]["scale"], "Gb Minor");
    assert_eq!(
        read["structuredContent"]["scalePitches"],
        "Gb,Ab,A,B,Db,D,E"
    );
}

#[test]
fn every_scale_name_and_root_is_accepted_case_insensitively() {
    let mut live = demo();
    for name in barline_core::tools::testing::scale::NAMES {
        let r = update(
            &mut live,
            json!({"scale": format!("bb {}", name.to_uppercase())}),
        );
        assert_eq!(r["structuredContent"]["scale"], format!("Bb {name}"));
        let song = live.resolve("live_set");
        assert_eq!(one(&mut live, song, "scale_name"), sym(name));
    }
    for (root, pc) in barline_core::tools::testing::scale::ROOTS {
        let r = update(
            &mut live,
            json!({"scale": format!("{} major", root.to_lowercase())}),
        );
        assert_eq!(r["structuredContent"]["scale"], format!("{root} Major"));
        let song = live.resolve("live_set");
        assert_eq!(one(&mut live, song, "root_note").as_i64(), Some(*pc));
    }
}

#[test]
fn empty_scale_turns_scale_mode_off() {
    let mut live = demo();
    let r = update(&mut live, json!({"scale": ""}));
    assert_eq!(r["structuredContent"]["scale"], "");
    assert!(r["structuredContent"].get("scalePitches").is_none());
    assert!(r["structuredContent"].get("$meta").is_none());
    let mode = &dump(&live)["song"]["scale_mode"];
    assert!(mode == &json!(false) || mode.is_null(), "{mode}");
}

#[test]
fn tempo_live_did_not_keep_is_a_warning() {
    let mut live = demo();
    // Inside a notification Live refuses changes: the tempo stays 104.
    live.set_in_notification(true);
    let r = update(&mut live, json!({"tempo": 90}));
    assert_eq!(r["structuredContent"]["tempo"], 104);
    assert_eq!(warnings(&r), ["Live kept tempo 104 instead of 90"]);
}

#[test]
fn bad_input_changes_nothing() {
    let bad = [
        json!({"tempo": 10}),
        json!({"tempo": 1000}),
        json!({"tempo": 120, "timeSignature": "5/6"}),
        json!({"tempo": 120, "timeSignature": "four"}),
        json!({"tempo": 120, "scale": "H Minor"}),
        json!({"tempo": 120, "scale": "C Funky"}),
        json!({"tempo": 120, "scale": "C"}),
        json!({"tempo": 120, "locatorOperation": "create", "locatorTime": "0|1"}),
        json!({"tempo": 120, "locatorOperation": "delete", "locatorTime": "soon"}),
        json!({"tempo": 120, "locatorOperation": "move"}),
    ];
    for args in bad {
        let mut live = demo();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-update-live-set", args.clone());
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
        assert_eq!(writes(&live), 0, "{args}: no write reached Live");
        assert_eq!(live.to_json(), before, "{args}");
    }
}

#[test]
fn unknown_scale_lists_valid_values() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-update-live-set",
        json!({"scale": "X Major"}),
    );
    let text = r["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("C#, Db"), "{text}");
    let r = call(
        &mut live,
        "barline-update-live-set",
        json!({"scale": "C Nope"}),
    );
    let text = r["content"][0]["text"].as_str().unwrap();
    // Not all 35 names (errors stay short): examples, or the nearest names.
    assert!(text.contains("e.g. Major, Minor"), "{text}");
}

// --- update-live-set: locators --------------------------------------------------------
#[test]
fn create_inside_the_arrangement_waits_for_the_playhead() {
    let mut live = demo();
    let r = update(
        &mut live,
        json!({"locatorOperation": "create", "locatorTime": "9|1", "locatorName": "Bridge"}),
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "created", "time": "9|1", "name": "Bridge", "id": "locator-2"})
    );
    assert!(warnings(&r).is_empty(), "{r}");
    // Live lists cues in creation order (core/fake-live/README.md row 50); the tool's
    // locator-2 is the time order.
    assert_eq!(
        cues(&live),
        json!([
            {"time": 0.0, "name": "Intro"}, {"time": 16.0, "name": "Verse"},
            {"time": 48.0, "name": "Chorus"}, {"time": 32.0, "name": "Bridge"}
        ])
    );
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn create_past_the_end_uses_a_temporary_midi_clip() {
    let mut live = demo();
    let clips_before = dump(&live)["tracks"][0]["arrangement_clips"].clone();
    let r = update(
        &mut live,
        json!({"tempo": 110, "locatorOperation": "create", "locatorTime": "41|1", "locatorName": "Outro"}),
    );
    assert_eq!(r["structuredContent"]["tempo"], 110);
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "created", "time": "41|1", "name": "Outro", "id": "locator-3"})
    );
    let d = dump(&live);
    assert_eq!(d["cue_points"][3], json!({"time": 160.0, "name": "Outro"}));
    assert_eq!(
        d["tracks"][0]["arrangement_clips"], clips_before,
        "the temporary clip is gone"
    );
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn create_past_the_end_on_audio_tracks_uses_the_silent_wav() {
    let fixture = json!({
        "format": "barline-live-set/1", "scenes": [{}],
        "tracks": [{"kind": "audio", "name": "Vox"}],
        "files": ["/tmp/barline/silence.wav"]
    });
    let mut live = FakeLive::from_json(&fixture.to_string()).unwrap();
    let ctx = ToolContext {
        silent_wav: Some("/tmp/barline/silence.wav".into()),
        ..ToolContext::default()
    };
    // Live's song_length is the last event (the arrangement loop's end included) + 32
    // beats even in an empty Set (core/fake-live/README.md row 53), so "past the end"
    // lies well after the loop: bar 21 is beat 80.
    let r = call_ctx(
        &mut live,
        "barline-update-live-set",
        json!({"locatorOperation": "create", "locatorTime": "21|1"}),
        &ctx,
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "created", "time": "21|1", "id": "locator-0"}),
        "{r}"
    );
    let d = dump(&live);
    assert_eq!(d["cue_points"], json!([{"time": 80.0}]));
    assert!(d["tracks"][0]
        .get("arrangement_clips")
        .is_none_or(|c| c.as_array().unwrap().is_empty()));
    // Without the silent WAV in the request, nothing is written.
    let mut live = FakeLive::from_json(&fixture.to_string()).unwrap();
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-update-live-set",
        json!({"tempo": 100, "locatorOperation": "create", "locatorTime": "21|1"}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert_eq!(writes(&live), 0);
}

#[test]
fn create_past_the_end_without_tracks_is_unsupported_and_changes_nothing() {
    let fixture = json!({"format": "barline-live-set/1", "scenes": [{}]});
    let mut live = FakeLive::from_json(&fixture.to_string()).unwrap();
    live.reset_counters();
    // Beyond song_length (loop end + 32 beats in an empty Set, core/fake-live/README.md
    // row 53).
    let r = call(
        &mut live,
        "barline-update-live-set",
        json!({"tempo": 100, "locatorOperation": "create", "locatorTime": "21|1"}),
    );
    assert_eq!(code(&r), "UNSUPPORTED");
    assert!(r["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("a locator past the end of the arrangement needs at least one track"));
    assert_eq!(writes(&live), 0);
    // At the start (not past the end) a Set without tracks can hold a locator.
    let r = update(
        &mut live,
        json!({"locatorOperation": "create", "locatorTime": "1|1"}),
    );
    assert_eq!(r["structuredContent"]["locator"]["operation"], "created");
}

#[test]
fn create_where_one_exists_is_skipped() {
    let mut live = demo();
    let before = cues(&live);
    let r = update(
        &mut live,
        json!({"tempo": 100, "locatorOperation": "create", "locatorTime": "5|1"}),
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "skipped", "reason": "locator_exists", "time": "5|1", "existingId": "locator-1"})
    );
    assert_eq!(
        warnings(&r),
        ["locator already exists at 5|1 (locator-1); nothing created"]
    );
    assert_eq!(
        r["structuredContent"]["tempo"], 100,
        "the tempo still lands"
    );
    assert_eq!(cues(&live), before);
}

#[test]
fn create_while_playing_stops_playback() {
    let mut live = demo();
    let song = live.resolve("live_set");
    live.call(song, "start_playing", &[]).unwrap();
    let r = update(
        &mut live,
        json!({"locatorOperation": "create", "locatorTime": "3|1"}),
    );
    assert_eq!(warnings(&r), ["playback stopped to edit locators"]);
    assert_eq!(r["structuredContent"]["locator"]["id"], "locator-1");
    let playing = &dump(&live)["song"]["is_playing"];
    assert!(playing.is_null() || playing == &json!(false), "{playing}");
}

#[test]
fn missing_parameters_are_skipped_with_warnings() {
    let cases = [
        (
            json!({"locatorOperation": "create"}),
            json!({"operation": "skipped", "reason": "missing_locatorTime"}),
            "locatorTime is required to create a locator",
        ),
        (
            json!({"locatorOperation": "rename", "locatorId": "locator-0"}),
            json!({"operation": "skipped", "reason": "missing_locatorName"}),
            "locatorName is required to rename a locator",
        ),
        (
            json!({"locatorOperation": "rename", "locatorName": "X"}),
            json!({"operation": "skipped", "reason": "missing_identifier", "name": "X"}),
            "locatorId or locatorTime is required",
        ),
        (
            json!({"locatorOperation": "delete"}),
            json!({"operation": "skipped", "reason": "missing_identifier"}),
            "locatorId or locatorTime is required",
        ),
        (
            json!({"locatorOperation": "delete", "locatorId": "locator-7"}),
            json!({"operation": "skipped", "reason": "locator_not_found", "id": "locator-7"}),
            "locator \"locator-7\" not found",
        ),
        (
            json!({"locatorOperation": "rename", "locatorId": "locator-7", "locatorName": "X"}),
            json!({"operation": "skipped", "reason": "locator_not_found", "id": "locator-7"}),
            "locator \"locator-7\" not found",
        ),
        (
            json!({"locatorOperation": "delete", "locatorTime": "2|1"}),
            json!({"operation": "skipped", "reason": "locator_not_found", "time": "2|1"}),
            "locator \"2|1\" not found",
        ),
        (
            json!({"locatorOperation": "delete", "locatorName": "Bridge"}),
            json!({"operation": "skipped", "reason": "no_locators_found", "name": "Bridge"}),
            "no locator named \"Bridge\"; nothing deleted",
        ),
    ];
    for (args, locator, warning) in cases {
        let mut live = demo();
        let before = live.to_json();
        let r = update(&mut live, args.clone());
        assert_eq!(r["structuredContent"]["locator"], locator, "{args}");
        assert_eq!(warnings(&r), [warning], "{args}");
        assert_eq!(live.to_json(), before, "{args}");
    }
}

#[test]
fn locator_parameters_without_operation_are_ignored() {
    let mut live = demo();
    let before = cues(&live);
    let r = update(
        &mut live,
        json!({"tempo": 99, "locatorName": "X", "locatorTime": "2|1"}),
    );
    assert_eq!(
        warnings(&r),
        ["locator parameters ignored without locatorOperation"]
    );
    assert!(r["structuredContent"].get("locator").is_none());
    assert_eq!(cues(&live), before);
}

#[test]
fn delete_by_id_and_by_time() {
    let mut live = demo();
    let r = update(
        &mut live,
        json!({"locatorOperation": "delete", "locatorId": "locator-1"}),
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "deleted", "id": "locator-1"})
    );
    assert_eq!(
        cues(&live),
        json!([{"time": 0.0, "name": "Intro"}, {"time": 48.0, "name": "Chorus"}])
    );
    let r = update(
        &mut live,
        json!({"locatorOperation": "delete", "locatorTime": "13|1"}),
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "deleted", "time": "13|1"})
    );
    assert_eq!(cues(&live), json!([{"time": 0.0, "name": "Intro"}]));
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn delete_by_name_removes_every_match_latest_first() {
    let mut live = demo();
    for t in ["3|1", "9|1"] {
        update(
            &mut live,
            json!({"locatorOperation": "create", "locatorTime": t, "locatorName": "Fill"}),
        );
    }
    let r = update(
        &mut live,
        json!({"locatorOperation": "delete", "locatorName": "Fill"}),
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "deleted", "count": 2, "name": "Fill"})
    );
    assert_eq!(
        cues(&live),
        json!([{"time": 0.0, "name": "Intro"}, {"time": 16.0, "name": "Verse"}, {"time": 48.0, "name": "Chorus"}])
    );
}

#[test]
fn rename_by_id_and_by_time() {
    let mut live = demo();
    let r = update(
        &mut live,
        json!({"locatorOperation": "rename", "locatorId": "locator-2", "locatorName": "Drop"}),
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "renamed", "id": "locator-2", "name": "Drop"})
    );
    let r = update(
        &mut live,
        json!({"locatorOperation": "rename", "locatorTime": "1|1", "locatorName": "Start"}),
    );
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "renamed", "id": "locator-0", "name": "Start"})
    );
    assert_eq!(
        cues(&live),
        json!([{"time": 0.0, "name": "Start"}, {"time": 16.0, "name": "Verse"}, {"time": 48.0, "name": "Drop"}])
    );
}

#[test]
fn locator_time_follows_a_new_signature_in_the_same_call() {
    let mut live = demo();
    let r = update(
        &mut live,
        json!({"timeSignature": "3/4", "locatorOperation": "create", "locatorTime": "2|1"}),
    );
    assert_eq!(r["structuredContent"]["locator"]["time"], "2|1");
    assert_eq!(r["structuredContent"]["locator"]["id"], "locator-1");
    // The new cue is listed last: creation order (core/fake-live/README.md row 50).
    assert_eq!(cues(&live)[3], json!({"time": 3.0}));
}

#[test]
fn small_model_mode_drops_the_locator_parameters() {
    let mut live = demo();
    let small = ToolContext {
        small_model: true,
        ..ToolContext::default()
    };
    let before = cues(&live);
    let r = call_ctx(
        &mut live,
        "barline-update-live-set",
        json!({"tempo": 100, "locatorOperation": "create", "locatorTime": "3|1"}),
        &small,
    );
    assert_ne!(r["isError"], true, "{r}");
    assert!(r["structuredContent"].get("locator").is_none());
    assert_eq!(cues(&live), before);
}

#[test]
fn the_first_run_asks_for_a_wait_and_the_resumed_run_finishes() {
    use barline_core::tools::testing::call::NoClock;
    use barline_core::tools::IssuedIds;
    use barline_core::tools::{execute, ToolRequest};
    use barline_core::tools::{RESUME_CONTEXT, WAIT_META};
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let mut request = ToolRequest {
        tool: "barline-update-live-set".into(),
        args: json!({"tempo": 90, "locatorOperation": "create", "locatorTime": "9|1"}),
        context: ToolContext::default().to_json(),
    };
    let first = execute(&mut live, &request, &mut ids, &NoClock);
    let wait = first.result["_meta"][WAIT_META].clone();
    assert_eq!(wait["ms"], 10, "{}", first.result);
    assert_eq!(
        cues(&live).as_array().unwrap().len(),
        3,
        "nothing placed yet"
    );
    assert_eq!(
        dump(&live)["song"]["tempo"],
        90.0,
        "the tempo is set before the wait"
    );
    live.settle();
    request.context[RESUME_CONTEXT] = wait["state"].clone();
    let done = execute(&mut live, &request, &mut ids, &NoClock);
    assert_eq!(done.result["structuredContent"]["tempo"], 90);
    assert_eq!(
        done.result["structuredContent"]["locator"]["id"],
        "locator-2"
    );
    // Listed last: creation order (core/fake-live/README.md row 50).
    assert_eq!(cues(&live)[3], json!({"time": 32.0}));
}

#[test]
fn a_playhead_that_never_arrives_is_a_warning_and_deletes_nothing() {
    let mut live = demo();
    // Inside a notification Live refuses the playhead write: it stays at 1|1 (Intro).
    live.set_in_notification(true);
    let before = cues(&live);
    let r = update(
        &mut live,
        json!({"locatorOperation": "create", "locatorTime": "9|1"}),
    );
    assert_eq!(
        warnings(&r),
        ["playhead did not reach 9|1; nothing was toggled there"]
    );
    // Never reported as existing: no locator is at 9|1 (issue 22).
    assert_eq!(
        r["structuredContent"]["locator"],
        json!({"operation": "skipped", "reason": "playhead_busy", "time": "9|1"})
    );
    assert_eq!(
        cues(&live),
        before,
        "Intro at the playhead was not toggled away"
    );
    let r = update(
        &mut live,
        json!({"locatorOperation": "delete", "locatorId": "locator-2"}),
    );
    assert_eq!(
        warnings(&r),
        ["playhead did not reach 13|1; nothing was toggled there"]
    );
    assert_eq!(r["structuredContent"]["locator"]["operation"], "skipped");
    assert_eq!(cues(&live), before);
}

#[test]
fn deleting_many_locators_stops_before_the_time_limit_across_waits() {
    let cues: Vec<Value> = (0..8)
        .map(|i| json!({"time": i * 4, "name": "X"}))
        .collect();
    let fixture = json!({
        "format": "barline-live-set/1", "scenes": [{}], "call_delay_ms": 100,
        "tracks": [{"kind": "midi"}], "cue_points": cues
    });
    let mut live = FakeLive::from_json(&fixture.to_string()).unwrap();
    let clock = FakeClock(live.clock());
    let ctx = ToolContext {
        timeout_ms: 6_000,
        ..ToolContext::default()
    };
    let r = barline_core::tools::call_with(
        &mut live,
        "barline-update-live-set",
        &json!({"locatorOperation": "delete", "locatorName": "X"}),
        &ctx,
        false,
        &mut barline_core::tools::IssuedIds::new(),
        &clock,
    )
    .unwrap();
    assert_ne!(r["isError"], true, "{r}");
    let done = r["structuredContent"]["locator"]["count"].as_u64().unwrap();
    assert!((1..8).contains(&done), "{r}");
    assert_eq!(
        warnings(&r),
        [format!(
            "stopped after {done} of 8 locators to stay within the time limit; repeat the call for the rest"
        )]
    );
    let left = cues_of(&live);
    assert_eq!(left.len() as u64, 8 - done);
    // Latest first: the earliest locators are the ones left.
    assert_eq!(left[0]["time"], 0.0);
}
