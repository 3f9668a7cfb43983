//! Set structure, track kinds, clips, scenes, undo and ranges (core/fake-live/README.md,
//! and docs/design/live-model.md §2.2 to §2.6).

use crate::support;

use barline_core::live::path::ids_from_atoms;
use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use support::fake::{id_of, one, sym};

fn ids(live: &mut FakeLive, id: LiveId, child: &str) -> Vec<LiveId> {
    ids_from_atoms(&live.try_get(id, child).unwrap()).unwrap()
}

#[test]
fn b25_index_shifting_keeps_ids_and_updates_paths() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let t1 = id_of(&mut live, "live_set tracks 1");
    let s3 = id_of(&mut live, "live_set scenes 3");
    let slot = id_of(&mut live, "live_set tracks 1 clip_slots 3");
    live.try_call(song, "create_audio_track", &[Atom::Int(0)])
        .unwrap();
    live.try_call(song, "create_scene", &[Atom::Int(1)])
        .unwrap();
    assert_eq!(live.path_of(t1).unwrap(), "live_set tracks 2");
    assert_eq!(live.path_of(s3).unwrap(), "live_set scenes 4");
    assert_eq!(
        live.path_of(slot).unwrap(),
        "live_set tracks 2 clip_slots 4"
    );
    // deleting the selected track selects the one now at its position
    let view = id_of(&mut live, "live_set view");
    let t3 = id_of(&mut live, "live_set tracks 3");
    live.try_set(view, "selected_track", &[sym(&format!("id {t3}"))])
        .unwrap();
    live.try_call(song, "delete_track", &[Atom::Int(3)])
        .unwrap();
    let now3 = id_of(&mut live, "live_set tracks 3");
    assert_eq!(
        live.try_get(view, "selected_track").unwrap(),
        vec![sym("id"), Atom::Int(now3.0 as i64)]
    );
    live.try_call(song, "create_midi_track", &[Atom::Int(3)])
        .unwrap();
    // a mode-1 LiveAPI re-resolves the old position and finds another object
    assert_ne!(live.resolve("live_set tracks 1"), t1);
    live.try_call(song, "delete_track", &[Atom::Int(0)])
        .unwrap();
    live.try_call(song, "delete_scene", &[Atom::Int(0)])
        .unwrap();
    assert_eq!(live.path_of(t1).unwrap(), "live_set tracks 1");
    assert_eq!(
        live.path_of(slot).unwrap(),
        "live_set tracks 1 clip_slots 3"
    );
    // devices shift too
    let track = id_of(&mut live, "live_set tracks 0");
    let d0 = live
        .try_call(track, "insert_device", &[sym("Arpeggiator")])
        .unwrap();
    let d0 = LiveId(d0[1].as_i64().unwrap() as u64);
    live.try_call(track, "insert_device", &[sym("Chord"), Atom::Int(0)])
        .unwrap();
    assert_eq!(live.path_of(d0).unwrap(), "live_set tracks 0 devices 1");
    live.try_call(track, "delete_device", &[Atom::Int(0)])
        .unwrap();
    assert_eq!(live.path_of(d0).unwrap(), "live_set tracks 0 devices 0");
}

