//! Rows 40, 41 and 61–76 of core/fake-live/README.md: devices, their order, racks and
//! drum pads, Simpler's sample gain, and the mixer's fader curves.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use barline_core::live::LiveId;
use barline_fake_live::FakeLive;
use common::*;

fn insert(
    live: &mut FakeLive,
    track: LiveId,
    name: &str,
    at: Option<i64>,
) -> Result<LiveId, String> {
    let mut args = vec![s(name)];
    args.extend(at.map(i));
    live.try_call(track, "insert_device", &args)
        .map(|a| created(&a))
        .map_err(|e| e.to_string())
}

fn classes(live: &mut FakeLive, track: LiveId) -> Vec<String> {
    ids(live, track, "devices")
        .into_iter()
        .map(|d| text(live, d, "class_name"))
        .collect()
}

fn drum_rack(live: &mut FakeLive) -> LiveId {
    let t = id(live, "live_set tracks 0");
    insert(live, t, "Drum Rack", None).unwrap()
}

/// A Set with a Simpler holding a sample, and that sample's id.
fn simpler_sample() -> (FakeLive, LiveId) {
    let json = r#"{"format":"barline-live-set/1","scenes":[{}],"tracks":[{"kind":"midi","name":"S",
      "devices":[{"device":"Simpler","sample":"/s/kick.wav"}]}]}"#;
    let mut live = FakeLive::from_json(json).unwrap();
    let sample = id(&mut live, "live_set tracks 0 devices 0 sample");
    (live, sample)
}

/// Row 40: a Simpler's Sample answers gain_display_string() with a dB text. Evidence:
/// the Live Object Model reference, the decompiled LiveAPI Python layer (_MxDCore
/// exposes Sample.gain_display_string) and Live's Python API dump.
#[test]
fn row_40_sample_gain_display_string() {
    let (mut live, sample) = simpler_sample();
    let t = call(&mut live, sample, "gain_display_string", &[])[0].to_string();
    assert!(t.ends_with(" dB"), "{t}");
}

/// Row 41 (weak): a freshly loaded sample sits at 0 dB, Sample.gain 0.4 on the
/// clip-gain scale. Evidence: another project reads Sample.gain with the clip-gain
/// curve; Simpler's Gain defaults to 0 dB.
#[test]
fn row_41_fresh_sample_at_0_db() {
    let (mut live, sample) = simpler_sample();
    assert_eq!(num(&mut live, sample, "gain"), 0.4);
    assert_eq!(
        call(&mut live, sample, "gain_display_string", &[]),
        vec![s("0.0 dB")]
    );
}

/// Row 61: Track.devices does not include the mixer. Evidence: measured on Live 12.4
/// (an empty track has []) and another project's real-Live tests.
#[test]
fn row_61_devices_exclude_the_mixer() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let t = created(&call(&mut live, song, "create_midi_track", &[i(-1)]));
    assert!(get(&mut live, t, "devices").is_empty());
}

/// Row 62: insert_device takes browser names; class_name is Live's class. Evidence:
/// measured on Live 12.4.6 (display/class name table) and another project's tests.
#[test]
fn row_62_class_names() {
    let mut live = FakeLive::new();
    let cases = [
        ("Simpler", "OriginalSimpler"),
        ("Wavetable", "InstrumentVector"),
        ("Drum Rack", "DrumGroupDevice"),
        ("Electric", "LoungeLizard"),
    ];
    for (name, class) in cases {
        let song = id(&mut live, "live_set");
        let t = created(&call(&mut live, song, "create_midi_track", &[i(-1)]));
        let d = insert(&mut live, t, name, None).unwrap();
        assert_eq!(text(&mut live, d, "class_name"), class);
    }
    let a = id(&mut live, "live_set tracks 2");
    insert(&mut live, a, "Compressor", None).unwrap();
    insert(&mut live, a, "Utility", None).unwrap();
    assert_eq!(classes(&mut live, a), ["Compressor2", "StereoGain"]);
}

/// Row 63: insert_device refuses a MIDI effect after the instrument and an audio
/// effect before it. Evidence: the Live Object Model reference (invalid with the mouse
/// is invalid here) and another project's real-Live tests.
#[test]
fn row_63_order_refusals() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    insert(&mut live, t, "Operator", None).unwrap();
    assert!(insert(&mut live, t, "Arpeggiator", Some(1)).is_err());
    assert!(insert(&mut live, t, "Reverb", Some(0)).is_err());
    assert_eq!(classes(&mut live, t), ["Operator"]);
}

