//! barline-update-clip (docs/design/tool-rules.md §13) against the demo Set: every result
//! is checked against the outputSchema (support::tools), and the Set afterwards through
//! the fake's dump or its LOM. Golden tests for the merge without leaking state and for
//! stale ids that name their replacement (docs/design/tool-contract.md §3.9, §3.5), and
//! the reference quirks this tool corrects (docs/design/tool-rules.md §13).

use crate::support;
use support::outcome::data;

use barline_core::live::{Atom, LiveId, LivePort};
use barline_core::tools::IssuedIds;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of, one, sym};
use support::outcome::{code, warnings};
use support::tools::{call, call_kept};

const TOOL: &str = "barline-update-clip";

/// The result items (one object or `{items: [...]}`).
fn items(r: &Value) -> Vec<Value> {
    let d = data(r);
    match d.get("items") {
        Some(Value::Array(a)) => a.clone(),
        _ => vec![d.clone()],
    }
}

fn clip_at(live: &mut FakeLive, path: &str) -> LiveId {
    id_of(live, path)
}

fn num(live: &mut FakeLive, id: LiveId, prop: &str) -> f64 {
    one(live, id, prop).as_f64().unwrap()
}

/// Every note of a clip as Live holds it (JSON objects, sorted by start then pitch).
fn live_notes(live: &mut FakeLive, clip: LiveId) -> Vec<Value> {
    let mut notes = support::fake::live_notes(live, clip);
    notes.sort_by(|a, b| {
        a["start_time"]
            .as_f64()
            .unwrap()
            .total_cmp(&b["start_time"].as_f64().unwrap())
            .then(a["pitch"].as_i64().cmp(&b["pitch"].as_i64()))
    });
    notes
}

/// A new MIDI clip in slot `slot` with `notes` (create-clip).
fn new_clip(live: &mut FakeLive, slot: &str, notes: &str, extra: Value) -> String {
    let mut args = json!({"slot": slot, "notes": notes});
    if let (Some(a), Some(e)) = (args.as_object_mut(), extra.as_object()) {
        a.extend(e.clone());
    }
    let r = call(live, "barline-create-clip", args);
    data(&r)["id"].as_str().unwrap().to_string()
}

fn lid(id: &str) -> LiveId {
    LiveId(id.parse().unwrap())
}

// ------------------------------ merge without leaking state (docs/design/tool-contract.md §3.9)

