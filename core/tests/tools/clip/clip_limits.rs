//! Clip tools at their limits: the time budget (docs/design/tool-contract.md §1.15,
//! progress within the time limit, docs/design/tool-contract.md §3.8) on a slow Live, a
//! note answer too large to arrive whole (docs/design/tool-contract.md §1.14, the
//! windowed re-read), batched note writes, and the create-clip checks of issue 15 (cheap
//! checks first, what Live holds).

use crate::support;
use support::hooked::{Hooked, Hooks};

use barline_core::live::{Atom, LivePort};
use barline_core::notation::{interpret, InterpretOptions};
use barline_core::tools;
use barline_core::tools::testing::call::Clock;
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use barline_fake_live::{FakeLive, VirtualClock};
use serde_json::{json, Value};
use support::fake::{id_of, one, DEMO};
use support::outcome::{code, warnings};
use support::tools::{call, check_result};

/// The demo Set with extra fixture flags.
fn demo_with(flags: Value) -> FakeLive {
    let mut set: Value = serde_json::from_str(DEMO).unwrap();
    for (k, v) in flags.as_object().unwrap() {
        set[k] = v.clone();
    }
    FakeLive::from_json(&set.to_string()).unwrap()
}

/// The fake's virtual time as the tools' clock.
struct FakeClock(VirtualClock);

impl Clock for FakeClock {
    fn now_ms(&self) -> f64 {
        self.0.now_ms() as f64
    }
}

#[test]
fn b14_fifty_slots_on_a_slow_live_return_partial_progress() {
    let mut live = demo_with(json!({"call_delay_ms": 25}));
    let clock = FakeClock(live.clock());
    let ctx = ToolContext {
        timeout_ms: 2_000,
        ..ToolContext::default()
    };
    let slots: Vec<String> = (5..55).map(|s| format!("6/{s}")).collect();
    let r = tools::call_with(
        &mut live,
        "barline-create-clip",
        &json!({"slot": slots.join(","), "notes": "C3 1|1"}),
        &ctx,
        false,
        &mut IssuedIds::new(),
        &clock,
    )
    .unwrap();
    check_result("barline-create-clip", &r, false);
    assert_ne!(r["isError"], true, "{r}");
    assert_ne!(code(&r), "TIMEOUT");
    let made = r["structuredContent"]["items"]
        .as_array()
        .map_or(1, Vec::len);
    assert!(made > 0 && made < 50, "made {made}");
    let w = warnings(&r);
    assert!(
        w.contains(&format!(
            "stopped after {made} of 50 clips to stay within the time limit; repeat the call for the rest"
        )),
        "{w:?}"
    );
    // What the result reports is what the Set holds.
    let track = id_of(&mut live, "live_set tracks 6");
    let held = (0..live.get_count(track, "clip_slots").unwrap())
        .filter(|s| {
            let slot = id_of(&mut live, &format!("live_set tracks 6 clip_slots {s}"));
            one(&mut live, slot, "has_clip").as_i64() == Some(1)
        })
        .count();
    assert_eq!(held, made + 1, "the demo's Hook clip plus the new ones");
}