/// Row 64: devices stay ordered MIDI effects, instrument, audio effects; a MIDI effect
/// asked for the end of a track holding an instrument is refused. Evidence: the Live
/// Object Model reference and another project's real-Live tests ("a valid index would
/// be 0").
#[test]
fn row_64_order_is_kept() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    insert(&mut live, t, "Operator", None).unwrap();
    insert(&mut live, t, "Reverb", None).unwrap();
    insert(&mut live, t, "Arpeggiator", Some(0)).unwrap();
    assert!(insert(&mut live, t, "Chord", None).is_err());
    assert_eq!(classes(&mut live, t), ["Arpeggiator", "Operator", "Reverb"]);
}

/// Row 65: instruments and MIDI effects cannot go on an audio track. Evidence: measured
/// on Live 12.4 ("Only audio effects can be inserted") and another project's tests.
#[test]
fn row_65_audio_tracks_take_only_audio_effects() {
    let mut live = FakeLive::new();
    let a = id(&mut live, "live_set tracks 2");
    for name in ["Operator", "Arpeggiator"] {
        let e = insert(&mut live, a, name, None).unwrap_err();
        assert!(e.contains("Only audio effects can be inserted"), "{e}");
    }
}

/// Row 66: a second instrument is refused at any index. Evidence: another project's
/// real-Live tests ("Device chains cannot have more than one instrument each").
#[test]
fn row_66_one_instrument_per_chain() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    insert(&mut live, t, "Operator", None).unwrap();
    for at in [Some(0), Some(1), None] {
        let e = insert(&mut live, t, "Wavetable", at).unwrap_err();
        assert!(e.contains("more than one instrument"), "{e}");
    }
}

/// Row 67: move_device of an audio effect to position 0 of an instrument track puts it
/// at the nearest valid position and answers it. Evidence: the Live Object Model
/// reference (move_device picks the nearest position and returns it) and another
/// project's real-Live tests.
#[test]
fn row_67_move_device_nearest_valid_position() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    insert(&mut live, t, "Operator", None).unwrap();
    let a = id(&mut live, "live_set tracks 2");
    let fx = insert(&mut live, a, "Reverb", None).unwrap();
    let song = id(&mut live, "live_set");
    let at = call(
        &mut live,
        song,
        "move_device",
        &[s(&format!("id {fx}")), s(&format!("id {t}")), i(0)],
    );
    assert_eq!(at, vec![i(1)]);
    assert_eq!(classes(&mut live, t), ["Operator", "Reverb"]);
}

/// Row 68: a Rack starts with 0 chains (a Drum Rack still has 128 pads); insert_chain
/// answers the new Chain. Evidence: measured on Live 12.4 and the Live Object Model
/// reference (drum_pads, insert_chain since Live 12.3).
#[test]
fn row_68_racks_start_empty_insert_chain_answers_the_chain() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    assert_eq!(live.try_get_count(rack, "chains").unwrap(), 0);
    assert_eq!(live.try_get_count(rack, "drum_pads").unwrap(), 128);
    let c = created(&call(&mut live, rack, "insert_chain", &[]));
    assert_eq!(ids(&mut live, rack, "chains"), [c]);
}

/// Row 69: 128 drum_pads (pad i has note i), 16 visible_drum_pads; DrumPad.note is
/// read-only. Evidence: the Live Object Model reference and Live's Python API dump.
#[test]
fn row_69_drum_pads() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    let pads = ids(&mut live, rack, "drum_pads");
    assert_eq!(num(&mut live, pads[100], "note"), 100.0);
    assert_eq!(live.try_get_count(rack, "visible_drum_pads").unwrap(), 16);
    assert!(live.try_set(pads[100], "note", &[i(3)]).is_err());
}

/// Row 70: from Live 12.3 DrumChain.in_note is get/set; a pad's chains are those whose
/// in_note is its note, so setting it moves the chain. Evidence: the Live Object Model
/// reference (in_note since Live 12.3) and the Live manual (Receive chooser).
#[test]
fn row_70_in_note_moves_a_chain_between_pads() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    let c = created(&call(&mut live, rack, "insert_chain", &[]));
    live.try_set(c, "in_note", &[i(38)]).unwrap();
    let (p36, p38) = (
        id(&mut live, "live_set tracks 0 devices 0 drum_pads 36"),
        id(&mut live, "live_set tracks 0 devices 0 drum_pads 38"),
    );
    assert!(ids(&mut live, p36, "chains").is_empty());
    assert_eq!(ids(&mut live, p38, "chains"), [c]);
    live.set_live_version("12.2.5");
    assert!(live.try_get(c, "in_note").is_err());
}

