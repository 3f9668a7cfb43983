//! Small-model mode (docs/design/tool-contract.md §1.12): the catalogue plus instructions
//! a client loads is under 40 % of the full size, every listed tool still validates its
//! own schema, and `include` descriptions name only the values the schema still accepts.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use serde_json::{json, Value};
use support::mcp::json_post;

fn post(s: &mut Server, sid: Option<&str>, method: &str) -> (Option<String>, Value) {
    let body =
        json!({"jsonrpc":"2.0","id":1,"method":method,"params":{"protocolVersion":"2025-11-25"}})
            .to_string();
    match s.handle_http(&json_post("localhost", body, sid)) {
        HttpAction::Respond(r) => (
            r.headers.get("mcp-session-id").cloned(),
            serde_json::from_str(&r.body).unwrap(),
        ),
        other => panic!("{method}: {other:?}"),
    }
}

/// `tools/list` result and instructions of a session with `small_model`.
fn surface(small_model: bool) -> (Value, String) {
    let mut s = Server::new(Settings {
        small_model,
        ..Settings::default()
    });
    let (sid, init) = post(&mut s, None, "initialize");
    let (_, list) = post(&mut s, sid.as_deref(), "tools/list");
    (
        list["result"].clone(),
        init["result"]["instructions"].as_str().unwrap().to_string(),
    )
}

#[test]
fn small_model_mode_is_under_forty_percent_of_the_full_surface() {
    let (full_list, full_text) = surface(false);
    let (small_list, small_text) = surface(true);
    let full = full_list.to_string().len() + full_text.len();
    let small = small_list.to_string().len() + small_text.len();
    println!(
        "tools/list + instructions: full {full} bytes (list {}, instructions {}), small-model {small} bytes (list {}, instructions {}), {:.1} %",
        full_list.to_string().len(),
        full_text.len(),
        small_list.to_string().len(),
        small_text.len(),
        100.0 * small as f64 / full as f64
    );
    assert!(small * 100 < full * 40, "small {small} vs full {full}");
    // The short instructions keep the advice and drop the tools-by-task list.
    assert!(full_text.contains("The tools, by task:"));
    assert!(!small_text.contains("The tools, by task:"));
    assert!(small_text.contains("Never guess ids") && small_text.contains("Failed calls"));
}

#[test]
fn every_small_model_tool_validates_and_names_only_accepted_values() {
    use barline_core::tools::catalogue::{self, CatalogueOptions};
    use barline_core::tools::{prepare, Prepared};
    let opts = CatalogueOptions {
        small_model: true,
        modern: true,
        ..Default::default()
    };
    let list = catalogue::list(opts);
    assert!(!list.is_empty());
    for tool in &list {
        let name = tool["name"].as_str().unwrap();
        let schema = &tool["inputSchema"];
        jsonschema::validator_for(schema)
            .unwrap_or_else(|e| panic!("{name}: input schema does not compile: {e}"));
        assert!(tool.get("outputSchema").is_none(), "{name}");
        let d = tool["description"].as_str().unwrap();
        assert!(!d.is_empty() && d.len() <= 200, "{name}: {d}");
        // Validation runs on the same reduced schema (never "unknown tool").
        assert!(
            !matches!(prepare(name, &json!({}), opts), Prepared::Unknown),
            "{name}"
        );
        for (param, p) in schema["properties"].as_object().unwrap() {
            let Some(values) = p["items"]["enum"].as_array() else {
                continue;
            };
            let text = p["description"].as_str().unwrap_or("");
            let entry = catalogue::find(name).unwrap();
            for (rp, removed) in entry.meta.small_removed_values {
                if rp == param {
                    for r in *removed {
                        assert!(
                            !values.contains(&json!(r)),
                            "{name}.{param} still accepts {r}"
                        );
                        let words: Vec<&str> = text.split([',', ' ', '.', ':']).collect();
                        assert!(!words.contains(r), "{name}.{param} names {r}: {text}");
                    }
                }
            }
        }
    }
    // A removed parameter is an unknown argument (docs/design/tool-contract.md §1.11), a
    // removed value BAD_INPUT.
    match prepare("barline-create-track", &json!({"count": 2}), opts) {
        Prepared::Forward { warnings, .. } => {
            assert!(warnings.iter().any(|w| w.contains("count")), "{warnings:?}")
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        prepare(
            "barline-read-clip",
            &json!({"slot": "0/0", "include": ["warp"]}),
            opts
        ),
        Prepared::Answer(_)
    ));
    let read_clip = list
        .iter()
        .find(|t| t["name"] == "barline-read-clip")
        .unwrap();
    assert_eq!(
        read_clip["inputSchema"]["properties"]["include"]["description"], "Extra detail",
        "the enum lists the values; the description never names a removed one"
    );
}
