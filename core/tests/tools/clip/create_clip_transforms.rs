//! `transforms` and `seed` on barline-create-clip (docs/design/tool-rules.md §12,
//! docs/design/transforms.md §9): the notes that land in the Set, the per-clip context,
//! the seed drawn from the host's random source, and bad transforms changing nothing.

use crate::support;

use barline_core::live::{Atom, LiveId, LivePort};
use barline_core::notation::{format, FormatNote, FormatOptions};
use barline_core::tools::testing::NO_NOTES;
use barline_core::transforms::{seed_from_unit, Transform};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::fake::{demo, id_of};
use support::outcome::{code, warnings, writes};
use support::tools::call;

const EXAMPLES: &str = include_str!("../../data/transforms-examples.json");

fn example(name: &str) -> Value {
    let all: Value = serde_json::from_str(EXAMPLES).unwrap();
    all["examples"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .unwrap_or_else(|| panic!("no example {name}"))
        .clone()
}

/// The clip's notes as Live holds them, sorted by start then pitch, as
/// `[pitch, start, duration, velocity, probability, deviation]`.
fn notes_in(live: &mut FakeLive, clip: &Value) -> Vec<[f64; 6]> {
    let id = LiveId(clip.as_str().unwrap().parse().unwrap());
    let atoms = live.call(id, "get_all_notes_extended", &[]).unwrap();
    let text: String = atoms.iter().map(Atom::to_string).collect();
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut out: Vec<[f64; 6]> = v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let f = |k: &str| n[k].as_f64().unwrap();
            [
                f("pitch"),
                f("start_time"),
                f("duration"),
                f("velocity"),
                f("probability"),
                f("velocity_deviation"),
            ]
        })
        .collect();
    out.sort_by(|a, b| a[1].total_cmp(&b[1]).then(a[0].total_cmp(&b[0])));
    out
}

/// A vector's notes as Live would hold them after the tool wrote them (starts before
/// the clip start are written at 0), in the same order as [`notes_in`].
fn expected_notes(notes: &Value) -> Vec<[f64; 6]> {
    let mut out: Vec<[f64; 6]> = notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            let f = |k: &str| n[k].as_f64().unwrap();
            [
                f("pitch"),
                f("start_time").max(0.0),
                f("duration"),
                f("velocity"),
                f("probability"),
                f("velocity_deviation"),
            ]
        })
        .collect();
    out.sort_by(|a, b| a[1].total_cmp(&b[1]).then(a[0].total_cmp(&b[0])));
    out
}

fn assert_close(got: &[[f64; 6]], want: &[[f64; 6]], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: {got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        for k in 0..6 {
            assert!(
                (g[k] - w[k]).abs() < 1e-5,
                "{what}: field {k} {g:?} vs {w:?}"
            );
        }
    }
}

/// The notation text of a vector's input notes (4/4).
fn notation_of(notes: &Value) -> String {
    let list: Vec<FormatNote> = serde_json::from_value(notes.clone()).unwrap();
    format(&list, &FormatOptions::time_signature(4, 4, false)).unwrap()
}

fn scale_off(live: &mut FakeLive) {
    let song = id_of(live, "live_set");
    live.set(song, "scale_mode", &[Atom::Int(0)]).unwrap();
}

/// Runs one vector of the examples file through create-clip and checks the notes in
/// the Set, `transformed`, `seed` and the warnings.
fn run_vector(name: &str) {
    let e = example(name);
    let clip = &e["clip"];
    let mut live = demo();
    scale_off(&mut live);
    // A vector without a clip context runs as a one-bar session clip (its transforms
    // read no clip field).
    let bars = clip["lengthBeats"].as_f64().unwrap_or(4.0) / 4.0;
    let mut args = json!({
        "notes": notation_of(&e["notes"]),
        "transforms": e["transforms"],
        "length": format!("{bars}:0"),
        "seed": e.get("seed").cloned().unwrap_or(json!(0)),
    });
    match clip["arrangementStartBeats"].as_f64() {
        Some(at) => {
            args["trackIndex"] = json!(3);
            args["arrangementStart"] = json!(format!("1|{}", at + 1.0));
        }
        None => args["slot"] = json!("6/0"),
    }
    let r = call(&mut live, "barline-create-clip", args);
    assert_ne!(r["isError"], true, "{name}: {r}");
    let d = &r["structuredContent"];
    let want = &e["expected"];
    assert_eq!(d["transformed"], want["transformedCount"], "{name}");
    assert_eq!(
        d["seed"],
        e.get("seed").cloned().unwrap_or(json!(0)),
        "{name}"
    );
    for w in want["warnings"].as_array().unwrap() {
        assert!(
            warnings(&r)
                .iter()
                .any(|g| g.starts_with(w.as_str().unwrap())),
            "{name}: warning {w} missing from {:?}",
            warnings(&r)
        );
    }
    let got = notes_in(&mut live, &d["id"]);
    assert_close(&got, &expected_notes(&want["notes"]), name);
    assert_eq!(
        live.errors(),
        &[] as &[String],
        "{name}: Live refused nothing"
    );
}