#[test]
fn b6_merge_starts_from_default_state_and_keeps_untouched_notes() {
    let mut live = demo();
    let id = new_clip(
        &mut live,
        "6/0",
        "v40 t0.25 C3 1|1",
        json!({"length": "4:0"}),
    );
    let clip = lid(&id);
    let before = live_notes(&mut live, clip);
    assert_eq!(before.len(), 1);
    let c3_id = before[0]["note_id"].clone();
    // Mute and release velocity are kept on untouched notes.
    live.call(
        clip,
        "apply_note_modifications",
        &[sym(
            &json!({"notes": [{"note_id": c3_id, "mute": 1, "release_velocity": 90}]}).to_string(),
        )],
    )
    .unwrap();

    let r = call(&mut live, TOOL, json!({"ids": id, "notes": "D3 1|2"}));
    assert_eq!(data(&r)["noteCount"], 2);
    let after = live_notes(&mut live, clip);
    let c3 = after.iter().find(|n| n["pitch"] == 60).unwrap();
    let d3 = after.iter().find(|n| n["pitch"] == 62).unwrap();
    assert_eq!(
        d3["velocity"].as_f64(),
        Some(100.0),
        "1.4.6 leaked velocity 40"
    );
    assert_eq!(
        d3["duration"].as_f64(),
        Some(1.0),
        "1.4.6 leaked duration 0.25"
    );
    assert_eq!(c3["note_id"], c3_id, "the untouched C3 keeps its id");
    assert_eq!(c3["velocity"].as_f64(), Some(40.0));
    assert_eq!(c3["mute"].as_i64(), Some(1));
    assert_eq!(c3["release_velocity"].as_f64(), Some(90.0));

    // `@2=1` copies bar 1, existing notes included.
    let r = call(&mut live, TOOL, json!({"ids": id, "notes": "@2=1"}));
    assert_eq!(data(&r)["noteCount"], 4);
    let after = live_notes(&mut live, clip);
    let bar2: Vec<(i64, f64, f64)> = after
        .iter()
        .filter(|n| n["start_time"].as_f64().unwrap() >= 4.0)
        .map(|n| {
            (
                n["pitch"].as_i64().unwrap(),
                n["start_time"].as_f64().unwrap(),
                n["velocity"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(bar2, vec![(60, 4.0, 40.0), (62, 5.0, 100.0)]);
    assert_eq!(
        after.iter().find(|n| n["pitch"] == 60).unwrap()["note_id"],
        c3_id
    );

    // `v0 C3 1|1` deletes the existing C3 of bar 1 only.
    let r = call(&mut live, TOOL, json!({"ids": id, "notes": "v0 C3 1|1"}));
    assert_eq!(data(&r)["noteCount"], 3);
    let after = live_notes(&mut live, clip);
    assert!(after
        .iter()
        .all(|n| !(n["pitch"] == 60 && n["start_time"].as_f64() == Some(0.0))));
    assert_eq!(after.len(), 3);
}

#[test]
fn merge_replaces_a_note_at_the_same_pitch_and_start() {
    let mut live = demo();
    let id = new_clip(&mut live, "6/0", "C3 E3 1|1 G3 1|3", json!({}));
    let clip = lid(&id);
    let e3 = live_notes(&mut live, clip)
        .into_iter()
        .find(|n| n["pitch"] == 64)
        .unwrap();
    let r = call(&mut live, TOOL, json!({"ids": id, "notes": "v90 C3 1|1"}));
    assert_eq!(data(&r)["noteCount"], 3);
    let after = live_notes(&mut live, clip);
    let c3: Vec<&Value> = after.iter().filter(|n| n["pitch"] == 60).collect();
    assert_eq!(c3.len(), 1, "the old C3 was replaced, not doubled");
    assert_eq!(c3[0]["velocity"].as_f64(), Some(90.0));
    let e3_after = after.iter().find(|n| n["pitch"] == 64).unwrap();
    assert_eq!(e3_after["note_id"], e3["note_id"]);
}

#[test]
fn replace_removes_every_note_first() {
    let mut live = demo();
    let clip = clip_at(&mut live, "live_set tracks 0 clip_slots 1 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": clip.to_string(), "notes": "C1 1|1 D1 1|3", "noteUpdateMode": "replace"}),
    );
    assert_eq!(data(&r)["noteCount"], 2);
    let pitches: Vec<i64> = live_notes(&mut live, clip)
        .iter()
        .map(|n| n["pitch"].as_i64().unwrap())
        .collect();
    assert_eq!(pitches, vec![36, 38]);
}

#[test]
fn notes_on_audio_clips_and_audio_settings_on_midi_clips_warn() {
    let mut live = demo();
    let audio = clip_at(&mut live, "live_set tracks 5 clip_slots 1 clip");
    let midi = clip_at(&mut live, "live_set tracks 6 clip_slots 2 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": format!("{audio},{midi}"), "notes": "C3 1|1", "gainDb": -6,
               "pitchShift": 1, "warpMode": "tones", "warping": true, "quantize": 1, "quantizeGrid": "1/16"}),
    );
    let w = warnings(&r);
    for expected in [
        format!("notes ignored: clip {audio} is an audio clip"),
        format!("quantize ignored: clip {audio} is an audio clip"),
        format!("gainDb ignored: clip {midi} is a MIDI clip"),
        format!("pitchShift ignored: clip {midi} is a MIDI clip"),
        format!("warpMode ignored: clip {midi} is a MIDI clip"),
        format!("warping ignored: clip {midi} is a MIDI clip"),
    ] {
        assert!(w.contains(&expected), "missing {expected:?} in {w:?}");
    }
    assert_eq!(items(&r).len(), 2);
}

// ---------------------------------------------------------------- properties

#[test]
fn name_colour_and_signature_with_palette_warning() {
    let mut live = demo();
    let a = clip_at(&mut live, "live_set tracks 0 clip_slots 0 clip");
    let b = clip_at(&mut live, "live_set tracks 0 clip_slots 1 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": format!("{a},{b}"), "name": "One, Two", "color": "#123456", "timeSignature": "3/4"}),
    );
    assert_eq!(items(&r).len(), 2);
    assert_eq!(one(&mut live, a, "name").as_str(), Some("One"));
    assert_eq!(one(&mut live, b, "name").as_str(), Some("Two"));
    assert_eq!(one(&mut live, a, "signature_numerator").as_i64(), Some(3));
    assert!(
        warnings(&r)
            .iter()
            .any(|w| w.starts_with("color #123456 for clip \"One\" became palette color")),
        "{:?}",
        warnings(&r)
    );
}

#[test]
fn region_start_after_the_loop_end_is_written_end_first() {
    let mut live = demo();
    let id = new_clip(&mut live, "6/0", "C3 1|1", json!({"length": "1:0"}));
    let clip = lid(&id);
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": id, "start": "3|1", "length": "2:0"}),
    );
    data(&r);
    assert!(live.errors().is_empty(), "{:?}", live.errors());
    assert_eq!(num(&mut live, clip, "loop_start"), 8.0, "{r}");
    assert_eq!(num(&mut live, clip, "loop_end"), 16.0);
    // docs/design/tool-rules.md §13: the start marker follows `start` only when it stays
    // before the end marker (here 4: the looping clip's length moved loop_end, not
    // end_marker).
    assert_eq!(num(&mut live, clip, "start_marker"), 0.0);
    let r = call(&mut live, TOOL, json!({"ids": id, "start": "2|1"}));
    data(&r);
    assert_eq!(num(&mut live, clip, "loop_start"), 4.0);
    assert_eq!(num(&mut live, clip, "loop_end"), 16.0);
}