#[test]
fn b29_undo_accounting_one_step_per_change_with_undo_and_redo() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    assert_eq!(one(&mut live, song, "can_undo"), Atom::Int(0));
    live.try_set(song, "tempo", &[Atom::Float(90.0)]).unwrap();
    live.try_call(song, "create_scene", &[Atom::Int(-1)])
        .unwrap();
    live.try_get(song, "tempo").unwrap();
    let _ = live.try_set(song, "tempo", &[Atom::Float(5000.0)]);
    assert_eq!(
        live.counters().undo_steps,
        2,
        "reads and refused writes are not steps"
    );
    assert_eq!(one(&mut live, song, "can_undo"), Atom::Int(1));
    live.try_call(song, "undo", &[]).unwrap();
    assert_eq!(live.try_get_count(song, "scenes").unwrap(), 8);
    assert_eq!(one(&mut live, song, "can_redo"), Atom::Int(1));
    live.try_call(song, "undo", &[]).unwrap();
    assert_eq!(one(&mut live, song, "tempo"), Atom::Float(120.0));
    live.try_call(song, "redo", &[]).unwrap();
    assert_eq!(one(&mut live, song, "tempo"), Atom::Float(90.0));
    // begin/end_undo_step exist only behind the fixture flag
    assert!(live.try_call(song, "begin_undo_step", &[]).is_err());
    let mut flagged = FakeLive::from_json(
        r#"{"format":"barline-live-set/1","undo_step_functions":true,"song":{},"scenes":[{}],"tracks":[{"kind":"midi"}]}"#,
    )
    .unwrap();
    let song = flagged.resolve("live_set");
    flagged.try_call(song, "begin_undo_step", &[]).unwrap();
    flagged.try_call(song, "begin_undo_step", &[]).unwrap();
    flagged
        .try_set(song, "tempo", &[Atom::Float(100.0)])
        .unwrap();
    flagged
        .try_call(song, "create_scene", &[Atom::Int(-1)])
        .unwrap();
    flagged.try_call(song, "end_undo_step", &[]).unwrap(); // inner end closes the step
    flagged
        .try_set(song, "tempo", &[Atom::Float(110.0)])
        .unwrap();
    flagged.try_call(song, "end_undo_step", &[]).unwrap();
    assert_eq!(
        flagged.counters().undo_steps,
        2,
        "bracket = 1 step, not nested"
    );
}

#[test]
fn b30_set_structure_slots_per_scene_and_appending() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let created = live
        .try_call(song, "create_midi_track", &[Atom::Int(-1)])
        .unwrap();
    assert_eq!(created[0], sym("id"));
    let new_track = LiveId(created[1].as_i64().unwrap() as u64);
    assert_eq!(live.path_of(new_track).unwrap(), "live_set tracks 4");
    assert!(live
        .try_call(song, "create_midi_track", &[Atom::Int(9)])
        .is_err());
    let scenes = live.try_get_count(song, "scenes").unwrap();
    for t in ids(&mut live, song, "tracks") {
        assert_eq!(live.try_get_count(t, "clip_slots").unwrap(), scenes);
    }
    let s = live
        .try_call(song, "create_scene", &[Atom::Int(2)])
        .unwrap();
    assert_eq!(
        live.path_of(LiveId(s[1].as_i64().unwrap() as u64)).unwrap(),
        "live_set scenes 2"
    );
    for t in ids(&mut live, song, "tracks") {
        assert_eq!(live.try_get_count(t, "clip_slots").unwrap(), scenes + 1);
    }
    live.try_call(song, "delete_scene", &[Atom::Int(0)])
        .unwrap();
    for t in ids(&mut live, song, "tracks") {
        assert_eq!(live.try_get_count(t, "clip_slots").unwrap(), scenes);
    }
    for r in ids(&mut live, song, "return_tracks") {
        assert!(
            live.try_get_count(r, "clip_slots").is_err(),
            "return tracks have no session slots"
        );
    }
    let master = id_of(&mut live, "live_set master_track");
    assert!(live.try_get_count(master, "clip_slots").is_err());
    // sends follow return tracks (docs/design/live-model.md §2.2)
    let t0_mixer = id_of(&mut live, "live_set tracks 0 mixer_device");
    assert_eq!(live.try_get_count(t0_mixer, "sends").unwrap(), 2);
    live.try_call(song, "create_return_track", &[]).unwrap();
    assert_eq!(live.try_get_count(t0_mixer, "sends").unwrap(), 3);
    let r_mixer = id_of(&mut live, "live_set return_tracks 2 mixer_device");
    assert_eq!(live.try_get_count(r_mixer, "sends").unwrap(), 3);
    live.try_call(song, "delete_return_track", &[Atom::Int(0)])
        .unwrap();
    assert_eq!(live.try_get_count(t0_mixer, "sends").unwrap(), 2);
}

