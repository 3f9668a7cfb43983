//! Rows 49–60, 78 and 79 of core/fake-live/README.md: cues, scale, song length,
//! scenes, tempo, read-only members, counting, ids, and track kinds.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use barline_core::live::LivePort;
use barline_fake_live::FakeLive;
use common::*;

fn cue_at(live: &mut FakeLive, t: f64) {
    let song = id(live, "live_set");
    live.try_set(song, "current_song_time", &[f(t)]).unwrap();
    live.settle();
    call(live, song, "set_or_delete_cue", &[]);
}

fn cue_times(live: &mut FakeLive) -> Vec<f64> {
    let song = id(live, "live_set");
    ids(live, song, "cue_points")
        .into_iter()
        .map(|c| num(live, c, "time"))
        .collect()
}

/// Row 49: a cue made at an off-grid playhead lands on the Arrangement grid (1/16 at
/// the measured zoom): 5.1 → 5.0, 152.4 → 152.5. Evidence: measured on Live 12.4 and
/// another project's real-Live tests (zoom-dependent grid).
#[test]
fn row_49_cues_snap_to_the_grid() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    call(&mut live, t, "create_midi_clip", &[f(0.0), f(200.0)]);
    cue_at(&mut live, 5.1);
    cue_at(&mut live, 152.4);
    assert_eq!(cue_times(&mut live), [5.0, 152.5]);
}

/// Row 50: cue_points lists cues in creation order. Evidence: another project's tests
/// in real Live 12.4.5 ("in creation order, not time order").
#[test]
fn row_50_cues_in_creation_order() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    call(&mut live, t, "create_midi_clip", &[f(0.0), f(100.0)]);
    cue_at(&mut live, 64.0);
    cue_at(&mut live, 32.0);
    assert_eq!(cue_times(&mut live), [64.0, 32.0]);
}

/// Row 51: set_or_delete_cue at an existing cue deletes it; CuePoint.time is read-only.
/// Evidence: Live's Python API dump (set_or_delete_cue; CuePoint.time read-only) and
/// the Live Object Model reference.
#[test]
fn row_51_toggle_deletes_and_time_is_read_only() {
    let mut live = FakeLive::new();
    cue_at(&mut live, 4.0);
    let cue = id(&mut live, "live_set cue_points 0");
    assert!(live.try_set(cue, "time", &[f(8.0)]).is_err());
    cue_at(&mut live, 4.0);
    assert!(cue_times(&mut live).is_empty());
}

/// Row 52: Song.scale_mode reads and writes from Live 12.3; Live 12.0's LiveAPI does
/// not expose it. Evidence: the Live Object Model reference, Live's Python API dump and
/// the decompiled LiveAPI Python layer (_MxDCore 12.0.1's Song members).
#[test]
fn row_52_scale_mode_from_12_3() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    live.try_set(song, "scale_mode", &[i(1)]).unwrap();
    assert_eq!(get(&mut live, song, "scale_mode"), vec![i(1)]);
    live.set_live_version("12.0.1");
    assert!(live.try_get(song, "scale_mode").is_err());
    assert!(
        live.get(song, "scale_mode").unwrap().is_empty(),
        "the device sees nothing"
    );
}

/// Row 53: song_length lies beyond the last event (clip ends, loop end): measured as
/// the latest of those + 32 beats. Evidence: the Live Object Model reference
/// (last_event_time, song_length) and another project's real-Live tests.
#[test]
fn row_53_song_length_beyond_the_last_event() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let t = id(&mut live, "live_set tracks 0");
    call(&mut live, t, "create_midi_clip", &[f(100.0), f(4.0)]);
    assert_eq!(num(&mut live, song, "song_length"), 136.0);
    live.try_set(song, "loop_start", &[f(200.0)]).unwrap();
    live.try_set(song, "loop_length", &[f(8.0)]).unwrap();
    assert_eq!(num(&mut live, song, "song_length"), 240.0);
}

/// Row 54: create_scene(i) copies the tempo and signature settings of the scene above.
/// Evidence: another project's tests in real Live 12.4.5.
#[test]
fn row_54_new_scene_copies_the_scene_above() {
    let mut live = FakeLive::new();
    let s1 = id(&mut live, "live_set scenes 1");
    live.try_set(s1, "tempo_enabled", &[i(1)]).unwrap();
    live.try_set(s1, "tempo", &[f(90.0)]).unwrap();
    let song = id(&mut live, "live_set");
    let new = created(&call(&mut live, song, "create_scene", &[i(2)]));
    assert_eq!(num(&mut live, new, "tempo"), 90.0);
}

/// Row 55: Song.tempo stays within 20…999. Evidence: the Live Object Model reference.
#[test]
fn row_55_tempo_range() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    assert!(live.try_set(song, "tempo", &[f(10.0)]).is_err());
    assert!(live.try_set(song, "tempo", &[f(1000.0)]).is_err());
    assert_eq!(num(&mut live, song, "tempo"), 120.0);
}

/// Row 56: back_to_arranger can only be set to 0. Evidence: measured on Live 12.4 and
/// the Live Object Model reference.
#[test]
fn row_56_back_to_arranger_only_0() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let _ = live.try_set(song, "back_to_arranger", &[i(1)]);
    assert_eq!(get(&mut live, song, "back_to_arranger"), vec![i(0)]);
}

