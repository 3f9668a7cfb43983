//! Rows 1–14 of core/fake-live/README.md: sends, clip deletion by track, and routing.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use barline_fake_live::FakeLive;
use common::*;

/// Row 1: every track and return mixer has one send per return, a return's send to
/// itself included. Evidence: the Live Object Model reference (MixerDevice.sends, "one
/// send per return track") and the Live manual (a return's output can feed its input).
#[test]
fn row_1_one_send_per_return_on_every_mixer() {
    let mut live = FakeLive::new();
    for path in [
        "live_set tracks 0",
        "live_set tracks 2",
        "live_set return_tracks 0",
        "live_set return_tracks 1",
    ] {
        let mixer = id(&mut live, &format!("{path} mixer_device"));
        assert_eq!(ids(&mut live, mixer, "sends").len(), 2, "{path}");
    }
}

/// Row 2: create_return_track adds a send everywhere (the new return included) and
/// delete_return_track removes one. Evidence: the Live Object Model reference
/// (MixerDevice.sends; Song.create_return_track / delete_return_track).
#[test]
fn row_2_return_tracks_add_and_remove_one_send_everywhere() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    call(&mut live, song, "create_return_track", &[]);
    for path in [
        "live_set tracks 1",
        "live_set return_tracks 0",
        "live_set return_tracks 2",
    ] {
        let mixer = id(&mut live, &format!("{path} mixer_device"));
        assert_eq!(live.try_get_count(mixer, "sends").unwrap(), 3, "{path}");
    }
    call(&mut live, song, "delete_return_track", &[i(0)]);
    let mixer = id(&mut live, "live_set tracks 3 mixer_device");
    assert_eq!(live.try_get_count(mixer, "sends").unwrap(), 2);
}

/// Row 3: Track.delete_clip deletes a Session clip of that track as well as an
/// Arrangement clip. Evidence: Live's Python API dump (Track.delete_clip, "Delete the
/// given clip") and another project's tests in real Live (a session clip deleted).
#[test]
fn row_3_track_delete_clip_takes_session_and_arrangement_clips() {
    let mut live = FakeLive::new();
    let track = id(&mut live, "live_set tracks 0");
    let clip = session_clip(&mut live, 0, 1, 4.0);
    call(&mut live, track, "delete_clip", &[s(&format!("id {clip}"))]);
    let slot = id(&mut live, "live_set tracks 0 clip_slots 1");
    assert_eq!(get(&mut live, slot, "has_clip"), vec![i(0)]);
    let arr = created(&call(
        &mut live,
        track,
        "create_midi_clip",
        &[f(0.0), f(4.0)],
    ));
    call(&mut live, track, "delete_clip", &[s(&format!("id {arr}"))]);
    assert!(ids(&mut live, track, "arrangement_clips").is_empty());
}

/// Row 4: Track.delete_clip refuses another track's clip, which survives. Evidence:
/// Live's Python API dump (Track.delete_clip raises for a clip of another track).
#[test]
fn row_4_track_delete_clip_refuses_another_tracks_clip() {
    let mut live = FakeLive::new();
    let clip = session_clip(&mut live, 0, 0, 4.0);
    let other = id(&mut live, "live_set tracks 1");
    assert!(live
        .try_call(other, "delete_clip", &[s(&format!("id {clip}"))])
        .is_err());
    assert!(live.exists(clip));
}

/// Row 5: a new MIDI track takes All Ins and, with no instrument, outputs to No Output.
/// Evidence: the Live manual (MIDI tracks default to all inputs) and another project's
/// real-Live test Set (an empty MIDI track: Output No Output).
#[test]
fn row_5_new_midi_track_all_ins_to_no_output() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let t = created(&call(&mut live, song, "create_midi_track", &[i(-1)]));
    assert_eq!(routing(&mut live, t, "input_routing_type"), "All Ins");
    assert_eq!(routing(&mut live, t, "output_routing_type"), "No Output");
}

/// Row 6: a new audio track takes Ext. In and outputs to Main ("Master" before Live 12).
/// Evidence: the Live manual (audio tracks default to external input, the master is
/// every track's default destination) and measured on Live 12.4 ("Main").
#[test]
fn row_6_new_audio_track_ext_in_to_main() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let t = created(&call(&mut live, song, "create_audio_track", &[i(-1)]));
    assert_eq!(routing(&mut live, t, "input_routing_type"), "Ext. In");
    assert_eq!(routing(&mut live, t, "output_routing_type"), "Main");
    live.set_live_version("11.3.20");
    assert_eq!(routing(&mut live, t, "output_routing_type"), "Master");
}

/// Row 7: a MIDI track given an instrument, and a new return track, output to Main.
/// Evidence: the Live manual (the master is the default destination; an instrument
/// gives a MIDI track an audio output).
#[test]
fn row_7_instrument_tracks_and_new_returns_output_to_main() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 0");
    call(&mut live, t, "insert_device", &[s("Operator")]);
    assert_eq!(routing(&mut live, t, "output_routing_type"), "Main");
    let song = id(&mut live, "live_set");
    let r = created(&call(&mut live, song, "create_return_track", &[]));
    assert_eq!(routing(&mut live, r, "output_routing_type"), "Main");
}