#[test]
fn b16_length_alone_on_a_non_looping_clip_keeps_the_start() {
    let mut live = demo();
    let id = new_clip(
        &mut live,
        "6/0",
        "C3 1|1",
        json!({"length": "1:0", "start": "2|1", "looping": false}),
    );
    let clip = lid(&id);
    let r = call(&mut live, TOOL, json!({"ids": id, "length": "3:0"}));
    data(&r);
    assert_eq!(
        num(&mut live, clip, "start_marker"),
        4.0,
        "1.4.6 moved the start"
    );
    assert_eq!(num(&mut live, clip, "end_marker"), 16.0);
}

#[test]
fn first_start_and_looping() {
    let mut live = demo();
    let id = new_clip(&mut live, "6/0", "C3 1|1", json!({"length": "2:0"}));
    let clip = lid(&id);
    let r = call(&mut live, TOOL, json!({"ids": id, "firstStart": "1|3"}));
    data(&r);
    assert_eq!(num(&mut live, clip, "start_marker"), 2.0);
    let r = call(&mut live, TOOL, json!({"ids": id, "firstStart": "9|1"}));
    assert!(warnings(&r)
        .contains(&"firstStart ignored: it is at or after the clip end (3|1)".to_string()));
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": id, "looping": false, "firstStart": "1|2"}),
    );
    assert!(warnings(&r).contains(&"firstStart ignored: clip is not looping".to_string()));
    assert_eq!(one(&mut live, clip, "looping").as_i64(), Some(0));
}

// ---------------------------------------------------------------- audio

#[test]
fn audio_gain_pitch_split_and_warp() {
    let mut live = demo();
    let clip = clip_at(&mut live, "live_set tracks 5 clip_slots 1 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": clip.to_string(), "gainDb": 0, "pitchShift": 0.75, "warpMode": "pro", "warping": false}),
    );
    data(&r);
    assert_eq!(one(&mut live, clip, "pitch_coarse").as_i64(), Some(1));
    assert_eq!(one(&mut live, clip, "pitch_fine").as_i64(), Some(-25));
    assert_eq!(one(&mut live, clip, "warp_mode").as_i64(), Some(6));
    assert_eq!(one(&mut live, clip, "warping").as_i64(), Some(0));
    call(
        &mut live,
        TOOL,
        json!({"ids": clip.to_string(), "pitchShift": -0.3, "gainDb": -6}),
    );
    assert_eq!(one(&mut live, clip, "pitch_coarse").as_i64(), Some(0));
    assert_eq!(one(&mut live, clip, "pitch_fine").as_i64(), Some(-30));
    let back = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": clip.to_string(), "include": ["sample"]}),
    );
    assert_eq!(data(&back)["pitchShift"], -0.3);
    assert!(
        (data(&back)["gainDb"].as_f64().unwrap() + 6.0).abs() < 0.01,
        "{back}"
    );
}

#[test]
fn pitch_split_examples() {
    use barline_core::tools::testing::pitch_split;
    assert_eq!(pitch_split(0.75), (1, -25));
    assert_eq!(pitch_split(-0.3), (0, -30));
    assert_eq!(pitch_split(0.5), (1, -50));
    assert_eq!(pitch_split(0.49), (0, 49));
    assert_eq!(pitch_split(-48.0), (-48, 0));
    assert_eq!(pitch_split(48.0), (48, 0));
}

// ---------------------------------------------------------------- quantise

#[test]
fn quantize_moves_notes_and_warns_when_live_ignores_it() {
    let mut live = demo();
    let id = new_clip(&mut live, "6/0", "C3 1|1.1 D3 1|2.1", json!({}));
    let clip = lid(&id);
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": id, "quantize": 1, "quantizeGrid": "1/4", "quantizePitch": "C3"}),
    );
    data(&r);
    let n = live_notes(&mut live, clip);
    let start = |p: i64| {
        n.iter().find(|x| x["pitch"] == p).unwrap()["start_time"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(start(60), 0.0);
    assert!((start(62) - 1.1).abs() < 1e-9, "only C3 was quantised");

    let r = call(&mut live, TOOL, json!({"ids": id, "quantize": 1}));
    assert!(warnings(&r).contains(&"quantize ignored: quantizeGrid is required".to_string()));
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": id, "quantize": 1, "quantizeGrid": "1/4", "quantizePitch": "H2"}),
    );
    assert!(warnings(&r)
        .contains(&"quantizePitch \"H2\" is not a pitch name; quantize skipped".to_string()));

    let mut set: Value = serde_json::from_str(support::fake::DEMO).unwrap();
    set["quantize_noop"] = json!(true);
    let mut noop = FakeLive::from_json(&set.to_string()).unwrap();
    let id = new_clip(&mut noop, "6/0", "C3 1|1.1 D3 1|2.1", json!({}));
    let r = call(
        &mut noop,
        TOOL,
        json!({"ids": id, "quantize": 1, "quantizeGrid": "1/4"}),
    );
    assert!(
        warnings(&r).contains(
            &"quantize changed no notes; Live may have ignored it — use the transform quant() instead"
                .to_string()
        ),
        "{:?}",
        warnings(&r)
    );
}

// ---------------------------------------------------------------- toSlot and stale ids (docs/design/tool-contract.md §3.5)