/// Sets each property and checks it was refused and kept its value.
fn assert_read_only(live: &mut FakeLive, cases: &[(&str, &str)]) {
    for (path, prop) in cases {
        let x = id(live, path);
        let before = get(live, x, prop);
        assert!(live.try_set(x, prop, &[i(0)]).is_err(), "{path} {prop}");
        assert_eq!(get(live, x, prop), before, "{path} {prop}");
    }
}

/// Row 57: Song.song_length, Song.name, Track.has_midi_input, can_be_armed and
/// is_grouped refuse set. Evidence: the Live Object Model reference, Live's Python API
/// dump (read-only members) and the decompiled LiveAPI Python layer (set goes through
/// setattr).
#[test]
fn row_57_song_and_track_get_only_properties() {
    let mut live = FakeLive::new();
    assert_read_only(
        &mut live,
        &[
            ("live_set", "song_length"),
            ("live_set", "name"),
            ("live_set tracks 0", "has_midi_input"),
            ("live_set tracks 0", "can_be_armed"),
            ("live_set tracks 0", "is_grouped"),
        ],
    );
}

/// Row 58: Clip.length, Clip.is_midi_clip, ClipSlot.has_clip, Scene.is_empty and
/// DeviceParameter name/min/max refuse set. Evidence: the Live Object Model reference
/// and Live's Python API dump (read-only members).
#[test]
fn row_58_clip_slot_scene_parameter_get_only_properties() {
    let mut live = FakeLive::new();
    session_clip(&mut live, 0, 0, 4.0);
    assert_read_only(
        &mut live,
        &[
            ("live_set tracks 0 clip_slots 0 clip", "length"),
            ("live_set tracks 0 clip_slots 0 clip", "is_midi_clip"),
            ("live_set tracks 0 clip_slots 0", "has_clip"),
            ("live_set scenes 0", "is_empty"),
            ("live_set tracks 0 mixer_device volume", "name"),
            ("live_set tracks 0 mixer_device volume", "min"),
            ("live_set tracks 0 mixer_device volume", "max"),
        ],
    );
}

/// Row 59: getcount(child) is the length of the id list get(child) answers. Evidence:
/// the decompiled LiveAPI Python layer (path_get_count is len of the property).
#[test]
fn row_59_getcount_is_the_list_length() {
    let mut live = FakeLive::new();
    for (path, child) in [
        ("live_set", "tracks"),
        ("live_set", "scenes"),
        ("live_set tracks 0", "clip_slots"),
    ] {
        let x = id(&mut live, path);
        assert_eq!(
            live.try_get_count(x, child).unwrap(),
            get(&mut live, x, child).len() / 2
        );
    }
}

/// Row 60: "id N" refers to the object its path does and follows it when its index
/// changes. Evidence: Max's LiveAPI documentation (an id refers an object) and the
/// live.path reference (ids stay the same when tracks move).
#[test]
fn row_60_ids_follow_their_object() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 1");
    assert_eq!(live.resolve(&format!("id {t}")), t);
    assert_eq!(live.path_of(t).unwrap(), "live_set tracks 1");
    let song = id(&mut live, "live_set");
    call(&mut live, song, "create_midi_track", &[i(0)]);
    assert_eq!(live.path_of(t).unwrap(), "live_set tracks 2");
    assert_eq!(live.type_of(t).unwrap(), "Track");
}

/// Row 78: master and return tracks have no clip slots and cannot be armed; a Group
/// Track's slots never hold a clip. Evidence: Live's Python API dump (clip_slots empty
/// for the main and send tracks) and the Live Object Model reference.
#[test]
fn row_78_master_returns_and_group_slots() {
    let json = r#"{"format":"barline-live-set/1","scenes":[{}],
      "tracks":[{"kind":"group","name":"Bus"}],"return_tracks":[{"name":"A-Verb"}]}"#;
    let mut live = FakeLive::from_json(json).unwrap();
    for path in ["live_set master_track", "live_set return_tracks 0"] {
        let t = id(&mut live, path);
        assert!(live
            .try_get(t, "clip_slots")
            .map(|a| a.is_empty())
            .unwrap_or(true));
        assert_eq!(get(&mut live, t, "can_be_armed"), vec![i(0)]);
    }
    let slot = id(&mut live, "live_set tracks 0 clip_slots 0");
    assert_eq!(get(&mut live, slot, "is_group_slot"), vec![i(1)]);
    assert!(live.try_call(slot, "create_clip", &[f(4.0)]).is_err());
}

/// Row 79: Live keeps a return's letter prefix: 'Verb' on A reads 'A-Verb', 'C-X' on
/// C reads 'C-C-X'. Evidence: measured on Live 12.4 (the letter is re-added on every
/// rename).
#[test]
fn row_79_return_names_keep_their_letter() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    call(&mut live, song, "create_return_track", &[]);
    let a = id(&mut live, "live_set return_tracks 0");
    live.try_set(a, "name", &[s("Verb")]).unwrap();
    assert_eq!(text(&mut live, a, "name"), "A-Verb");
    let c = id(&mut live, "live_set return_tracks 2");
    live.try_set(c, "name", &[s("C-X")]).unwrap();
    assert_eq!(text(&mut live, c, "name"), "C-C-X");
}
