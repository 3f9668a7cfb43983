//! A session's profile (`capabilities.experimental["barline/profile"]` in `initialize`):
//! small-model mode and disabled tools for that session only, the device's own disabled
//! tools still applying, and a malformed profile refused with the field it names.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use serde_json::{json, Value};
use support::mcp::json_post;

fn post(s: &mut Server, sid: Option<&str>, body: Value) -> (Option<String>, Value) {
    match s.handle_http(&json_post("localhost", body.to_string(), sid)) {
        HttpAction::Respond(r) => (
            r.headers.get("mcp-session-id").cloned(),
            serde_json::from_str(&r.body).unwrap(),
        ),
        other => panic!("{other:?}"),
    }
}

fn open(s: &mut Server, profile: Option<Value>) -> (Option<String>, Value) {
    let mut params = json!({"protocolVersion": "2025-11-25", "capabilities": {}});
    if let Some(p) = profile {
        params["capabilities"] = json!({"experimental": {"barline/profile": p}});
    }
    post(
        s,
        None,
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}),
    )
}

fn names(s: &mut Server, sid: &str) -> Vec<String> {
    let (_, list) = post(
        s,
        Some(sid),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    );
    list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_profile_changes_only_its_own_session() {
    let mut s = Server::new(Settings {
        disabled_tools: "barline-playback".into(),
        ..Settings::default()
    });
    let (plain, plain_init) = open(&mut s, None);
    let (small, small_init) = open(
        &mut s,
        Some(json!({"smallModel": true, "disabledTools": ["barline-read-clip"]})),
    );
    let (plain, small) = (plain.unwrap(), small.unwrap());
    let all = names(&mut s, &plain);
    let few = names(&mut s, &small);
    assert!(few.len() < all.len(), "{} vs {}", few.len(), all.len());
    assert!(!few.contains(&"barline-read-clip".to_string()));
    assert!(
        all.contains(&"barline-read-clip".to_string()),
        "another client still sees it"
    );
    assert!(
        !all.contains(&"barline-playback".to_string())
            && !few.contains(&"barline-playback".to_string()),
        "the device's list applies to both"
    );
    let short = small_init["result"]["instructions"].as_str().unwrap();
    let long = plain_init["result"]["instructions"].as_str().unwrap();
    assert!(
        short.len() < long.len(),
        "the short guide for the small session"
    );
    assert!(!s.settings().small_model, "the device setting is unchanged");
    // A tool the profile disabled is refused as unknown in that session only.
    let call = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "barline-read-clip", "arguments": {}}});
    let (_, refused) = post(&mut s, Some(&small), call.clone());
    let text = refused.to_string();
    assert!(
        text.contains("barline-read-clip") && (text.contains("nknown") || text.contains("UNKNOWN")),
        "{text}"
    );
    assert!(
        !matches!(
            s.handle_http(&json_post("localhost", call.to_string(), Some(&plain))),
            HttpAction::Respond(_)
        ),
        "forwarded to Live in the plain session"
    );
}

#[test]
fn a_malformed_profile_is_refused_with_the_field_it_names() {
    let mut s = Server::new(Settings::default());
    for (profile, field) in [
        (json!("small"), "must be an object"),
        (
            json!({"smallModel": "yes"}),
            "smallModel must be true or false",
        ),
        (
            json!({"disabledTools": "barline-connect"}),
            "disabledTools must be a list",
        ),
        (
            json!({"disabledTools": ["a,b"]}),
            "disabledTools[0] must be a tool name",
        ),
    ] {
        let (sid, answer) = open(&mut s, Some(profile));
        assert!(sid.is_none());
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(field), "{message}");
    }
}