#[test]
fn b12_to_slot_moves_the_clip_and_the_old_id_names_the_new_one() {
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-clip",
        json!({"slot": "0/0"}),
    );
    let old = data(&r)["id"].as_str().unwrap().to_string();
    let r = call_kept(
        &mut live,
        &mut ids,
        TOOL,
        json!({"ids": old, "toSlot": "0/3,1/3"}),
    );
    assert!(warnings(&r).contains(&"toSlot accepts one destination; using 0/3".to_string()));
    let d = data(&r);
    assert_eq!(d["slot"], "0/3");
    let new = d["id"].as_str().unwrap().to_string();
    assert_ne!(new, old);
    let source = id_of(&mut live, "live_set tracks 0 clip_slots 0");
    assert_eq!(one(&mut live, source, "has_clip").as_i64(), Some(0));
    let moved = clip_at(&mut live, "live_set tracks 0 clip_slots 3 clip");
    assert_eq!(moved.to_string(), new);
    assert_eq!(one(&mut live, moved, "name").as_str(), Some("Hats Intro"));
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-clip",
        json!({"clipId": old}),
    );
    assert_eq!(code(&r), "STALE_REFERENCE");
    let msg = r["content"][0]["text"].as_str().unwrap();
    assert!(msg.contains(&format!("its new id is {new}")), "{msg}");
    // A never-issued id that does not exist stays NOT_FOUND.
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-clip",
        json!({"clipId": "999999"}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
}

#[test]
fn to_slot_warnings_occupied_missing_and_arrangement() {
    let mut live = demo();
    let a = clip_at(&mut live, "live_set tracks 0 clip_slots 0 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": a.to_string(), "toSlot": "0/1"}),
    );
    assert!(warnings(&r).contains(&"slot 0/1 had a clip; it was replaced".to_string()));
    let moved = clip_at(&mut live, "live_set tracks 0 clip_slots 1 clip");
    assert_eq!(one(&mut live, moved, "name").as_str(), Some("Hats Intro"));

    let b = clip_at(&mut live, "live_set tracks 0 clip_slots 2 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": b.to_string(), "toSlot": "0/40"}),
    );
    assert_eq!(data(&r)["id"], b.to_string());
    assert!(
        warnings(&r).iter().any(|w| w.ends_with("toSlot skipped")),
        "{:?}",
        warnings(&r)
    );

    let arr = clip_at(&mut live, "live_set tracks 1 arrangement_clips 0");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": arr.to_string(), "toSlot": "1/0"}),
    );
    assert!(warnings(&r).contains(&format!(
        "clip {arr} is an arrangement clip; toSlot ignored"
    )));

    let same = call(
        &mut live,
        TOOL,
        json!({"ids": b.to_string(), "toSlot": "0/2"}),
    );
    assert_eq!(data(&same)["id"], b.to_string());
}

// ---------------------------------------------------------------- arrangement

#[test]
fn arrangement_start_moves_and_session_clips_warn() {
    let mut live = demo();
    let mut ids = IssuedIds::new();
    let bass = clip_at(&mut live, "live_set tracks 1 arrangement_clips 0");
    let session = clip_at(&mut live, "live_set tracks 1 clip_slots 1 clip");
    let r = call_kept(
        &mut live,
        &mut ids,
        TOOL,
        json!({"ids": format!("{bass},{session}"), "arrangementStart": "17|1"}),
    );
    assert!(warnings(&r).contains(&format!(
        "clip {session} is a session clip; arrangementStart ignored"
    )));
    let out = items(&r);
    let new = out[0]["id"].as_str().unwrap().to_string();
    assert_ne!(new, bass.to_string());
    let moved = clip_at(&mut live, "live_set tracks 1 arrangement_clips 0");
    assert_eq!(moved.to_string(), new);
    assert_eq!(num(&mut live, moved, "start_time"), 64.0);
    let track = id_of(&mut live, "live_set tracks 1");
    assert_eq!(live.get_count(track, "arrangement_clips").unwrap(), 1);
    assert_eq!(live_notes(&mut live, moved).len(), 24);
    let r = call_kept(
        &mut live,
        &mut ids,
        "barline-read-clip",
        json!({"clipId": bass.to_string()}),
    );
    assert_eq!(code(&r), "STALE_REFERENCE");
}

#[test]
fn several_clips_of_one_track_to_one_position_warn() {
    let mut live = demo();
    let a = clip_at(&mut live, "live_set tracks 0 arrangement_clips 0");
    let b = clip_at(&mut live, "live_set tracks 0 arrangement_clips 1");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": format!("{a},{b}"), "arrangementStart": "33|1"}),
    );
    assert!(warnings(&r).contains(
        &"2 clips on track 0 moved to the same position; later clips overwrite earlier ones"
            .to_string()
    ));
    let out = items(&r);
    assert_eq!(out.len(), 1, "the overwritten copy is absent: {out:?}");
    let track = id_of(&mut live, "live_set tracks 0");
    assert_eq!(live.get_count(track, "arrangement_clips").unwrap(), 1);
    let left = clip_at(&mut live, "live_set tracks 0 arrangement_clips 0");
    assert_eq!(one(&mut live, left, "name").as_str(), Some("Beat B"));
}