#[test]
fn twenty_thousand_notes_read_back_through_the_windowed_fallback() {
    let mut live = demo_with(json!({"note_answer_limit": 200_000}));
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "length": "160:0", "notes": "C3 1|1"}),
    );
    let id = r["structuredContent"]["id"].as_str().unwrap().to_string();
    let clip = barline_core::live::LiveId(id.parse().unwrap());
    // 20,000 notes: every pitch 0..125 spread over 640 beats (written in batches).
    let all: Vec<Value> = (0..20_000)
        .map(|i| {
            json!({"pitch": (i % 125) + 1, "start_time": (i / 125) as f64 * 4.0 + (i % 4) as f64,
                   "duration": 0.5, "velocity": 100})
        })
        .collect();
    live.call(
        clip,
        "remove_notes_extended",
        &[
            Atom::Int(0),
            Atom::Int(128),
            Atom::Float(0.0),
            Atom::Float(1e6),
        ],
    )
    .unwrap();
    for chunk in all.chunks(1000) {
        live.call(
            clip,
            "add_new_notes",
            &[Atom::Symbol(json!({"notes": chunk}).to_string())],
        )
        .unwrap();
    }
    // The whole answer does not parse: it is cut.
    let whole = live
        .call(
            clip,
            "get_notes_extended",
            &[
                Atom::Int(0),
                Atom::Int(128),
                Atom::Float(0.0),
                Atom::Float(1e6),
            ],
        )
        .unwrap();
    assert!(serde_json::from_str::<Value>(whole[0].as_str().unwrap()).is_err());
    // The core read gets every note back through the windowed fallback.
    let notes = barline_core::tools::testing::clip_notes::read_live(&mut live, clip).unwrap();
    assert_eq!(notes.len(), 20_000);
    assert!(notes
        .windows(2)
        .all(|w| (w[0].start_time, w[0].pitch) <= (w[1].start_time, w[1].pitch)));
    // read-clip (the whole text is over the output cap, so a part of it).
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"clipId": id, "include": ["notes"], "bars": "1-10"}),
    );
    assert_ne!(r["isError"], true, "{}", &r["content"][0]);
    let text = r["structuredContent"]["notes"].as_str().unwrap();
    let v2 =
        InterpretOptions::time_signature(4, 4).with_dialect(barline_core::notation::Dialect::V2);
    let part = interpret(text, &v2).unwrap().notes;
    assert_eq!(part.len(), 1_250);
    // update-clip's noteCount reads through the same path.
    let r = call(
        &mut live,
        "barline-update-clip",
        json!({"ids": id, "notes": "C-2 1|1"}),
    );
    assert_eq!(
        r["structuredContent"]["noteCount"], 20_001,
        "{}",
        &r["content"][0]
    );
}

#[test]
fn note_writes_are_batched_at_one_thousand() {
    let mut live = demo_with(json!({}));
    live.reset_counters();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"slot": "6/0", "notes": "C3 1|1x2500@0.25"}),
    );
    assert_ne!(r["isError"], true, "{r}");
    assert_eq!(r["structuredContent"]["noteCount"], 2500);
    // create_clip, add_new_notes ×3 (1000, 1000, 500), then the read-back.
    let calls = live.counters().of("Clip").call;
    assert!(calls >= 3, "{calls}");
    let clip = barline_core::live::LiveId(
        r["structuredContent"]["id"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap(),
    );
    assert_eq!(support::fake::live_notes(&mut live, clip).len(), 2500);
}

#[test]
fn update_clip_stops_before_the_deadline_with_what_it_did() {
    let mut live = demo_with(json!({"call_delay_ms": 40}));
    let clock = FakeClock(live.clock());
    let ctx = ToolContext {
        timeout_ms: 2_000,
        ..ToolContext::default()
    };
    let mut ids = Vec::new();
    for t in [0, 1, 3, 4] {
        for s in 0..5 {
            let slot = id_of(&mut live, &format!("live_set tracks {t} clip_slots {s}"));
            if one(&mut live, slot, "has_clip").as_i64() == Some(1) {
                let clip = id_of(
                    &mut live,
                    &format!("live_set tracks {t} clip_slots {s} clip"),
                );
                ids.push(clip.to_string());
            }
        }
    }
    let n = ids.len();
    let r = tools::call_with(
        &mut live,
        "barline-update-clip",
        &json!({"ids": ids.join(","), "name": "Renamed", "notes": "C3 1|1"}),
        &ctx,
        false,
        &mut IssuedIds::new(),
        &clock,
    )
    .unwrap();
    check_result("barline-update-clip", &r, false);
    assert_ne!(r["isError"], true, "{r}");
    let done = r["structuredContent"]["items"]
        .as_array()
        .map_or(1, Vec::len);
    assert!(done > 0 && done < n, "{done} of {n}");
    assert!(warnings(&r).contains(&format!(
        "stopped after {done} of {n} clips to stay within the time limit; repeat the call for the rest"
    )));
}

