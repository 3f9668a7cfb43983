//! Words shared by the wire formats and the loop: the format, the conversation's
//! settings, the tools offered and the provider-neutral stream events.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The HTTP shape of a model request and its streamed answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Format {
    /// OpenAI-compatible chat completions (OpenAI, OpenRouter, Mistral, LM Studio, Ollama).
    Openai,
    /// Anthropic Messages.
    Anthropic,
    /// Gemini `streamGenerateContent`.
    Gemini,
}

/// A conversation's settings (what the page's Settings sheet edits).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Config {
    /// Preset id (`openai`, `openrouter`, `mistral`, `lmstudio`, `ollama`, `custom`,
    /// `anthropic`, `gemini`): error texts name what to change for it.
    pub preset: String,
    /// Wire format of the preset.
    pub format: Format,
    /// Model name as the provider spells it.
    pub model: String,
    /// The system prompt the conversation started with.
    pub system_prompt: String,
    /// Rounds per turn before the loop pauses (1–100).
    pub round_limit: u32,
    /// Sampling temperature; not sent when absent.
    pub temperature: Option<f64>,
    /// Output token limit; not sent when absent (Anthropic needs one: 8192).
    pub max_tokens: Option<u32>,
    /// The model's context length in tokens, when known (from the provider's model list
    /// or entered); old large tool results are left out of requests to fit it.
    pub context_length: Option<u32>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            preset: "custom".into(),
            format: Format::Openai,
            model: String::new(),
            system_prompt: String::new(),
            round_limit: DEFAULT_ROUND_LIMIT,
            temperature: None,
            max_tokens: None,
            context_length: None,
        }
    }
}

/// Rounds per turn when the user has not changed it.
pub const DEFAULT_ROUND_LIMIT: u32 = 25;
/// Highest round limit the setting accepts.
pub const MAX_ROUND_LIMIT: u32 = 100;

impl Config {
    /// The settings with every number in range (a stored conversation may hold anything).
    pub fn normalised(mut self) -> Config {
        self.round_limit = self.round_limit.clamp(1, MAX_ROUND_LIMIT);
        self.temperature = self
            .temperature
            .filter(|t| t.is_finite())
            .map(|t| t.clamp(0.0, 2.0));
        self
    }

    /// True for the presets that run on this computer.
    pub fn is_local(&self) -> bool {
        matches!(self.preset.as_str(), "lmstudio" | "ollama")
    }

    /// The preset's name as the user reads it.
    pub fn provider_name(&self) -> &str {
        match self.preset.as_str() {
            "openai" => "OpenAI",
            "openrouter" => "OpenRouter",
            "mistral" => "Mistral",
            "lmstudio" => "LM Studio",
            "ollama" => "Ollama",
            "anthropic" => "Anthropic",
            "gemini" => "Google Gemini",
            _ => "The provider",
        }
    }
}

/// One tool the session offers, from the device's `tools/list`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolDef {
    /// Wire name (`barline-create-clip`).
    pub name: String,
    /// The `title` annotation, or the name.
    pub title: String,
    /// Description the model reads.
    pub description: String,
    /// JSON Schema of the arguments.
    pub input_schema: Value,
    /// Annotated read-only (a read never changes the Set).
    pub read_only: bool,
}

impl ToolDef {
    /// The tools of a `tools/list` result (`{"tools": [...]}`); entries without a name
    /// are skipped.
    pub fn from_list(result: &Value) -> Vec<ToolDef> {
        let Some(tools) = result.get("tools").and_then(Value::as_array) else {
            return Vec::new();
        };
        tools
            .iter()
            .filter_map(|t| {
                let name = t.get("name")?.as_str()?.to_string();
                let ann = t.get("annotations");
                let title = ann
                    .and_then(|a| a.get("title"))
                    .or_else(|| t.get("title"))
                    .and_then(Value::as_str)
                    .unwrap_or(&name)
                    .to_string();
                Some(ToolDef {
                    description: t
                        .get("description")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .into(),
                    input_schema: t
                        .get("inputSchema")
                        .cloned()
                        .unwrap_or_else(|| serde_json::json!({"type": "object"})),
                    read_only: ann
                        .and_then(|a| a.get("readOnlyHint"))
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    title,
                    name,
                })
            })
            .collect()
    }
}

/// What one provider stream says, in the same words for every format.
#[derive(Clone, Debug, PartialEq)]
pub enum StreamEvent {
    /// Answer text.
    Text(String),
    /// Thinking text.
    Thinking(String),
    /// A tool call begins; `key` groups its argument fragments.
    CallStart {
        /// The format's grouping key (OpenAI `index`, Anthropic block index).
        key: u64,
        /// Provider-issued id (may be empty; the engine then issues one).
        id: String,
        /// Tool name.
        name: String,
    },
    /// A fragment of a call's arguments (JSON text).
    CallArgs {
        /// The key of the call it continues.
        key: u64,
        /// The fragment.
        fragment: String,
    },
    /// A whole call in one piece, with opaque provider fields to replay (Gemini).
    CallWhole {
        /// Provider id, or empty.
        id: String,
        /// Tool name.
        name: String,
        /// Arguments as JSON text.
        arguments: String,
        /// Fields to send back verbatim (e.g. `thoughtSignature`).
        opaque: Option<Value>,
    },
    /// A provider block to replay verbatim in the assistant turn (Anthropic thinking).
    Opaque(Value),
    /// Token usage so far (either may be absent).
    Usage {
        /// Input tokens.
        input: Option<u64>,
        /// Output tokens.
        output: Option<u64>,
    },
    /// The provider reported an error inside the stream.
    Error {
        /// Its message.
        message: String,
        /// True for "overloaded": retried like a 529.
        overloaded: bool,
    },
    /// A chunk could not be read: the stream is broken.
    Broken(String),
    /// The stream says it is complete.
    Done,
}