#[test]
fn arrangement_length_shorter_trims_the_clip() {
    let mut live = demo();
    let pad = clip_at(&mut live, "live_set tracks 4 arrangement_clips 0");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": pad.to_string(), "arrangementLength": "4:0"}),
    );
    assert_eq!(data(&r)["id"], pad.to_string());
    assert_eq!(num(&mut live, pad, "end_time"), 16.0);
    let track = id_of(&mut live, "live_set tracks 4");
    assert_eq!(
        live.get_count(track, "arrangement_clips").unwrap(),
        1,
        "the temporary clip is gone"
    );
}

#[test]
fn arrangement_length_longer_non_looping_midi_extends_markers() {
    let mut live = demo();
    let pad = clip_at(&mut live, "live_set tracks 4 arrangement_clips 0");
    live.set(pad, "looping", &[Atom::Int(0)]).unwrap();
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": pad.to_string(), "arrangementLength": "10:0"}),
    );
    assert_eq!(data(&r)["id"], pad.to_string());
    assert_eq!(num(&mut live, pad, "end_time"), 40.0);
    assert_eq!(
        num(&mut live, pad, "end_marker") - num(&mut live, pad, "start_marker"),
        40.0
    );
}

#[test]
fn arrangement_length_longer_looping_adds_continuation_copies() {
    let mut live = demo();
    let bass = clip_at(&mut live, "live_set tracks 1 arrangement_clips 0");
    // 16 beats long at 16; lengthen to 40 beats: copies at 32 (16) and 48 (8).
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": bass.to_string(), "arrangementLength": "10:0"}),
    );
    let out = items(&r);
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[0]["id"], bass.to_string());
    let track = id_of(&mut live, "live_set tracks 1");
    assert_eq!(live.get_count(track, "arrangement_clips").unwrap(), 3);
    let spans: Vec<(f64, f64)> = (0..3)
        .map(|i| {
            let c = clip_at(
                &mut live,
                &format!("live_set tracks 1 arrangement_clips {i}"),
            );
            (
                num(&mut live, c, "start_time"),
                num(&mut live, c, "end_time"),
            )
        })
        .collect();
    assert_eq!(spans, vec![(16.0, 32.0), (32.0, 48.0), (48.0, 56.0)]);
    assert!(live.errors().is_empty(), "{:?}", live.errors());
    // Nothing is left in the holding area.
    let song = id_of(&mut live, "live_set");
    assert!(num(&mut live, song, "song_length") <= 96.0);
}

#[test]
fn arrangement_length_far_past_the_song_end_leaves_no_gap() {
    let mut live = demo();
    // Beat B ends the song at 64; 64 beats of it reach past where the holding area
    // would start if it ignored the range being filled.
    let beat = clip_at(&mut live, "live_set tracks 0 arrangement_clips 1");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": beat.to_string(), "arrangementLength": "16:0"}),
    );
    assert_eq!(items(&r).len(), 4, "{r}");
    let track = id_of(&mut live, "live_set tracks 0");
    let n = live.get_count(track, "arrangement_clips").unwrap();
    let spans: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let c = clip_at(
                &mut live,
                &format!("live_set tracks 0 arrangement_clips {i}"),
            );
            (
                num(&mut live, c, "start_time"),
                num(&mut live, c, "end_time"),
            )
        })
        .collect();
    assert_eq!(
        spans,
        vec![
            (0.0, 16.0),
            (48.0, 64.0),
            (64.0, 80.0),
            (80.0, 96.0),
            (96.0, 112.0)
        ]
    );
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn arrangement_length_on_audio_without_more_audio_warns() {
    let mut live = demo();
    let chop = clip_at(&mut live, "live_set tracks 5 arrangement_clips 0");
    live.set(chop, "looping", &[Atom::Int(0)]).unwrap();
    let end = num(&mut live, chop, "end_time");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": chop.to_string(), "arrangementLength": "4:0"}),
    );
    data(&r);
    assert!(
        warnings(&r)
            .iter()
            .any(|w| w == "cannot lengthen: no more audio in the file"
                || w.starts_with("unlooped audio clip capped at the end of its file")),
        "{:?}",
        warnings(&r)
    );
    assert!(num(&mut live, chop, "end_time") >= end);
}

#[test]
fn arrangement_length_on_audio_is_capped_at_the_end_of_the_file() {
    let mut live = demo();
    let song = id_of(&mut live, "live_set");
    // At 240 BPM the 4 s file behind this 8-beat clip holds 16 beats.
    live.set(song, "tempo", &[Atom::Float(240.0)]).unwrap();
    let chop = clip_at(&mut live, "live_set tracks 5 arrangement_clips 0");
    live.set(chop, "looping", &[Atom::Int(0)]).unwrap();
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": chop.to_string(), "arrangementLength": "6:0"}),
    );
    assert_eq!(data(&r)["id"], chop.to_string());
    assert!(
        warnings(&r).contains(
            &"unlooped audio clip capped at the end of its file (16 beats available, 24 requested)"
                .to_string()
        ),
        "{:?}",
        warnings(&r)
    );
    assert_eq!(
        num(&mut live, chop, "end_time") - num(&mut live, chop, "start_time"),
        16.0
    );
}

