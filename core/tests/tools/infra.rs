//! Tool infrastructure: coercion (docs/design/tool-contract.md §1.1), unknown arguments
//! (docs/design/tool-contract.md §1.11), warnings (docs/design/tool-contract.md §1.10),
//! compact text and the output cap (docs/design/tool-contract.md §1.13, §2.3), and the
//! error shape (docs/design/tool-contract.md §2.1).

use barline_core::tools::catalogue;
use barline_core::tools::testing::args::{edit_distance, validate};
use barline_core::tools::testing::call::Call;
use barline_core::tools::testing::coerce::{Choice, Choices, Flag, Id, Include, Index, Num, Text};
use barline_core::tools::testing::error::{ErrorCode, ToolError};
use barline_core::tools::testing::format::{compact, success};
use barline_core::tools::testing::schema::to_mcp;
use barline_core::tools::testing::tool::{entry, Entry, Tool, ToolMeta};
use barline_core::tools::testing::warnings::{attach, collapse};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

struct Detail;
impl Choices for Detail {
    const ALL: &'static [&'static str] = &["notes", "timing", "warp", "*"];
}
struct Auto;
impl Choices for Auto {
    const ALL: &'static [&'static str] = &["play-scene", "play-clip"];
}

/// A tool with one parameter of every kind.
#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct Params {
    /// id
    clip_id: Option<Id>,
    /// track
    track_index: Option<Index>,
    /// dB
    gain: Option<Num<-70, 24>>,
    /// loop
    looping: Option<Flag>,
    /// name
    name: Option<Text>,
    /// auto
    auto: Option<Choice<Auto>>,
    /// detail
    #[serde(default)]
    include: Include<Detail>,
    /// slot
    slot: Text,
}

struct TestTool;
impl Tool for TestTool {
    type Params = Params;
    type Output = Value;
    const META: ToolMeta = ToolMeta {
        small_description: Some("small"),
        small_removed: &["auto"],
        small_removed_values: &[("include", &["warp", "*"])],
        too_large_hint: "Read less.",
        ..ToolMeta::read("barline-test", "Test", "test tool")
    };
    fn run(_: &mut Call<'_>, _: Params) -> Result<Value, ToolError> {
        Ok(json!({}))
    }
}

const DEF: Entry = entry::<TestTool>();

fn ok(args: Value) -> (Value, Vec<String>) {
    let (a, w) = validate(&DEF, &args, false).expect("valid");
    (Value::Object(a), w)
}

fn err(args: Value) -> String {
    let e = validate(&DEF, &args, false).expect_err("invalid");
    assert_eq!(e.code, ErrorCode::BadInput);
    e.message
}

#[test]
fn coercions_of_the_spec_table() {
    let (v, w) = ok(
        json!({"slot": "0/1", "clipId": "id 12", "trackIndex": "3", "gain": "-1.5",
        "looping": "true", "name": 2.0, "include": ["notes"]}),
    );
    assert!(w.is_empty());
    assert_eq!(
        v,
        json!({"slot": "0/1", "clipId": "12", "trackIndex": 3, "gain": -1.5,
        "looping": true, "name": "2", "include": ["notes"]})
    );
    assert_eq!(
        ok(json!({"slot": 5, "clipId": 12})).0,
        json!({"slot": "5", "clipId": "12", "include": []})
    );
    // null for an optional field means "not given".
    assert_eq!(
        ok(json!({"slot": "0/0", "name": null})).0,
        json!({"slot": "0/0", "include": []})
    );
}

#[test]
fn bad_values_name_the_argument_and_the_value() {
    assert_eq!(err(json!({})), "missing required argument slot");
    assert_eq!(err(json!({"slot": null})), "missing required argument slot");
    assert_eq!(
        err(json!({"slot": "0/0", "trackIndex": 2.5})),
        "trackIndex must be an integer from 0 to 9999, got 2.5"
    );
    assert_eq!(
        err(json!({"slot": "0/0", "trackIndex": -1})),
        "trackIndex must be an integer from 0 to 9999, got -1"
    );
    assert_eq!(
        err(json!({"slot": "0/0", "trackIndex": "abc"})),
        "trackIndex must be an integer from 0 to 9999, got \"abc\""
    );
    assert_eq!(
        err(json!({"slot": "0/0", "gain": 30})),
        "gain must be a number from -70 to 24, got 30"
    );
    assert_eq!(
        err(json!({"slot": "0/0", "looping": 1})),
        "looping must be true or false, got 1"
    );
    assert_eq!(
        err(json!({"slot": {"a": 1}})),
        "slot must be a string, got {\"a\":1}"
    );
    assert!(err(json!({"slot": "0/0", "include": ["nope"]})).contains("\"nope\" is not allowed"));
    assert!(err(json!({"slot": "0/0", "auto": "play"})).contains("allowed: play-scene, play-clip"));
    assert!(validate(&DEF, &json!([1]), false).is_err());
}

#[test]
fn unknown_arguments_warn_with_suggestions() {
    let (_, w) = ok(json!({"slot": "0/0", "trackIdx": 1, "verbose": true}));
    assert_eq!(
        w,
        ["ignored unknown argument(s): trackIdx (did you mean \"trackIndex\"?), verbose"]
    );
    assert_eq!(edit_distance("trackIdx", "trackIndex"), 2);
}

