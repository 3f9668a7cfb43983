//! Rows 34–48, 77 and 80 of core/fake-live/README.md: audio clip gain, warping and
//! pitch, arrangement clips, clip creation limits and markers.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use barline_fake_live::FakeLive;
use common::*;

fn audio(live: &mut FakeLive) -> barline_core::live::LiveId {
    id(live, "live_set tracks 1 clip_slots 0 clip")
}

/// Row 34: Clip.gain 0.4 is 0 dB; gain_display_string reads 24.0 / 4.0 / 0.0 / -10.8 /
/// -26.6 / -42.7 dB at 1 / 0.5 / 0.4 / 0.25 / 0.125 / 0.03125. Evidence: measured on
/// Live 12.4.6 and another project's table of 529 points sampled in Live.
#[test]
fn row_34_clip_gain_curve() {
    let mut live = with_audio_clip("");
    let clip = audio(&mut live);
    for (g, db) in [
        (1.0, 24.0),
        (0.5, 4.0),
        (0.4, 0.0),
        (0.25, -10.8),
        (0.125, -26.6),
        (0.03125, -42.7),
    ] {
        live.try_set(clip, "gain", &[f(g)]).unwrap();
        let t = call(&mut live, clip, "gain_display_string", &[])[0].to_string();
        let got: f64 = t.trim_end_matches(" dB").parse().unwrap();
        assert!((got - db).abs() <= 0.11, "gain {g}: {t}, want {db}");
    }
}

/// Row 35: Clip.gain is 0…1; a value outside is refused. Evidence: the Live Object
/// Model reference (range 0.0 to 1.0) and measured on Live 12.4.
#[test]
fn row_35_clip_gain_range() {
    let mut live = with_audio_clip("");
    let clip = audio(&mut live);
    assert!(live.try_set(clip, "gain", &[f(1.5)]).is_err());
    assert_eq!(num(&mut live, clip, "gain"), 0.4);
}

/// Row 36: unwarped audio markers are seconds: a whole-file clip ends at
/// sample_length / sample_rate. Evidence: the Live Object Model reference (loop_start
/// "in seconds" when unwarped), Live's Python API dump and another project's notes.
#[test]
fn row_36_unwarped_markers_are_seconds() {
    let mut live =
        with_audio_clip(r#","warping":false,"looping":false,"loop_end":3.0,"end_marker":3.0"#);
    let clip = audio(&mut live);
    let secs = num(&mut live, clip, "sample_length") / num(&mut live, clip, "sample_rate");
    assert!((num(&mut live, clip, "end_marker") - secs).abs() < 1e-6);
    // Turning warping off at 120 BPM turns 8 beats into 4 seconds.
    let mut live = with_audio_clip("");
    let clip = audio(&mut live);
    live.try_set(clip, "warping", &[i(0)]).unwrap();
    assert_eq!(num(&mut live, clip, "end_marker"), 4.0);
}

/// Row 37: unwarped audio cannot be looped. Evidence: the Live Object Model reference
/// and Live's Python API dump (only warped audio or MIDI loops), another project's
/// tests in real Live (warping off switches looping off).
#[test]
fn row_37_unwarped_audio_cannot_loop() {
    let mut live = with_audio_clip("");
    let clip = audio(&mut live);
    live.try_set(clip, "warping", &[i(0)]).unwrap();
    assert_eq!(get(&mut live, clip, "looping"), vec![i(0)]);
    assert!(live.try_set(clip, "looping", &[i(1)]).is_err());
}

/// Row 38: warp_mode only takes a value of available_warp_modes. Evidence: the Live
/// Object Model reference and measured on Live 12.4 (Rex refused).
#[test]
fn row_38_warp_mode_from_available_warp_modes() {
    let mut live = with_audio_clip("");
    let clip = audio(&mut live);
    let modes = get(&mut live, clip, "available_warp_modes");
    assert!(!modes.contains(&i(5)));
    assert!(live.try_set(clip, "warp_mode", &[i(5)]).is_err());
    live.try_set(clip, "warp_mode", &[modes[1].clone()])
        .unwrap();
}

/// Row 39 (weak): pitch_fine beyond ±50 cents carries into pitch_coarse (60 → coarse
/// +1, fine -40). Evidence: another project's tests in real Live 12.4.5.
#[test]
fn row_39_pitch_fine_carries_into_coarse() {
    let mut live = with_audio_clip("");
    let clip = audio(&mut live);
    live.try_set(clip, "pitch_fine", &[f(60.0)]).unwrap();
    assert_eq!(get(&mut live, clip, "pitch_coarse"), vec![i(1)]);
    assert_eq!(num(&mut live, clip, "pitch_fine"), -40.0);
}

/// Row 42: create_midi_clip(t, L) answers the clip's id: a looping arrangement clip
/// from t to t+L, loop 0…L. Evidence: measured on Live 12.4 and another project's use
/// of the answered id.
#[test]
fn row_42_create_midi_clip() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    let c = created(&call(&mut live, t, "create_midi_clip", &[f(8.0), f(4.0)]));
    assert_eq!(
        (
            num(&mut live, c, "start_time"),
            num(&mut live, c, "end_time")
        ),
        (8.0, 12.0)
    );
    assert_eq!(
        (
            num(&mut live, c, "loop_start"),
            num(&mut live, c, "loop_end")
        ),
        (0.0, 4.0)
    );
    assert_eq!(get(&mut live, c, "looping"), vec![i(1)]);
}