/// A Live that fails one function with a host error (the object cannot be addressed),
/// after the clip it belongs to was created.
struct FailingCall<'a> {
    live: &'a mut FakeLive,
    function: &'static str,
}

impl Hooks for FailingCall<'_> {
    fn live(&mut self) -> &mut FakeLive {
        self.live
    }
    fn call(
        &mut self,
        _: barline_core::live::LiveId,
        function: &str,
        _: &[Atom],
    ) -> Option<Result<Vec<Atom>, barline_core::live::LiveError>> {
        (function == self.function).then(|| {
            Err(barline_core::live::LiveError::new(
                "the host lost the object",
            ))
        })
    }
}

#[test]
fn a_step_failing_after_the_clip_exists_is_a_warning_not_an_error() {
    let mut live = demo_with(json!({}));
    let r = {
        let mut failing = Hooked(FailingCall {
            live: &mut live,
            function: "add_new_notes",
        });
        tools::call(
            &mut failing,
            "barline-create-clip",
            &json!({"slot": "6/0", "notes": "C3 1|1", "name": "Kept"}),
            &ToolContext::default(),
            false,
        )
        .unwrap()
    };
    check_result("barline-create-clip", &r, false);
    assert_ne!(r["isError"], true, "{r}");
    let id = r["structuredContent"]["id"].as_str().unwrap().to_string();
    assert!(
        warnings(&r).contains(&format!(
            "clip {id}: Live refused: the host lost the object"
        )),
        "{:?}",
        warnings(&r)
    );
    let clip = id_of(&mut live, "live_set tracks 6 clip_slots 0 clip");
    assert_eq!(clip.to_string(), id);
    assert_eq!(one(&mut live, clip, "name").as_str(), Some("Kept"));
}

#[test]
fn adding_many_scenes_stops_inside_the_time_budget() {
    let mut live = demo_with(json!({"call_delay_ms": 25}));
    let clock = FakeClock(live.clock());
    let ctx = ToolContext {
        timeout_ms: 2_000,
        ..ToolContext::default()
    };
    let r = tools::call_with(
        &mut live,
        "barline-create-clip",
        &json!({"slot": "6/0,6/900"}),
        &ctx,
        false,
        &mut IssuedIds::new(),
        &clock,
    )
    .unwrap();
    check_result("barline-create-clip", &r, false);
    assert_ne!(r["isError"], true, "{r}");
    assert_eq!(r["structuredContent"]["slot"], "6/0");
    assert!(warnings(&r).contains(
        &"stopped after 1 of 2 clips to stay within the time limit; repeat the call for the rest"
            .to_string()
    ));
    assert!(live.virtual_time_ms() < 2_000, "{}", live.virtual_time_ms());
}

#[test]
fn lengthening_by_many_copies_stops_inside_the_time_budget() {
    let mut live = demo_with(json!({"call_delay_ms": 25}));
    let clock = FakeClock(live.clock());
    let ctx = ToolContext {
        timeout_ms: 2_000,
        ..ToolContext::default()
    };
    let bass = id_of(&mut live, "live_set tracks 1 arrangement_clips 0");
    let r = tools::call_with(
        &mut live,
        "barline-update-clip",
        &json!({"ids": bass.to_string(), "arrangementLength": "200:0"}),
        &ctx,
        false,
        &mut IssuedIds::new(),
        &clock,
    )
    .unwrap();
    check_result("barline-update-clip", &r, false);
    assert_ne!(r["isError"], true, "{r}");
    let made = r["structuredContent"]["items"].as_array().unwrap().len() - 1;
    assert!(made > 0 && made < 49, "{made}");
    assert!(
        warnings(&r).contains(&format!(
            "stopped after {made} of 49 copies to stay within the time limit; repeat the call for the rest"
        )),
        "{:?}",
        warnings(&r)
    );
    let track = id_of(&mut live, "live_set tracks 1");
    assert_eq!(
        live.get_count(track, "arrangement_clips").unwrap(),
        made + 1
    );
}
