//! barline-create-scene (docs/design/tool-rules.md §9): at an index or past the end, names,
//! colours, tempo and signature, capture, Live's refusals and the time limit.

use super::{dumped_scenes, scene_id};
use crate::support;
use barline_core::live::{Atom, LivePort};
use barline_core::live::{LiveError, LiveId};
use barline_core::tools;
use barline_core::tools::ToolContext;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of, one};
use support::hooked::{Hooked, Hooks};
use support::outcome::call_with_deadline;
use support::outcome::data;
use support::outcome::{code, message, warnings, writes};
use support::tools::{call, check_result};

/// The demo Set behind a Live that keeps other values than written or refuses calls, for
/// the read-back warnings (read after write, docs/design/tool-contract.md §3.4) and
/// refusals the fake itself never produces.
struct Stubborn {
    live: FakeLive,
    /// Scene tempos are rounded to whole BPM.
    round_tempo: bool,
    /// `time_signature_denominator` writes are ignored.
    keep_denominator: bool,
    /// These functions are refused (answer `[]`, nothing done).
    refuse: &'static [&'static str],
}

impl Stubborn {
    fn new() -> Hooked<Self> {
        Hooked(Stubborn {
            live: demo(),
            round_tempo: false,
            keep_denominator: false,
            refuse: &[],
        })
    }
}

impl Hooks for Stubborn {
    fn live(&mut self) -> &mut FakeLive {
        &mut self.live
    }
    fn set(&mut self, id: LiveId, p: &str, v: &[Atom]) -> Option<Result<(), LiveError>> {
        match (p, v.first()) {
            ("tempo", Some(a)) if self.round_tempo => {
                let x = a.as_f64().unwrap().round();
                Some(self.live.set(id, p, &[Atom::Float(x)]))
            }
            ("time_signature_denominator", _) if self.keep_denominator => Some(Ok(())),
            _ => None,
        }
    }
    fn call(&mut self, _: LiveId, f: &str, _: &[Atom]) -> Option<Result<Vec<Atom>, LiveError>> {
        self.refuse.contains(&f).then(|| Ok(vec![]))
    }
}

fn call_stubborn(live: &mut Hooked<Stubborn>, tool: &str, args: Value) -> Value {
    let r = tools::call(live, tool, &args, &ToolContext::default(), false).unwrap();
    check_result(tool, &r, false);
    r
}

// ---------------------------------------------------------------- create-scene
#[test]
fn create_scenes_at_an_index_with_names_colours_tempo_and_signature() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 2, "count": 2, "name": "Drop, Lift", "color": "#FF3636,#1AFF2F", "tempo": 92.5, "timeSignature": "6/8"}),
    );
    let items = data(&r)["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["sceneIndex"], 2);
    assert_eq!(items[1]["sceneIndex"], 3);
    assert_eq!(items[0]["id"], scene_id(&mut live, 2));
    assert!(warnings(&r).is_empty(), "{r}");
    let scenes = dumped_scenes(&live);
    assert_eq!(scenes.len(), 7);
    for (s, name) in [(&scenes[2], "Drop"), (&scenes[3], "Lift")] {
        assert_eq!(s["name"], name);
        assert_eq!(s["tempo"].as_f64(), Some(92.5));
        assert_eq!(s["tempo_enabled"], true);
        assert_eq!(s["time_signature_numerator"], 6);
        assert_eq!(s["time_signature_denominator"], 8);
        assert_eq!(s["time_signature_enabled"], true);
    }
    assert_eq!(scenes[4]["name"], "Chorus", "later scenes shift down");
    let r = call(
        &mut live,
        "barline-read-scene",
        json!({"sceneIndex": 3, "include": ["color"]}),
    );
    assert_eq!(
        data(&r),
        &json!({"id": items[1]["id"], "name": "Lift", "sceneIndex": 3, "color": "#1AFF2F", "tempo": 92.5, "timeSignature": "6/8", "clipCount": 0})
    );
}

