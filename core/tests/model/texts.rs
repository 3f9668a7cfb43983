//! Every text the model reads names only tools that `tools/list` lists, and only
//! parameters those tools take, with the settings in force (small-model mode hides some
//! parameters): instructions, tool descriptions and schemas, prompts, resources, the
//! connect guide and its warnings, and the TOO_LARGE hints.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use barline_core::tools;
use barline_core::tools::testing::mentions;
use barline_core::tools::ToolContext;
use barline_fake_live::FakeLive;
use serde_json::{json, Value};
use support::mcp::json_post;

fn call(s: &mut Server, sid: Option<&str>, method: &str, params: Value) -> (Option<String>, Value) {
    let body = json!({"jsonrpc":"2.0","id":1,"method":method,"params":params}).to_string();
    match s.handle_http(&json_post("localhost", body, sid)) {
        HttpAction::Respond(resp) => (
            resp.headers.get("mcp-session-id").cloned(),
            serde_json::from_str(&resp.body).unwrap(),
        ),
        other => panic!("{method} was not answered by the Node side: {other:?}"),
    }
}

/// A disabled-tools setting naming tools the guide, instructions and prompts mention.
const DISABLED: &str = "barline-read-track, barline-read-live-set,barline-create-clip,barline-update-device,barline-connect";

/// Every combination of the settings that change what the model sees.
fn all_settings() -> Vec<(Settings, &'static str)> {
    let mut out = Vec::new();
    for small_model in [false, true] {
        for diagnostics in [false, true] {
            for raw_live_api in [false, true] {
                for version in ["2025-03-26", "2025-11-25"] {
                    for disabled in ["", DISABLED] {
                        let settings = Settings {
                            small_model,
                            diagnostics,
                            raw_live_api,
                            disabled_tools: disabled.to_string(),
                            ..Settings::default()
                        };
                        out.push((settings, version));
                    }
                }
            }
        }
    }
    out
}

/// Names in `text` that are not in `listed`.
fn unknown(text: &str, listed: &[String]) -> Vec<String> {
    mentions::mentioned(text)
        .into_iter()
        .filter(|m| !listed.iter().any(|l| l == m))
        .map(str::to_string)
        .collect()
}

/// The texts of one session, labelled, and the tool names it lists.
fn texts_of_a_session(settings: &Settings, version: &str) -> (Vec<String>, Vec<(String, String)>) {
    let mut s = Server::new(settings.clone());
    let (sid, init) = call(
        &mut s,
        None,
        "initialize",
        json!({"protocolVersion": version}),
    );
    let sid = sid.expect("session");
    let mut texts = vec![(
        "instructions".to_string(),
        init["result"]["instructions"].to_string(),
    )];
    let (_, tools) = call(&mut s, Some(&sid), "tools/list", json!({}));
    let listed: Vec<String> = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    for t in tools["result"]["tools"].as_array().unwrap() {
        // Result field names (outputSchema) are not mentions of parameters.
        let mut visible = t.clone();
        if let Some(o) = visible.as_object_mut() {
            o.remove("outputSchema");
        }
        texts.push((
            format!("tools/list entry {}", t["name"]),
            visible.to_string(),
        ));
        let hint = barline_core::relay::narrowing_hint(t["name"].as_str().unwrap());
        texts.push((format!("TOO_LARGE hint of {}", t["name"]), hint.to_string()));
    }
    for method in ["resources/list", "resources/templates/list"] {
        texts.push((
            method.into(),
            call(&mut s, Some(&sid), method, json!({})).1.to_string(),
        ));
    }
    let (_, prompts) = call(&mut s, Some(&sid), "prompts/list", json!({}));
    texts.push(("prompts/list".into(), prompts.to_string()));
    for p in prompts["result"]["prompts"].as_array().unwrap() {
        let mut args = serde_json::Map::new();
        for a in p["arguments"].as_array().unwrap() {
            args.insert(a["name"].as_str().unwrap().into(), json!("1"));
        }
        let (_, got) = call(
            &mut s,
            Some(&sid),
            "prompts/get",
            json!({"name": p["name"], "arguments": args}),
        );
        assert!(got["result"].is_object(), "{got}");
        texts.push((format!("prompt {}", p["name"]), got.to_string()));
    }
    // barline-connect on a Live older than 12.3 (its UNSUPPORTED text).
    let ctx = ToolContext {
        small_model: settings.small_model,
        raw_live_api: settings.raw_live_api,
        disabled_tools: settings.disabled_tools.clone(),
        ..Default::default()
    };
    let mut set: Value = serde_json::from_str(support::fake::DEMO).unwrap();
    set["live_version"] = json!("12.2.5");
    let mut live = FakeLive::from_json(&set.to_string()).expect("fixture");
    let r = tools::call(&mut live, "barline-connect", &json!({}), &ctx, false).unwrap();
    texts.push(("barline-connect result".into(), r.to_string()));
    (listed, texts)
}

