//! What the stdio bridge answers while no device runs at its URL: an in-process server
//! with default settings still answers `initialize`, `tools/list`, prompts and static
//! resources, and every tool call gets the offline error of [`super::Transit::Offline`].

use crate::bridge::client;
use crate::mcp::{HttpAction, HttpRequest, Server, Settings};
use crate::relay::Transit;
use serde_json::Value;
use std::collections::BTreeMap;

/// The stdio bridge's stand-in for a device that is not running.
pub struct OfflineServer {
    server: Server,
    url: String,
    session: String,
    init_body: String,
}

impl OfflineServer {
    /// A stand-in for the device at `url`; `entropy` seeds session ids; `init_json` is
    /// the client's own `initialize` request (a default one when absent or not JSON).
    pub fn new(url: &str, entropy: &str, init_json: Option<&str>) -> OfflineServer {
        let settings = Settings {
            entropy: entropy.to_string(),
            ..Settings::default()
        };
        let mut server = Server::new(settings);
        let init = init_json
            .filter(|t| serde_json::from_str::<Value>(t).is_ok())
            .map(str::to_string)
            .unwrap_or_else(|| client::initialize(&Value::from(0), "barline-stdio", None));
        let (session, init_body) = match server.handle_http(&post(init, None)) {
            HttpAction::Respond(r) => (
                r.headers.get("mcp-session-id").cloned().unwrap_or_default(),
                r.body,
            ),
            _ => (String::new(), String::new()),
        };
        OfflineServer {
            server,
            url: url.to_string(),
            session,
            init_body,
        }
    }

    /// The answers to one client message (JSON text), one JSON text per message.
    pub fn answer(&mut self, message_json: &str) -> Vec<String> {
        let message: Value = match serde_json::from_str(message_json) {
            Ok(v) => v,
            Err(e) => return vec![client::parse_error(&e.to_string())],
        };
        if message.get("method").and_then(Value::as_str) == Some("initialize") {
            let mut body: Value = serde_json::from_str(&self.init_body).unwrap_or(Value::Null);
            if let Some(obj) = body.as_object_mut() {
                obj.insert(
                    "id".into(),
                    message.get("id").cloned().unwrap_or(Value::Null),
                );
            }
            return vec![body.to_string()];
        }
        let request = post(message_json.to_string(), Some(&self.session));
        let mut bodies = Vec::new();
        let mut next = Some(self.server.handle_http(&request));
        let mut failing = Vec::new();
        while let Some(action) = next.take() {
            match action {
                HttpAction::Respond(r) if !r.body.is_empty() => bodies.push(r.body),
                HttpAction::Forward { calls, .. } => failing.extend(calls),
                _ => {}
            }
            if let Some(call) = failing.pop() {
                let error = Transit::Offline {
                    url: self.url.clone(),
                }
                .to_error();
                next = Some(self.server.fail_tool_call_with(call.call_id, error));
            }
        }
        bodies
            .iter()
            .flat_map(|b| match serde_json::from_str::<Value>(b) {
                Ok(Value::Array(items)) => items.iter().map(Value::to_string).collect(),
                _ => vec![b.clone()],
            })
            .collect()
    }
}

fn post(body: String, session: Option<&str>) -> HttpRequest {
    let mut headers = BTreeMap::new();
    headers.insert("host".into(), "localhost".into());
    headers.insert("content-type".into(), "application/json".into());
    headers.insert(
        "accept".into(),
        "application/json, text/event-stream".into(),
    );
    if let Some(s) = session {
        headers.insert("mcp-session-id".into(), s.into());
    }
    HttpRequest {
        method: "POST".into(),
        path: "/mcp".into(),
        headers,
        body,
        // No session here lives long enough to expire: the bridge answers and forgets.
        now_ms: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::OfflineServer;
    use serde_json::Value;

    fn one(server: &mut OfflineServer, text: &str) -> Value {
        let answers = server.answer(text);
        assert_eq!(answers.len(), 1, "{answers:?}");
        serde_json::from_str(&answers[0]).unwrap()
    }

    #[test]
    fn initialize_and_tools_list_answer_and_tool_calls_say_the_device_is_not_running() {
        let mut s = OfflineServer::new("http://127.0.0.1:9/mcp", "ab", None);
        let init = one(
            &mut s,
            r#"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#,
        );
        assert_eq!(init["id"], 7);
        assert_eq!(init["result"]["serverInfo"]["name"], "barline");
        let list = one(&mut s, r#"{"jsonrpc":"2.0","id":8,"method":"tools/list"}"#);
        assert!(list["result"]["tools"]
            .as_array()
            .is_some_and(|t| !t.is_empty()));
        let call = one(
            &mut s,
            r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"barline-connect","arguments":{}}}"#,
        );
        let text = call["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.starts_with("Error [DISABLED] in barline-connect: Barline is not running: nothing answers at http://127.0.0.1:9/mcp"), "{text}");
        assert!(text.contains("no setting will change that"), "{text}");
    }

    #[test]
    fn a_line_that_is_not_json_is_a_parse_error() {
        let mut s = OfflineServer::new("u", "", None);
        assert_eq!(one(&mut s, "{x")["error"]["code"], -32700);
    }
}