#[test]
fn audio_clips_shorten_and_split_through_temporary_audio_clips() {
    let mut live = demo();
    let chop = clip_at(&mut live, "live_set tracks 5 arrangement_clips 0");
    let track = id_of(&mut live, "live_set tracks 5");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": chop.to_string(), "split": "2|1"}),
    );
    let out = items(&r);
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(live.get_count(track, "arrangement_clips").unwrap(), 2);
    let second = lid(out[1]["id"].as_str().unwrap());
    assert_eq!(num(&mut live, second, "start_time"), 60.0);
    assert_eq!(num(&mut live, second, "end_time"), 64.0);
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": chop.to_string(), "arrangementLength": "0:2"}),
    );
    data(&r);
    assert_eq!(num(&mut live, chop, "end_time"), 58.0);
    assert_eq!(live.get_count(track, "arrangement_clips").unwrap(), 2);
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn b16_arrangement_values_use_the_song_signature() {
    let mut live = demo();
    let bass = clip_at(&mut live, "live_set tracks 1 arrangement_clips 0");
    live.set(bass, "signature_numerator", &[Atom::Int(3)])
        .unwrap();
    // "2:0" is 8 beats in the Set's 4/4, not 6 in the clip's 3/4.
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": bass.to_string(), "arrangementLength": "2:0", "arrangementStart": "9|1"}),
    );
    let id = lid(data(&r)["id"].as_str().unwrap());
    assert_eq!(num(&mut live, id, "start_time"), 32.0);
    assert_eq!(num(&mut live, id, "end_time"), 40.0);
}

#[test]
fn arrangement_parameters_on_session_clips_warn() {
    let mut live = demo();
    let s = clip_at(&mut live, "live_set tracks 0 clip_slots 0 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": s.to_string(), "arrangementLength": "2:0", "split": "2|1", "toSlot": "0/3"}),
    );
    let w = warnings(&r);
    assert!(w.contains(&format!(
        "clip {s} is a session clip; arrangementLength ignored"
    )));
    assert!(w.contains(&format!("clip {s} is a session clip; split ignored")));
    assert!(w.iter().any(|x| x.starts_with("toSlot ignored")), "{w:?}");
}

#[test]
fn split_makes_segments_in_place() {
    let mut live = demo();
    let pad = clip_at(&mut live, "live_set tracks 4 arrangement_clips 0");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": pad.to_string(), "split": "3|1, 5|1, 40|1"}),
    );
    let out = items(&r);
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[0]["id"], pad.to_string());
    let track = id_of(&mut live, "live_set tracks 4");
    assert_eq!(live.get_count(track, "arrangement_clips").unwrap(), 3);
    let spans: Vec<(f64, f64, String)> = (0..3)
        .map(|i| {
            let c = clip_at(
                &mut live,
                &format!("live_set tracks 4 arrangement_clips {i}"),
            );
            (
                num(&mut live, c, "start_time"),
                num(&mut live, c, "end_time"),
                c.to_string(),
            )
        })
        .collect();
    assert_eq!(
        spans.iter().map(|s| (s.0, s.1)).collect::<Vec<_>>(),
        vec![(0.0, 8.0), (8.0, 16.0), (16.0, 32.0)]
    );
    let result_ids: Vec<String> = out
        .iter()
        .map(|o| o["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        result_ids,
        spans.iter().map(|s| s.2.clone()).collect::<Vec<_>>()
    );
    // The segments together still hold every note.
    let total: usize = spans
        .iter()
        .map(|s| {
            let c = lid(&s.2);
            let (sm, em) = (
                num(&mut live, c, "start_marker"),
                num(&mut live, c, "end_marker"),
            );
            live_notes(&mut live, c)
                .iter()
                .filter(|n| {
                    let t = n["start_time"].as_f64().unwrap();
                    t >= sm && t < em
                })
                .count()
        })
        .sum();
    assert_eq!(total, 24);
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn split_warnings() {
    let mut live = demo();
    let pad = clip_at(&mut live, "live_set tracks 4 arrangement_clips 0");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": pad.to_string(), "split": "40|1"}),
    );
    assert!(warnings(&r).contains(&"split \"40|1\" contains no point inside the clip".to_string()));
    let many: Vec<String> = (2..42).map(|b| format!("{b}|1")).collect();
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": pad.to_string(), "split": many.join(",")}),
    );
    assert!(warnings(&r).contains(&"too many split points (40); at most 32".to_string()));
    assert_eq!(items(&r).len(), 8, "32-beat clip split at every bar");
}

// ---------------------------------------------------------------- errors

