//! barline-update-device (docs/design/tool-rules.md §16): parameters by display value,
//! chains and pads, moves, rack actions and wrapping, bad input changing nothing.

use super::{ok, param, writes};
use crate::support;
use barline_fake_live::FakeLive;
use serde_json::json;
use support::fake::demo;
use support::outcome::{code, dump, message, warnings};
use support::tools::call;

#[test]
fn parameters_by_display_value_with_clamping_and_read_back() {
    let mut live = demo();
    ok(
        &mut live,
        "barline-create-device",
        json!({"deviceName": "Utility", "path": "t5"}),
    );
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d1,t5/d2", "params": "// filter and gain\nFrequency=80 Hz\nfilter type=HIGHPASS // case-insensitive\nResonance = 50 %\nGain=-6 dB\nBalance=12L\nWidth=150\nCutof=1\nno equals sign"}),
    );
    let w = warnings(&r);
    assert!(
        w.iter()
            .any(|m| m.starts_with("param \"Cutof\" not found on device \"Auto Filter\"")),
        "{w:?}"
    );
    assert!(
        w.contains(&"skipped line without \"=\": \"no equals sign\"".to_string()),
        "{w:?}"
    );
    let f = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t5/d1", "include": ["param-values"]}),
    );
    assert_eq!(param(&f, "Frequency")["value"], 80);
    assert_eq!(param(&f, "Filter Type")["value"], "Highpass");
    assert_eq!(param(&f, "Resonance")["value"], 50);
    let u = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t5/d2", "include": ["param-values"]}),
    );
    assert_eq!(param(&u, "Gain")["value"], -6);
    assert_eq!(param(&u, "Balance")["value"], -0.24);
    assert_eq!(param(&u, "Width")["value"], 150);
    // Out of range: clamped with a warning, never ignored.
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d1", "params": "Frequency=30 kHz\nFilter Type=Lowpass 48"}),
    );
    let w = warnings(&r);
    assert!(
        w.iter()
            .any(|m| m
                == "Frequency 30000 Hz is out of range (20 Hz to 20000 Hz); clamped to 20000 Hz"),
        "{w:?}"
    );
    assert!(
        w.iter().any(|m| m.starts_with(
            "\"Lowpass 48\" is not an option of Filter Type (options: Lowpass, Highpass"
        )),
        "{w:?}"
    );
    let set = dump(&live);
    let af = &set["tracks"][5]["devices"][1];
    assert_eq!(af["parameters"]["Frequency"], 20000.0);
    assert_eq!(af["parameters"]["Filter Type"], 1.0);
}

#[test]
fn read_back_warns_when_live_keeps_another_value() {
    // Changes made inside a notification are refused; the read-back notices (read after
    // write, docs/design/tool-contract.md §3.4).
    let mut live = demo();
    live.set_in_notification(true);
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d1", "params": "Frequency=1000\nFilter Type=Notch"}),
    );
    let w = warnings(&r);
    assert!(
        w.contains(&"Frequency set to 2400 Hz (asked 1000 Hz)".to_string()),
        "{w:?}"
    );
    assert!(
        w.contains(&"Filter Type set to Lowpass (asked Notch)".to_string()),
        "{w:?}"
    );
}

#[test]
fn chains_and_pads_mute_solo_colour_choke_and_moves() {
    let mut live = demo();
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0/pC1,t0/d0/pD1/c0", "mute": true, "chokeGroup": 3, "mappedPitch": "D1", "color": "#FF0000", "name": "Boom", "params": "x=1"}),
    );
    let w = warnings(&r);
    assert!(
        w.contains(&"DrumPad names are read-only".to_string()),
        "{w:?}"
    );
    assert!(
        w.contains(&"'params' does not apply to DrumPad".to_string()),
        "{w:?}"
    );
    assert!(
        w.contains(&"'params' does not apply to DrumChain".to_string()),
        "{w:?}"
    );
    let set = dump(&live);
    let chains = &set["tracks"][0]["devices"][0]["chains"];
    assert_eq!(chains[0]["choke_group"], 3);
    assert_eq!(chains[0]["out_note"], 38);
    assert_eq!(chains[1]["name"], "Boom");
    assert_eq!(chains[1]["mute"], true);
    // Pad moves: the chain's in_note follows the target pad.
    ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0/pD1", "toPath": "t0/d0/pE1"}),
    );
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0/pE1/c0", "toPath": "t2/d0"}),
    );
    assert!(warnings(&r).contains(&"toPath \"t2/d0\" is not a drum pad path".to_string()));
    let pads = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "t0/d0", "include": ["drum-pads"]}),
    );
    let notes: Vec<i64> = pads["structuredContent"]["drumPads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["note"].as_i64().unwrap())
        .collect();
    assert_eq!(notes, vec![36, 39, 40, 42, 46]);
    assert_eq!(pads["structuredContent"]["drumPads"][0]["state"], "muted");
}