#[test]
fn create_clip_vectors_land_in_the_set() {
    for name in [
        "create-clip/legato-last-note-uses-new-clip-length",
        "create-clip/clip-duration",
        "create-clip/sync-at-arrangement-position",
        "random-seeded/humanize-drums",
        "random-seeded/rand-max",
    ] {
        run_vector(name);
    }
}

#[test]
fn an_invalid_transform_changes_nothing() {
    for text in [
        "velocity = ",
        "velocity += rand(",
        "nonsense = 1",
        "C3: = 5",
    ] {
        let want = Transform::parse(text).expect_err(text).message;
        let mut live = demo();
        live.reset_counters();
        let before = live.to_json();
        let r = call(
            &mut live,
            "barline-create-clip",
            json!({"slot": "6/0,6/1", "notes": "C3 1|1", "transforms": text}),
        );
        assert_eq!(code(&r), "BAD_INPUT", "{text}: {r}");
        let message = r["_meta"]["barline/error"]["message"].as_str().unwrap();
        assert_eq!(message, want, "{text}: the language's message verbatim");
        assert_eq!(writes(&live), 0, "{text}: no set or call reached Live");
        assert_eq!(live.to_json(), before, "{text}: the Set is unchanged");
    }
    // Also without notes and for audio clips: the text is still checked first.
    let mut live = demo();
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "transforms": "velocity = ("}),
    );
    assert_eq!(code(&r), "BAD_INPUT");
    assert_eq!(writes(&live), 0);
}

#[test]
fn seed_out_of_range_is_refused_before_any_write() {
    for seed in [
        json!(-1),
        json!(9_007_199_254_740_992_u64),
        json!(1.5),
        json!("x"),
    ] {
        let mut live = demo();
        live.reset_counters();
        let r = call(
            &mut live,
            "barline-create-clip",
            json!({"slot": "6/0", "notes": "C3 1|1", "transforms": "velocity = 90", "seed": seed}),
        );
        assert_eq!(code(&r), "BAD_INPUT", "{seed}: {r}");
        assert_eq!(writes(&live), 0);
    }
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "C3 1|1", "transforms": "velocity = rand(1, 127)",
               "seed": 9_007_199_254_740_991_u64}),
    );
    assert_eq!(r["structuredContent"]["seed"], 9_007_199_254_740_991_u64);
}

#[test]
fn a_drawn_seed_is_reported_and_reproduces_the_notes() {
    let humanize = "timing += rand(-0.05, 0.05)\nvelocity += rand(-20, 20)";
    let notes = "t4 C1 D1 1|1 1|2 1|3 1|4 2|1 2|2 2|3 2|4";
    let mut live = demo();
    live.set_random_seed(77);
    let first = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": notes, "transforms": humanize}),
    );
    let d = first["structuredContent"].clone();
    let seed = d["seed"].as_u64().expect("a drawn seed is reported");
    assert!(seed < 1 << 32, "drawn from 0 … 2^32 − 1");
    assert_eq!(d["transformed"], 16);
    // The fake's source is deterministic: the same start draws the same seed.
    let mut again = demo();
    again.set_random_seed(77);
    assert_eq!(seed_from_unit(again.random_unit()), seed);
    // Passing the reported seed back gives the same notes.
    let second = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/1", "notes": notes, "transforms": humanize, "seed": seed}),
    );
    assert_eq!(second["structuredContent"]["seed"], seed);
    let a = notes_in(&mut live, &d["id"]);
    let b = notes_in(&mut live, &second["structuredContent"]["id"]);
    assert_eq!(a, b);
    assert!(
        a.iter().any(|n| n[3].fract() != 0.0),
        "the transforms changed velocities"
    );
    // A second draw without a seed moves on.
    let third = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/3", "notes": notes, "transforms": humanize}),
    );
    assert_ne!(third["structuredContent"]["seed"], seed);
    assert_ne!(notes_in(&mut live, &third["structuredContent"]["id"]), a);
}