#[test]
fn b31_track_kinds_master_return_group_and_default_names() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let master = id_of(&mut live, "live_set master_track");
    assert_eq!(one(&mut live, master, "name"), sym("Main"));
    for p in ["mute", "solo", "arm"] {
        assert!(live.try_get(master, p).is_err(), "master has no {p}");
    }
    let ret = id_of(&mut live, "live_set return_tracks 0");
    assert!(live.try_get(ret, "arm").is_err());
    assert_eq!(one(&mut live, ret, "can_be_armed"), Atom::Int(0));
    let t0 = id_of(&mut live, "live_set tracks 0");
    assert!(
        live.try_get(t0, "fold_state").is_err(),
        "fold_state only on groups"
    );
    assert_eq!(one(&mut live, t0, "can_be_armed"), Atom::Int(1));
    let created = live
        .try_call(song, "create_midi_track", &[Atom::Int(-1)])
        .unwrap();
    let t = LiveId(created[1].as_i64().unwrap() as u64);
    assert_eq!(one(&mut live, t, "name"), sym("5-MIDI"));
    let created = live
        .try_call(song, "create_audio_track", &[Atom::Int(0)])
        .unwrap();
    let a = LiveId(created[1].as_i64().unwrap() as u64);
    assert_eq!(one(&mut live, a, "name"), sym("1-Audio"));
    let c = one(&mut live, a, "color").as_i64().unwrap() as u32;
    assert!(barline_fake_live::PALETTE.contains(&c));
    // group membership from a fixture
    let mut grouped = FakeLive::from_json(
        r#"{"format":"barline-live-set/1","song":{},"scenes":[{}],
            "tracks":[{"kind":"group","name":"Drums"},{"kind":"midi","name":"Kick","group":0}]}"#,
    )
    .unwrap();
    let g = grouped.resolve("live_set tracks 0");
    let k = grouped.resolve("live_set tracks 1");
    assert_eq!(
        grouped.try_get(k, "group_track").unwrap(),
        vec![sym("id"), Atom::Int(g.0 as i64)]
    );
    assert_eq!(one(&mut grouped, k, "is_grouped"), Atom::Int(1));
    assert_eq!(one(&mut grouped, g, "is_foldable"), Atom::Int(1));
    grouped.try_set(g, "fold_state", &[Atom::Int(1)]).unwrap();
    let song = grouped.resolve("live_set");
    assert_eq!(
        grouped.try_get(song, "visible_tracks").unwrap(),
        vec![sym("id"), Atom::Int(g.0 as i64)]
    );
}

#[test]
fn b32_create_clip_only_on_empty_midi_slots_with_positive_length() {
    let mut live = FakeLive::new();
    let slot = id_of(&mut live, "live_set tracks 0 clip_slots 0");
    assert!(live
        .try_call(slot, "create_clip", &[Atom::Float(0.0)])
        .is_err());
    assert!(live
        .try_call(slot, "create_clip", &[Atom::Float(-4.0)])
        .is_err());
    assert_eq!(one(&mut live, slot, "has_clip"), Atom::Int(0));
    live.try_call(slot, "create_clip", &[Atom::Float(8.0)])
        .unwrap();
    assert_eq!(one(&mut live, slot, "has_clip"), Atom::Int(1));
    let clip = id_of(&mut live, "live_set tracks 0 clip_slots 0 clip");
    for p in ["length", "loop_end", "end_marker"] {
        assert_eq!(one(&mut live, clip, p), Atom::Float(8.0), "{p}");
    }
    for p in ["loop_start", "start_marker"] {
        assert_eq!(one(&mut live, clip, p), Atom::Float(0.0), "{p}");
    }
    assert_eq!(one(&mut live, clip, "looping"), Atom::Int(1));
    let steps = live.counters().undo_steps;
    assert!(
        live.try_call(slot, "create_clip", &[Atom::Float(4.0)])
            .is_err(),
        "full slot"
    );
    let audio_slot = id_of(&mut live, "live_set tracks 2 clip_slots 0");
    assert!(
        live.try_call(audio_slot, "create_clip", &[Atom::Float(4.0)])
            .is_err(),
        "audio track"
    );
    assert_eq!(one(&mut live, audio_slot, "has_clip"), Atom::Int(0));
    assert_eq!(live.counters().undo_steps, steps, "refusals change nothing");
    assert_eq!(
        id_of(&mut live, "live_set tracks 0 clip_slots 0 clip"),
        clip
    );
}

