//! The fake's `LivePort` has the device's semantics (core/src/live/port.rs): a refused
//! request is posted and answered like `LiveAPI` answers after a posted error, an id
//! that names nothing is `Err` with the host's text, and the host facilities answer
//! from the fixture. The parity cases are shared with the simulator test
//! (`core/js-tests/fake_port_parity.test.mjs`), which asserts the same answers through
//! the device.

use crate::support;

use barline_core::live::{Atom, LiveError, LiveId, LivePort};
use barline_core::tools;
use barline_core::tools::ToolContext;
use barline_fake_live::FakeLive;
use serde_json::Value;
use support::fake::{demo, id_of, sym};

#[test]
fn a_refused_get_answers_empty_and_is_recorded() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    assert_eq!(live.get(song, "no_such_property"), Ok(vec![]));
    assert_eq!(
        live.take_errors(),
        vec!["get: Song has no property \"no_such_property\"".to_string()]
    );
}

#[test]
fn a_refused_set_changes_nothing_reports_nothing_and_is_recorded() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    assert_eq!(live.set(song, "tempo", &[Atom::Float(1000.0)]), Ok(()));
    assert_eq!(live.get(song, "tempo"), Ok(vec![Atom::Float(120.0)]));
    assert_eq!(live.set(song, "song_length", &[Atom::Float(8.0)]), Ok(()));
    let errors = live.take_errors();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].starts_with("set: tempo out of range"),
        "{errors:?}"
    );
    assert!(errors[1].contains("read-only"), "{errors:?}");
}

#[test]
fn a_refused_call_answers_empty_changes_nothing_and_is_recorded() {
    let mut live = FakeLive::new();
    let slot = id_of(&mut live, "live_set tracks 0 clip_slots 0");
    assert_eq!(
        live.call(slot, "create_clip", &[Atom::Float(4.0)]),
        Ok(vec![])
    );
    assert!(live.errors().is_empty());
    let before = live.to_json();
    // Occupied slot, unknown function, audio clip on a MIDI track: refused, each posted.
    assert_eq!(
        live.call(slot, "create_clip", &[Atom::Float(4.0)]),
        Ok(vec![])
    );
    assert_eq!(live.call(slot, "no_such_function", &[]), Ok(vec![]));
    assert_eq!(
        live.call(slot, "create_audio_clip", &[sym("/a.wav")]),
        Ok(vec![])
    );
    assert_eq!(live.to_json(), before);
    assert_eq!(live.take_errors().len(), 3);
    // A refused creator on a track answers empty as well (no ["id", n]).
    let track = id_of(&mut live, "live_set tracks 0");
    assert_eq!(
        live.call(
            track,
            "create_audio_clip",
            &[sym("/a.wav"), Atom::Float(0.0)]
        ),
        Ok(vec![])
    );
    assert_eq!(live.take_errors().len(), 1);
}

#[test]
fn a_refused_getcount_answers_zero_and_is_recorded() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    assert_eq!(live.get_count(song, "tempo"), Ok(0));
    assert_eq!(live.take_errors().len(), 1);
}

#[test]
fn refusals_inside_a_notification_are_answers_too() {
    let mut live = FakeLive::new();
    let song = id_of(&mut live, "live_set");
    live.set_in_notification(true);
    assert_eq!(live.set(song, "tempo", &[Atom::Float(90.0)]), Ok(()));
    live.set_in_notification(false);
    assert_eq!(live.get(song, "tempo"), Ok(vec![Atom::Float(120.0)]));
    assert_eq!(live.take_errors().len(), 1);
}

#[test]
fn an_id_that_names_nothing_is_an_error_with_the_hosts_text_and_posts_nothing() {
    let mut live = FakeLive::new();
    let clip = {
        let slot = id_of(&mut live, "live_set tracks 0 clip_slots 0");
        live.call(slot, "create_clip", &[Atom::Float(4.0)]).unwrap();
        let atoms = live.get(slot, "clip").unwrap();
        live.call(slot, "delete_clip", &[]).unwrap();
        LiveId(atoms[1].as_i64().unwrap() as u64)
    };
    let cases: Vec<(Result<(), LiveError>, &str)> = vec![
        (live.get(clip, "name").map(drop), "get name"),
        (live.set(clip, "name", &[sym("x")]), "set name"),
        (live.call(clip, "fire", &[]).map(drop), "call fire"),
        (live.get_count(clip, "notes").map(drop), "getcount notes"),
        (live.type_of(clip).map(drop), "type"),
        (live.path_of(clip).map(drop), "path"),
        (live.get(LiveId::NONE, "name").map(drop), "get name"),
    ];
    for (i, (result, what)) in cases.into_iter().enumerate() {
        let id = if i == 6 { LiveId::NONE } else { clip };
        assert_eq!(result, Err(LiveError::no_object(what, id)));
    }
    assert_eq!(
        LiveError::no_object("get name", LiveId(12)).message,
        "get name: no object with id 12"
    );
    assert!(live.errors().is_empty(), "{:?}", live.errors());
}

#[test]
fn file_exists_answers_from_the_fixture_files() {
    let mut live = demo();
    assert_eq!(live.file_exists("/Samples/Vox/chop-hey.wav"), Ok(true));
    assert_eq!(live.file_exists("/Samples/missing.wav"), Ok(false));
    // A fixture without `files` has every audio file.
    let mut open = FakeLive::new();
    assert_eq!(open.file_exists("/anything/at/all.aif"), Ok(true));
    assert_eq!(open.file_exists("/anything/notes.txt"), Ok(false));
    assert_eq!(live.counters().totals().get, 0, "not a Live request");
}

/// One case of `parity/refusals.json`.
struct Case {
    tool: String,
    args: Value,
    is_error: bool,
    text: String,
}

fn parity_cases() -> Vec<Case> {
    let doc: Value = serde_json::from_str(include_str!("../parity/refusals.json")).unwrap();
    doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| Case {
            tool: c["tool"].as_str().unwrap().to_string(),
            args: c["args"].clone(),
            is_error: c["isError"].as_bool().unwrap(),
            text: c["text"].as_str().unwrap().to_string(),
        })
        .collect()
}

#[test]
fn parity_cases_answer_natively_what_the_simulated_device_answers() {
    for case in parity_cases() {
        let mut live = demo();
        let before = live.to_json();
        let r = tools::call(
            &mut live,
            &case.tool,
            &case.args,
            &ToolContext::default(),
            true,
        )
        .expect("registered tool");
        let text = r["content"][0]["text"].as_str().unwrap_or("");
        assert_eq!(text, case.text, "{} {}", case.tool, case.args);
        assert_eq!(
            r["isError"].as_bool().unwrap_or(false),
            case.is_error,
            "{} {}",
            case.tool,
            case.args
        );
        assert_eq!(live.to_json(), before, "{} changed the Set", case.tool);
    }
}
