//! LiveAPI-level behaviours of the fake (docs/design/max-host.md §6.2): result shapes,
//! ids, paths, invalid targets, `set` rules and colours.

use crate::support;

use barline_core::live::path::{ids_from_atoms, LomPath};
use barline_core::live::{Atom, LiveId, LivePort};
use barline_fake_live::{snap_color, FakeLive, PALETTE};
use support::fake::{id_of, sym};

#[test]
fn b19_get_always_returns_an_array() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let track = id_of(&mut live, "live_set tracks 0");
    let slot = id_of(&mut live, "live_set tracks 0 clip_slots 0");
    // number and bool
    assert_eq!(
        live.try_get(song, "tempo").unwrap(),
        vec![Atom::Float(120.0)]
    );
    assert_eq!(
        live.try_get(song, "is_playing").unwrap(),
        vec![Atom::Int(0)]
    );
    // string with spaces stays one element
    live.try_set(track, "name", &[sym("Lead Synth 2")]).unwrap();
    assert_eq!(
        live.try_get(track, "name").unwrap(),
        vec![sym("Lead Synth 2")]
    );
    // single child and absent child
    let mixer = live.try_get(track, "mixer_device").unwrap();
    assert_eq!(mixer.len(), 2);
    assert_eq!(mixer[0], sym("id"));
    assert!(mixer[1].as_i64().unwrap() > 0);
    assert_eq!(
        live.try_get(track, "group_track").unwrap(),
        vec![sym("id"), Atom::Int(0)]
    );
    assert_eq!(
        live.try_get(slot, "clip").unwrap(),
        vec![sym("id"), Atom::Int(0)]
    );
    // list child: flat ids; empty list: []
    let tracks = live.try_get(song, "tracks").unwrap();
    let ids = ids_from_atoms(&tracks).expect("flat id list");
    assert_eq!(ids.len(), 4);
    assert_eq!(
        live.try_get(song, "cue_points").unwrap(),
        Vec::<Atom>::new()
    );
    // list property: number array
    assert_eq!(
        live.try_get(song, "scale_intervals").unwrap(),
        [0, 2, 4, 5, 7, 9, 11].map(Atom::Int).to_vec()
    );
    // dict property: one JSON string keyed by the property name
    let routing = live.try_get(track, "input_routing_type").unwrap();
    assert_eq!(routing.len(), 1);
    let json: serde_json::Value = serde_json::from_str(routing[0].as_str().unwrap()).unwrap();
    assert!(json["input_routing_type"]["display_name"].is_string());
    assert!(json["input_routing_type"]["identifier"].is_number());
}