#[test]
fn bad_input_changes_nothing() {
    let cases = [
        json!({"ids": "X", "notes": "C3 1|1 ))"}),
        json!({"ids": "X", "color": "#12345G"}),
        json!({"ids": "X", "timeSignature": "4/3"}),
        json!({"ids": "X", "start": "0|1"}),
        json!({"ids": "X", "length": "0:0"}),
        json!({"ids": "X", "arrangementLength": "0:0"}),
        json!({"ids": "X", "split": "1|1"}),
        json!({"ids": "X", "split": "2|x"}),
        json!({"ids": "X", "toSlot": "a/b"}),
        json!({"ids": "X", "pitchShift": 49}),
        json!({"ids": "X", "gainDb": 25}),
        json!({"ids": "X", "quantize": 2, "quantizeGrid": "1/4"}),
        json!({"ids": "X", "quantizeGrid": "1/5", "quantize": 1}),
        json!({"ids": ""}),
        json!({"ids": "X", "name": "a\u{0}b"}),
        json!({"ids": "X", "name": "n".repeat(300)}),
    ];
    for case in cases {
        let mut live = demo();
        let clip = clip_at(&mut live, "live_set tracks 0 clip_slots 1 clip").to_string();
        let args = serde_json::from_str::<Value>(
            &case.to_string().replace("\"X\"", &format!("\"{clip}\"")),
        )
        .unwrap();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, TOOL, args.clone());
        assert_eq!(r["isError"], true, "{args} should fail: {r}");
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
        let writes: u64 = live
            .counters()
            .by_type
            .values()
            .map(|c| c.call + c.set)
            .sum();
        assert_eq!(writes, 0, "{args}: no set or call reached Live");
        assert_eq!(live.to_json(), before, "{args} changed the Set");
    }
}

#[test]
fn bulk_outcome_unknown_ids() {
    let mut live = demo();
    let r = call(&mut live, TOOL, json!({"ids": "999999", "name": "x"}));
    assert_eq!(code(&r), "NOT_FOUND");
    let track = id_of(&mut live, "live_set tracks 0");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": track.to_string(), "name": "x"}),
    );
    assert_eq!(code(&r), "WRONG_TYPE");
    let clip = clip_at(&mut live, "live_set tracks 0 clip_slots 1 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": format!("{clip},999999,{clip}"), "name": "Renamed"}),
    );
    assert_eq!(data(&r)["id"], clip.to_string());
    let w = warnings(&r);
    assert!(
        w.iter()
            .any(|x| x.contains("999999") && x.ends_with("skipped")),
        "{w:?}"
    );
    assert!(
        w.contains(&format!("duplicate id \"{clip}\" ignored")),
        "{w:?}"
    );
    assert_eq!(one(&mut live, clip, "name").as_str(), Some("Renamed"));
}

// ---------------------------------------------------------------- the seeding hook

#[test]
fn interpret_merge_seeds_only_the_bar_copy_memory() {
    use barline_core::notation::{interpret, interpret_merge, InterpretOptions, Note};
    let opts = InterpretOptions::time_signature(4, 4);
    let existing = [Note {
        pitch: 60,
        start_time: 0.0,
        duration: 0.25,
        velocity: 40,
        probability: 1.0,
        velocity_deviation: 0,
    }];
    // No seeds: the same as interpret.
    let plain = interpret_merge("D3 1|2 @2=1", &opts, &[]).unwrap();
    assert_eq!(plain.notes, interpret("D3 1|2 @2=1", &opts).unwrap().notes);
    // Seeds are copied by a bar copy but never emitted themselves; state is default.
    let m = interpret_merge("D3 1|2 @2=1", &opts, &existing).unwrap();
    let mut got: Vec<(u8, f64, u8, f64)> = m
        .notes
        .iter()
        .map(|n| (n.pitch, n.start_time, n.velocity, n.duration))
        .collect();
    got.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    assert_eq!(
        got,
        vec![
            (62, 1.0, 100, 1.0),
            (60, 4.0, 40, 0.25),
            (62, 5.0, 100, 1.0)
        ]
    );
    assert_eq!(m.notes.len(), 3);
    assert!(m.deleted_existing.is_empty());
    // A v0 note deletes a seeded note and reports it by index.
    let m = interpret_merge("v0 C3 1|1", &opts, &existing).unwrap();
    assert!(m.notes.is_empty());
    assert_eq!(m.deleted_existing, vec![0]);
}

// ---------------------------------------------------------------- transforms

#[test]
fn transforms_without_notes_rewrite_the_existing_notes() {
    let mut live = demo();
    let id = new_clip(&mut live, "6/0", "C3 1|1 E3 1|2", json!({}));
    let clip = lid(&id);
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": id, "transforms": "velocity = 50\nduration = 2", "seed": 7}),
    );
    let d = data(&r);
    assert_eq!(d["transformed"], 2);
    assert_eq!(d["seed"], 7);
    assert_eq!(d["noteCount"], 2);
    let notes = live_notes(&mut live, clip);
    assert!(notes
        .iter()
        .all(|n| n["velocity"].as_f64() == Some(50.0) && n["duration"].as_f64() == Some(2.0)));
}

#[test]
fn transforms_with_merged_notes_apply_to_existing_and_new() {
    let mut live = demo();
    let id = new_clip(&mut live, "6/0", "C3 1|1", json!({}));
    let clip = lid(&id);
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": id, "notes": "D3 1|2", "transforms": "velocity = 60"}),
    );
    let d = data(&r);
    assert_eq!(d["transformed"], 2);
    assert!(d["seed"].as_u64().is_some(), "a drawn seed is reported");
    let notes = live_notes(&mut live, clip);
    assert_eq!(notes.len(), 2);
    assert!(notes.iter().all(|n| n["velocity"].as_f64() == Some(60.0)));
}

