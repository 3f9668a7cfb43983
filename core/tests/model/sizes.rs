//! What the model loads before its first call, measured as a client receives it
//! (docs/design/tool-contract.md §1.12): the model-visible part of `tools/list` (name,
//! title, description, input schema, annotations) in normal and small-model mode, the
//! output schemas beside it, and the reply of `barline-connect` on the demo Set. The
//! test prints the sizes (characters as JavaScript counts them) and fails above the
//! bounds.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use barline_core::tools::ToolContext;
use serde_json::{json, Map, Value};
use support::mcp::json_post;

/// Bounds of the model-visible list, normal and small-model mode.
const LIST_MAX: usize = 20_000;
const SMALL_LIST_MAX: usize = 11_000;
/// Bound of all output schemas together (normal mode).
const OUTPUT_MAX: usize = 12_000;
/// Bound of connect's text reply on the demo Set.
const CONNECT_MAX: usize = 5_000;

fn chars(v: &Value) -> usize {
    v.to_string().encode_utf16().count()
}

/// The `tools` array a client gets with `small_model`.
fn tools(small_model: bool) -> Vec<Value> {
    let mut s = Server::new(Settings {
        small_model,
        ..Settings::default()
    });
    let mut post = |sid: Option<&str>, method: &str| {
        let body = json!({"jsonrpc":"2.0","id":1,"method":method,"params":{"protocolVersion":"2025-11-25"}})
            .to_string();
        match s.handle_http(&json_post("localhost", body, sid)) {
            HttpAction::Respond(r) => (
                r.headers.get("mcp-session-id").cloned(),
                serde_json::from_str::<Value>(&r.body).unwrap(),
            ),
            other => panic!("{method}: {other:?}"),
        }
    };
    let (sid, _) = post(None, "initialize");
    let (_, list) = post(sid.as_deref(), "tools/list");
    list["result"]["tools"].as_array().unwrap().clone()
}

/// The part of each tool a model reads.
fn visible(tools: &[Value]) -> Value {
    let keep = ["name", "title", "description", "inputSchema", "annotations"];
    Value::Array(
        tools
            .iter()
            .map(|t| {
                let o: Map<String, Value> = keep
                    .iter()
                    .filter_map(|k| t.get(*k).map(|v| (k.to_string(), v.clone())))
                    .collect();
                Value::Object(o)
            })
            .collect(),
    )
}

fn outputs(tools: &[Value]) -> usize {
    tools
        .iter()
        .filter_map(|t| t.get("outputSchema"))
        .map(chars)
        .sum()
}

#[test]
fn the_tool_list_fits_its_bounds_in_both_modes() {
    let normal = tools(false);
    let small = tools(true);
    let (list, small_list, out) = (
        chars(&visible(&normal)),
        chars(&visible(&small)),
        outputs(&normal),
    );
    println!("tools/list model-visible: normal {list} chars (bound {LIST_MAX}), small-model {small_list} (bound {SMALL_LIST_MAX}); output schemas {out} (bound {OUTPUT_MAX})");
    for t in &normal {
        println!(
            "  {:<26} {:>5} visible, {:>5} output",
            t["name"].as_str().unwrap_or(""),
            chars(&visible(std::slice::from_ref(t))),
            t.get("outputSchema").map(chars).unwrap_or(0)
        );
    }
    assert!(list <= LIST_MAX, "normal list {list} > {LIST_MAX}");
    assert!(
        small_list <= SMALL_LIST_MAX,
        "small list {small_list} > {SMALL_LIST_MAX}"
    );
    assert!(out <= OUTPUT_MAX, "output schemas {out} > {OUTPUT_MAX}");
}

#[test]
fn connect_replies_within_its_bound_on_the_demo_set() {
    let mut live = support::fake::demo();
    for small_model in [false, true] {
        let ctx = ToolContext {
            small_model,
            ..ToolContext::default()
        };
        let r = support::tools::call_ctx(&mut live, "barline-connect", json!({}), &ctx);
        assert_ne!(r["isError"], true, "{r}");
        let text: usize = r["content"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|c| c["text"].as_str())
            .map(|t| t.encode_utf16().count())
            .sum();
        println!(
            "barline-connect reply (small-model {small_model}): {text} chars (bound {CONNECT_MAX})"
        );
        assert!(text <= CONNECT_MAX, "connect reply {text} > {CONNECT_MAX}");
    }
}
