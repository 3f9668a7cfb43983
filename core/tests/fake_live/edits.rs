//! Duplicating and moving content, audio clips, labels and undo of note edits
//! (docs/design/live-model.md §2.3, §2.11, §2.13).

use crate::support;

use barline_core::live::path::ids_from_atoms;
use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use support::fake::{demo, one, sym};

fn note_count(live: &mut FakeLive, clip: LiveId) -> usize {
    let out = live.try_call(clip, "get_all_notes_extended", &[]).unwrap();
    let v: serde_json::Value = serde_json::from_str(out[0].as_str().unwrap()).unwrap();
    v["notes"].as_array().unwrap().len()
}

#[test]
fn duplicate_track_and_scene_insert_copies_with_new_ids() {
    let mut live = demo();
    let song = live.resolve("live_set");
    let bass = live.resolve("live_set tracks 1");
    let clip = live.resolve("live_set tracks 1 clip_slots 1 clip");
    live.try_call(song, "duplicate_track", &[Atom::Int(1)])
        .unwrap();
    let copy = live.resolve("live_set tracks 2");
    assert_ne!(copy, bass);
    assert_eq!(one(&mut live, copy, "name"), sym("Bass"));
    let copied_clip = live.resolve("live_set tracks 2 clip_slots 1 clip");
    assert_ne!(copied_clip, clip);
    assert_eq!(
        note_count(&mut live, copied_clip),
        note_count(&mut live, clip)
    );
    assert_eq!(live.path_of(bass).unwrap(), "live_set tracks 1");
    let scenes = live.try_get_count(song, "scenes").unwrap();
    live.try_call(song, "duplicate_scene", &[Atom::Int(2)])
        .unwrap();
    assert_eq!(live.try_get_count(song, "scenes").unwrap(), scenes + 1);
    let orig = live.resolve("live_set tracks 0 clip_slots 2 clip");
    let dup = live.resolve("live_set tracks 0 clip_slots 3 clip");
    assert!(!dup.is_none() && dup != orig);
    assert_eq!(one(&mut live, dup, "name"), one(&mut live, orig, "name"));
    let scene = live.resolve("live_set scenes 3");
    assert_eq!(one(&mut live, scene, "name"), sym("Chorus"));
}

#[test]
fn clip_copies_between_slots_and_to_the_arrangement() {
    let mut live = demo();
    let src = live.resolve("live_set tracks 1 clip_slots 1");
    let dst = live.resolve("live_set tracks 1 clip_slots 3");
    live.try_call(src, "duplicate_clip_to", &[sym(&format!("id {dst}"))])
        .unwrap();
    assert_eq!(one(&mut live, dst, "has_clip"), Atom::Int(1));
    let audio_slot = live.resolve("live_set tracks 5 clip_slots 0");
    assert!(live
        .try_call(
            src,
            "duplicate_clip_to",
            &[sym(&format!("id {audio_slot}"))]
        )
        .is_err());
    let bass = live.resolve("live_set tracks 1");
    assert!(
        live.try_call(bass, "duplicate_clip_slot", &[Atom::Int(1)])
            .is_err(),
        "no empty slot below"
    );
    let lead = live.resolve("live_set tracks 6");
    live.try_call(lead, "duplicate_clip_slot", &[Atom::Int(2)])
        .unwrap();
    let below = live.resolve("live_set tracks 6 clip_slots 3 clip");
    assert_eq!(one(&mut live, below, "name"), sym("Hook"));
    let above = live.resolve("live_set tracks 6 clip_slots 1");
    assert_eq!(
        one(&mut live, above, "has_clip"),
        Atom::Int(0),
        "copies go below, never above"
    );
    let clip = live.resolve("live_set tracks 1 clip_slots 2 clip");
    let made = live
        .try_call(
            bass,
            "duplicate_clip_to_arrangement",
            &[sym(&format!("id {clip}")), Atom::Float(64.0)],
        )
        .unwrap();
    let arr = LiveId(made[1].as_i64().unwrap() as u64);
    assert_eq!(one(&mut live, arr, "is_arrangement_clip"), Atom::Int(1));
    assert_eq!(one(&mut live, arr, "start_time"), Atom::Float(64.0));
    assert_eq!(one(&mut live, arr, "end_time"), Atom::Float(80.0));
    // song_length lies 32 beats past the last event (core/fake-live/README.md row 53).
    let song = live.resolve("live_set");
    let last = one(&mut live, song, "last_event_time").as_f64().unwrap();
    assert_eq!(
        one(&mut live, song, "song_length"),
        Atom::Float(last + 32.0)
    );
    assert!(last >= 80.0);
    live.try_call(bass, "delete_clip", &[sym(&format!("id {arr}"))])
        .unwrap();
    assert!(!live.exists(arr));
    let slot = live.resolve("live_set tracks 1 clip_slots 1");
    live.try_call(slot, "delete_clip", &[]).unwrap();
    assert!(
        live.try_call(slot, "delete_clip", &[]).is_err(),
        "already empty"
    );
}

