//! What the Node side answers by itself: tools/list, resources, prompts.

use crate::support;

use barline_core::mcp::{prompts, HttpAction, Server, Settings};
use serde_json::{json, Value};
use support::mcp::json_post;

fn session(s: &mut Server, version: &str) -> String {
    let r = call(s, None, "initialize", json!({"protocolVersion": version}));
    r.0.expect("session")
}

fn call(s: &mut Server, sid: Option<&str>, method: &str, params: Value) -> (Option<String>, Value) {
    let body = json!({"jsonrpc":"2.0","id":1,"method":method,"params":params}).to_string();
    match s.handle_http(&json_post("localhost", body, sid)) {
        HttpAction::Respond(resp) => (
            resp.headers.get("mcp-session-id").cloned(),
            serde_json::from_str(&resp.body).unwrap(),
        ),
        other => (None, json!({"forward": format!("{other:?}")})),
    }
}

#[test]
fn tools_list_follows_version_and_settings() {
    let mut s = Server::new(Settings::default());
    let new = session(&mut s, "2025-11-25");
    let old = session(&mut s, "2025-03-26");
    let (_, b) = call(&mut s, Some(&new), "tools/list", json!({}));
    assert_eq!(b["result"]["tools"][0]["name"], "barline-connect");
    assert!(b["result"]["tools"][0]["outputSchema"].is_object());
    let (_, b) = call(&mut s, Some(&old), "tools/list", json!({}));
    assert!(b["result"]["tools"][0].get("outputSchema").is_none());
}

#[test]
fn resources_static_and_live_routes() {
    let mut s = Server::new(Settings::default());
    let sid = session(&mut s, "2025-11-25");
    let (_, b) = call(&mut s, Some(&sid), "resources/list", json!({}));
    let uris: Vec<&str> = b["result"]["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["uri"].as_str().unwrap())
        .collect();
    assert_eq!(
        uris,
        [
            "live://set",
            "live://capabilities",
            "notation://barbeat",
            "transforms://reference"
        ]
    );
    let (_, b) = call(
        &mut s,
        Some(&sid),
        "resources/read",
        json!({"uri": "notation://barbeat"}),
    );
    let text = b["result"]["contents"][0]["text"].as_str().unwrap();
    assert!(text.contains("bar|beat") && text.chars().count() <= 25_000);
    assert_eq!(b["result"]["contents"][0]["mimeType"], "text/markdown");
    let (_, b) = call(
        &mut s,
        Some(&sid),
        "resources/read",
        json!({"uri": "file:///etc/passwd"}),
    );
    assert_eq!(b["error"]["code"], -32002);
    assert_eq!(b["error"]["data"]["code"], "NOT_FOUND");
    let (_, b) = call(
        &mut s,
        Some(&sid),
        "resources/read",
        json!({"uri": "live://set"}),
    );
    assert!(b["forward"].as_str().unwrap().contains("barline-resource"));
    let (_, b) = call(&mut s, Some(&sid), "resources/templates/list", json!({}));
    assert!(b["result"]["resourceTemplates"].is_array());
}

#[test]
fn prompts_list_and_get() {
    let mut s = Server::new(Settings::default());
    let sid = session(&mut s, "2025-06-18");
    let (_, b) = call(&mut s, Some(&sid), "prompts/list", json!({}));
    let names: Vec<&str> = b["result"]["prompts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    // Only prompts whose tools are all listed, in the order of
    // docs/design/tool-contract.md §3.11.
    let needs: [(&str, &[&str]); 4] = [
        ("compose-clip", &["barline-create-clip"]),
        (
            "humanize-clip",
            &["barline-read-clip", "barline-update-clip"],
        ),
        (
            "arrange-from-scenes",
            &["barline-read-live-set", "barline-duplicate"],
        ),
        ("mix-check", &["barline-read-live-set"]),
    ];
    let expected: Vec<&str> = needs
        .iter()
        .filter(|(_, tools)| {
            tools
                .iter()
                .all(|t| barline_core::tools::catalogue::find(t).is_some())
        })
        .map(|(name, _)| *name)
        .collect();
    assert_eq!(names, expected);
    let (_, b) = call(
        &mut s,
        Some(&sid),
        "prompts/get",
        json!({"name": "compose-clip", "arguments": {"trackIndex": "2", "style": "dub"}}),
    );
    let text = b["result"]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap();
    assert!(text.contains("4-bar") && text.contains("track 2") && text.contains("dub"));
    assert!(!text.contains('{') || !text.contains("{bars}"));
    let (_, b) = call(
        &mut s,
        Some(&sid),
        "prompts/get",
        json!({"name": "compose-clip"}),
    );
    assert_eq!(b["error"]["code"], -32602);
    let (_, b) = call(&mut s, Some(&sid), "prompts/get", json!({"name": "nope"}));
    assert_eq!(b["error"]["code"], -32602);
}

/// Issue 15 item 3: a value containing `{style}` is not expanded again, and oversized
/// arguments are refused without being echoed, so a reply stays small.
#[test]
fn prompt_arguments_are_substituted_once_and_capped() {
    let mut s = Server::new(Settings::default());
    let sid = session(&mut s, "2025-06-18");
    let get = |s: &mut Server, args: Value| {
        call(
            s,
            Some(&sid),
            "prompts/get",
            json!({"name": "compose-clip", "arguments": args}),
        )
        .1
    };
    let b = get(
        &mut s,
        json!({"trackIndex": "{style}{bars}", "style": "{trackIndex}"}),
    );
    let text = b["result"]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap();
    assert!(
        text.contains("track {style}{bars} in this style: {trackIndex}."),
        "{text}"
    );
    // The reported attack: 107 KB of placeholders that once expanded to 300 MB.
    let attack = "{style}".repeat(107_000 / 7);
    let b = get(&mut s, json!({"trackIndex": "1", "style": attack}));
    assert_eq!(b["error"]["code"], -32602);
    let message = b["error"]["message"].as_str().unwrap();
    assert_eq!(
        message,
        "prompt compose-clip argument style is 106995 characters long; at most 1000 are accepted: shorten it"
    );
    // 1 MB: the same precise error, and the body holds no copy of the value.
    let big = "x".repeat(1 << 20);
    let body = json!({"jsonrpc":"2.0","id":1,"method":"prompts/get",
        "params": {"name": "compose-clip", "arguments": {"trackIndex": big}}})
    .to_string();
    let HttpAction::Respond(resp) = s.handle_http(&json_post("localhost", body, Some(&sid))) else {
        panic!("answered at once");
    };
    assert!(resp.body.len() < 400, "{} bytes", resp.body.len());
    assert!(
        resp.body.contains("1048576 characters long"),
        "{}",
        resp.body
    );
    // The largest accepted arguments give a bounded reply: template + 3 × 1,000 chars
    // per placeholder use.
    let max = "{".repeat(prompts::MAX_ARGUMENT_CHARS);
    let b = get(
        &mut s,
        json!({"trackIndex": max, "style": max, "bars": max}),
    );
    assert!(b.to_string().len() < 20_000, "{}", b.to_string().len());
    // The session survived all of it.
    let (_, b) = call(&mut s, Some(&sid), "ping", json!({}));
    assert_eq!(b["result"], json!({}));
}
