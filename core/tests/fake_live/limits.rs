//! The fake refuses times past Live's timeline instead of panicking (issue 22, finding
//! 6): two same-pitch notes 2^24 beats apart used to panic inside the note lanes, after
//! which every call failed.

use crate::support;

use barline_core::live::{Atom, LivePort};
use serde_json::json;
use support::fake::{demo, id_of};

#[test]
fn notes_past_the_timeline_are_refused_and_the_set_keeps_working() {
    let mut live = demo();
    let clip = id_of(&mut live, "live_set tracks 1 clip_slots 1 clip");
    for (start, duration) in [
        (16_800_000.0, 1.0),
        (4e18, 1.0),
        (0.0, 4e18),
        (1_576_799.5, 1.0),
    ] {
        let notes = json!({"notes": [
            {"pitch": 60, "start_time": 0.0, "duration": 1.0, "velocity": 100},
            {"pitch": 60, "start_time": start, "duration": duration, "velocity": 100},
        ]});
        let r = live.try_call(clip, "add_new_notes", &[Atom::Symbol(notes.to_string())]);
        let e = r.expect_err("refused");
        assert!(
            e.message.contains("end of Live's timeline"),
            "{}",
            e.message
        );
    }
    let notes = json!({"notes": [{"pitch": 60, "start_time": 1_576_799.0, "duration": 1.0, "velocity": 100}]});
    let ids = live
        .call(clip, "add_new_notes", &[Atom::Symbol(notes.to_string())])
        .unwrap();
    assert_eq!(ids.len(), 1, "the last beat is still Live's");
}

#[test]
fn times_past_the_timeline_are_refused_for_loops_markers_and_the_song() {
    let mut live = demo();
    let clip = id_of(&mut live, "live_set tracks 1 clip_slots 1 clip");
    let song = id_of(&mut live, "live_set");
    let before = live.to_json();
    for (id, prop) in [
        (clip, "loop_end"),
        (clip, "loop_start"),
        (clip, "end_marker"),
        (clip, "start_marker"),
        (song, "loop_start"),
        (song, "loop_length"),
        (song, "start_time"),
        (song, "current_song_time"),
    ] {
        for x in [1e12, f64::INFINITY, -2e6] {
            let e = live
                .try_set(id, prop, &[Atom::Float(x)])
                .expect_err("refused");
            assert!(
                e.message.contains("end of Live's timeline"),
                "{prop}: {}",
                e.message
            );
        }
    }
    assert_eq!(live.to_json(), before, "nothing changed");
    live.set(song, "loop_length", &[Atom::Float(32.0)]).unwrap();
}
