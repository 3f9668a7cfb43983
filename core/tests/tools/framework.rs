//! The typed tool framework: integer ranges before conversion (every integer parameter
//! of every tool), the call context (deadline, list de-duplication, bulk outcome, id
//! registry), write results that are summarised instead of refused, and the quoting
//! limit of error messages.

use crate::support;
use support::outcome::call_with_deadline;

use barline_core::live::LivePort;
use barline_core::tools::catalogue::{self, CatalogueOptions};
use barline_core::tools::testing::call::{Bulk, Call, OneOrMany, VirtualClock};
use barline_core::tools::testing::error::{ErrorCode, ToolError};
use barline_core::tools::testing::format::{success, TEXT_CAP};
use barline_core::tools::testing::ids::CAPACITY;
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use barline_core::tools::{prepare, Prepared};
use barline_fake_live::FakeLive;
use proptest::prelude::*;
use serde_json::{json, Value};
use support::fake::demo;
use support::tools::{call, check_result};

/// Every integer parameter of every tool that addresses or counts something, with its
/// schema bounds. A transforms `seed` is only ever a `u64` (0 … 2^53 − 1,
/// docs/design/transforms.md §9; its range is tested in
/// `tools/create_clip_transforms.rs`).
fn integer_params() -> Vec<(String, String, i64, i64)> {
    let mut out = Vec::new();
    for t in catalogue::list(CatalogueOptions::default()) {
        let name = t["name"].as_str().unwrap().to_string();
        for (p, s) in t["inputSchema"]["properties"].as_object().unwrap() {
            if s["type"] == "integer" && p != "seed" {
                let min = s["minimum"].as_i64().unwrap_or(i64::MIN);
                let max = s["maximum"].as_i64().unwrap_or(i64::MAX);
                out.push((name.clone(), p.clone(), min, max));
            }
        }
    }
    out
}

/// Integer parameters that are values, never sizes or indices (no `usize` on any
/// target): a transform seed is 0 … 2^53 − 1 by docs/design/transforms.md §9.
const NOT_INDICES: &[&str] = &["seed"];

fn refused(tool: &str, param: &str, value: Value) -> String {
    // Required arguments get placeholder text so the integer itself is what is checked.
    let mut args = json!({ param: value });
    let listed = catalogue::list(CatalogueOptions::default());
    let schema = listed.iter().find(|t| t["name"] == tool).unwrap();
    for r in schema["inputSchema"]["required"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let r = r.as_str().unwrap();
        if r != param {
            args[r] = json!("1");
        }
    }
    match prepare(tool, &args, CatalogueOptions::default()) {
        Prepared::Answer(r) => {
            assert_eq!(r["_meta"]["barline/error"]["code"], "BAD_INPUT", "{r}");
            r["_meta"]["barline/error"]["message"]
                .as_str()
                .unwrap()
                .to_string()
        }
        other => panic!("{tool} {param}={value} was accepted: {other:?}"),
    }
}

#[test]
fn every_integer_parameter_has_a_finite_range() {
    let params = integer_params();
    assert!(!params.is_empty());
    for (tool, p, min, max) in params {
        if NOT_INDICES.contains(&p.as_str()) {
            assert!(min >= 0 && max < (1i64 << 53), "{tool} {p}: {min}..{max}");
            continue;
        }
        assert!(
            // −1 is the one negative value tools take ("append",
            // docs/design/tool-rules.md §6).
            min >= -1 && max <= u32::MAX as i64 / 2,
            "{tool} {p}: {min}..{max} may not fit a wasm32 usize"
        );
    }
}

proptest! {
    #[test]
    fn integers_beyond_the_range_are_refused_before_conversion(
        big in prop_oneof![
            (1i64 << 32)..(1i64 << 40),
            Just(4_294_967_302i64),
            Just(9_007_199_254_740_993i64),
            Just(i64::MAX),
            i64::MIN..-1,
        ],
        as_string in any::<bool>(),
        as_float in any::<bool>(),
    ) {
        for (tool, p, min, max) in integer_params() {
            if (min..=max).contains(&big) {
                continue; // in range for a value parameter such as `seed`
            }
            let v = if as_string { json!(big.to_string()) } else if as_float { json!(big as f64) } else { json!(big) };
            let m = refused(&tool, &p, v);
            prop_assert!(m.starts_with(&format!("{p} must be an integer from {min} to {max}, got")), "{m}");
        }
    }
}

