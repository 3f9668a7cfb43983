//! Property tests: the MCP server and argument validation never panic on any input, and
//! every POST gets exactly one well-formed answer.

use crate::support;

use barline_core::mcp::{HttpAction, Server, Settings};
use barline_core::tools::catalogue::CatalogueOptions;
use barline_core::tools::{prepare, Prepared};
use proptest::prelude::*;
use serde_json::{json, Value};
use support::mcp::json_post;

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        ".{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("slot".to_string()),
                    Just("notes".to_string()),
                    Just("include".to_string()),
                    Just("trackIndex".to_string()),
                    "[a-z]{1,6}".prop_map(String::from)
                ],
                inner,
                0..5
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn post(server: &mut Server, body: String, sid: Option<&str>) -> HttpAction {
    server.handle_http(&json_post("localhost", body, sid))
}

proptest! {
    #[test]
    fn any_body_gets_an_answer(body in ".{0,200}") {
        let mut s = Server::new(Settings::default());
        match post(&mut s, body, None) {
            HttpAction::Respond(r) => prop_assert!(r.status >= 200 && r.status < 600),
            other => prop_assert!(false, "unexpected {:?}", other),
        }
    }

    #[test]
    fn any_message_in_a_session_is_answered_or_forwarded(msg in json_value(), method in prop_oneof![
        Just("tools/call"), Just("resources/read"), Just("prompts/get"), Just("logging/setLevel"), Just("ping"), Just("x")]) {
        let mut s = Server::new(Settings::default());
        let init = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26"}});
        let sid = match post(&mut s, init.to_string(), None) {
            HttpAction::Respond(r) => r.headers["mcp-session-id"].clone(),
            _ => unreachable!(),
        };
        // As raw message, inside a batch, and as params of a real method.
        for body in [
            msg.to_string(),
            json!([msg.clone()]).to_string(),
            json!({"jsonrpc":"2.0","id":2,"method":method,"params":msg}).to_string(),
        ] {
            match post(&mut s, body, Some(&sid)) {
                HttpAction::Respond(r) => prop_assert!(r.status == 202 || serde_json::from_str::<Value>(&r.body).is_ok()),
                HttpAction::Forward { calls, .. } => {
                    for c in calls {
                        match s.fail_tool_call(c.call_id, "TIMEOUT", "t") {
                            HttpAction::Respond(r) => prop_assert!(serde_json::from_str::<Value>(&r.body).is_ok()),
                            HttpAction::Pending => {}
                            other => prop_assert!(false, "unexpected {:?}", other),
                        }
                    }
                }
                HttpAction::Pending => prop_assert!(false, "pending without calls"),
            }
        }
        prop_assert_eq!(s.pending(), 0);
    }

    #[test]
    fn validation_never_panics(args in json_value(), small in any::<bool>()) {
        for tool in ["barline-connect", "barline-read-clip", "barline-create-clip"] {
            match prepare(tool, &args, CatalogueOptions { small_model: small, ..Default::default() }) {
                Prepared::Answer(r) => prop_assert_eq!(&r["isError"], &json!(true)),
                Prepared::Forward { args, .. } => prop_assert!(args.is_object()),
                Prepared::Unknown => prop_assert!(false),
            }
        }
    }
}