#[test]
fn moving_devices_and_rack_actions() {
    let mut live = demo();
    // Reverb on the Pad track moves to the front of the Vox Chops track.
    ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t4/d1", "toPath": "t5/d0"}),
    );
    let set = dump(&live);
    assert_eq!(set["tracks"][5]["devices"][0]["device"], "Reverb");
    assert_eq!(set["tracks"][4]["devices"].as_array().unwrap().len(), 1);
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d0", "toPath": "t9"}),
    );
    assert!(
        warnings(&r).contains(&"move target \"t9\" does not exist".to_string()),
        "{r}"
    );
    // An audio effect asked for the front of a MIDI track with an instrument goes after
    // the instrument (live-facts row 67), and the result says so.
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d0", "toPath": "t4/d0"}),
    );
    let set = dump(&live);
    assert_eq!(set["tracks"][4]["devices"][1]["device"], "Reverb", "{set}");
    assert!(
        warnings(&r)
            .iter()
            .any(|w| w.contains("at position 1 of the chain \"t4/d0\" names, not 0")),
        "{r}"
    );
    // An instrument cannot join another instrument: warning, the Set unchanged.
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t4/d0", "toPath": "t1"}),
    );
    assert!(
        warnings(&r)
            .iter()
            .any(|w| w.starts_with("Live refused to move device")),
        "{r}"
    );
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0", "macroVariation": "load", "macroVariationIndex": 5, "macroCount": 5, "abCompare": "b"}),
    );
    let w = warnings(&r);
    assert!(
        w.contains(&"variation index 5 out of range (0 variations)".to_string()),
        "{w:?}"
    );
    assert!(
        w.contains(&"macro count rounded up to 6 (macros come in pairs)".to_string()),
        "{w:?}"
    );
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d1", "macroVariation": "create", "macroVariationIndex": 1}),
    );
    assert!(
        warnings(&r).contains(&"'macroVariation' does not apply to Device".to_string()),
        "{r}"
    );
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0", "macroVariation": "create", "macroVariationIndex": 1}),
    );
    assert!(
        warnings(&r).contains(&"macroVariationIndex is ignored for create".to_string()),
        "{r}"
    );
    let r = call(
        &mut live,
        "barline-update-device",
        json!({"path": "t0/d0", "macroVariation": "load"}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
}

#[test]
fn wrapping_effects_and_instruments_in_racks() {
    let mut live = demo();
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t5/d0,t5/d1", "wrapInRack": true, "name": "FX"}),
    );
    assert_eq!(r["structuredContent"]["type"], "audio-effect-rack");
    assert_eq!(r["structuredContent"]["deviceCount"], 2);
    let set = dump(&live);
    let rack = &set["tracks"][5]["devices"][0];
    assert_eq!(rack["device"], "Audio Effect Rack");
    assert_eq!(rack["name"], "FX");
    assert_eq!(rack["chains"][0]["devices"][0]["device"], "EQ Eight");
    assert_eq!(rack["chains"][1]["devices"][0]["device"], "Auto Filter");
    // An instrument with its effect: parked on a temporary track that is gone afterwards.
    let tracks = set["tracks"].as_array().unwrap().len();
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t4/d0,t4/d1", "wrapInRack": true}),
    );
    assert_eq!(r["structuredContent"]["type"], "instrument-rack");
    let set = dump(&live);
    assert_eq!(set["tracks"].as_array().unwrap().len(), tracks);
    let rack = &set["tracks"][4]["devices"][0];
    assert_eq!(rack["device"], "Instrument Rack");
    assert_eq!(rack["chains"][0]["devices"][0]["device"], "Wavetable");
    assert_eq!(set["tracks"][4]["devices"].as_array().unwrap().len(), 1);
    // Audio and MIDI effects together are refused before any write.
    // Live keeps MIDI effects before the instrument and refuses one asked for the end
    // of a track holding an instrument (core/fake-live/README.md rows 63 and 64), so an
    // Arpeggiator given no position lands just before Drift, at d1.
    ok(
        &mut live,
        "barline-create-device",
        json!({"deviceName": "Arpeggiator", "path": "t6"}),
    );
    let devices = dump(&live)["tracks"][6]["devices"].clone();
    let names: Vec<&str> = devices
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["device"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Max MIDI Effect", "Arpeggiator", "Drift", "Delay"]);
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-update-device",
        json!({"path": "t6/d1,t6/d3", "wrapInRack": true}),
    );
    assert_eq!(code(&r), "BAD_INPUT", "{r}");
    assert_eq!(writes(&live), 0);
}

#[test]
fn bad_input_changes_nothing() {
    let mut live = demo();
    for (tool, args) in [
        (
            "barline-update-device",
            json!({"path": "t0/d0", "ids": "1"}),
        ),
        (
            "barline-update-device",
            json!({"path": "t0/d0,t0/q", "name": "x"}),
        ),
        (
            "barline-update-device",
            json!({"path": "t5/d0", "color": "#12"}),
        ),
        (
            "barline-update-device",
            json!({"path": "t5/d0", "toPath": "t0//d"}),
        ),
        ("barline-create-device", json!({"deviceName": "Reverb"})),
        (
            "barline-create-device",
            json!({"deviceName": "Reverb", "path": "t5,x"}),
        ),
        (
            "barline-create-device",
            json!({"deviceName": "Nope", "path": "t5"}),
        ),
    ] {
        live.reset_counters();
        let r = call(&mut live, tool, args.clone());
        assert_eq!(code(&r), "BAD_INPUT", "{args}: {r}");
        assert_eq!(writes(&live), 0, "{args}");
    }
}