#[test]
fn b20_call_shapes_void_scalar_array_and_numeric_labels() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let app = id_of(&mut live, "live_app");
    // void → no atoms
    assert!(live.try_call(song, "stop_playing", &[]).unwrap().is_empty());
    // one atom (JS makes it a scalar)
    assert_eq!(
        live.try_call(app, "get_version_string", &[]).unwrap(),
        vec![sym("12.3.1")]
    );
    // creators → ["id", n]
    let created = live
        .try_call(song, "create_midi_track", &[Atom::Int(-1)])
        .unwrap();
    assert_eq!(created.len(), 2);
    assert_eq!(created[0], sym("id"));
    // add_new_notes with one note → one atom; with two → two atoms
    let slot = id_of(&mut live, "live_set tracks 0 clip_slots 0");
    live.try_call(slot, "create_clip", &[Atom::Float(4.0)])
        .unwrap();
    let clip = id_of(&mut live, "live_set tracks 0 clip_slots 0 clip");
    let one = live
        .try_call(
            clip,
            "add_new_notes",
            &[sym(
                r#"{"notes":[{"pitch":60,"start_time":0,"duration":1}]}"#,
            )],
        )
        .unwrap();
    assert_eq!(one.len(), 1);
    let two = live
        .try_call(
            clip,
            "add_new_notes",
            &[sym(r#"{"notes":[{"pitch":62,"start_time":0,"duration":1},{"pitch":64,"start_time":1,"duration":1}]}"#)],
        )
        .unwrap();
    assert_eq!(two.len(), 2);
    // str_for_value: a numeric label comes back as a number, others as text
    let macro1 = {
        let t = id_of(&mut live, "live_set tracks 0");
        let dev = live
            .try_call(t, "insert_device", &[sym("Instrument Rack")])
            .unwrap();
        let rack = LiveId(dev[1].as_i64().unwrap() as u64);
        let params = ids_from_atoms(&live.try_get(rack, "parameters").unwrap()).unwrap();
        params[1]
    };
    assert_eq!(
        live.try_call(macro1, "str_for_value", &[Atom::Float(64.0)])
            .unwrap(),
        vec![Atom::Int(64)]
    );
    let pan = id_of(&mut live, "live_set tracks 0 mixer_device panning");
    assert_eq!(
        live.try_call(pan, "str_for_value", &[Atom::Float(-0.5)])
            .unwrap(),
        vec![sym("25L")]
    );
    assert_eq!(
        live.try_call(pan, "str_for_value", &[Atom::Float(0.0)])
            .unwrap(),
        vec![sym("C")]
    );
}

#[test]
fn b22_path_type_info_and_children() {
    let mut live = FakeLive::new();
    let slot = id_of(&mut live, "live_set tracks 1 clip_slots 2");
    // canonical path even for objects reached by id
    let by_id = live.resolve(&format!("id {slot}"));
    assert_eq!(
        live.path_of(by_id).unwrap(),
        "live_set tracks 1 clip_slots 2"
    );
    assert_eq!(live.type_of(slot).unwrap(), "ClipSlot");
    let view = id_of(&mut live, "live_set view");
    assert_eq!(live.type_of(view).unwrap(), "Song.View");
    let vol = id_of(&mut live, "live_set master_track mixer_device volume");
    assert_eq!(live.type_of(vol).unwrap(), "DeviceParameter");
    assert_eq!(
        live.path_of(vol).unwrap(),
        "live_set master_track mixer_device volume"
    );
    // info: documented order, ending with done
    let song = id_of(&mut live, "live_set");
    let info = live.info(song);
    let lines: Vec<&str> = info.lines().collect();
    assert_eq!(lines[0], format!("id {song}"));
    assert_eq!(lines[1], "type Song");
    assert!(lines[2].starts_with("description"));
    assert_eq!(*lines.last().unwrap(), "done");
    let pos = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap();
    assert!(
        pos("children ") < pos("child ")
            && pos("child ") < pos("property ")
            && pos("property ") < pos("function ")
    );
    assert!(lines.contains(&"children tracks Track"));
    assert!(lines.contains(&"property tempo float"));
    assert!(lines.contains(&"function create_midi_track"));
    assert_eq!(live.info(LiveId::NONE), "No object");
    // children: names; the roots when there is no object
    assert!(live.children(song).contains(&"tracks".to_string()));
    assert_eq!(
        live.children(LiveId::NONE),
        ["this_device", "control_surfaces", "live_app", "live_set"]
    );
    // the path helpers round-trip what the fake reports
    assert_eq!(
        LomPath::parse(&live.path_of(slot).unwrap())
            .unwrap()
            .to_string(),
        "live_set tracks 1 clip_slots 2"
    );
}

#[test]
fn b23_invalid_targets_give_id_0_and_recorded_errors() {
    let mut live = FakeLive::new();
    for bad in [
        "live_set tracks 99",
        "live_set trucks 0",
        "live_set tracks",
        "id 999999",
        "nonsense",
        "",
    ] {
        assert_eq!(live.resolve(bad), LiveId::NONE, "{bad}");
    }
    assert!(live.errors().is_empty(), "resolving posts nothing");
    assert!(live.try_get(LiveId::NONE, "name").is_err());
    assert_eq!(live.errors().len(), 1);
    let track = id_of(&mut live, "live_set tracks 0");
    let before = live.try_get(track, "name").unwrap();
    assert!(live.try_get(track, "no_such_property").is_err());
    assert!(live
        .try_set(track, "no_such_property", &[Atom::Int(1)])
        .is_err());
    assert!(live.try_call(track, "no_such_function", &[]).is_err());
    assert_eq!(live.try_get(track, "name").unwrap(), before);
    assert_eq!(live.errors().len(), 4);
    assert!(live.errors()[1].contains("no_such_property"));
    assert_eq!(
        live.counters().undo_steps,
        0,
        "failed writes change nothing"
    );
}

#[test]
fn b24_ids_are_unique_stable_and_never_reused() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let t0 = id_of(&mut live, "live_set tracks 0");
    let t1 = id_of(&mut live, "live_set tracks 1");
    assert_ne!(t0, t1);
    assert!(t0.0 > 0 && t1.0 > 0);
    live.try_call(song, "delete_track", &[Atom::Int(0)])
        .unwrap();
    assert!(
        !live.exists(t0),
        "a deleted object's id resolves to nothing"
    );
    assert_eq!(live.resolve(&format!("id {t0}")), LiveId::NONE);
    assert_eq!(
        id_of(&mut live, "live_set tracks 0"),
        t1,
        "the survivor keeps its id"
    );
    let created = live
        .try_call(song, "create_midi_track", &[Atom::Int(0)])
        .unwrap();
    let new_id = created[1].as_i64().unwrap() as u64;
    assert!(new_id > t1.0 && new_id != t0.0, "new ids are fresh");
}