#[test]
fn each_clip_gets_its_own_context_and_the_same_seed() {
    let mut live = demo();
    scale_off(&mut live);
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0,6/1", "trackIndex": 3, "arrangementStart": "3|1",
               "notes": "C3 1|1", "length": "1:0", "seed": 5,
               "transforms": "velocity = 10 + clip.index * 20 + clip.count"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let items = r["structuredContent"]["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 3);
    let mut velocities = Vec::new();
    for it in &items {
        assert_eq!(it["seed"], 5);
        assert_eq!(it["transformed"], 1);
        velocities.push(notes_in(&mut live, &it["id"])[0][3]);
    }
    // Session positions first, then the arrangement one: index 0, 1, 2 of 3.
    assert_eq!(velocities, vec![13.0, 33.0, 53.0]);
}

#[test]
fn the_sets_scale_reaches_the_transforms() {
    // The demo Set is in D minor with scale mode on: C# snaps to a scale note.
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "C#3 1|1", "transforms": "pitch = snap(note.pitch)", "seed": 1}),
    );
    assert_ne!(r["isError"], true, "{r}");
    let got = notes_in(&mut live, &r["structuredContent"]["id"]);
    assert!(got[0][0] == 60.0 || got[0][0] == 62.0, "{got:?}");
    // With scale mode off the note stays.
    let mut live = demo();
    scale_off(&mut live);
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "C#3 1|1", "transforms": "pitch = snap(note.pitch)", "seed": 1}),
    );
    assert_eq!(
        notes_in(&mut live, &r["structuredContent"]["id"])[0][0],
        61.0
    );
}

#[test]
fn the_length_follows_the_transformed_notes() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "C3 1|1", "transforms": "timing += 4", "seed": 1}),
    );
    let d = &r["structuredContent"];
    assert_eq!(d["length"], "2:0", "{r}");
    assert_eq!(d["noteCount"], 1);
    assert_eq!(notes_in(&mut live, &d["id"])[0][1], 4.0);
}

#[test]
fn transforms_without_notes_warn_and_report_nothing() {
    for args in [
        json!({"slot": "6/0", "transforms": "velocity = 90"}),
        json!({"slot": "6/0", "notes": "", "transforms": "velocity = 90"}),
    ] {
        let mut live = demo();
        let r = call(&mut live, "barline-create-clip", args.clone());
        assert_ne!(r["isError"], true, "{r}");
        assert_eq!(warnings(&r), vec![NO_NOTES.to_string()], "{args}");
        let d = &r["structuredContent"];
        assert!(
            d.get("transformed").is_none() && d.get("seed").is_none(),
            "{d}"
        );
    }
}

#[test]
fn deleting_transforms_write_fewer_notes() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "C3 D3 1|1", "transforms": "D3: velocity = 0", "seed": 1}),
    );
    let d = &r["structuredContent"];
    assert_eq!(d["noteCount"], 1, "{r}");
    assert_eq!(d["transformed"], 1);
    assert_eq!(notes_in(&mut live, &d["id"]).len(), 1);
}

#[test]
fn the_fakes_random_source_follows_the_fixture_seed() {
    let mut fixture: Value = serde_json::from_str(support::fake::DEMO).unwrap();
    fixture["random_seed"] = json!(9);
    let mut a = FakeLive::from_json(&fixture.to_string()).expect("fixture with random_seed loads");
    let mut b = FakeLive::new();
    b.set_random_seed(9);
    let xs: Vec<f64> = (0..100).map(|_| a.random_unit()).collect();
    let ys: Vec<f64> = (0..100).map(|_| b.random_unit()).collect();
    assert_eq!(xs, ys, "same start, same sequence");
    assert!(xs.iter().all(|x| (0.0..1.0).contains(x)));
    assert!(xs.windows(2).all(|w| w[0] != w[1]), "the sequence moves");
    assert!(
        a.to_json().contains("\"random_seed\": 9"),
        "the dump keeps it"
    );
}