/// Row 43: a looping arrangement clip's extent does not follow loop_end or end_marker.
/// Evidence: another project's notes ("arrangement length is immutable for looped
/// clips") and measured on Live 12.4 ("end_marker never changes a clip's extent").
#[test]
fn row_43_looping_extent_is_fixed() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    let c = created(&call(&mut live, t, "create_midi_clip", &[f(0.0), f(4.0)]));
    live.try_set(c, "loop_end", &[f(2.0)]).unwrap();
    live.try_set(c, "end_marker", &[f(8.0)]).unwrap();
    assert_eq!(num(&mut live, c, "end_time"), 4.0);
}

/// Row 44: on an unlooped arrangement MIDI clip, writing loop_end resizes it. Evidence:
/// the Live Object Model reference (loop_end: "for unlooped clips: clip end") and
/// measured on Live 12.4.
#[test]
fn row_44_unlooped_loop_end_resizes() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    let c = created(&call(&mut live, t, "create_midi_clip", &[f(4.0), f(4.0)]));
    live.try_set(c, "looping", &[i(0)]).unwrap();
    live.try_set(c, "loop_end", &[f(6.0)]).unwrap();
    assert_eq!(num(&mut live, c, "end_time"), 10.0);
}

/// Row 45: duplicate_clip_to_arrangement of a looping Session clip answers the copy's
/// id; the copy spans the loop from the destination. Evidence: measured on Live 12.4
/// and another project's notes (answers ["id", n]).
#[test]
fn row_45_session_to_arrangement_spans_the_loop() {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 4.0);
    live.try_set(clip, "loop_end", &[f(2.0)]).unwrap();
    let t = id(&mut live, "live_set tracks 0");
    let copy = created(&call(
        &mut live,
        t,
        "duplicate_clip_to_arrangement",
        &[s(&format!("id {clip}")), f(16.0)],
    ));
    assert_eq!(
        (
            num(&mut live, copy, "start_time"),
            num(&mut live, copy, "end_time")
        ),
        (16.0, 18.0)
    );
}

/// Row 46: an arrangement clip inserted over others overwrites its range. Evidence:
/// measured on Live 12.4 (overlapping inserts trim or split) and another project's notes.
#[test]
fn row_46_inserts_overwrite_their_range() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    call(&mut live, t, "create_midi_clip", &[f(0.0), f(8.0)]);
    call(&mut live, t, "create_midi_clip", &[f(2.0), f(2.0)]);
    let mut spans: Vec<(f64, f64)> = Vec::new();
    for c in ids(&mut live, t, "arrangement_clips") {
        spans.push((
            num(&mut live, c, "start_time"),
            num(&mut live, c, "end_time"),
        ));
    }
    assert_eq!(spans, [(0.0, 2.0), (2.0, 4.0), (4.0, 8.0)]);
}

/// Row 47: create_midi_clip and duplicate_clip_to_arrangement move the playhead to the
/// range they write (transport stopped). Evidence: measured on Live 12.4.
#[test]
fn row_47_writes_move_the_playhead() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let t = id(&mut live, "live_set tracks 0");
    call(&mut live, t, "create_midi_clip", &[f(12.0), f(4.0)]);
    assert_eq!(num(&mut live, song, "current_song_time"), 12.0);
    let clip = session_clip(&mut live, 0, 0, 4.0);
    call(
        &mut live,
        t,
        "duplicate_clip_to_arrangement",
        &[s(&format!("id {clip}")), f(20.0)],
    );
    assert_eq!(num(&mut live, song, "current_song_time"), 20.0);
}