#[test]
fn create_scene_past_the_end_appends_empty_scenes_first() {
    let mut live = demo();
    let r = call(&mut live, "barline-create-scene", json!({"sceneIndex": 8}));
    assert_eq!(data(&r)["sceneIndex"], 8);
    assert!(data(&r).get("clips").is_none());
    let scenes = dumped_scenes(&live);
    assert_eq!(scenes.len(), 9);
    assert_eq!(scenes[4]["name"], "Outro", "existing scenes stay");
    let track = id_of(&mut live, "live_set tracks 0");
    assert_eq!(live.get_count(track, "clip_slots").unwrap(), 9);
}

#[test]
fn created_scenes_disable_tempo_and_signature_on_request() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 0, "tempo": -1, "timeSignature": "disabled", "name": "Pre"}),
    );
    assert_eq!(data(&r)["sceneIndex"], 0);
    let r = call(&mut live, "barline-read-scene", json!({"sceneIndex": 0}));
    assert_eq!(
        data(&r),
        &json!({"id": data(&r)["id"], "name": "Pre", "sceneIndex": 0, "clipCount": 0})
    );
    let pre = &dumped_scenes(&live)[0];
    assert_eq!(pre["name"], "Pre");
    assert_ne!(pre["tempo_enabled"], true);
    assert_ne!(pre["time_signature_enabled"], true);
}

#[test]
fn create_scene_names_and_colour_warnings() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 5, "count": 2, "name": "A,B,C", "color": "#123456"}),
    );
    let items = data(&r)["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    let w = warnings(&r);
    assert_eq!(w[0], "3 names given for 2 items; extra names ignored");
    assert!(
        w[1].starts_with("color #123456 for scene \"A\" became palette color #"),
        "{w:?}"
    );
    assert!(w[2].contains("for scene \"B\""), "{w:?}");
    let r = call(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 7, "count": 2, "name": "Only,", "color": "#123456"}),
    );
    data(&r);
    assert!(!warnings(&r).iter().any(|w| w.contains("names given")));
    let scenes = dumped_scenes(&live);
    assert_eq!(scenes[7]["name"], "Only");
    assert!(
        scenes[8].get("name").is_none(),
        "empty entry: default name kept"
    );
    assert!(
        warnings(&r).iter().any(|w| w.contains("for scene \"9\"")),
        "an unnamed scene is named by its number: {:?}",
        warnings(&r)
    );
}

#[test]
fn capture_inserts_after_the_given_scene_and_lists_its_clips() {
    let mut live = demo();
    let verse = id_of(&mut live, "live_set scenes 1");
    live.call(verse, "fire", &[]).unwrap();
    let r = call(
        &mut live,
        "barline-create-scene",
        json!({"capture": true, "sceneIndex": 3, "count": 4, "name": "Captured", "tempo": 100}),
    );
    let d = data(&r).clone();
    assert_eq!(d["sceneIndex"], 4);
    assert_eq!(d["id"], scene_id(&mut live, 4));
    let clips = d["clips"].as_array().unwrap();
    let tracks: Vec<i64> = clips
        .iter()
        .map(|c| c["trackIndex"].as_i64().unwrap())
        .collect();
    assert_eq!(tracks, [0, 1, 3, 5], "the clips playing from the Verse");
    assert_eq!(
        clips[0]["id"],
        id_of(&mut live, "live_set tracks 0 clip_slots 4 clip").to_string()
    );
    assert_eq!(warnings(&r), ["count is ignored with capture"]);
    let view = id_of(&mut live, "live_set view");
    let sel = id_of(&mut live, "live_set scenes 3");
    assert_eq!(
        live.get(view, "selected_scene").unwrap(),
        vec![Atom::from("id"), Atom::Int(sel.0 as i64)],
        "the scene to capture after was selected"
    );
    let scenes = dumped_scenes(&live);
    assert_eq!(scenes.len(), 6);
    assert_eq!(scenes[4]["name"], "Captured");
    assert_eq!(scenes[4]["tempo"].as_f64(), Some(100.0));
    let beat = id_of(&mut live, "live_set tracks 0 clip_slots 4 clip");
    assert_eq!(one(&mut live, beat, "name"), Atom::from("Beat A"));
}

