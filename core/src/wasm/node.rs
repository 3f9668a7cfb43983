//! `NodeCore`: the MCP server for node-host (`node-host/src/http-server.mjs`).
//! Converts between JS values and [`crate::mcp`] types; every decision is made in `mcp`.

use crate::mcp::{HttpAction, HttpRequest, HttpResponse, OutCall, Server, Settings};
use crate::relay::Transit;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// What node-host must do, as a plain JS object tagged by `kind`.
#[derive(Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
enum Action {
    Response {
        status: u16,
        headers: BTreeMap<String, String>,
        body: String,
        streamed: bool,
    },
    ToolCall {
        call_id: u64,
        tool: String,
        args: serde_json::Value,
        context: serde_json::Value,
        prelude: Option<HttpResponse>,
    },
    ToolCalls {
        calls: Vec<OutCall>,
        prelude: Option<HttpResponse>,
    },
    Pending,
    /// Ask Live to drop these calls if they have not started, then write `response`.
    Cancel {
        call_ids: Vec<u64>,
        response: HttpResponse,
    },
}

fn to_js(action: HttpAction) -> JsValue {
    to_value(&action_of(action))
}

fn to_value(action: &Action) -> JsValue {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    action.serialize(&ser).unwrap_or(JsValue::NULL)
}

fn action_of(action: HttpAction) -> Action {
    match action {
        HttpAction::Respond(r) => Action::Response {
            status: r.status,
            headers: r.headers,
            body: r.body,
            streamed: r.streamed,
        },
        HttpAction::Forward { mut calls, prelude } if calls.len() == 1 => {
            let c = calls.remove(0);
            Action::ToolCall {
                call_id: c.call_id,
                tool: c.tool,
                args: c.args,
                context: c.context,
                prelude,
            }
        }
        HttpAction::Forward { calls, prelude } => Action::ToolCalls { calls, prelude },
        HttpAction::Pending => Action::Pending,
    }
}

/// Every device setting with its default, as JSON (`mcp::Settings`): node-host reads
/// the names, types and defaults of its start arguments from here.
#[wasm_bindgen(js_name = defaultSettingsJson)]
pub fn default_settings_json() -> String {
    serde_json::to_string(&Settings::default()).unwrap_or_default()
}

/// The silent WAV file node-host writes to its temp directory at start-up
/// ([`crate::silent_wav`]); node-host passes its path as the `silentWav` setting.
#[wasm_bindgen(js_name = silentWav)]
pub fn silent_wav() -> Vec<u8> {
    crate::silent_wav::bytes()
}

/// Console lines about a disabled-tools list (comma-separated): unknown names and
/// `barline-connect` are ignored, and the user is told so.
#[wasm_bindgen(js_name = disabledToolsNotes)]
pub fn disabled_tools_notes(list: &str) -> Vec<String> {
    Settings {
        disabled_tools: list.to_string(),
        ..Settings::default()
    }
    .disabled_tools_notes()
}

/// The device's MCP server, one per node.script process.
#[wasm_bindgen]
pub struct NodeCore {
    server: Server,
    generated_token: Option<String>,
}

#[wasm_bindgen]
impl NodeCore {
    /// Builds the server from the settings JSON (see the contract).
    #[wasm_bindgen(constructor)]
    pub fn new(settings_json: &str) -> Result<NodeCore, JsError> {
        console_error_panic_hook::set_once();
        let mut settings = Settings::from_json(settings_json).map_err(|e| JsError::new(&e))?;
        let generated_token = settings.adopt_fresh_token();
        Ok(NodeCore {
            server: Server::new(settings),
            generated_token,
        })
    }

    /// The token this server adopted from `freshToken` because one was required and
    /// none was stored; the host stores and shows it. `undefined` otherwise.
    #[wasm_bindgen(js_name = generatedToken)]
    pub fn generated_token(&self) -> Option<String> {
        self.generated_token.clone()
    }

    /// Handles one HTTP request; `headers` is an object with lower-cased names, `body`
    /// the raw bytes (a `Uint8Array`/`Buffer`, checked for UTF-8 in core) or a string.
    #[wasm_bindgen(js_name = handleHttp)]
    pub fn handle_http(
        &mut self,
        method: &str,
        path: &str,
        headers: JsValue,
        body: JsValue,
    ) -> JsValue {
        let headers: BTreeMap<String, String> =
            serde_wasm_bindgen::from_value(headers).unwrap_or_default();
        let req = HttpRequest {
            method: method.to_ascii_uppercase(),
            path: path.to_string(),
            headers,
            body: String::new(),
            now_ms: js_sys::Date::now().max(0.0) as u64,
        };
        let bytes = match body.as_string() {
            Some(text) => text.into_bytes(),
            None if body.is_instance_of::<js_sys::Uint8Array>() => {
                js_sys::Uint8Array::new(&body).to_vec()
            }
            None => Vec::new(),
        };
        let action = self.server.handle_http_bytes(req, bytes);
        // A POST carrying notifications/cancelled is answered 202 once Live was asked
        // to drop the calls it names.
        let call_ids = self.server.take_cancelled();
        match action {
            HttpAction::Respond(response) if !call_ids.is_empty() => {
                to_value(&Action::Cancel { call_ids, response })
            }
            other => to_js(other),
        }
    }