/// Row 48: neither the playhead nor start_time goes past song_length. Evidence:
/// measured on Live 12.4 and in another project's real-Live tests.
#[test]
fn row_48_playhead_and_start_time_stop_at_song_length() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let len = num(&mut live, song, "song_length");
    live.try_set(song, "current_song_time", &[f(len + 100.0)])
        .unwrap();
    live.try_set(song, "start_time", &[f(len + 100.0)]).unwrap();
    live.settle();
    assert_eq!(num(&mut live, song, "current_song_time"), len);
    assert_eq!(num(&mut live, song, "start_time"), len);
}

/// Row 77: refused: create_clip of length 0, create_audio_clip on a MIDI slot,
/// create_midi_clip on an audio track or outside 0…1576800, and a MIDI clip duplicated
/// into an audio track's arrangement. Evidence: the Live Object Model reference and
/// measured on Live 12.4.
#[test]
fn row_77_clip_creation_limits() {
    let mut live = FakeLive::new();
    let slot = id(&mut live, "live_set tracks 0 clip_slots 0");
    assert!(live.try_call(slot, "create_clip", &[f(0.0)]).is_err());
    assert!(live
        .try_call(slot, "create_audio_clip", &[s("/a.wav")])
        .is_err());
    let audio_t = id(&mut live, "live_set tracks 2");
    assert!(live
        .try_call(audio_t, "create_midi_clip", &[f(0.0), f(4.0)])
        .is_err());
    let midi_t = id(&mut live, "live_set tracks 0");
    assert!(live
        .try_call(midi_t, "create_midi_clip", &[f(1_576_801.0), f(4.0)])
        .is_err());
    assert!(live
        .try_call(midi_t, "create_midi_clip", &[f(-1.0), f(4.0)])
        .is_err());
    let clip = session_clip(&mut live, 0, 0, 4.0);
    assert!(live
        .try_call(
            audio_t,
            "duplicate_clip_to_arrangement",
            &[s(&format!("id {clip}")), f(0.0)]
        )
        .is_err());
    assert!(ids(&mut live, audio_t, "arrangement_clips").is_empty());
}

/// Row 80: on an unlooped clip start_marker follows loop_start; writes to it are
/// ignored. Evidence: measured on Live 12.4 and in another project's real-Live tests.
#[test]
fn row_80_unlooped_start_marker_follows_loop_start() {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 8.0);
    live.try_set(clip, "looping", &[i(0)]).unwrap();
    live.try_set(clip, "loop_start", &[f(2.0)]).unwrap();
    assert_eq!(num(&mut live, clip, "start_marker"), 2.0);
    let _ = live.try_set(clip, "start_marker", &[f(1.0)]);
    assert_eq!(num(&mut live, clip, "start_marker"), 2.0);
}

/// Row A1 (README, after row 80): an arrangement clip duplicated onto a range other
/// clips hold crashes Live, so the fake refuses it and changes nothing; onto free time,
/// or from a session slot, the copy is made. Evidence: another project's known-issues
/// notes and its real-Live tests of the work-around.
#[test]
fn row_a1_pasting_an_arrangement_clip_onto_clips_is_refused() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    call(&mut live, t, "create_midi_clip", &[f(0.0), f(4.0)]);
    call(&mut live, t, "create_midi_clip", &[f(8.0), f(4.0)]);
    let first = ids(&mut live, t, "arrangement_clips")[0];
    let before = live.to_json();
    for at in [8.0, 6.0, 10.0] {
        let answer = barline_core::live::LivePort::call(
            &mut live,
            t,
            "duplicate_clip_to_arrangement",
            &[s(&format!("id {first}")), f(at)],
        );
        assert_eq!(answer, Ok(vec![]), "refused at {at}");
    }
    assert_eq!(live.to_json(), before);
    assert_eq!(
        live.errors()
            .iter()
            .filter(|e| e.contains("crashes Live"))
            .count(),
        3
    );
    live.take_errors();
    let free = call(
        &mut live,
        t,
        "duplicate_clip_to_arrangement",
        &[s(&format!("id {first}")), f(16.0)],
    );
    assert!(!free.is_empty(), "free time takes the copy");
    let session = session_clip(&mut live, 0, 0, 4.0);
    let over = call(
        &mut live,
        t,
        "duplicate_clip_to_arrangement",
        &[s(&format!("id {session}")), f(8.0)],
    );
    assert!(!over.is_empty(), "a session clip may overwrite (row 46)");
}