#[test]
fn audio_clips_need_an_audio_track_and_an_existing_file() {
    let mut live = demo();
    let vox = live.resolve("live_set tracks 5");
    let slot = live.resolve("live_set tracks 5 clip_slots 0");
    assert!(live
        .try_call(slot, "create_audio_clip", &[sym("/missing.wav")])
        .is_err());
    live.try_call(
        slot,
        "create_audio_clip",
        &[sym("/Samples/Vox/chop-hey.wav")],
    )
    .unwrap();
    let clip = live.resolve("live_set tracks 5 clip_slots 0 clip");
    assert_eq!(one(&mut live, clip, "is_audio_clip"), Atom::Int(1));
    assert_eq!(
        one(&mut live, clip, "file_path"),
        sym("/Samples/Vox/chop-hey.wav")
    );
    assert!(
        live.try_set(clip, "gain", &[Atom::Float(1.5)]).is_err(),
        "gain is 0–1"
    );
    live.try_set(clip, "gain", &[Atom::Float(0.7)]).unwrap();
    assert!(live
        .try_call(
            clip,
            "get_notes_extended",
            &[
                Atom::Int(0),
                Atom::Int(128),
                Atom::Float(0.0),
                Atom::Float(4.0)
            ]
        )
        .is_err());
    let midi_clip = live.resolve("live_set tracks 1 clip_slots 1 clip");
    assert!(
        live.try_get(midi_clip, "gain").is_err(),
        "MIDI clips have no gain"
    );
    let made = live
        .try_call(
            vox,
            "create_audio_clip",
            &[sym("/Samples/Vox/adlib-long.wav"), Atom::Float(8.0)],
        )
        .unwrap();
    assert_eq!(made[0], sym("id"));
    let keys_slot = live.resolve("live_set tracks 3 clip_slots 4");
    assert!(live
        .try_call(
            keys_slot,
            "create_audio_clip",
            &[sym("/Samples/Vox/chop-hey.wav")]
        )
        .is_err());
}

#[test]
fn capture_and_insert_scene_copies_the_playing_clips_after_the_selected_scene() {
    let mut live = demo();
    let song = live.resolve("live_set");
    let verse = live.resolve("live_set scenes 1");
    live.try_call(verse, "fire", &[]).unwrap();
    // The transport starts a tick after the fire (core/fake-live/README.md row 15).
    live.settle();
    assert_eq!(one(&mut live, song, "is_playing"), Atom::Int(1));
    let drums = live.resolve("live_set tracks 0");
    assert_eq!(one(&mut live, drums, "playing_slot_index"), Atom::Int(1));
    live.try_call(song, "capture_and_insert_scene", &[])
        .unwrap();
    let captured = live.resolve("live_set tracks 0 clip_slots 2 clip");
    assert_eq!(one(&mut live, captured, "name"), sym("Beat A"));
    let empty_scene = live.resolve("live_set scenes 2");
    assert_eq!(one(&mut live, empty_scene, "is_empty"), Atom::Int(0));
}

#[test]
fn undo_restores_notes_and_structure() {
    let mut live = demo();
    let song = live.resolve("live_set");
    let clip = live.resolve("live_set tracks 1 clip_slots 1 clip");
    let before = note_count(&mut live, clip);
    live.try_call(
        clip,
        "remove_notes_extended",
        &[
            Atom::Int(0),
            Atom::Int(128),
            Atom::Float(0.0),
            Atom::Float(100.0),
        ],
    )
    .unwrap();
    assert_eq!(note_count(&mut live, clip), 0);
    live.try_call(song, "undo", &[]).unwrap();
    assert_eq!(
        note_count(&mut live, clip),
        before,
        "same clip id, notes back"
    );
    live.try_call(song, "delete_track", &[Atom::Int(0)])
        .unwrap();
    live.try_call(song, "undo", &[]).unwrap();
    assert_eq!(live.try_get_count(song, "tracks").unwrap(), 7);
}

