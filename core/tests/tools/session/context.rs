//! barline-context (docs/design/tool-rules.md §2): project memory read and write (the
//! `update_memory` outlet message of docs/design/tool-contract.md §1.16) and the
//! sample-folder search over the fixture's files.

use crate::support;

use barline_core::bridge::{decode_response, frame_request};
use barline_core::live::Atom;
use barline_core::relay::{Step, V8Session};
use barline_core::tools::testing::call::NoClock;
use barline_core::tools::testing::call::OUTLET_META;
use barline_core::tools::IssuedIds;
use barline_core::tools::ToolContext;
use barline_core::tools::{execute, ToolRequest};
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::outcome::{code, message, warnings, writes};
use support::tools::{call_ctx, check_result};

fn memory(enabled: bool, writable: bool, text: &str) -> ToolContext {
    ToolContext {
        memory_enabled: enabled,
        memory_writable: writable,
        memory_text: text.into(),
        ..ToolContext::default()
    }
}

fn samples_set() -> FakeLive {
    let files: Vec<String> = [
        "Drums/Kick 01.wav",
        "Drums/Kick 02.AIF",
        "Drums/notes.txt",
        "Drums/Snares/Snare Tight.flac",
        "Bass/Sub Kick.mp3",
        "Loops/kick-loop.ogg",
        "readme.md",
        "Pad.m4a",
    ]
    .iter()
    .map(|f| format!("/Users/ana/Samples/{f}"))
    .collect();
    let fixture = json!({"format": "barline-live-set/1", "scenes": [{}], "files": files});
    FakeLive::from_json(&fixture.to_string()).unwrap()
}

fn folder(path: &str) -> ToolContext {
    ToolContext {
        sample_folder: Some(path.into()),
        ..ToolContext::default()
    }
}

// --- memory ---------------------------------------------------------------------------

#[test]
fn read_memory_off_and_on() {
    let mut live = FakeLive::new();
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "read"}),
        &ToolContext::default(),
    );
    assert_eq!(r["structuredContent"], json!({"enabled": false}));
    let ctx = memory(true, false, "Lead synth is always track 3.");
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "read"}),
        &ctx,
    );
    assert_eq!(
        r["structuredContent"],
        json!({"enabled": true, "writable": false, "content": "Lead synth is always track 3."})
    );
}

#[test]
fn write_returns_the_text_and_sends_update_memory() {
    let mut live = FakeLive::new();
    let before = live.to_json();
    let request = ToolRequest {
        tool: "barline-context".into(),
        args: json!({"action": "write", "content": "Key: D minor. Drums on track 1."}),
        context: memory(true, true, "old").to_json(),
    };
    let out = execute(&mut live, &request, &mut IssuedIds::new(), &NoClock);
    check_result("barline-context", &out.result, false);
    assert_eq!(
        out.result["structuredContent"],
        json!({"enabled": true, "writable": true, "content": "Key: D minor. Drums on track 1."})
    );
    assert_eq!(
        out.result["_meta"][OUTLET_META],
        json!([["update_memory", "Key: D minor. Drums on track 1."]])
    );
    assert_eq!(
        live.to_json(),
        before,
        "the memory lives in the device, not the Set"
    );
}

#[test]
fn the_v8_session_hands_update_memory_to_the_host_and_strips_it() {
    let mut live = FakeLive::new();
    let mut session = V8Session::new();
    let envelope = json!({
        "tool": "barline-context",
        "args": {"action": "write", "content": "chorus at bar 17"},
        "context": memory(true, true, "").to_json(),
    })
    .to_string();
    let atoms = frame_request(7, &envelope).unwrap();
    let step = session.handle(&mut live, &atoms);
    assert!(matches!(step, Step::Respond(_)), "{step:?}");
    assert_eq!(
        session.take_outlet(),
        vec![vec![
            Atom::Symbol("update_memory".into()),
            Atom::Symbol("chorus at bar 17".into())
        ]]
    );
    assert!(session.take_outlet().is_empty(), "taken once");
    let Step::Respond(frame) = step else {
        unreachable!()
    };
    let response = decode_response(&frame).unwrap();
    let result: Value = serde_json::from_str(&response.result_json).unwrap();
    assert_eq!(result["structuredContent"]["content"], "chorus at bar 17");
    assert!(
        result.get("_meta").is_none(),
        "outlet messages are stripped: {result}"
    );
}

#[test]
fn write_refusals() {
    let mut live = FakeLive::new();
    let cases = [
        (
            memory(false, true, ""),
            json!({"action": "write", "content": "x"}),
            "DISABLED",
            "Project memory is turned off in the Barline device",
        ),
        (
            memory(true, false, ""),
            json!({"action": "write", "content": "x"}),
            "DISABLED",
            "The device does not allow AI edits to project memory",
        ),
        (
            memory(true, true, ""),
            json!({"action": "write"}),
            "BAD_INPUT",
            "content is required",
        ),
        (
            memory(true, true, ""),
            json!({"action": "write", "content": ""}),
            "BAD_INPUT",
            "content is required",
        ),
        (
            memory(true, true, ""),
            json!({"action": "write", "content": "a".repeat(10_001)}),
            "BAD_INPUT",
            "10,001 characters",
        ),
        (
            memory(true, true, ""),
            // 7,501 four-byte characters: under 10,000 characters, over 30,000 bytes.
            json!({"action": "write", "content": "🎹".repeat(7_501)}),
            "BAD_INPUT",
            "30,004 UTF-8 bytes",
        ),
    ];
    for (ctx, args, want, text) in cases {
        live.reset_counters();
        let request = ToolRequest {
            tool: "barline-context".into(),
            args: args.clone(),
            context: ctx.to_json(),
        };
        let out = execute(&mut live, &request, &mut IssuedIds::new(), &NoClock);
        assert_eq!(code(&out.result), want, "{args}");
        assert!(
            message(&out.result).contains(text),
            "{}",
            message(&out.result)
        );
        assert!(
            out.result["_meta"].get(OUTLET_META).is_none(),
            "no update_memory"
        );
        assert_eq!(writes(&live), 0);
    }
    // At the limits exactly, the write goes through.
    let ctx = memory(true, true, "");
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "write", "content": "a".repeat(10_000)}),
        &ctx,
    );
    assert_ne!(r["isError"], true);
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "write", "content": "🎹".repeat(7_500)}),
        &ctx,
    );
    assert_ne!(r["isError"], true);
}