#[test]
fn oversized_integers_never_wrap_into_a_track() {
    let mut live = demo();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"trackIndex": 4_294_967_302u64, "arrangementStart": "1|1"}),
    );
    assert_eq!(r["_meta"]["barline/error"]["code"], "BAD_INPUT");
    assert!(r["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("trackIndex must be an integer from 0 to 9999, got 4294967302"));
}

#[test]
fn error_messages_quote_at_most_about_100_characters_of_input() {
    let mut live = demo();
    let huge = "9".repeat(1_000_000);
    for args in [
        json!({"slot": huge.clone()}),
        json!({"slot": "0/0", "length": huge.clone()}),
        json!({"trackIndex": huge.clone(), "arrangementStart": "1|1"}),
        json!({"slot": "0/0", "sampleFile": huge.clone()}),
    ] {
        let r = call(&mut live, "barline-create-clip", args);
        let text = r["content"][0]["text"].as_str().unwrap();
        assert_eq!(r["isError"], true);
        assert!(
            text.len() < 600,
            "{} characters: {}",
            text.len(),
            &text[..200]
        );
    }
    let r = call(
        &mut live,
        "barline-read-clip",
        json!({"bars": huge, "slot": "0/0"}),
    );
    assert!(r["content"][0]["text"].as_str().unwrap().len() < 600);
}

fn ctx(timeout_ms: u64) -> ToolContext {
    ToolContext {
        timeout_ms,
        ..Default::default()
    }
}

#[test]
fn deadline_is_near_when_less_than_min_2s_or_a_quarter_remains() {
    let mut live = FakeLive::new();
    let mut ids = IssuedIds::new();
    let clock = VirtualClock::default();
    clock.advance(5_000.0);
    let c = ctx(30_000);
    let call = Call::new(&mut live, &c, &mut ids, &clock);
    assert!(!call.deadline_near());
    // Loops keep to 10 s whatever the timeout (issue 22): the margin counts from there.
    clock.advance(7_999.0);
    assert!(
        !call.deadline_near(),
        "2001 ms left of the 10 s bulk budget"
    );
    clock.advance(2.0);
    assert!(call.deadline_near(), "1999 ms left of the 10 s bulk budget");

    let c = ctx(4_000);
    let clock = VirtualClock::default();
    let call = Call::new(&mut live, &c, &mut ids, &clock);
    clock.advance(2_999.0);
    assert!(!call.deadline_near(), "1001 ms left of 4 s: margin is 1 s");
    clock.advance(2.0);
    assert!(call.deadline_near());
}

#[test]
fn stop_warning_dedup_and_bulk_outcomes() {
    let mut live = FakeLive::new();
    let mut ids = IssuedIds::new();
    let clock = VirtualClock::default();
    let c = ctx(30_000);
    let mut call = Call::new(&mut live, &c, &mut ids, &clock);
    call.warn_stopped(3, 10, "clips");
    let list = call.unique(vec!["12".into(), "13".into(), "12".into()], "id");
    assert_eq!(list, ["12", "13"]);
    assert_eq!(
        call.warnings,
        [
            "stopped after 3 of 10 clips to stay within the time limit; repeat the call for the rest",
            "duplicate id \"12\" ignored"
        ]
    );
    call.warnings.clear();

    let mut one = Bulk::new();
    one.ok(1);
    one.skip(ToolError::not_found("id \"13\" does not exist"));
    assert_eq!(one.finish(&mut call).unwrap(), OneOrMany::One(1));
    assert_eq!(call.warnings, ["id \"13\" does not exist; skipped"]);

    let mut many = Bulk::new();
    many.ok(1);
    many.ok(2);
    assert_eq!(many.finish(&mut call).unwrap(), OneOrMany::Many(vec![1, 2]));

    let mut none: Bulk<i32> = Bulk::new();
    none.skip(ToolError::new(
        ErrorCode::WrongType,
        "id \"12\" is a Scene, not a track",
    ));
    for i in 0..12 {
        none.skip(ToolError::not_found(format!("id \"{i}\" does not exist")));
    }
    let e = none.finish(&mut call).unwrap_err();
    assert_eq!(e.code, ErrorCode::WrongType);
    assert_eq!(e.message.matches("; ").count(), 10);
    assert!(e
        .message
        .starts_with("id \"12\" is a Scene, not a track; id \"0\" does not exist"));
    assert!(e.message.ends_with("and 3 more"));
}

#[test]
fn id_registry_is_bounded_remembers_replacements_and_follows_the_set() {
    let mut ids = IssuedIds::new();
    ids.observe_set("1");
    for i in 0..(CAPACITY + 5) {
        ids.issue(&i.to_string());
    }
    assert_eq!(ids.len(), CAPACITY);
    assert!(!ids.was_issued("4") && ids.was_issued("5"));
    ids.replace("5", "99999");
    assert_eq!(ids.replacement("5"), Some("99999"));
    ids.observe_set("1");
    assert!(ids.was_issued("6"));
    ids.observe_set("2");
    assert!(ids.is_empty() && ids.replacement("5").is_none());

    // Through a call: the registry is checked against the Set's live_set id.
    let mut live = demo();
    let set = live.resolve("live_set").to_string();
    let mut ids = IssuedIds::new();
    ids.observe_set("not this set");
    ids.issue("7");
    let c = ctx(30_000);
    let clock = VirtualClock::default();
    let mut call = Call::new(&mut live, &c, &mut ids, &clock);
    assert!(
        !call.ids().was_issued("7"),
        "another Set's ids are forgotten"
    );
    call.ids().issue("8");
    drop(call);
    ids.observe_set(&set);
    assert!(ids.was_issued("8"));
}

#[test]
fn oversized_write_results_are_summarised_never_too_large() {
    let create = catalogue::find("barline-create-clip").unwrap();
    let items: Vec<Value> = (0..2_000)
        .map(|i| json!({"id": i.to_string(), "trackIndex": 0, "arrangementStart": format!("{}|1", i + 1)}))
        .collect();
    let r = success(Value::Array(items), false, &create.meta).expect("a write never fails here");
    let s = &r["structuredContent"];
    assert_eq!(s["summary"]["count"], 2_000);
    assert_eq!(s["items"][0]["id"], "0");
    let shown = s["items"].as_array().unwrap();
    assert_eq!(shown.last().unwrap()["id"], "1999");
    assert_eq!(s["summary"]["shown"], shown.len());
    assert!(r["content"][0]["text"].as_str().unwrap().chars().count() <= TEXT_CAP);
    assert!(s["summary"]["note"].as_str().unwrap().contains("read"));
    check_result("barline-create-clip", &r, false);
    // A read still answers TOO_LARGE.
    let read = catalogue::find("barline-read-clip").unwrap();
    let e = success(json!({"notes": "x".repeat(30_000)}), false, &read.meta).unwrap_err();
    assert_eq!(e.code, ErrorCode::TooLarge);
}

#[test]
fn create_clip_with_400_positions_reports_success() {
    let mut live = demo();
    let starts: Vec<String> = (0..400).map(|i| format!("{}|1", 200 + i * 2)).collect();
    let r = call(
        &mut live,
        "barline-create-clip",
        json!({"trackIndex": 0, "arrangementStart": starts.join(","), "notes": "C3 1|1"}),
    );
    assert_ne!(r["isError"], true, "{}", &r.to_string()[..300]);
    let s = &r["structuredContent"];
    let total = s["summary"]["count"]
        .as_u64()
        .unwrap_or_else(|| s["items"].as_array().unwrap().len() as u64);
    assert_eq!(total, 400);
}

#[test]
#[should_panic(expected = "does not match outputSchema")]
fn the_result_check_catches_data_outside_the_output_schema() {
    let r =
        json!({"content": [{"type": "text", "text": "{id:12}"}], "structuredContent": {"id": 12}});
    check_result("barline-create-clip", &r, false);
}

#[test]
#[should_panic(expected = "text and structuredContent differ")]
fn the_result_check_catches_text_that_disagrees() {
    let r = json!({"content": [{"type": "text", "text": "{id:\"13\"}"}], "structuredContent": {"id": "12"}});
    check_result("barline-create-clip", &r, false);
}

#[test]
fn compact_text_parses_back() {
    let text = r#"{id:"1",a:[{b:true,c:-1.5}],"weird key":null,s:"x:{y,\"z"}"#;
    assert_eq!(
        support::tools::parse_compact(text).unwrap(),
        json!({"id": "1", "a": [{"b": true, "c": -1.5}], "weird key": null, "s": "x:{y,\"z"})
    );
}

#[test]
fn create_clip_stops_before_the_deadline_and_keeps_what_it_made() {
    let mut live = demo();
    let starts: Vec<String> = (0..10).map(|i| format!("{}|1", 100 + i * 2)).collect();
    let r = call_with_deadline(
        &mut live,
        "barline-create-clip",
        json!({"trackIndex": 0, "arrangementStart": starts.join(",")}),
    );
    // Reads at 1, 2, 3 s leave ≥ 1 s (the margin for a 4 s limit); at 4 s it stops.
    assert_eq!(r["structuredContent"]["items"].as_array().unwrap().len(), 4);
    assert_eq!(
        r["_meta"]["barline/warnings"],
        json!(["stopped after 4 of 10 clips to stay within the time limit; repeat the call for the rest"])
    );
}
