//! The request context a tool may read (docs/design/tool-contract.md §1.16): device
//! settings and request facts, sent by the Node side with every call as the envelope's
//! `context` object.

use serde_json::{json, Value};

/// Device settings and request facts for one tool call.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ToolContext {
    /// Small-model mode: short catalogue and short guide.
    pub small_model: bool,
    /// Result text as minified JSON instead of compact literals.
    pub json_output: bool,
    /// Project memory switched on.
    pub memory_enabled: bool,
    /// The AI may replace the project memory.
    pub memory_writable: bool,
    /// Project memory text.
    pub memory_text: String,
    /// The device's sample folder, when one is set.
    pub sample_folder: Option<String>,
    /// Per-request time limit in milliseconds.
    pub timeout_ms: u64,
    /// Path of the short silent WAV the Node side writes at start-up
    /// (docs/design/tool-contract.md §1.16), when the request carried one.
    pub silent_wav: Option<String>,
    /// The Raw Live API setting: `barline-raw-live-api` runs only when it is on.
    pub raw_live_api: bool,
    /// The disabled-tools setting (comma-separated names): those tools are refused
    /// and the guide does not name them.
    pub disabled_tools: String,
    /// The tools listed for this call's settings, in catalogue order: filled by the
    /// runner (never sent on the wire) so texts name only tools that exist.
    pub listed_tools: Vec<String>,
}

impl ToolContext {
    /// Reads the context object; missing or mistyped fields take their defaults.
    pub fn from_json(v: &Value) -> ToolContext {
        let flag = |k: &str| v.get(k).and_then(Value::as_bool).unwrap_or(false);
        ToolContext {
            small_model: flag("smallModel"),
            json_output: flag("jsonOutput"),
            memory_enabled: flag("memoryEnabled"),
            memory_writable: flag("memoryWritable"),
            sample_folder: v
                .get("sampleFolder")
                .and_then(Value::as_str)
                .map(String::from),
            memory_text: v
                .get("memoryText")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            timeout_ms: v.get("timeoutMs").and_then(Value::as_u64).unwrap_or(30_000),
            silent_wav: v.get("silentWav").and_then(Value::as_str).map(String::from),
            raw_live_api: flag("rawLiveApi"),
            disabled_tools: v
                .get("disabledTools")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string(),
            listed_tools: Vec::new(),
        }
    }

    /// The context object as it travels in the envelope.
    pub fn to_json(&self) -> Value {
        json!({
            "smallModel": self.small_model,
            "jsonOutput": self.json_output,
            "memoryEnabled": self.memory_enabled,
            "memoryWritable": self.memory_writable,
            "memoryText": self.memory_text,
            "sampleFolder": self.sample_folder,
            "timeoutMs": self.timeout_ms,
            "rawLiveApi": self.raw_live_api,
            "disabledTools": self.disabled_tools,
            "silentWav": self.silent_wav,
        })
    }
}