#[test]
fn arguments_of_other_actions_are_ignored_with_warnings() {
    let mut live = FakeLive::new();
    let ctx = memory(true, true, "m");
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "read", "content": "x", "search": "kick"}),
        &ctx,
    );
    assert_eq!(
        warnings(&r),
        [
            "content is only used by action \"write\"",
            "search is only used by action \"search\""
        ]
    );
    assert_eq!(r["structuredContent"]["content"], "m");
}

// --- sample search --------------------------------------------------------------------

#[test]
fn search_walks_the_folder_in_listing_order() {
    let mut live = samples_set();
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search"}),
        &folder("/Users/ana/Samples"),
    );
    assert_eq!(
        r["structuredContent"],
        json!({
            "sampleFolder": "/Users/ana/Samples/",
            "samples": ["Drums/Kick 01.wav", "Drums/Kick 02.AIF", "Drums/Snares/Snare Tight.flac",
                        "Bass/Sub Kick.mp3", "Loops/kick-loop.ogg", "Pad.m4a"]
        })
    );
    assert!(warnings(&r).is_empty());
}

#[test]
fn search_text_is_a_case_insensitive_path_substring() {
    let mut live = samples_set();
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search", "search": "KICK"}),
        &folder("/Users/ana/Samples/"),
    );
    assert_eq!(
        r["structuredContent"]["samples"],
        json!([
            "Drums/Kick 01.wav",
            "Drums/Kick 02.AIF",
            "Bass/Sub Kick.mp3",
            "Loops/kick-loop.ogg"
        ])
    );
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search", "search": "drums/sn"}),
        &folder("/Users/ana/Samples/"),
    );
    assert_eq!(
        r["structuredContent"]["samples"],
        json!(["Drums/Snares/Snare Tight.flac"])
    );
}

#[test]
fn limit_cuts_the_list_with_truncated_and_a_warning() {
    let mut live = samples_set();
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search", "search": "kick", "limit": 2}),
        &folder("/Users/ana/Samples"),
    );
    assert_eq!(
        r["structuredContent"],
        json!({"sampleFolder": "/Users/ana/Samples/", "samples": ["Drums/Kick 01.wav", "Drums/Kick 02.AIF"], "truncated": true})
    );
    assert_eq!(
        warnings(&r),
        ["stopped at 2 matching files; use a more specific search text to see others"]
    );
    // Exactly `limit` matches: nothing was cut.
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search", "search": "kick", "limit": 4}),
        &folder("/Users/ana/Samples"),
    );
    assert!(r["structuredContent"].get("truncated").is_none());
    assert!(warnings(&r).is_empty());
}

#[test]
fn search_without_folder_or_with_a_missing_one() {
    let mut live = samples_set();
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search"}),
        &ToolContext::default(),
    );
    assert_eq!(code(&r), "DISABLED");
    assert_eq!(message(&r), "No sample folder is set in the Barline device");
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search"}),
        &folder("/Users/ana/Gone"),
    );
    assert_eq!(code(&r), "NOT_FOUND");
}

#[test]
fn bad_arguments_are_bad_input() {
    let mut live = samples_set();
    for args in [
        json!({}),
        json!({"action": "erase"}),
        json!({"action": "search", "limit": 0}),
        json!({"action": "search", "limit": 1001}),
    ] {
        let r = call_ctx(
            &mut live,
            "barline-context",
            args.clone(),
            &folder("/Users/ana/Samples"),
        );
        assert_eq!(code(&r), "BAD_INPUT", "{args}");
    }
}

#[test]
fn the_walk_is_bounded_by_the_entry_cap() {
    let files: Vec<String> = (0..barline_core::tools::testing::MAX_SAMPLE_ENTRIES + 5)
        .map(|i| format!("/big/f{i}.wav"))
        .collect();
    let fixture = json!({"format": "barline-live-set/1", "scenes": [{}], "files": files});
    let mut live = FakeLive::from_json(&fixture.to_string()).unwrap();
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search", "limit": 1000}),
        &folder("/big"),
    );
    assert_eq!(
        r["structuredContent"]["samples"].as_array().unwrap().len(),
        1000
    );
    let r = call_ctx(
        &mut live,
        "barline-context",
        json!({"action": "search", "search": "nothing-matches"}),
        &folder("/big"),
    );
    assert_eq!(
        warnings(&r),
        ["stopped after 20,000 entries of the sample folder; choose a smaller sample folder to search all of it"]
    );
}