#[test]
fn no_text_names_a_tool_that_is_not_listed() {
    for (settings, version) in all_settings() {
        let (listed, texts) = texts_of_a_session(&settings, version);
        for (label, text) in texts {
            let bad = unknown(&text, &listed);
            assert!(
                bad.is_empty(),
                "{label} names unlisted tools {bad:?} (small model {}, diagnostics {}, raw API {}, disabled {:?}, {version})",
                settings.small_model,
                settings.diagnostics,
                settings.raw_live_api,
                settings.disabled_tools
            );
        }
    }
}

/// Every parameter name of every tool, whatever the settings.
fn all_parameters() -> Vec<String> {
    let opts = tools::catalogue::CatalogueOptions {
        raw_live_api: true,
        ..Default::default()
    };
    parameters_of(&tools::catalogue::list(opts))
}

fn parameters_of(list: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = list
        .iter()
        .filter_map(|t| t["inputSchema"]["properties"].as_object())
        .flat_map(|p| p.keys().cloned())
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Where `text` names parameter `p`: as (the start of) a code span, as a JSON key
/// (`"p":`), as a word given a value (`p: 4`, `p=4`), or as a camel-case or
/// long word standing alone. An ordinary short word in prose (`split the clip`) is the
/// one form not caught: it reads as English, not as a parameter.
fn names_parameter(text: &str, p: &str) -> bool {
    let spans = ["`", ":", " ", "=", "\\"]
        .iter()
        .any(|end| text.contains(&format!("`{p}{end}")));
    let quoted = text.contains(&format!("\"{p}\":")) || text.contains(&format!("\\\"{p}\\\":"));
    let given = text.match_indices(p).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = &text[at + p.len()..];
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && (after.starts_with(':') && !after.starts_with("::") || after.starts_with('='))
    });
    // Camel-case names and long ones (`transforms`) are no ordinary words.
    let camel = (p.chars().any(|c| c.is_ascii_uppercase()) || p.len() >= 9)
        && text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w == p);
    spans || quoted || given || camel
}

#[test]
fn no_text_names_a_parameter_that_is_not_listed() {
    let all = all_parameters();
    for (settings, version) in all_settings() {
        let (_, texts) = texts_of_a_session(&settings, version);
        let mut s = Server::new(settings.clone());
        let (sid, _) = call(
            &mut s,
            None,
            "initialize",
            json!({"protocolVersion": version}),
        );
        let (_, tools) = call(&mut s, sid.as_deref(), "tools/list", json!({}));
        let shown = parameters_of(tools["result"]["tools"].as_array().unwrap());
        let hidden: Vec<&String> = all.iter().filter(|p| !shown.contains(p)).collect();
        if settings.small_model {
            assert!(hidden.iter().any(|p| *p == "transforms"), "{hidden:?}");
            // The humanize prompt needs `transforms`, the locator step its parameters.
            let prompts = &texts.iter().find(|(l, _)| l == "prompts/list").unwrap().1;
            assert!(!prompts.contains("humanize-clip"), "{prompts}");
            assert!(texts.iter().all(|(_, t)| !t.contains("Add a locator")));
        }
        for (label, text) in &texts {
            for p in &hidden {
                assert!(
                    !names_parameter(text, p),
                    "{label} names the hidden parameter {p} (small model {}, raw API {}, disabled {:?}, {version})",
                    settings.small_model,
                    settings.raw_live_api,
                    settings.disabled_tools
                );
            }
        }
    }
}

/// The three tools the first release had: the guide must stay useful with only these.
const FIRST_TOOLS: [&str; 3] = [
    "barline-connect",
    "barline-read-clip",
    "barline-create-clip",
];

#[test]
fn texts_stay_useful_with_the_smallest_catalogue() {
    let (listed, texts) = texts_of_a_session(&Settings::default(), "2025-11-25");
    let all: String = texts.iter().map(|(_, t)| t.as_str()).collect();
    assert!(listed.iter().any(|n| n == "barline-create-clip"));
    assert!(
        all.contains("Never guess ids"),
        "guide lost its core advice"
    );
    assert!(
        all.contains("compose-clip"),
        "the compose prompt works with today's tools"
    );
    // With only the first tools, the fallbacks for absent tools take their place.
    let few = mentions::render(tools::testing::GUIDE, &|n| FIRST_TOOLS.contains(&n));
    assert!(few.contains("Never guess ids"));
    assert!(
        few.contains("General") && few.contains("MIDI drum map"),
        "{few}"
    );
}