#[test]
fn b26_set_rules_view_ids_bools_read_only_and_ranges() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    let view = id_of(&mut live, "live_set view");
    let t0 = id_of(&mut live, "live_set tracks 0");
    assert_eq!(
        live.try_get(view, "selected_track").unwrap(),
        vec![sym("id"), Atom::Int(t0.0 as i64)],
        "Live always selects a track"
    );
    let t2 = id_of(&mut live, "live_set tracks 2");
    live.try_set(view, "selected_track", &[sym(&format!("id {t2}"))])
        .unwrap();
    assert_eq!(
        live.try_get(view, "selected_track").unwrap(),
        vec![sym("id"), Atom::Int(t2.0 as i64)]
    );
    let scene = id_of(&mut live, "live_set scenes 0");
    assert!(
        live.try_set(view, "selected_track", &[sym(&format!("id {scene}"))])
            .is_err(),
        "a scene is not a track"
    );
    live.try_set(song, "metronome", &[sym("true")]).unwrap();
    assert_eq!(live.try_get(song, "metronome").unwrap(), vec![Atom::Int(1)]);
    live.try_set(song, "metronome", &[Atom::Int(0)]).unwrap();
    assert_eq!(live.try_get(song, "metronome").unwrap(), vec![Atom::Int(0)]);
    assert!(live.try_set(song, "metronome", &[Atom::Int(2)]).is_err());
    let errors = live.errors().len();
    assert!(
        live.try_set(song, "song_length", &[Atom::Float(8.0)])
            .is_err(),
        "read-only"
    );
    assert!(live.try_set(song, "tempo", &[Atom::Float(1000.0)]).is_err());
    assert!(live.try_set(song, "tempo", &[Atom::Float(19.9)]).is_err());
    assert!(
        live.try_set(song, "tempo", &[sym("fast")]).is_err(),
        "wrong type"
    );
    assert_eq!(
        live.try_get(song, "tempo").unwrap(),
        vec![Atom::Float(120.0)]
    );
    assert_eq!(live.errors().len(), errors + 4);
    live.try_set(song, "tempo", &[Atom::Int(999)]).unwrap();
    assert_eq!(
        live.try_get(song, "tempo").unwrap(),
        vec![Atom::Float(999.0)]
    );
}

#[test]
fn b27_colours_snap_to_the_palette_and_update_color_index() {
    let mut live = FakeLive::new();
    let track = id_of(&mut live, "live_set tracks 0");
    live.try_set(track, "color", &[Atom::Int(0xFF0001)])
        .unwrap();
    let got = live.try_get(track, "color").unwrap()[0].as_i64().unwrap() as u32;
    assert!(PALETTE.contains(&got));
    assert_eq!(got, 0xFF3636, "nearest entry by squared RGB distance");
    assert_eq!(
        live.try_get(track, "color_index").unwrap(),
        vec![Atom::Int(14)]
    );
    live.try_set(track, "color_index", &[Atom::Int(23)])
        .unwrap();
    assert_eq!(
        live.try_get(track, "color").unwrap(),
        vec![Atom::Int(0x007DC0)]
    );
    for (i, c) in PALETTE.iter().enumerate() {
        assert_eq!(
            snap_color(*c as i64),
            (i, *c),
            "palette entries snap to themselves"
        );
    }
    let scene = id_of(&mut live, "live_set scenes 0");
    live.try_set(scene, "color", &[Atom::Int(0x010101)])
        .unwrap();
    assert_eq!(
        live.try_get(scene, "color").unwrap(),
        vec![Atom::Int(0x3C3C3C)]
    );
}
