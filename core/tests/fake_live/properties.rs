//! Property tests of invariants the fake must keep whatever the input: notes never
//! overlap on one pitch and come back sorted with unique ids; paths round-trip; random
//! structure edits keep one clip slot per scene and canonical paths that resolve back.

use barline_core::live::path::{ids_from_atoms, LomPath};
use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use proptest::prelude::*;
use serde_json::{json, Value};

fn note_strategy() -> impl Strategy<Value = (i64, u32, u32)> {
    // pitch in a narrow band so same-pitch collisions are frequent; times in 16ths
    (60i64..64, 0u32..64, 1u32..16)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn notes_never_overlap_on_a_pitch_and_read_back_sorted(batches in prop::collection::vec(prop::collection::vec(note_strategy(), 1..8), 1..6)) {
        let mut live = FakeLive::new();
        let slot = live.resolve("live_set tracks 0 clip_slots 0");
        live.try_call(slot, "create_clip", &[Atom::Float(16.0)]).unwrap();
        let clip = live.resolve("live_set tracks 0 clip_slots 0 clip");
        let mut returned = Vec::new();
        for batch in &batches {
            let notes: Vec<Value> = batch.iter().map(|(p, s, d)| json!({"pitch": p, "start_time": *s as f64 / 4.0, "duration": *d as f64 / 4.0})).collect();
            let ids = live.try_call(clip, "add_new_notes", &[Atom::Symbol(json!({"notes": notes}).to_string())]).unwrap();
            prop_assert_eq!(ids.len(), batch.len());
            returned.extend(ids.iter().map(|a| a.as_i64().unwrap()));
        }
        let mut sorted = returned.clone();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), returned.len(), "every add returns fresh ids");
        let out = live.try_call(clip, "get_all_notes_extended", &[]).unwrap();
        let v: Value = serde_json::from_str(out[0].as_str().unwrap()).unwrap();
        let notes = v["notes"].as_array().unwrap();
        let key = |n: &Value| (n["pitch"].as_i64().unwrap(), n["start_time"].as_f64().unwrap());
        for w in notes.windows(2) {
            let (a, b) = (key(&w[0]), key(&w[1]));
            prop_assert!(a.0 < b.0 || (a.0 == b.0 && a.1 < b.1), "sorted by pitch then time, no duplicates");
            if a.0 == b.0 {
                let end = a.1 + w[0]["duration"].as_f64().unwrap();
                prop_assert!(end <= b.1 + 1e-9, "same-pitch notes do not overlap");
            }
        }
        for n in notes {
            prop_assert!(n["duration"].as_f64().unwrap() > 0.0);
        }
    }

    #[test]
    fn structure_edits_keep_slots_per_scene_and_paths_resolve(ops in prop::collection::vec((0u8..6, 0i64..6), 1..24)) {
        let mut live = FakeLive::new();
        let song = live.resolve("live_set");
        for (op, i) in ops {
            let name = ["create_midi_track", "create_audio_track", "create_scene", "delete_track", "delete_scene", "duplicate_track"][op as usize];
            let _ = live.try_call(song, name, &[Atom::Int(i)]);
        }
        let scenes = live.try_get_count(song, "scenes").unwrap();
        prop_assert!(scenes >= 1);
        let tracks = ids_from_atoms(&live.try_get(song, "tracks").unwrap()).unwrap();
        prop_assert!(!tracks.is_empty());
        for t in tracks {
            prop_assert_eq!(live.try_get_count(t, "clip_slots").unwrap(), scenes);
            let slots = ids_from_atoms(&live.try_get(t, "clip_slots").unwrap()).unwrap();
            for s in slots {
                let path = live.path_of(s).unwrap();
                prop_assert_eq!(live.resolve(&path), s, "canonical paths resolve back");
            }
        }
    }

    #[test]
    fn lom_paths_round_trip(steps in prop::collection::vec((prop::sample::select(vec!["tracks", "clip_slots", "devices", "chains", "clip", "mixer_device", "view"]), prop::option::of(0usize..200)), 0..6)) {
        let mut text = String::from("live_set");
        for (name, index) in &steps {
            text.push(' ');
            text.push_str(name);
            if let Some(i) = index {
                text.push_str(&format!(" {i}"));
            }
        }
        let parsed = LomPath::parse(&text).unwrap();
        prop_assert_eq!(parsed.to_string(), text);
        prop_assert_eq!(LomPath::parse(&format!("id {}", steps.len())).unwrap(), LomPath::Id(LiveId(steps.len() as u64)));
    }

    #[test]
    fn path_parsing_never_panics(text in "\\PC{0,40}") {
        let _ = LomPath::parse(&text);
        let mut live = FakeLive::new();
        let _ = live.resolve(&text);
    }
}