    /// Live answered call `call_id`.
    #[wasm_bindgen(js_name = completeToolCall)]
    pub fn complete_tool_call(
        &mut self,
        call_id: f64,
        result_json: &str,
        warnings: JsValue,
    ) -> JsValue {
        let warnings: Vec<String> = serde_wasm_bindgen::from_value(warnings).unwrap_or_default();
        to_js(
            self.server
                .complete_tool_call(call_id as u64, result_json, &warnings),
        )
    }

    /// Call `call_id` failed in transit: `kind` and `detail` as the relay reported
    /// them (`relay::Transit::from_report`); core words the error.
    #[wasm_bindgen(js_name = failToolCall)]
    pub fn fail_tool_call(&mut self, call_id: f64, kind: &str, detail: &str) -> JsValue {
        let error = Transit::from_report(kind, detail).to_error();
        to_js(self.server.fail_tool_call_with(call_id as u64, error))
    }

    /// Changes one setting while the server runs (`setting <name> <value>` from the
    /// device); `value_json` is the value as JSON. Throws with the reason and changes
    /// nothing for a start-only or unknown name or a bad value.
    #[wasm_bindgen(js_name = updateSetting)]
    pub fn update_setting(&mut self, name: &str, value_json: &str) -> Result<(), JsError> {
        let value: serde_json::Value = serde_json::from_str(value_json)
            .map_err(|e| JsError::new(&format!("setting {name}: value is not JSON: {e}")))?;
        self.server
            .update_setting(name, value)
            .map_err(|e| JsError::new(&e))
    }

    /// Admission for a page served beside `/mcp` (`/chat/…` also needs the Chat page
    /// setting on): `null` admits, otherwise the refusal (a `response` action) to write.
    #[wasm_bindgen(js_name = admitPage)]
    pub fn admit_page(&self, method: &str, path: &str, headers: JsValue) -> JsValue {
        let headers: BTreeMap<String, String> =
            serde_wasm_bindgen::from_value(headers).unwrap_or_default();
        let req = HttpRequest {
            method: method.to_ascii_uppercase(),
            path: path.to_string(),
            headers,
            body: String::new(),
            // Admission reads only the headers; no session is touched.
            now_ms: 0,
        };
        let chat = req.path == "/chat" || req.path.starts_with("/chat/");
        let refusal = if chat {
            self.server.admit_chat(&req)
        } else {
            self.server.admit_page(&req)
        };
        match refusal {
            Some(refusal) => to_js(HttpAction::Respond(refusal)),
            None => JsValue::NULL,
        }
    }

    /// The headers of every `/chat/` response (policy, caching by `etag`), as JSON text.
    #[wasm_bindgen(js_name = chatHeaders)]
    pub fn chat_headers(&self, etag: &str) -> String {
        serde_json::to_string(&self.server.chat_headers(etag)).unwrap_or_default()
    }

    /// The chat page's address for the device's "Open chat" button.
    #[wasm_bindgen(js_name = chatUrl)]
    pub fn chat_url(&self, port: u16) -> String {
        self.server.chat_url(port)
    }

    /// The 400 answer for a request whose body could not be read.
    #[wasm_bindgen(js_name = unreadableBody)]
    pub fn unreadable_body(&self, detail: &str) -> JsValue {
        to_js(HttpAction::Respond(Server::unreadable_body(detail)))
    }

    /// Limits node-host enforces while reading requests: `{maxBodyBytes, maxPending,
    /// timeoutMs, headersTimeoutMs, requestTimeoutMs, connectionsCheckMs}`.
    pub fn limits(&self) -> JsValue {
        let s = self.server.settings();
        let v = serde_json::json!({
            "maxBodyBytes": s.max_body_bytes,
            "maxPending": s.max_pending,
            "timeoutMs": s.timeout_ms,
            "headersTimeoutMs": s.headers_timeout_ms,
            "requestTimeoutMs": s.request_timeout_ms,
            "connectionsCheckMs": s.connections_check_ms(),
        });
        v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .unwrap_or(JsValue::NULL)
    }

    /// The 413 answer for a body of `size` bytes that node-host stopped reading.
    #[wasm_bindgen(js_name = bodyTooLarge)]
    pub fn body_too_large(&self, size: f64) -> JsValue {
        to_js(HttpAction::Respond(
            self.server.body_too_large(size as usize),
        ))
    }

    /// The 500 answer for a request whose handling trapped (asked of a fresh instance).
    #[wasm_bindgen(js_name = internalError)]
    pub fn internal_error(&self) -> JsValue {
        to_js(HttpAction::Respond(Server::internal_error()))
    }

    /// Tool calls out at Live.
    pub fn pending(&self) -> usize {
        self.server.pending()
    }
}
