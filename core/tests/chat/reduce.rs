//! History reduction: past the context budget the oldest large tool results are left
//! out of the request (never out of the stored conversation), the latest round's
//! results stay whole, and the same history gives the same request.
#![cfg(all(feature = "chat", not(target_arch = "wasm32")))]

use barline_core::chat::conversation::Conversation;
use barline_core::chat::{Config, Effect, Engine, Format, ToolDef};
use serde_json::{json, Value};

fn engine(context_length: Option<u32>) -> Engine {
    let config = Config {
        preset: "ollama".into(),
        format: Format::Openai,
        model: "small".into(),
        system_prompt: "S".into(),
        context_length,
        ..Config::default()
    };
    let mut e = Engine::new(config, Conversation::default());
    let tool = ToolDef {
        name: "barline-read-clip".into(),
        title: "Read Clip".into(),
        description: "Read.".into(),
        input_schema: json!({"type": "object"}),
        read_only: true,
    };
    e.set_tools(vec![tool], Vec::new());
    e
}

fn body(effects: &[Effect]) -> Option<Value> {
    effects.iter().find_map(|e| match e {
        Effect::Request { request } => Some(serde_json::from_str(&request.body).unwrap()),
        _ => None,
    })
}

/// Three rounds each reading a clip whose result is 3,000 characters; the request of
/// the fourth round.
fn fourth_request(e: &mut Engine) -> Value {
    e.send("read the clips");
    let mut last = None;
    for i in 0..3 {
        let chunk = json!({"choices": [{"delta": {"tool_calls": [{"index": 0, "id": format!("c{i}"), "function": {"name": "barline-read-clip", "arguments": "{}"}}]}}]});
        // [DONE] completes the round at once: the page stops reading.
        assert_eq!(
            e.stream_bytes(format!("data: {chunk}\n\ndata: [DONE]\n\n").as_bytes())[0],
            Effect::Abort
        );
        let text = format!("notes {i}: {}", "C3 1|1 ".repeat(428));
        last = body(&e.tool_result(
            &format!("c{i}"),
            &json!({"content": [{"type": "text", "text": text}]}),
        ));
    }
    last.expect("a fourth request")
}

fn tool_texts(req: &Value) -> Vec<String> {
    req["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "tool")
        .map(|m| m["content"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn old_large_results_are_left_out_oldest_first_and_the_latest_kept() {
    // 2,000 tokens, 60 % for a local model: 4,800 characters of history.
    let mut e = engine(Some(2_000));
    let req = fourth_request(&mut e);
    let texts = tool_texts(&req);
    assert_eq!(texts[0], "[result of barline-read-clip (3005 characters) omitted to save context; call the tool again if you need it]");
    assert!(
        texts[1].starts_with("[result of barline-read-clip"),
        "the second oldest too: {}",
        &texts[1][..40]
    );
    assert!(
        texts[2].starts_with("notes 2: "),
        "the latest round is whole"
    );
    let stored = serde_json::to_string(e.conversation()).unwrap();
    assert!(
        stored.contains("notes 0: C3") && !stored.contains("omitted to save context"),
        "the stored conversation keeps everything"
    );
    // The same history and budget give the same request.
    let mut again = engine(Some(2_000));
    assert_eq!(fourth_request(&mut again), req);
}

#[test]
fn without_a_context_length_or_within_it_nothing_is_left_out() {
    for context in [None, Some(100_000)] {
        let mut e = engine(context);
        let texts = tool_texts(&fourth_request(&mut e));
        assert!(texts.iter().all(|t| t.starts_with("notes ")), "{context:?}");
    }
}