#[test]
fn small_model_mode_removes_parameters_and_enum_values() {
    let (a, w) = validate(&DEF, &json!({"slot": "0/0", "auto": "play-scene"}), true).unwrap();
    assert!(!a.contains_key("auto"));
    assert_eq!(w, ["ignored unknown argument(s): auto"]);
    assert!(validate(&DEF, &json!({"slot": "0/0", "include": ["warp"]}), true).is_err());
    let t = to_mcp(&DEF, true, true);
    assert!(t["inputSchema"]["properties"].get("auto").is_none());
    assert_eq!(
        t["inputSchema"]["properties"]["include"]["items"]["enum"],
        json!(["notes", "timing"])
    );
    assert_eq!(t["description"], "small");
}

#[test]
fn mcp_tool_object_has_annotations_schemas_and_title() {
    let t = to_mcp(&DEF, false, true);
    assert_eq!(t["title"], "Test");
    assert_eq!(
        t["annotations"],
        json!({"readOnlyHint":true,"destructiveHint":false,"idempotentHint":true,"openWorldHint":false})
    );
    assert_eq!(t["inputSchema"]["required"], json!(["slot"]));
    assert_eq!(t["inputSchema"]["properties"]["trackIndex"]["minimum"], 0);
    assert_eq!(t["outputSchema"]["type"], "object");
    let old = to_mcp(&DEF, false, false);
    assert!(old.get("outputSchema").is_none() && old.get("title").is_none());
    // Protocols without a top-level title keep the annotation's.
    assert_eq!(old["annotations"]["title"], "Test");
}

#[test]
fn warnings_collapse_cap_and_cut() {
    let ten: Vec<String> = (0..10).map(|_| "same".to_string()).collect();
    assert_eq!(collapse(&ten), ["same (×10)"]);
    let many: Vec<String> = (0..60).map(|i| format!("w{i}")).collect();
    let c = collapse(&many);
    assert_eq!(c.len(), 50);
    assert_eq!(c[49], "11 more warnings not shown");
    let long = vec!["x".repeat(600)];
    let c = collapse(&long);
    assert_eq!(c[0].chars().count(), 500);
    assert!(c[0].ends_with('…'));
    let r = attach(
        json!({"content":[{"type":"text","text":"main"}]}),
        &["a".into(), "b".into(), "a".into()],
    );
    assert_eq!(r["content"][1]["text"], "WARNING: a (×2)");
    assert_eq!(r["content"][2]["text"], "WARNING: b");
    assert_eq!(r["_meta"]["barline/warnings"], json!(["a (×2)", "b"]));
}

#[test]
fn compact_text_and_structured_content() {
    let data = json!({"id": "12", "trackIndex": 0, "weird key": true, "s": "a\"b"});
    assert_eq!(
        compact(&data),
        r#"{id:"12",trackIndex:0,"weird key":true,s:"a\"b"}"#
    );
    let r = success(json!([{"id": "1"}, {"id": "2"}]), false, &DEF.meta).unwrap();
    assert_eq!(r["content"][0]["text"], r#"[{id:"1"},{id:"2"}]"#);
    assert_eq!(
        r["structuredContent"],
        json!({"items": [{"id": "1"}, {"id": "2"}]})
    );
    let r = success(json!({"id": "1"}), true, &DEF.meta).unwrap();
    assert_eq!(r["content"][0]["text"], r#"{"id":"1"}"#);
}

#[test]
fn oversize_results_become_too_large_with_the_tool_hint() {
    let read_clip = catalogue::find("barline-read-clip").unwrap();
    let e = success(json!({"notes": "x".repeat(30_000)}), false, &read_clip.meta).unwrap_err();
    assert_eq!(e.code, ErrorCode::TooLarge);
    assert_eq!(e.message, "result is 30,010 characters (limit 25,000)");
    let r = e.to_result("barline-read-clip");
    let text = r["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("Error [TOO_LARGE] in barline-read-clip: result is 30,010 characters"));
    assert!(text.contains("\nHint: Read part of the clip with the bars parameter"));
    assert!(success(json!({"notes": "x".repeat(24_980)}), false, &DEF.meta).is_ok());
}

#[test]
fn error_shape_of_every_code() {
    for code in ErrorCode::ALL {
        let r = ToolError::new(code, "what went wrong").to_result("barline-x");
        assert_eq!(r["isError"], true);
        let text = r["content"][0]["text"].as_str().unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            format!("Error [{}] in barline-x: what went wrong", code.as_str())
        );
        assert!(lines[1].len() > "Hint: ".len() && lines[1].starts_with("Hint: "));
        assert_eq!(r["_meta"]["barline/error"]["code"], code.as_str());
        assert!(r.get("structuredContent").is_none());
        assert_eq!(ErrorCode::parse(code.as_str()), Some(code));
    }
}

#[test]
fn catalogue_lists_connect_first_with_section_0_annotations() {
    let list = catalogue::list(catalogue::CatalogueOptions {
        modern: true,
        ..Default::default()
    });
    assert_eq!(list[0]["name"], "barline-connect");
    assert_eq!(list[0]["title"], "Connect");
    assert_eq!(list[0]["annotations"]["readOnlyHint"], true);
    assert_eq!(list[0]["annotations"]["idempotentHint"], true);
    for t in &list {
        let a = &t["annotations"];
        for k in [
            "readOnlyHint",
            "destructiveHint",
            "idempotentHint",
            "openWorldHint",
        ] {
            assert!(a[k].is_boolean(), "{} lacks {k}", t["name"]);
        }
        assert_eq!(t["inputSchema"]["type"], "object");
        assert_eq!(t["outputSchema"]["type"], "object");
    }
}