#[test]
fn capture_without_an_index_uses_the_selected_scene() {
    let mut live = demo();
    // The demo selects scene 1; nothing plays, so the new scene is empty.
    let r = call(&mut live, "barline-create-scene", json!({"capture": true}));
    assert_eq!(data(&r)["sceneIndex"], 2);
    assert_eq!(data(&r)["clips"], json!([]));
    assert!(warnings(&r).is_empty());
    assert_eq!(dumped_scenes(&live).len(), 6);
}

#[test]
fn create_scene_errors_change_nothing() {
    let cases: &[(Value, &str, &str)] = &[
        (json!({}), "BAD_INPUT", "give sceneIndex"),
        (json!({"count": 2}), "BAD_INPUT", "give sceneIndex"),
        (
            json!({"sceneIndex": 999, "count": 2}),
            "BAD_INPUT",
            "sceneIndex 999 + count 2 is more than 1000",
        ),
        (json!({"sceneIndex": 0, "count": 0}), "BAD_INPUT", "count"),
        (
            json!({"sceneIndex": 0, "count": 1001}),
            "BAD_INPUT",
            "count",
        ),
        (json!({"sceneIndex": -1}), "BAD_INPUT", "sceneIndex"),
        (
            json!({"sceneIndex": 0, "tempo": 10}),
            "BAD_INPUT",
            "tempo 10 is out of range",
        ),
        (json!({"sceneIndex": 0, "tempo": -2}), "BAD_INPUT", "tempo"),
        (
            json!({"sceneIndex": 0, "tempo": 1000}),
            "BAD_INPUT",
            "tempo",
        ),
        (
            json!({"sceneIndex": 0, "timeSignature": "5/3"}),
            "BAD_INPUT",
            "timeSignature \"5/3\" is not valid",
        ),
        (
            json!({"sceneIndex": 0, "count": 3, "name": "A,B,C", "color": "#FF0000,red"}),
            "BAD_INPUT",
            "color \"red\" is not valid",
        ),
        (
            json!({"capture": true, "sceneIndex": 20}),
            "NOT_FOUND",
            "sceneIndex 20 does not exist (the Set has 5 scenes)",
        ),
        (
            json!({"capture": true, "sceneIndex": 1, "color": "#GG0000"}),
            "BAD_INPUT",
            "color",
        ),
    ];
    for (args, want, text) in cases {
        let mut live = demo();
        let before = live.to_json();
        live.reset_counters();
        let r = call(&mut live, "barline-create-scene", args.clone());
        assert_eq!(code(&r), *want, "{args}: {r}");
        assert!(message(&r).contains(text), "{args}: {}", message(&r));
        assert_eq!(writes(&live), 0, "{args}: a write reached Live");
        assert_eq!(live.to_json(), before, "{args} changed the Set");
    }
}

#[test]
fn create_scene_stops_before_the_deadline_and_keeps_what_it_made() {
    let mut live = demo();
    let r = call_with_deadline(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 5, "count": 10}),
    );
    // Reads at 1, 2, 3 s leave ≥ 1 s (the margin for a 4 s limit); at 4 s it stops.
    assert_eq!(data(&r)["items"].as_array().unwrap().len(), 4);
    assert_eq!(
        warnings(&r),
        ["stopped after 4 of 10 scenes to stay within the time limit; repeat the call for the rest"]
    );
    assert_eq!(dumped_scenes(&live).len(), 9);
}

