//! Devices, racks, chains, drum pads, mixer and parameters
//! (docs/design/live-model.md §2.10, §2.11, §2.12, §2.15, §2.16).

use crate::support;

use barline_core::live::path::ids_from_atoms;
use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::FakeLive;
use support::fake::{one, sym};

fn created(r: Vec<Atom>) -> LiveId {
    assert_eq!(r[0], sym("id"));
    LiveId(r[1].as_i64().unwrap() as u64)
}

#[test]
fn insert_device_follows_placement_rules() {
    let mut live = FakeLive::new();
    let midi = live.resolve("live_set tracks 0");
    let audio = live.resolve("live_set tracks 2");
    let ret = live.resolve("live_set return_tracks 0");
    let synth = created(
        live.try_call(midi, "insert_device", &[sym("Drift")])
            .unwrap(),
    );
    assert_eq!(one(&mut live, synth, "type"), Atom::Int(1));
    assert_eq!(one(&mut live, synth, "class_display_name"), sym("Drift"));
    assert!(
        live.try_call(midi, "insert_device", &[sym("Wavetable")])
            .is_err(),
        "second instrument"
    );
    assert!(
        live.try_call(audio, "insert_device", &[sym("Drift")])
            .is_err(),
        "instrument on audio"
    );
    assert!(
        live.try_call(audio, "insert_device", &[sym("Arpeggiator")])
            .is_err(),
        "MIDI effect on audio"
    );
    assert!(
        live.try_call(midi, "insert_device", &[sym("reverb")])
            .is_err(),
        "names are case-sensitive"
    );
    assert!(
        live.try_call(midi, "insert_device", &[sym("Reverb"), Atom::Int(5)])
            .is_err(),
        "index out of range"
    );
    created(
        live.try_call(audio, "insert_device", &[sym("Reverb")])
            .unwrap(),
    );
    created(
        live.try_call(ret, "insert_device", &[sym("Delay")])
            .unwrap(),
    );
    let arp = created(
        live.try_call(midi, "insert_device", &[sym("Arpeggiator"), Atom::Int(0)])
            .unwrap(),
    );
    assert_eq!(live.path_of(arp).unwrap(), "live_set tracks 0 devices 0");
    assert_eq!(live.path_of(synth).unwrap(), "live_set tracks 0 devices 1");
    assert_eq!(live.errors().len(), 5);
}

#[test]
fn racks_chains_and_drum_pads() {
    let mut live = FakeLive::new();
    let midi = live.resolve("live_set tracks 0");
    let drums = created(
        live.try_call(midi, "insert_device", &[sym("Drum Rack")])
            .unwrap(),
    );
    assert_eq!(live.type_of(drums).unwrap(), "RackDevice");
    assert_eq!(one(&mut live, drums, "can_have_drum_pads"), Atom::Int(1));
    assert_eq!(live.try_get_count(drums, "drum_pads").unwrap(), 128);
    let pad = live.resolve("live_set tracks 0 devices 0 drum_pads 36");
    assert_eq!(one(&mut live, pad, "note"), Atom::Int(36));
    let chain = created(live.try_call(drums, "insert_chain", &[]).unwrap());
    assert_eq!(live.type_of(chain).unwrap(), "DrumChain");
    assert_eq!(
        one(&mut live, chain, "in_note"),
        Atom::Int(36),
        "drum chains start on C1 (core/fake-live/README.md row 74)"
    );
    live.try_set(chain, "name", &[sym("Kick")]).unwrap();
    assert_eq!(live.try_get_count(pad, "chains").unwrap(), 1);
    assert_eq!(one(&mut live, pad, "name"), sym("Kick"));
    let sampler = created(
        live.try_call(chain, "insert_device", &[sym("Simpler")])
            .unwrap(),
    );
    assert_eq!(
        live.path_of(sampler).unwrap(),
        "live_set tracks 0 devices 0 chains 0 devices 0"
    );
    live.try_call(pad, "delete_all_chains", &[]).unwrap();
    assert!(!live.exists(chain) && !live.exists(sampler));
    // insert_chain answers 1 on a device that is not a rack, and changes nothing
    let audio = live.resolve("live_set tracks 2");
    let reverb = created(
        live.try_call(audio, "insert_device", &[sym("Reverb")])
            .unwrap(),
    );
    let steps = live.counters().undo_steps;
    assert_eq!(
        live.try_call(reverb, "insert_chain", &[]).unwrap(),
        vec![Atom::Int(1)]
    );
    assert_eq!(live.counters().undo_steps, steps);
    // an audio effect rack chain accepts audio effects only
    let rack = created(
        live.try_call(audio, "insert_device", &[sym("Audio Effect Rack")])
            .unwrap(),
    );
    let c = created(live.try_call(rack, "insert_chain", &[]).unwrap());
    assert!(live
        .try_call(c, "insert_device", &[sym("Operator")])
        .is_err());
    created(
        live.try_call(c, "insert_device", &[sym("Saturator")])
            .unwrap(),
    );
}