#[test]
fn str_for_value_labels_per_unit() {
    let mut live = FakeLive::new();
    let t = live.resolve("live_set tracks 0");
    let rev = {
        let r = live.resolve("live_set return_tracks 0");
        let made = live.try_call(r, "insert_device", &[sym("Reverb")]).unwrap();
        LiveId(made[1].as_i64().unwrap() as u64)
    };
    let params = ids_from_atoms(&live.try_get(rev, "parameters").unwrap()).unwrap();
    let label = |live: &mut FakeLive, p: LiveId, v: f64| {
        live.try_call(p, "str_for_value", &[Atom::Float(v)])
            .unwrap()
            .remove(0)
    };
    assert_eq!(label(&mut live, params[1], 2500.0), sym("2.50 s"));
    assert_eq!(label(&mut live, params[1], 250.0), sym("250.0 ms"));
    assert_eq!(label(&mut live, params[3], 0.35), sym("35 %"));
    let made = live.try_call(t, "insert_device", &[sym("Scale")]).unwrap();
    let scale = LiveId(made[1].as_i64().unwrap() as u64);
    let base = ids_from_atoms(&live.try_get(scale, "parameters").unwrap()).unwrap()[1];
    assert_eq!(
        label(&mut live, base, 60.0),
        sym("C3"),
        "Live names middle C C3"
    );
    let made = live
        .try_call(t, "insert_device", &[sym("Pitch"), Atom::Int(0)])
        .unwrap();
    let pitch = LiveId(made[1].as_i64().unwrap() as u64);
    let semis = ids_from_atoms(&live.try_get(pitch, "parameters").unwrap()).unwrap()[1];
    assert_eq!(label(&mut live, semis, -12.0), sym("-12 st"));
    let made = live
        .try_call(t, "insert_device", &[sym("Arpeggiator"), Atom::Int(0)])
        .unwrap();
    let arp = LiveId(made[1].as_i64().unwrap() as u64);
    let rate = ids_from_atoms(&live.try_get(arp, "parameters").unwrap()).unwrap()[2];
    assert_eq!(
        label(&mut live, rate, 1.0),
        sym("1/8"),
        "divisions come from value_items"
    );
}

/// A clip written in many batches (as the tools write 50,000 notes) must not keep a
/// full copy of its notes per batch for undo: the history drops its oldest steps once
/// the notes it holds pass a budget, and the newest steps still undo.
#[test]
fn undo_history_of_a_clip_written_in_batches_is_bounded_by_its_notes() {
    let mut live = demo();
    let song = live.resolve("live_set");
    let clip = live.resolve("live_set tracks 1 clip_slots 1 clip");
    let before = note_count(&mut live, clip);
    for b in 0..30 {
        let notes: Vec<serde_json::Value> = (0..3000)
            .map(|i| {
                let at = f64::from(b * 3000 + i) * 0.01;
                serde_json::json!({"pitch": 60, "start_time": at, "duration": 0.01, "velocity": 100})
            })
            .collect();
        let text = serde_json::json!({ "notes": notes }).to_string();
        live.try_call(clip, "add_new_notes", &[Atom::Symbol(text)])
            .unwrap();
    }
    assert_eq!(note_count(&mut live, clip), before + 90_000);
    live.try_call(song, "undo", &[]).unwrap();
    assert_eq!(note_count(&mut live, clip), before + 87_000);
    let mut steps = 1;
    while steps < 100 && one(&mut live, song, "can_undo") == Atom::Int(1) {
        live.try_call(song, "undo", &[]).unwrap();
        steps += 1;
    }
    // The newest snapshots alone hold 87,000 + 84,000 + … notes: two fit the budget.
    assert!(steps < 30, "all {steps} batches stayed undoable");
    assert!(steps >= 2, "only {steps} steps were kept");
}