#[test]
fn small_model_mode_drops_count_capture_tempo_and_signature() {
    let mut live = demo();
    let ctx = ToolContext {
        small_model: true,
        ..Default::default()
    };
    let r = support::tools::call_ctx(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 1, "count": 3, "tempo": 90, "name": "S"}),
        &ctx,
    );
    assert_eq!(
        data(&r)["sceneIndex"],
        1,
        "one scene: count was not applied"
    );
    assert_eq!(warnings(&r), ["ignored unknown argument(s): count, tempo"]);
    assert_eq!(dumped_scenes(&live).len(), 6);
}

#[test]
fn tempo_and_signature_live_did_not_keep_are_warnings() {
    let mut live = Stubborn::new();
    live.round_tempo = true;
    live.keep_denominator = true;
    let verse = scene_id(&mut live.live, 1);
    let r = call_stubborn(
        &mut live,
        "barline-update-scene",
        json!({"ids": verse, "tempo": 96.5, "timeSignature": "6/8"}),
    );
    assert_eq!(data(&r), &json!({"id": verse}));
    assert_eq!(
        warnings(&r),
        [
            "tempo 96.5 for scene \"Verse\" became 97",
            "time signature 6/8 for scene \"Verse\" became 6/4",
        ]
    );
    let r = call_stubborn(
        &mut live,
        "barline-create-scene",
        json!({"sceneIndex": 5, "tempo": 90.25}),
    );
    assert_eq!(warnings(&r), ["tempo 90.25 for scene \"6\" became 90"]);
}

#[test]
fn refused_creation_and_capture_are_live_rejected() {
    let mut live = Stubborn::new();
    live.refuse = &["create_scene", "capture_and_insert_scene"];
    let before = live.live.to_json();
    let r = call_stubborn(&mut live, "barline-create-scene", json!({"sceneIndex": 1}));
    assert_eq!(code(&r), "LIVE_REJECTED");
    assert_eq!(
        message(&r),
        "Live refused to create a scene at sceneIndex 1"
    );
    let r = call_stubborn(&mut live, "barline-create-scene", json!({"sceneIndex": 7}));
    assert_eq!(code(&r), "LIVE_REJECTED");
    assert!(message(&r).contains("0 of the 2 needed"), "{}", message(&r));
    let r = call_stubborn(&mut live, "barline-create-scene", json!({"capture": true}));
    assert_eq!(code(&r), "LIVE_REJECTED");
    assert_eq!(live.live.to_json(), before);
}

#[test]
fn appending_up_to_a_far_index_stops_before_the_deadline_as_a_timeout_saying_what_was_done() {
    let mut live = demo();
    let r = call_with_deadline(&mut live, "barline-create-scene", json!({"sceneIndex": 20}));
    assert_eq!(code(&r), "TIMEOUT");
    assert_eq!(
        message(&r),
        "stopped after appending 4 of the 15 empty scenes needed to reach sceneIndex 20, to stay within the time limit; no scene was created at sceneIndex 20"
    );
    assert_eq!(dumped_scenes(&live).len(), 9, "what the message says");
}

#[test]
fn a_new_scene_does_not_keep_the_tempo_it_inherits() {
    // Live gives a new scene the tempo settings of the scene above it
    // (core/fake-live/README.md row 54): below Outro (98 BPM, enabled) a scene made
    // without a tempo would change the tempo when launched. The tool switches it off.
    let mut live = demo();
    let r = call(&mut live, "barline-create-scene", json!({"sceneIndex": 5}));
    assert!(r.get("isError").is_none(), "{r}");
    let scenes = dumped_scenes(&live);
    assert_eq!(scenes[4]["tempo_enabled"], true, "Outro keeps its tempo");
    assert_ne!(scenes[5]["tempo_enabled"], true, "{}", scenes[5]);
    assert_ne!(scenes[5]["time_signature_enabled"], true, "{}", scenes[5]);
}
