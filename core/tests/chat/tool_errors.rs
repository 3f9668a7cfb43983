//! A tool error as the card shows it: the code and hint come from the device's
//! `_meta["barline/error"]`, the model receives the text unchanged, and the page's own
//! answers keep the code their text starts with.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use crate::support_chat;

use barline_core::chat::view;
use serde_json::{json, Value};
use support_chat::{answer, calls, engine, requests, stream};

const TEXT: &str = "Error [NOT_FOUND] in barline-update-clip: id \"999\" does not exist\nHint: Read the parent object, then retry.";

fn not_found() -> Value {
    json!({
        "isError": true,
        "content": [{"type": "text", "text": TEXT}],
        "_meta": {"barline/error": {"code": "NOT_FOUND", "message": "id \"999\" does not exist", "hint": "Read the parent object, then retry.", "tool": "barline-update-clip"}}
    })
}

fn cards(e: &barline_core::chat::Engine) -> Vec<Value> {
    view::view(e)["items"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|i| i["calls"].as_array().cloned().unwrap_or_default())
        .collect()
}

#[test]
fn the_card_shows_the_devices_code_and_hint_and_the_model_reads_the_text() {
    let mut e = engine(25);
    e.send("rename it");
    let run = answer(
        &mut e,
        &stream(
            "",
            &[
                ("barline-update-clip", r#"{"ids":"999"}"#),
                ("barline-make-song", "{}"),
            ],
        ),
    );
    let id = calls(&run)[0].0.clone();
    let next = e.tool_result(&id, &not_found());
    let shown = cards(&e);
    assert_eq!(shown[0]["status"], "error");
    assert_eq!(shown[0]["code"], "NOT_FOUND");
    assert_eq!(shown[0]["hint"], "Read the parent object, then retry.");
    assert_eq!(shown[1]["code"], "UNKNOWN_TOOL", "the page's own answer");
    assert_eq!(shown[1]["hint"], Value::Null);
    let req = &requests(&next)[0];
    let results: Vec<&Value> = req["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "tool")
        .collect();
    assert_eq!(
        results[0]["content"], TEXT,
        "the model reads the text as sent"
    );
}