#[test]
fn move_device_between_tracks_and_chains() {
    let mut live = FakeLive::new();
    let song = live.resolve("live_set");
    let a = live.resolve("live_set tracks 2");
    let b = live.resolve("live_set tracks 3");
    let fx = created(
        live.try_call(a, "insert_device", &[sym("Auto Filter")])
            .unwrap(),
    );
    live.try_call(
        song,
        "move_device",
        &[
            sym(&format!("id {fx}")),
            sym(&format!("id {b}")),
            Atom::Int(0),
        ],
    )
    .unwrap();
    assert_eq!(live.path_of(fx).unwrap(), "live_set tracks 3 devices 0");
    assert_eq!(live.try_get_count(a, "devices").unwrap(), 0);
    let synth = {
        let m = live.resolve("live_set tracks 0");
        created(
            live.try_call(m, "insert_device", &[sym("Operator")])
                .unwrap(),
        )
    };
    assert!(live
        .try_call(
            song,
            "move_device",
            &[
                sym(&format!("id {synth}")),
                sym(&format!("id {b}")),
                Atom::Int(0)
            ]
        )
        .is_err());
}

#[test]
fn a_moved_rack_recolours_its_auto_coloured_chains_to_the_new_track() {
    let mut live = FakeLive::new();
    let song = live.resolve("live_set");
    let a = live.resolve("live_set tracks 2");
    let b = live.resolve("live_set tracks 3");
    let rack = created(
        live.try_call(a, "insert_device", &[sym("Audio Effect Rack")])
            .unwrap(),
    );
    let chain = created(live.try_call(rack, "insert_chain", &[]).unwrap());
    let color_of = |live: &mut FakeLive, id| one(live, id, "color_index");
    assert_eq!(color_of(&mut live, chain), color_of(&mut live, a));
    live.try_call(
        song,
        "move_device",
        &[
            sym(&format!("id {rack}")),
            sym(&format!("id {b}")),
            Atom::Int(0),
        ],
    )
    .unwrap();
    assert_ne!(color_of(&mut live, a), color_of(&mut live, b));
    assert_eq!(color_of(&mut live, chain), color_of(&mut live, b));
}

#[test]
fn parameters_ranges_display_values_and_labels() {
    let mut live = FakeLive::new();
    let vol = live.resolve("live_set tracks 0 mixer_device volume");
    assert_eq!(one(&mut live, vol, "value"), Atom::Float(0.85));
    assert_eq!(
        one(&mut live, vol, "display_value"),
        Atom::Float(0.0),
        "0.85 is 0 dB"
    );
    live.try_set(vol, "display_value", &[Atom::Float(6.0)])
        .unwrap();
    assert_eq!(one(&mut live, vol, "value"), Atom::Float(1.0));
    live.try_set(vol, "display_value", &[Atom::Float(-12.0)])
        .unwrap();
    let v = one(&mut live, vol, "value").as_f64().unwrap();
    let db = one(&mut live, vol, "display_value").as_f64().unwrap();
    assert!(
        v > 0.4 && v < 0.85 && (db + 12.0).abs() < 1e-9,
        "dB curve round-trips: {v} {db}"
    );
    assert!(
        live.try_set(vol, "value", &[Atom::Float(1.5)]).is_err(),
        "outside min…max is ignored"
    );
    assert_eq!(one(&mut live, vol, "display_value").as_f64().unwrap(), db);
    assert_eq!(
        live.try_call(vol, "str_for_value", &[Atom::Float(0.0)])
            .unwrap(),
        vec![sym("-inf dB")]
    );
    assert_eq!(
        live.try_call(vol, "str_for_value", &[Atom::Float(0.85)])
            .unwrap(),
        vec![sym("0.0 dB")]
    );
    let send = live.resolve("live_set tracks 0 mixer_device sends 1");
    assert_eq!(
        live.try_call(send, "str_for_value", &[Atom::Float(0.0)])
            .unwrap(),
        vec![sym("-inf dB")]
    );
    let t = live.resolve("live_set tracks 2");
    let fx = created(
        live.try_call(t, "insert_device", &[sym("Auto Filter")])
            .unwrap(),
    );
    let params = ids_from_atoms(&live.try_get(fx, "parameters").unwrap()).unwrap();
    assert_eq!(one(&mut live, params[0], "name"), sym("Device On"));
    assert_eq!(
        live.try_get(params[0], "value_items").unwrap(),
        vec![sym("Off"), sym("On")]
    );
    assert_eq!(
        live.try_call(params[1], "str_for_value", &[Atom::Float(440.0)])
            .unwrap(),
        vec![sym("440.0 Hz")]
    );
    assert_eq!(
        live.try_call(params[1], "str_for_value", &[Atom::Float(2500.0)])
            .unwrap(),
        vec![sym("2.50 kHz")]
    );
    assert_eq!(
        live.try_call(params[3], "str_for_value", &[Atom::Float(1.0)])
            .unwrap(),
        vec![sym("Highpass")]
    );
    live.try_set(params[0], "value", &[Atom::Int(0)]).unwrap();
    assert_eq!(one(&mut live, fx, "is_active"), Atom::Int(0));
    assert!(live.try_get(params[3], "default_value").is_ok());
}