/// Row 71: a DrumChain has no delete_all_chains; calling it deletes nothing. Evidence:
/// the decompiled LiveAPI Python layer (DrumChain members vs DrumPad's) and Live's
/// Python API dump.
#[test]
fn row_71_drum_chain_has_no_delete_all_chains() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    let c = created(&call(&mut live, rack, "insert_chain", &[]));
    assert!(live.try_call(c, "delete_all_chains", &[]).is_err());
    assert!(live.exists(c));
}

/// Row 72: DrumPad.delete_all_chains deletes every chain of that pad. Evidence: the
/// Live Object Model reference and Live's Python API dump.
#[test]
fn row_72_pad_delete_all_chains() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    call(&mut live, rack, "insert_chain", &[]);
    call(&mut live, rack, "insert_chain", &[]);
    let pad = id(&mut live, "live_set tracks 0 devices 0 drum_pads 36");
    call(&mut live, pad, "delete_all_chains", &[]);
    assert_eq!(live.try_get_count(rack, "chains").unwrap(), 0);
}

/// Row 73: a pad is named after its chain, "Multi" for several, its note (36 = C1,
/// 40 = E1) when empty. Evidence: another project's real-Live tests and Live's Python
/// API dump (DrumPad.name depends on the chains).
#[test]
fn row_73_pad_names() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    let p40 = id(&mut live, "live_set tracks 0 devices 0 drum_pads 40");
    assert_eq!(text(&mut live, p40, "name"), "E1");
    let c = created(&call(&mut live, rack, "insert_chain", &[]));
    live.try_set(c, "name", &[s("Kick")]).unwrap();
    let p36 = id(&mut live, "live_set tracks 0 devices 0 drum_pads 36");
    assert_eq!(text(&mut live, p36, "name"), "Kick");
    call(&mut live, rack, "insert_chain", &[]);
    assert_eq!(text(&mut live, p36, "name"), "Multi");
}

/// Row 74: insert_chain on a Drum Rack gives in_note 36. Evidence: another project's
/// real-Live tests ("in_note 36 regardless of the selected pad").
#[test]
fn row_74_new_drum_chain_receives_c1() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    let c = created(&call(&mut live, rack, "insert_chain", &[]));
    assert_eq!(get(&mut live, c, "in_note"), vec![i(36)]);
}

/// Row 75 (weak): in_note takes only 0…127 through the API; -1 is refused. Evidence:
/// another project's real-Live tests (the Live Object Model reference says -1 is "All
/// Notes"; the sources disagree on writing it).
#[test]
fn row_75_in_note_minus_one_refused() {
    let mut live = FakeLive::new();
    let rack = drum_rack(&mut live);
    let c = created(&call(&mut live, rack, "insert_chain", &[]));
    assert!(live.try_set(c, "in_note", &[i(-1)]).is_err());
    assert_eq!(get(&mut live, c, "in_note"), vec![i(36)]);
}

/// Row 76: volume display_value is -70 at 0, -6 sets ~0.70, str_for_value gives -18.0
/// / -34.4 / -48.6 dB at 0.4 / 0.2 / 0.1; a send reads 6 dB lower (0 dB at 1).
/// Evidence: measured on Live 12.4 and another project's real-Live tests (fader curve).
#[test]
fn row_76_fader_curves() {
    let mut live = FakeLive::new();
    let vol = id(&mut live, "live_set tracks 0 mixer_device volume");
    live.try_set(vol, "value", &[f(0.0)]).unwrap();
    assert_eq!(num(&mut live, vol, "display_value"), -70.0);
    live.try_set(vol, "display_value", &[f(-6.0)]).unwrap();
    assert!((num(&mut live, vol, "value") - 0.70).abs() < 0.005);
    for (v, want) in [(0.4, -18.0), (0.2, -34.4), (0.1, -48.6)] {
        assert_eq!(
            call(&mut live, vol, "str_for_value", &[f(v)]),
            vec![s(&format!("{want:.1} dB"))]
        );
    }
    let send = id(&mut live, "live_set tracks 0 mixer_device sends 0");
    assert_eq!(
        call(&mut live, send, "str_for_value", &[f(1.0)]),
        vec![s("0.0 dB")]
    );
    assert_eq!(
        call(&mut live, send, "str_for_value", &[f(0.4)]),
        vec![s("-24.0 dB")]
    );
}