#[test]
fn transforms_same_seed_same_notes() {
    let run = || {
        let mut live = demo();
        let id = new_clip(&mut live, "6/0", "C3 1|1 D3 1|2 E3 1|3", json!({}));
        call(
            &mut live,
            TOOL,
            json!({"ids": id, "transforms": "velocity = rand(1, 127)", "seed": 42}),
        );
        live_notes(&mut live, lid(&id))
            .iter()
            .map(|n| n["velocity"].as_f64().unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn transforms_warnings_and_errors() {
    let mut live = demo();
    let empty = new_clip(&mut live, "6/0", "", json!({}));
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": empty, "transforms": "velocity = 5"}),
    );
    assert!(warnings(&r).contains(&"transforms ignored: clip has no notes".to_string()));
    // A parse error fails the call before any clip changes, audio clips too.
    let audio = clip_at(&mut live, "live_set tracks 5 clip_slots 1 clip");
    let before = live.to_json();
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": audio.to_string(), "transforms": "gain = 5 +", "name": "x"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    assert_eq!(live.to_json(), before);
}

#[test]
fn transforms_on_audio_adjust_gain_and_pitch() {
    let mut live = demo();
    let audio = clip_at(&mut live, "live_set tracks 5 clip_slots 1 clip");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": audio.to_string(), "transforms": "gain = -6\npitchShift = 0.75", "seed": 1}),
    );
    assert_eq!(data(&r)["seed"], 1);
    assert_eq!(one(&mut live, audio, "pitch_coarse").as_i64(), Some(1));
    assert_eq!(one(&mut live, audio, "pitch_fine").as_i64(), Some(-25));
    let back = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": audio.to_string(), "include": ["sample"]}),
    );
    assert!(
        (data(&back)["gainDb"].as_f64().unwrap() + 6.0).abs() < 0.01,
        "{back}"
    );
}

#[test]
fn seeded_notes_do_not_count_against_the_notation_limit() {
    use barline_core::notation::{interpret_merge, InterpretOptions, Note, MAX_NOTES};
    let existing: Vec<Note> = (0..MAX_NOTES + 10_000)
        .map(|i| Note {
            pitch: (i % 128) as u8,
            start_time: (i / 128) as f64,
            duration: 0.5,
            velocity: 100,
            probability: 1.0,
            velocity_deviation: 0,
        })
        .collect();
    let m = interpret_merge("D3 1|2", &InterpretOptions::time_signature(4, 4), &existing).unwrap();
    assert_eq!(m.notes.len(), 1);
}

#[test]
fn an_audio_clip_moved_onto_other_clips_replaces_them_without_pasting_over_them() {
    // Live crashes when an arrangement clip is pasted onto clips (fake README row A1):
    // the range is emptied from a temporary session clip first, then the copy is made.
    let mut live = demo();
    let track = id_of(&mut live, "live_set tracks 5");
    let chop = clip_at(&mut live, "live_set tracks 5 arrangement_clips 0");
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": chop.to_string(), "split": "2|1"}),
    );
    assert_eq!(items(&r).len(), 2);
    let song = id_of(&mut live, "live_set");
    let slots_before = live.get_count(track, "clip_slots").unwrap();
    let scenes_before = live.get_count(song, "scenes").unwrap();
    // The first piece moves onto the start of the second.
    let r = call(
        &mut live,
        TOOL,
        json!({"ids": chop.to_string(), "arrangementStart": "16|1"}),
    );
    let moved = lid(data(&r)["id"].as_str().unwrap());
    let moved_len = num(&mut live, moved, "end_time") - num(&mut live, moved, "start_time");
    assert_eq!(num(&mut live, moved, "start_time"), 60.0);
    assert_eq!(moved_len, 4.0);
    let spans: Vec<(f64, f64)> =
        barline_core::tools::testing::lom::child_ids(&mut live, track, "arrangement_clips")
            .unwrap()
            .into_iter()
            .map(|c| {
                (
                    num(&mut live, c, "start_time"),
                    num(&mut live, c, "end_time"),
                )
            })
            .collect();
    for pair in spans.windows(2) {
        assert!(pair[0].1 <= pair[1].0 + 1e-9, "no overlap: {spans:?}");
    }
    assert!(!spans.iter().any(|s| s.0 < 60.0 && s.1 > 60.0), "{spans:?}");
    assert_eq!(live.get_count(track, "clip_slots").unwrap(), slots_before);
    assert_eq!(live.get_count(song, "scenes").unwrap(), scenes_before);
    let has_clip = |live: &mut FakeLive, i: usize| {
        let slot = id_of(live, &format!("live_set tracks 5 clip_slots {i}"));
        one(live, slot, "has_clip")
    };
    let empty_slots_after = (0..slots_before)
        .filter(|i| has_clip(&mut live, *i) == Atom::Int(0))
        .count();
    assert!(empty_slots_after > 0, "the temporary session clip is gone");
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}
