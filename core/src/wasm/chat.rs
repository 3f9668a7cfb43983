//! The chat page's engine for JavaScript (`ChatEngine`): each method is one event of
//! the page (a user message, stream bytes, an MCP result, a timer, Stop) and returns
//! the effects to carry out as JSON text. Values are converted here; every decision is
//! in `crate::chat`.

use crate::chat::conversation::Conversation;
use crate::chat::engine::{Effect, Engine};
use crate::chat::types::{Config, ToolDef};
use crate::chat::{markdown, view};
use wasm_bindgen::prelude::*;

fn effects(list: Vec<Effect>) -> String {
    serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
}

fn parse<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> Result<T, JsError> {
    serde_json::from_str(text).map_err(|e| JsError::new(&format!("{what} is not valid: {e}")))
}

/// One conversation's engine.
#[wasm_bindgen]
pub struct ChatEngine {
    engine: Engine,
}

#[wasm_bindgen]
impl ChatEngine {
    /// An engine for the settings `configJson` and a stored conversation (or none).
    #[wasm_bindgen(constructor)]
    pub fn new(
        config_json: &str,
        conversation_json: Option<String>,
    ) -> Result<ChatEngine, JsError> {
        let config: Config = parse("the conversation's settings", config_json)?;
        let conv: Conversation = match conversation_json {
            Some(t) if !t.is_empty() => parse("the stored conversation", &t)?,
            _ => Conversation::default(),
        };
        Ok(ChatEngine {
            engine: Engine::new(config, conv),
        })
    }

    /// The session's `tools/list` result and the names this conversation disables.
    #[wasm_bindgen(js_name = setTools)]
    pub fn set_tools(&mut self, list_json: &str, disabled_json: &str) -> Result<(), JsError> {
        let list: serde_json::Value = parse("the tool list", list_json)?;
        let disabled: Vec<String> = parse("the disabled tools", disabled_json)?;
        self.engine.set_tools(ToolDef::from_list(&list), disabled);
        Ok(())
    }

    /// Replaces the settings.
    #[wasm_bindgen(js_name = setConfig)]
    pub fn set_config(&mut self, config_json: &str) -> Result<(), JsError> {
        self.engine
            .set_config(parse("the conversation's settings", config_json)?);
        Ok(())
    }

    /// The user sends a message.
    pub fn send(&mut self, text: &str) -> String {
        effects(self.engine.send(text))
    }

    /// Bytes of the provider's stream.
    #[wasm_bindgen(js_name = streamBytes)]
    pub fn stream_bytes(&mut self, bytes: &[u8]) -> String {
        effects(self.engine.stream_bytes(bytes))
    }

    /// The provider's body ended.
    #[wasm_bindgen(js_name = streamEnd)]
    pub fn stream_end(&mut self) -> String {
        effects(self.engine.stream_end())
    }

    /// Reading the body failed.
    #[wasm_bindgen(js_name = streamFailed)]
    pub fn stream_failed(&mut self, message: &str) -> String {
        effects(self.engine.stream_failed(message))
    }

    /// An HTTP error answer from the provider; `jitter` is a random number in 0–1.
    #[wasm_bindgen(js_name = httpError)]
    pub fn http_error(
        &mut self,
        status: u16,
        retry_after: Option<String>,
        body: &str,
        jitter: f64,
    ) -> String {
        effects(
            self.engine
                .http_error(status, retry_after.as_deref(), body, jitter),
        )
    }

    /// No answer at all; `cors` when the page's no-cors probe reached the server.
    #[wasm_bindgen(js_name = networkError)]
    pub fn network_error(&mut self, cors: bool, base_url: &str, origin: &str) -> String {
        effects(self.engine.network_error(cors, base_url, origin))
    }

    /// The device's MCP result for a call (JSON text of the `result` object).
    #[wasm_bindgen(js_name = toolResult)]
    pub fn tool_result(&mut self, call_id: &str, result_json: &str) -> String {
        match serde_json::from_str(result_json) {
            Ok(v) => effects(self.engine.tool_result(call_id, &v)),
            Err(e) => effects(
                self.engine
                    .tool_failed(call_id, &format!("the result is not JSON ({e})")),
            ),
        }
    }

    /// The call failed in transit or with a JSON-RPC error.
    #[wasm_bindgen(js_name = toolFailed)]
    pub fn tool_failed(&mut self, call_id: &str, message: &str) -> String {
        effects(self.engine.tool_failed(call_id, message))
    }

    /// The running call never reached the device (it is gone): the turn pauses.
    #[wasm_bindgen(js_name = deviceUnreachable)]
    pub fn device_unreachable(&mut self, call_id: &str) -> String {
        effects(self.engine.device_unreachable(call_id))
    }

    /// The device answers again: a turn paused for it goes on.
    #[wasm_bindgen(js_name = deviceBack)]
    pub fn device_back(&mut self) -> String {
        effects(self.engine.device_back())
    }

    /// A wait asked for by a `wait` effect is over.
    pub fn timer(&mut self) -> String {
        effects(self.engine.timer())
    }

    /// Stop.
    pub fn stop(&mut self) -> String {
        effects(self.engine.stop())
    }

    /// Continue after the round limit.
    #[wasm_bindgen(js_name = continueTurn)]
    pub fn continue_turn(&mut self) -> String {
        effects(self.engine.continue_turn())
    }

    /// Retry after an error.
    pub fn retry(&mut self) -> String {
        effects(self.engine.retry())
    }

    /// The view to draw (JSON text).
    pub fn view(&self) -> String {
        view::view(&self.engine).to_string()
    }

    /// The conversation to store (JSON text).
    #[wasm_bindgen(js_name = conversationJson)]
    pub fn conversation_json(&self) -> String {
        serde_json::to_string(self.engine.conversation()).unwrap_or_default()
    }
}

/// The page's MCP `initialize` request with the conversation's session profile.
#[wasm_bindgen(js_name = chatInitialize)]
pub fn chat_initialize(id: u32, small_model: bool, disabled_json: &str) -> Result<String, JsError> {
    let disabled: Vec<String> = parse("the disabled tools", disabled_json)?;
    Ok(crate::chat::session::initialize(
        u64::from(id),
        small_model,
        &disabled,
    ))
}

/// Model text rendered by the chat page's safe markdown renderer.
#[wasm_bindgen(js_name = chatMarkdown)]
pub fn chat_markdown(text: &str) -> String {
    markdown::to_html(text)
}