#[test]
fn a_failed_wrap_puts_instruments_back_and_removes_the_temporary_track() {
    let mut live = demo();
    let before = dump(&live);
    // An Instrument Rack cannot go on an audio track: Live refuses the insert.
    let r = call(
        &mut live,
        "barline-update-device",
        json!({"path": "t1/d0", "wrapInRack": true, "toPath": "t5"}),
    );
    assert_eq!(code(&r), "LIVE_REJECTED", "{r}");
    let after = dump(&live);
    assert_eq!(
        after["tracks"].as_array().unwrap().len(),
        before["tracks"].as_array().unwrap().len()
    );
    assert_eq!(
        after["tracks"][1]["devices"],
        before["tracks"][1]["devices"]
    );
    assert_eq!(
        after["tracks"][5]["devices"],
        before["tracks"][5]["devices"]
    );
}

#[test]
fn missing_targets_are_skipped_with_the_spec_warning() {
    let mut live = demo();
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t1/d0,t1/d4", "name": "Sub"}),
    );
    assert_eq!(
        warnings(&r),
        vec!["target not found at path \"t1/d4\"".to_string()]
    );
    assert!(r["structuredContent"]["id"].as_str().is_some());
    assert_eq!(dump(&live)["tracks"][1]["devices"][0]["name"], "Sub");
    let r = call(
        &mut live,
        "barline-update-device",
        json!({"path": "t1/d4", "name": "Sub"}),
    );
    assert_eq!(code(&r), "NOT_FOUND");
    assert_eq!(message(&r), "target not found at path \"t1/d4\"");
}

#[test]
fn every_unit_kind_through_the_tool() {
    let mut live = demo();
    ok(
        &mut live,
        "barline-create-device",
        json!({"deviceName": "Scale", "path": "t6/d0"}),
    );
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "t6/d0,t6/d2,t6/d3,rt0/d0", "params": "Base=F#2\nTranspose=-7 st\nL Sync Rate=1/8\nDecay Time=3.5 s\nPredelay=12 ms\nVolume=-inf dB"}),
    );
    let w = warnings(&r);
    // Each device has only some of these parameters; the rest are reported per device.
    assert!(
        w.iter()
            .any(|m| m.starts_with("param \"Base\" not found on device \"Lead Drift\"")),
        "{w:?}"
    );
    assert!(
        w.iter()
            .any(|m| m.starts_with("Volume -70 dB is out of range (-36 dB to 6 dB)")),
        "{w:?}"
    );
    let read = |live: &mut FakeLive, path: &str| {
        ok(
            live,
            "barline-read-device",
            json!({"path": path, "include": ["param-values"]}),
        )
    };
    let scale = read(&mut live, "t6/d0");
    assert_eq!(param(&scale, "Base")["value"], "Gb2");
    assert_eq!(param(&scale, "Base")["unit"], "note");
    let drift = read(&mut live, "t6/d2");
    assert_eq!(param(&drift, "Transpose")["value"], -7);
    assert_eq!(param(&drift, "Volume")["value"], -36);
    let delay = read(&mut live, "t6/d3");
    assert_eq!(param(&delay, "L Sync Rate")["value"], "1/8");
    let reverb = read(&mut live, "rt0/d0");
    assert_eq!(param(&reverb, "Decay Time")["value"], 3500);
    assert_eq!(param(&reverb, "Decay Time")["unit"], "ms");
    assert_eq!(param(&reverb, "Predelay")["value"], 12);
    // A key of digits is a parameter id.
    let id = param(&reverb, "Dry/Wet")["id"]
        .as_str()
        .unwrap()
        .to_string();
    ok(
        &mut live,
        "barline-update-device",
        json!({"path": "rt0/d0", "params": format!("{id}=25")}),
    );
    let reverb = read(&mut live, "rt0/d0");
    assert_eq!(param(&reverb, "Dry/Wet")["value"], 25);
    assert_eq!(
        dump(&live)["return_tracks"][0]["devices"][0]["parameters"]["Dry/Wet"],
        0.25
    );
}

#[test]
fn values_between_labels_are_found_by_bisection() {
    let mut live = demo();
    live.reset_counters();
    // 35.4 % has no label of its own: the 40-step bisection settles on a 35 % value.
    let r = ok(
        &mut live,
        "barline-update-device",
        json!({"path": "rt0/d0", "params": "Dry/Wet=35.4"}),
    );
    assert!(warnings(&r).is_empty(), "{r}");
    let label_calls = live.counters().by_type["DeviceParameter"].call;
    assert!(label_calls >= 40, "{label_calls} str_for_value calls");
    let reverb = ok(
        &mut live,
        "barline-read-device",
        json!({"path": "rt0/d0", "include": ["param-values"]}),
    );
    assert_eq!(param(&reverb, "Dry/Wet")["value"], 35);
}