#[test]
fn texts_name_more_tools_as_they_appear() {
    // The rendering rule, fed a larger catalogue, keeps the steps that need it.
    let guide = tools::testing::GUIDE;
    let full = mentions::render(guide, &|_| true);
    let few = mentions::render(guide, &|n| FIRST_TOOLS.contains(&n));
    assert!(full.contains("barline-read-track") && !few.contains("barline-read-track"));
    assert!(full.len() > few.len());
}

/// The connect guides keep to the sizes docs/design/tool-rules.md §1 gives them with
/// every tool available, and the standard guide and the instructions name every listed
/// tool, so no tool is left unexplained.
#[test]
fn guides_fit_their_limits_and_cover_every_tool() {
    let all = |_: &str| true;
    let guide = mentions::render(tools::testing::GUIDE, &all);
    let short = mentions::render(tools::testing::SHORT_GUIDE, &all);
    let instructions = mentions::render(barline_core::mcp::dispatch::INSTRUCTIONS, &all);
    assert!(
        guide.chars().count() <= 12_000,
        "guide has {} chars",
        guide.chars().count()
    );
    assert!(
        short.chars().count() <= 3_000,
        "short guide has {} chars",
        short.chars().count()
    );
    let listed = tools::catalogue::listed_names(tools::catalogue::CatalogueOptions::default());
    assert!(listed.len() >= 19, "{listed:?}");
    for name in &listed {
        let named = |text: &str| mentions::mentioned(text).contains(&name.as_str());
        assert!(named(&guide), "the guide never mentions {name}");
        assert!(
            named(&instructions),
            "the instructions never mention {name}"
        );
    }
    // Moving clips: update-clip's advice, or the fallback while it is absent.
    let without = mentions::render(tools::testing::GUIDE, &|n| n != "barline-update-clip");
    assert!(guide.contains("`split`") && !guide.contains("To move a clip, copy it"));
    assert!(without.contains("To move a clip, copy it") && !without.contains("`split`"));
    for must in ["C3", "`length: \"2:0\"`", "Never guess ids", "1|1"] {
        assert!(short.contains(must), "short guide lost {must}");
    }
}

#[test]
fn a_disabled_tool_is_unlisted_refused_and_unnamed() {
    let settings = Settings {
        disabled_tools: DISABLED.to_string(),
        ..Settings::default()
    };
    let (listed, texts) = texts_of_a_session(&settings, "2025-11-25");
    assert!(!listed.iter().any(|n| n == "barline-read-track"));
    assert!(!listed.iter().any(|n| n == "barline-create-clip"));
    assert!(
        listed.iter().any(|n| n == "barline-connect"),
        "connect stays"
    );
    for (label, text) in &texts {
        assert!(!text.contains("barline-read-track"), "{label}");
    }
    // Refused as an unknown tool, on the Node side and on the Live side.
    let mut s = Server::new(settings);
    let (sid, _) = call(
        &mut s,
        None,
        "initialize",
        json!({"protocolVersion": "2025-11-25"}),
    );
    let (_, r) = call(
        &mut s,
        sid.as_deref(),
        "tools/call",
        json!({"name": "barline-read-track", "arguments": {"trackIndex": 0}}),
    );
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let ctx = ToolContext {
        disabled_tools: DISABLED.to_string(),
        ..Default::default()
    };
    let mut live = FakeLive::from_json(support::fake::DEMO).expect("fixture");
    assert!(tools::call(
        &mut live,
        "barline-read-track",
        &json!({"trackIndex": 0}),
        &ctx,
        false
    )
    .is_none());
    assert!(tools::call(
        &mut live,
        "barline-read-scene",
        &json!({"sceneIndex": 0}),
        &ctx,
        false
    )
    .is_some());
}

#[test]
fn the_parameter_check_catches_what_it_looks_for() {
    for named in [
        "use `split` to cut",
        "{\"split\": \"2|1\"}",
        "give split: 2|1",
        "split=2|1",
        "wrap with wrapInRack",
        "apply transforms to the notes",
    ] {
        let p = if named.contains("wrapInRack") {
            "wrapInRack"
        } else if named.contains("transforms") {
            "transforms"
        } else {
            "split"
        };
        assert!(names_parameter(named, p), "{named}");
    }
    for prose in [
        "split the clip in two",
        "mode \"split\" or \"auto\"",
        "a::split",
    ] {
        assert!(!names_parameter(prose, "split"), "{prose}");
    }
}
