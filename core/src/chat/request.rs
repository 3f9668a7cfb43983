//! One model request for any format: path, body and the non-secret headers. The
//! credential header is never built here: the page adds it at the one place that
//! sends provider requests, so the engine never holds a key.

use super::conversation::{history, Item};
use super::sse::SseEvent;
use super::types::{Config, Format, StreamEvent, ToolDef};
use super::{anthropic, gemini, openai, reduce};
use serde::Serialize;
use std::collections::BTreeMap;

/// A provider request for the page to send (to the base URL + `path`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProviderRequest {
    /// Path and query below the base URL.
    pub path: String,
    /// The JSON body, as text (a retry re-sends these exact bytes).
    pub body: String,
    /// Headers other than the credential.
    pub headers: BTreeMap<String, String>,
}

/// Builds the request for the conversation so far.
pub fn build(
    config: &Config,
    items: &[Item],
    tools: &[ToolDef],
    dropped: &[String],
) -> ProviderRequest {
    // Old large tool results are left out of this request when it would not fit.
    let reduced = reduce::fit(config, items, tools);
    let h = history(reduced.as_deref().unwrap_or(items));
    let mut headers = BTreeMap::new();
    headers.insert("content-type".to_string(), "application/json".to_string());
    let (path, body) = match config.format {
        Format::Openai => (
            "/chat/completions".to_string(),
            openai::body(config, &h, tools, dropped),
        ),
        Format::Anthropic => {
            headers.insert("anthropic-version".into(), "2023-06-01".into());
            // Required for requests from a browser page.
            headers.insert(
                "anthropic-dangerous-direct-browser-access".into(),
                "true".into(),
            );
            (
                "/messages".to_string(),
                anthropic::body(config, &h, tools, dropped),
            )
        }
        Format::Gemini => (
            gemini::path(&config.model),
            gemini::body(config, &h, tools, dropped),
        ),
    };
    ProviderRequest {
        path,
        body: body.to_string(),
        headers,
    }
}

/// The stream decoder of one format.
#[derive(Clone, Debug)]
pub enum Decoder {
    /// Chat completions.
    Openai(openai::Decoder),
    /// Anthropic Messages.
    Anthropic(anthropic::Decoder),
    /// Gemini.
    Gemini(gemini::Decoder),
}

impl Decoder {
    /// A fresh decoder for `format`.
    pub fn new(format: Format) -> Decoder {
        match format {
            Format::Openai => Decoder::Openai(openai::Decoder::default()),
            Format::Anthropic => Decoder::Anthropic(anthropic::Decoder::default()),
            Format::Gemini => Decoder::Gemini(gemini::Decoder),
        }
    }

    /// The events of one SSE event.
    pub fn decode(&mut self, e: &SseEvent) -> Vec<StreamEvent> {
        match self {
            Decoder::Openai(d) => d.decode(e),
            Decoder::Anthropic(d) => d.decode(e),
            Decoder::Gemini(d) => d.decode(e),
        }
    }
}