/// Row 8: a track inside a group outputs to the group, which its list offers.
/// Evidence: the Live manual (Audio To is assigned to the Group) and another
/// project's real-Live test Set (a grouped child outputs to its parent).
#[test]
fn row_8_grouped_track_outputs_to_its_group() {
    let json = r#"{"format":"barline-live-set/1","scenes":[{}],
      "tracks":[{"kind":"group","name":"Bus"},{"kind":"audio","name":"Gtr","group":0}]}"#;
    let mut live = FakeLive::from_json(json).unwrap();
    let t = id(&mut live, "live_set tracks 1");
    assert_eq!(routing(&mut live, t, "output_routing_type"), "Bus");
    assert!(routing_names(&mut live, t, "available_output_routing_types").contains(&"Bus".into()));
}

/// Row 9: an audio track's outputs include Ext. Out, Main, Sends Only and the other
/// audio tracks by name. Evidence: measured on Live 12.4 (audio track outputs).
#[test]
fn row_9_audio_track_output_choices() {
    let mut live = FakeLive::new();
    let t = id(&mut live, "live_set tracks 2");
    let names = routing_names(&mut live, t, "available_output_routing_types");
    for want in ["Ext. Out", "Main", "Sends Only", "4-Audio"] {
        assert!(names.contains(&want.to_string()), "{want} in {names:?}");
    }
    assert!(!names.contains(&"3-Audio".to_string()), "not itself");
}

/// Row 10: an empty MIDI track can send its MIDI to a MIDI track holding an
/// instrument, listed by name. Evidence: another project's routing code (it picks the
/// instrument track by name) and a magazine guide (MIDI To the instrument track).
#[test]
fn row_10_empty_midi_track_offers_instrument_tracks() {
    let mut live = FakeLive::new();
    let synth = id(&mut live, "live_set tracks 1");
    call(&mut live, synth, "insert_device", &[s("Operator")]);
    let t = id(&mut live, "live_set tracks 0");
    let names = routing_names(&mut live, t, "available_output_routing_types");
    assert!(names.contains(&"2-MIDI".to_string()), "{names:?}");
}

/// Row 11: an audio track's inputs include Ext. In, Resampling, No Input, the returns
/// and MIDI tracks with an instrument, not MIDI tracks without one. Evidence: measured
/// on Live 12.4 (audio track inputs).
#[test]
fn row_11_audio_track_input_choices() {
    let mut live = FakeLive::new();
    let synth = id(&mut live, "live_set tracks 1");
    call(&mut live, synth, "insert_device", &[s("Operator")]);
    let t = id(&mut live, "live_set tracks 2");
    let names = routing_names(&mut live, t, "available_input_routing_types");
    for want in [
        "Ext. In",
        "Resampling",
        "No Input",
        "A-Reverb",
        "B-Delay",
        "2-MIDI",
    ] {
        assert!(names.contains(&want.to_string()), "{want} in {names:?}");
    }
    assert!(
        !names.contains(&"1-MIDI".to_string()),
        "no instrument, no audio"
    );
}

/// Row 12: the master track's routing cannot be read: get raises, no dict comes back.
/// Evidence: the decompiled LiveAPI Python layer (_MxDCore, Live 12.0 and 12.1: the
/// routing check raises for the master) and the Live Object Model reference.
#[test]
fn row_12_master_routing_raises() {
    let mut live = FakeLive::new();
    let m = id(&mut live, "live_set master_track");
    for p in ["output_routing_type", "available_output_routing_types"] {
        let e = live.try_get(m, p).unwrap_err().to_string();
        assert!(e.contains("master track"), "{e}");
    }
}

/// Row 13: input routing raises on return and group tracks; their output works.
/// Evidence: the decompiled LiveAPI Python layer (_MxDCore: "input" on foldable or
/// return tracks raises) and the Live Object Model reference.
#[test]
fn row_13_input_routing_raises_on_returns_and_groups() {
    let json = r#"{"format":"barline-live-set/1","scenes":[{}],
      "tracks":[{"kind":"group","name":"Bus"}],"return_tracks":[{"name":"A-Verb"}]}"#;
    let mut live = FakeLive::from_json(json).unwrap();
    for path in ["live_set tracks 0", "live_set return_tracks 0"] {
        let t = id(&mut live, path);
        assert!(live.try_get(t, "input_routing_type").is_err(), "{path}");
        assert!(
            live.try_get(t, "available_input_routing_types").is_err(),
            "{path}"
        );
        assert_eq!(
            routing(&mut live, t, "output_routing_type"),
            "Main",
            "{path}"
        );
    }
}

/// Row 14 (weak): a new track's routing lists are empty in the tick it is created and
/// fill in on the next. Evidence: measured on Live 12.4 from a Python Remote Script
/// (Max's tick boundaries unverified).
#[test]
fn row_14_routing_lists_fill_in_a_tick_after_creation() {
    let mut live = FakeLive::new();
    let song = id(&mut live, "live_set");
    let t = created(&call(&mut live, song, "create_audio_track", &[i(-1)]));
    assert!(routing_names(&mut live, t, "available_output_routing_types").is_empty());
    live.settle();
    assert!(!routing_names(&mut live, t, "available_output_routing_types").is_empty());
}
