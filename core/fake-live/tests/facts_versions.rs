//! The Live version knob (core/fake-live/README.md, "Live versions"): members and
//! answers that differ by version, set from fixtures and at run time.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use barline_fake_live::FakeLive;
use common::*;

/// Before 12.3: no Song.scale_mode (row 52), display_value, insert_device,
/// insert_chain or DrumChain.in_note (row 70); `info` leaves them out. Evidence: the
/// Live Object Model reference marks them "since Live 12.3"; the decompiled LiveAPI
/// Python layer (_MxDCore 12.0.1) lists no scale_mode.
#[test]
fn members_since_12_3_are_absent_before() {
    let json = r#"{"format":"barline-live-set/1","live_version":"12.2.5","scenes":[{}],
      "tracks":[{"kind":"midi","name":"M"}]}"#;
    let mut live = FakeLive::from_json(json).unwrap();
    let song = id(&mut live, "live_set");
    let vol = id(&mut live, "live_set tracks 0 mixer_device volume");
    let t = id(&mut live, "live_set tracks 0");
    assert!(live.try_get(song, "scale_mode").is_err());
    assert!(live.try_get(vol, "display_value").is_err());
    assert!(live.try_set(vol, "display_value", &[f(-6.0)]).is_err());
    let e = live
        .try_call(t, "insert_device", &[s("Operator")])
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("not available in Live 12.2.5 (from 12.3)"),
        "{e}"
    );
    assert!(!live.info(song).contains("scale_mode"));
    live.set_live_version("12.3.0");
    assert!(live.try_get(song, "scale_mode").is_ok());
    assert!(live.try_call(t, "insert_device", &[s("Operator")]).is_ok());
}

/// Live 12.1's create_midi_clip makes the clip but answers nothing (the tools must
/// find the clip another way). Evidence: the Barline issue's audit of Live 12.1.
#[test]
fn create_midi_clip_answers_nothing_on_12_1() {
    let mut live = FakeLive::new();
    live.set_live_version("12.1.11");
    let t = id(&mut live, "live_set tracks 0");
    assert!(call(&mut live, t, "create_midi_clip", &[f(0.0), f(4.0)]).is_empty());
    assert_eq!(ids(&mut live, t, "arrangement_clips").len(), 1);
}
