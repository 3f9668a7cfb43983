//! Rows 15–21 of core/fake-live/README.md: launching and stopping clips and the transport.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use barline_fake_live::FakeLive;
use common::*;

fn playing(live: &mut FakeLive, path: &str) -> i64 {
    let x = id(live, path);
    get(live, x, "is_playing")[0].as_i64().unwrap()
}

/// Row 15: firing a slot or a clip on a stopped Set starts the transport, a tick later.
/// Evidence: a Max for Live support article (a fired clip starts the global
/// transport) and measured on Live 12.4 (fire takes effect a tick later).
#[test]
fn row_15_fire_starts_the_transport_a_tick_later() {
    for by_slot in [true, false] {
        let mut live = FakeLive::new();
        let clip = session_clip(&mut live, 0, 0, 4.0);
        let target = if by_slot {
            id(&mut live, "live_set tracks 0 clip_slots 0")
        } else {
            clip
        };
        call(&mut live, target, "fire", &[]);
        assert_eq!(playing(&mut live, "live_set"), 0, "not yet");
        live.settle();
        assert_eq!(playing(&mut live, "live_set"), 1);
        assert_eq!(get(&mut live, clip, "is_playing"), vec![i(1)]);
    }
}

/// Row 16: ClipSlot.stop on the only playing clip stops it; the transport keeps
/// running. Evidence: the Live manual (stopping a Session clip leaves Play lit) and a
/// Max for Live support article.
#[test]
fn row_16_stopping_the_clip_leaves_the_transport_running() {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 4.0);
    call(&mut live, clip, "fire", &[]);
    live.settle();
    let slot = id(&mut live, "live_set tracks 0 clip_slots 0");
    call(&mut live, slot, "stop", &[]);
    live.settle();
    assert_eq!(get(&mut live, clip, "is_playing"), vec![i(0)]);
    assert_eq!(playing(&mut live, "live_set"), 1);
}

/// Row 17: Song.stop_playing stops the whole Set: song, slot and clip read 0 and no
/// track reports a playing slot. Evidence: the Live manual (Stop stops the entire
/// Set) and the Live Object Model reference (ClipSlot/Clip is_playing).
#[test]
fn row_17_stop_playing_stops_everything() {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 4.0);
    call(&mut live, clip, "fire", &[]);
    live.settle();
    let song = id(&mut live, "live_set");
    call(&mut live, song, "stop_playing", &[]);
    assert_eq!(playing(&mut live, "live_set"), 0);
    assert_eq!(playing(&mut live, "live_set tracks 0 clip_slots 0"), 0);
    assert_eq!(get(&mut live, clip, "is_playing"), vec![i(0)]);
    let t = id(&mut live, "live_set tracks 0");
    assert_eq!(get(&mut live, t, "playing_slot_index"), vec![i(-1)]);
}

/// Row 18: Track.stop_all_clips(0) and Song.stop_all_clips(0) stop the clips by the
/// next tick while the song plays on. Evidence: Live's Python API dump
/// (Song.stop_all_clips "continue playing the Song"), the Live Object Model reference
/// and measured on Live 12.4 (a tick later).
#[test]
fn row_18_stop_all_clips_by_the_next_tick_song_plays_on() {
    for on_song in [true, false] {
        let mut live = FakeLive::new();
        let clip = session_clip(&mut live, 0, 0, 4.0);
        call(&mut live, clip, "fire", &[]);
        live.settle();
        let target = id(
            &mut live,
            if on_song {
                "live_set"
            } else {
                "live_set tracks 0"
            },
        );
        call(&mut live, target, "stop_all_clips", &[i(0)]);
        live.settle();
        assert_eq!(get(&mut live, clip, "is_playing"), vec![i(0)]);
        assert_eq!(playing(&mut live, "live_set"), 1);
    }
}

/// Row 19: firing a scene whose slots are all empty does not start the transport.
/// Evidence: another project's tests in real Live 12.4.5 (an empty scene's fire).
#[test]
fn row_19_empty_scene_does_not_start_the_transport() {
    let mut live = FakeLive::new();
    let scene = id(&mut live, "live_set scenes 3");
    call(&mut live, scene, "fire", &[]);
    live.settle();
    assert_eq!(playing(&mut live, "live_set"), 0);
}

/// Row 20: Clip.is_playing is writable; 0 stops a playing clip by the next tick.
/// Evidence: the Live Object Model reference and Live's Python API dump (is_playing
/// read/write), the decompiled LiveAPI Python layer (_MxDCore exposes it), and another
/// project's tests in real Live.
#[test]
fn row_20_setting_is_playing_0_stops_the_clip() {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 4.0);
    call(&mut live, clip, "fire", &[]);
    live.settle();
    live.try_set(clip, "is_playing", &[i(0)]).unwrap();
    live.settle();
    assert_eq!(get(&mut live, clip, "is_playing"), vec![i(0)]);
}

/// Row 21 (weak): ClipSlot.stop on any slot of a track, even an empty one, stops the
/// clip playing on that track. Evidence: the Live Object Model reference ("it doesn't
/// matter on which slot of the track you call this function").
#[test]
fn row_21_stop_on_any_slot_stops_the_track() {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 4.0);
    call(&mut live, clip, "fire", &[]);
    let empty = id(&mut live, "live_set tracks 0 clip_slots 5");
    call(&mut live, empty, "stop", &[]);
    live.settle();
    assert_eq!(get(&mut live, clip, "is_playing"), vec![i(0)]);
}