#[test]
fn routing_json_and_version_and_this_device_come_from_fixtures() {
    let mut live = FakeLive::from_json(
        r#"{"format":"barline-live-set/1","live_version":"12.2.5","song":{},"scenes":[{}],
            "tracks":[{"kind":"midi","devices":[{"device":"Max MIDI Effect","name":"Barline"}]}],
            "this_device":"live_set tracks 0 devices 0"}"#,
    )
    .unwrap();
    let app = live.resolve("live_app");
    assert_eq!(
        live.try_call(app, "get_version_string", &[]).unwrap(),
        vec![sym("12.2.5")]
    );
    assert_eq!(
        live.try_call(app, "get_minor_version", &[]).unwrap(),
        vec![Atom::Int(2)]
    );
    let me = live.resolve("this_device");
    assert_eq!(live.path_of(me).unwrap(), "live_set tracks 0 devices 0");
    assert_eq!(one(&mut live, me, "name"), sym("Barline"));
    let parent = live.resolve("this_device canonical_parent");
    assert_eq!(live.path_of(parent).unwrap(), "live_set tracks 0");
    let t = live.resolve("live_set tracks 0");
    let avail = live.try_get(t, "available_input_routing_types").unwrap();
    let v: serde_json::Value = serde_json::from_str(avail[0].as_str().unwrap()).unwrap();
    let first = v["available_input_routing_types"][1]["identifier"]
        .as_i64()
        .unwrap();
    let write = serde_json::json!({"input_routing_type": {"identifier": first}}).to_string();
    live.try_set(t, "input_routing_type", &[sym(&write)])
        .unwrap();
    let now = live.try_get(t, "input_routing_type").unwrap();
    let now: serde_json::Value = serde_json::from_str(now[0].as_str().unwrap()).unwrap();
    assert_eq!(
        now["input_routing_type"]["identifier"].as_i64().unwrap(),
        first
    );
    let bad = r#"{"input_routing_type": {"identifier": 77}}"#;
    assert!(live.try_set(t, "input_routing_type", &[sym(bad)]).is_err());
    let again = live.try_get(t, "input_routing_type").unwrap();
    let again: serde_json::Value = serde_json::from_str(again[0].as_str().unwrap()).unwrap();
    assert_eq!(
        again["input_routing_type"]["identifier"].as_i64().unwrap(),
        first,
        "unchanged"
    );
}

#[test]
fn simpler_has_a_sample_child_from_fixtures() {
    let mut live = FakeLive::from_json(crate::support::fake::DEMO).unwrap();
    let kick = live.resolve("live_set tracks 0 devices 0 chains 0 devices 0");
    assert_eq!(live.type_of(kick).unwrap(), "SimplerDevice");
    assert_eq!(one(&mut live, kick, "multi_sample_mode"), Atom::Int(0));
    let sample = live.resolve("live_set tracks 0 devices 0 chains 0 devices 0 sample");
    assert_eq!(live.type_of(sample).unwrap(), "Sample");
    assert_eq!(
        one(&mut live, sample, "file_path"),
        sym("/Samples/Drums/kick-808.wav")
    );
    assert!(
        live.try_set(sample, "file_path", &[sym("/x.wav")]).is_err(),
        "read-only"
    );
    let t = live.resolve("live_set tracks 7");
    assert!(t.is_none());
    let song = live.resolve("live_set");
    let made = live
        .try_call(song, "create_midi_track", &[Atom::Int(-1)])
        .unwrap();
    let t = created(made);
    let simpler = created(
        live.try_call(t, "insert_device", &[sym("Simpler")])
            .unwrap(),
    );
    assert_eq!(
        live.try_get(simpler, "sample").unwrap(),
        vec![sym("id"), Atom::Int(0)],
        "an empty Simpler"
    );
    let reverb = created(live.try_call(t, "insert_device", &[sym("Reverb")]).unwrap());
    assert!(live.try_get(reverb, "multi_sample_mode").is_err());
}
