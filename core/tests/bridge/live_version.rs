//! Barline requires Live 12.3 or later (docs/design/live-model.md §2.15): the device's
//! session reads the version once and, on Live 12.2, answers every tool `UNSUPPORTED`
//! naming both versions, before anything is read or changed. The same calls on 12.3
//! do change the Set, so the refusal is what kept it unchanged.

use crate::support::fake::{demo, id_of};
use crate::support::refusing::Refusing;
use barline_core::bridge::{decode_response, frame_request};
use barline_core::live::Atom;
use barline_core::relay::{LiveGate, Step, V8Session};
use barline_core::tools::catalogue::{self, CatalogueOptions};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};

/// A call for every tool that would change the demo Set on a supported Live, and a
/// plain call for every read.
fn calls(live: &mut FakeLive) -> Vec<(&'static str, Value, bool)> {
    let track = |live: &mut FakeLive, i: usize| id_of(live, &format!("live_set tracks {i}")).0;
    let bass = track(live, 0);
    let keys = track(live, 1);
    let scene = id_of(live, "live_set scenes 0").0;
    let clip = id_of(live, "live_set tracks 0 clip_slots 0 clip").0;
    vec![
        ("barline-connect", json!({}), false),
        ("barline-context", json!({"action": "read"}), false),
        ("barline-read-live-set", json!({}), false),
        ("barline-update-live-set", json!({"tempo": 97}), true),
        ("barline-read-track", json!({"trackIndex": 0}), false),
        (
            "barline-create-track",
            json!({"type": "midi", "name": "New"}),
            true,
        ),
        (
            "barline-update-track",
            json!({"ids": bass.to_string(), "name": "Renamed"}),
            true,
        ),
        ("barline-read-scene", json!({"sceneIndex": 0}), false),
        (
            "barline-create-scene",
            json!({"sceneIndex": 1, "name": "Later"}),
            true,
        ),
        (
            "barline-update-scene",
            json!({"ids": scene.to_string(), "name": "First"}),
            true,
        ),
        ("barline-read-clip", json!({"slot": "0/0"}), false),
        (
            "barline-create-clip",
            json!({"slot": "6/0", "notes": "C3 1|1"}),
            true,
        ),
        (
            "barline-update-clip",
            json!({"ids": clip.to_string(), "name": "Riff"}),
            true,
        ),
        ("barline-read-device", json!({"path": "t0/d0"}), false),
        (
            "barline-create-device",
            json!({"deviceName": "Reverb", "path": "t1"}),
            true,
        ),
        (
            "barline-update-device",
            json!({"path": "t0/d0", "name": "Tone"}),
            true,
        ),
        (
            "barline-delete",
            json!({"type": "track", "ids": keys.to_string()}),
            true,
        ),
        (
            "barline-duplicate",
            json!({"type": "scene", "id": scene.to_string()}),
            true,
        ),
        ("barline-select", json!({"trackIndex": 1}), false),
        (
            "barline-playback",
            json!({"action": "play-arrangement"}),
            true,
        ),
        (
            "barline-raw-live-api",
            json!({"path": "live_set", "operations": [{"type": "set", "property": "tempo", "value": 80}]}),
            true,
        ),
    ]
}

fn answer(
    session: &mut V8Session,
    live: &mut FakeLive,
    id: u64,
    tool: &str,
    args: &Value,
) -> Value {
    let envelope = json!({"tool": tool, "args": args, "context": {"rawLiveApi": true}});
    let step = session.handle(live, &frame_request(id, &envelope.to_string()).unwrap());
    let Step::Respond(atoms) = step else {
        panic!("{tool}: expected an answer, got {step:?}");
    };
    serde_json::from_str(&decode_response(&atoms).unwrap().result_json).unwrap()
}

#[test]
fn the_calls_cover_every_tool_of_the_catalogue() {
    let listed = catalogue::listed_names(CatalogueOptions {
        raw_live_api: true,
        ..Default::default()
    });
    let mut names: Vec<String> = calls(&mut demo()).iter().map(|c| c.0.to_string()).collect();
    names.sort();
    let mut all = listed.clone();
    all.sort();
    assert_eq!(names, all);
}

#[test]
fn every_tool_answers_unsupported_on_live_12_2_and_nothing_changes() {
    let mut live = demo();
    live.set_live_version("12.2.5");
    let before = live.to_json();
    let mut session = V8Session::new();
    assert_eq!(
        session.start(&mut live),
        vec![
            vec![
                Atom::Symbol("console".into()),
                Atom::Symbol("this is Live 12.2.5; Live 12.3 or later is required, so every tool call is answered UNSUPPORTED".into()),
            ],
            vec![
                Atom::Symbol("status".into()),
                Atom::Symbol("Live 12.3 or later is required".into()),
            ],
        ]
    );
    let requests_at_start = live.counters().totals().total() + live.counters().resolve;
    for (n, (tool, args, _)) in calls(&mut demo()).into_iter().enumerate() {
        let r = answer(&mut session, &mut live, n as u64 + 1, tool, &args);
        assert_eq!(r["isError"], true, "{tool}: {r}");
        let text = r["content"][0]["text"].as_str().unwrap();
        assert!(text.contains("UNSUPPORTED"), "{tool}: {text}");
        assert!(
            text.contains("requires Live 12.3 or later, and this is Live 12.2.5"),
            "{tool}: {text}"
        );
    }
    assert_eq!(live.to_json(), before, "the Set is unchanged");
    assert_eq!(
        live.counters().totals().total() + live.counters().resolve,
        requests_at_start,
        "no call asked Live anything: the version was read once, at start"
    );
}

#[test]
fn on_live_12_3_the_same_calls_run_and_the_writes_change_the_set() {
    let mut live = demo();
    live.set_live_version("12.3.0");
    let mut session = V8Session::new();
    assert!(session.start(&mut live).is_empty());
    assert_eq!(session.live_gate(), &LiveGate::Supported("12.3.0".into()));
    for (n, (tool, args, writes)) in calls(&mut demo()).into_iter().enumerate() {
        let before = live.to_json();
        let r = answer(&mut session, &mut live, n as u64 + 1, tool, &args);
        assert_ne!(r["isError"], true, "{tool}: {r}");
        if writes {
            assert_ne!(live.to_json(), before, "{tool} changed the Set");
        }
    }
}

#[test]
fn a_live_that_cannot_tell_its_version_is_not_refused_and_is_asked_again() {
    let mut live = demo();
    live.set_live_version("12.2.5");
    let mut session = V8Session::new();
    let mut silent = Refusing::new(&mut live, &["get_version_string"], &[]);
    assert!(session.start(&mut silent).is_empty());
    assert_eq!(session.live_gate(), &LiveGate::Unknown);
    let r = answer(
        &mut session,
        &mut live,
        1,
        "barline-read-live-set",
        &json!({}),
    );
    assert!(
        r["content"][0]["text"]
            .as_str()
            .unwrap()
            .contains("UNSUPPORTED"),
        "{r}"
    );
    assert_eq!(session.live_gate(), &LiveGate::TooOld("12.2.5".into()));
}

#[test]
fn a_version_text_that_does_not_parse_is_not_refused() {
    let mut live = demo();
    live.set_live_version("13.x");
    let mut session = V8Session::new();
    assert!(session.start(&mut live).is_empty());
    assert_eq!(session.live_gate(), &LiveGate::Supported("13.x".into()));
}