#[test]
fn b37_scene_tempo_and_signature_read_minus_one_while_disabled() {
    let mut live = FakeLive::new();
    let scene = id_of(&mut live, "live_set scenes 0");
    assert_eq!(one(&mut live, scene, "tempo"), Atom::Float(-1.0));
    assert_eq!(
        one(&mut live, scene, "time_signature_numerator"),
        Atom::Int(-1)
    );
    live.try_set(scene, "tempo", &[Atom::Float(96.0)]).unwrap();
    assert_eq!(
        one(&mut live, scene, "tempo"),
        Atom::Float(-1.0),
        "still disabled"
    );
    live.try_set(scene, "tempo_enabled", &[Atom::Int(1)])
        .unwrap();
    assert_eq!(one(&mut live, scene, "tempo"), Atom::Float(96.0));
    live.try_set(scene, "tempo_enabled", &[Atom::Int(0)])
        .unwrap();
    assert_eq!(one(&mut live, scene, "tempo"), Atom::Float(-1.0));
    live.try_set(scene, "tempo_enabled", &[Atom::Int(1)])
        .unwrap();
    assert_eq!(
        one(&mut live, scene, "tempo"),
        Atom::Float(96.0),
        "value kept while disabled"
    );
    live.try_set(scene, "time_signature_numerator", &[Atom::Int(7)])
        .unwrap();
    live.try_set(scene, "time_signature_denominator", &[Atom::Int(8)])
        .unwrap();
    live.try_set(scene, "time_signature_enabled", &[sym("true")])
        .unwrap();
    assert_eq!(
        one(&mut live, scene, "time_signature_numerator"),
        Atom::Int(7)
    );
    assert_eq!(
        one(&mut live, scene, "time_signature_denominator"),
        Atom::Int(8)
    );
    assert!(
        live.try_get(scene, "signature_numerator").is_err(),
        "Scene uses time_signature_*"
    );
}

#[test]
fn b38_units_and_ranges() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    assert!(live.try_set(song, "root_note", &[Atom::Int(12)]).is_err());
    live.try_set(song, "root_note", &[Atom::Int(11)]).unwrap();
    assert!(live
        .try_set(song, "clip_trigger_quantization", &[Atom::Int(14)])
        .is_err());
    live.try_set(song, "clip_trigger_quantization", &[Atom::Int(13)])
        .unwrap();
    let slot = id_of(&mut live, "live_set tracks 0 clip_slots 0");
    live.try_call(slot, "create_clip", &[Atom::Float(4.0)])
        .unwrap();
    let clip = id_of(&mut live, "live_set tracks 0 clip_slots 0 clip");
    assert!(live
        .try_set(clip, "launch_quantization", &[Atom::Int(15)])
        .is_err());
    live.try_set(clip, "launch_quantization", &[Atom::Int(14)])
        .unwrap();
    // times are float beats
    assert!(matches!(one(&mut live, clip, "length"), Atom::Float(_)));
    live.try_set(clip, "loop_end", &[Atom::Float(2.5)]).unwrap();
    assert_eq!(one(&mut live, clip, "length"), Atom::Float(2.5));
    assert!(
        live.try_set(clip, "loop_end", &[Atom::Float(0.0)]).is_err(),
        "loop_end must stay after loop_start"
    );
    assert!(live.try_set(song, "scale_name", &[sym("Blorp")]).is_err());
    live.try_set(song, "scale_name", &[sym("Dorian")]).unwrap();
    assert_eq!(
        live.try_get(song, "scale_intervals").unwrap(),
        [0, 2, 3, 5, 7, 9, 10].map(Atom::Int).to_vec()
    );
}

#[test]
fn arrangement_clips_replace_what_they_overlap() {
    let mut live = FakeLive::new();
    let t = id_of(&mut live, "live_set tracks 0");
    live.try_call(
        t,
        "create_midi_clip",
        &[Atom::Float(0.0), Atom::Float(16.0)],
    )
    .unwrap();
    // a clip in the middle splits the long one into a before and an after part
    live.try_call(t, "create_midi_clip", &[Atom::Float(4.0), Atom::Float(4.0)])
        .unwrap();
    let clips = ids(&mut live, t, "arrangement_clips");
    let spans: Vec<(Atom, Atom)> = clips
        .iter()
        .map(|c| {
            (
                one(&mut live, *c, "start_time"),
                one(&mut live, *c, "end_time"),
            )
        })
        .collect();
    let f = Atom::Float;
    assert_eq!(
        spans,
        vec![(f(0.0), f(4.0)), (f(4.0), f(8.0)), (f(8.0), f(16.0))]
    );
    // fully covered clips are deleted
    live.try_call(t, "create_midi_clip", &[Atom::Float(2.0), Atom::Float(8.0)])
        .unwrap();
    let clips = ids(&mut live, t, "arrangement_clips");
    let spans: Vec<(Atom, Atom)> = clips
        .iter()
        .map(|c| {
            (
                one(&mut live, *c, "start_time"),
                one(&mut live, *c, "end_time"),
            )
        })
        .collect();
    assert_eq!(
        spans,
        vec![(f(0.0), f(2.0)), (f(2.0), f(10.0)), (f(10.0), f(16.0))]
    );
    let audio = id_of(&mut live, "live_set tracks 2");
    assert!(live
        .try_call(
            audio,
            "create_midi_clip",
            &[Atom::Float(0.0), Atom::Float(4.0)]
        )
        .is_err());
    // 32 beats past the last clip end (core/fake-live/README.md row 53).
    let song = id_of(&mut live, "live_set");
    assert_eq!(one(&mut live, song, "song_length"), Atom::Float(48.0));
}

#[test]
fn playhead_writes_appear_after_a_deferral_and_cue_points_toggle() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let t = id_of(&mut live, "live_set tracks 0");
    live.try_call(
        t,
        "create_midi_clip",
        &[Atom::Float(0.0), Atom::Float(32.0)],
    )
    .unwrap();
    live.try_set(song, "current_song_time", &[Atom::Float(8.0)])
        .unwrap();
    assert_eq!(one(&mut live, song, "current_song_time"), Atom::Float(0.0));
    live.settle();
    assert_eq!(one(&mut live, song, "current_song_time"), Atom::Float(8.0));
    live.try_call(song, "set_or_delete_cue", &[]).unwrap();
    live.try_set(song, "current_song_time", &[Atom::Float(100.0)])
        .unwrap();
    live.settle();
    assert_eq!(
        one(&mut live, song, "current_song_time"),
        Atom::Float(64.0),
        "clamped to the song length (the clip's end + 32, README row 53)"
    );
    live.try_call(song, "set_or_delete_cue", &[]).unwrap();
    let cues = ids(&mut live, song, "cue_points");
    let times: Vec<Atom> = cues.iter().map(|c| one(&mut live, *c, "time")).collect();
    assert_eq!(times, vec![Atom::Float(8.0), Atom::Float(64.0)]);
    live.try_call(song, "set_or_delete_cue", &[]).unwrap();
    assert_eq!(live.try_get_count(song, "cue_points").unwrap(), 1);
}

#[test]
fn counters_count_every_call_per_object_type() {
    let mut live = FakeLive::new();
    let song = live.resolve("live_set");
    let t = live.resolve("live_set tracks 0");
    live.try_get(song, "tempo").unwrap();
    live.try_get(t, "name").unwrap();
    live.try_get(t, "mute").unwrap();
    live.try_set(t, "mute", &[Atom::Int(1)]).unwrap();
    let _ = live.try_call(t, "nope", &[]);
    live.try_get_count(song, "tracks").unwrap();
    let c = live.counters();
    assert_eq!(c.resolve, 2);
    assert_eq!(c.of("Song").get, 1);
    assert_eq!(c.of("Song").getcount, 1);
    assert_eq!(c.of("Track").get, 2);
    assert_eq!(c.of("Track").set, 1);
    assert_eq!(c.of("Track").call, 1);
    assert_eq!(c.totals().total(), 6);
    assert_eq!(c.undo_steps, 1);
    live.reset_counters();
    assert_eq!(live.counters().totals().total(), 0);
}
