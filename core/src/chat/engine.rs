//! The tool loop as a state machine: the page's glue calls one method per event and
//! carries out the effects it returns. Tool calls and round boundaries are in
//! `engine_calls.rs`.

use super::conversation::Conversation;
use super::errors::{self, ErrorInfo};
use super::request::{self, ProviderRequest};
use super::turn::{self, Outcome, Stream, Turn};
use super::types::{Config, ToolDef};
use serde::Serialize;
use serde_json::Value;

/// The page's state as a whole (one at a time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum State {
    /// Waiting for the user.
    Ready,
    /// A request is out, nothing has come back yet.
    Waiting,
    /// The answer is arriving.
    Streaming,
    /// A tool call is out at the device.
    RunningTool,
    /// Waiting before re-sending after a rate limit.
    WaitingToRetry,
    /// Paused at the round limit or by the repetition guard.
    RoundLimit,
    /// The turn ended with an error.
    Error,
    /// A tool call could not reach the device: the turn waits for it to come back.
    DeviceUnreachable,
}

/// What the glue must do.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Effect {
    /// Send this request to the provider (adding the credential header) and feed the
    /// stream back.
    Request {
        /// The request.
        request: ProviderRequest,
    },
    /// Abort the provider request in flight.
    Abort,
    /// Call this tool on the device.
    #[serde(rename_all = "camelCase")]
    CallTool {
        /// The call's id (hand it back with the result).
        call_id: String,
        /// Tool name.
        name: String,
        /// Arguments (a JSON object).
        arguments: Value,
    },
    /// Send `notifications/cancelled` for the outstanding call.
    #[serde(rename_all = "camelCase")]
    CancelTool {
        /// The call's id.
        call_id: String,
    },
    /// Wait, then call `timer()`.
    Wait {
        /// Milliseconds.
        ms: u64,
        /// Why, for the status line.
        reason: String,
    },
    /// Cancel the wait.
    CancelWait,
    /// Put queued text back into the composer.
    Restore {
        /// The text.
        text: String,
    },
    /// Say this once in the polite live region.
    Announce {
        /// The text.
        text: String,
    },
    /// Save the conversation now.
    Save,
}

/// The engine of one conversation.
pub struct Engine {
    pub(super) config: Config,
    pub(super) tools: Vec<ToolDef>,
    pub(super) disabled: Vec<String>,
    pub(super) conv: Conversation,
    pub(super) state: State,
    pub(super) turn: Option<Turn>,
    pub(super) dropped: Vec<String>,
    pub(super) queued: Vec<String>,
    pub(super) pause_reason: String,
}

impl Engine {
    /// An engine for a new or stored conversation; a stored one that was saved mid-turn
    /// is closed as interrupted.
    pub fn new(config: Config, mut conv: Conversation) -> Engine {
        conv.close_interrupted();
        Engine {
            config: config.normalised(),
            tools: Vec::new(),
            disabled: Vec::new(),
            conv,
            state: State::Ready,
            turn: None,
            dropped: Vec::new(),
            queued: Vec::new(),
            pause_reason: String::new(),
        }
    }

    /// The session's tools (from `tools/list`) and the ones this conversation disables.
    pub fn set_tools(&mut self, tools: Vec<ToolDef>, disabled: Vec<String>) {
        self.disabled = disabled;
        self.tools = tools;
    }

    /// The tools offered to the model.
    pub fn offered(&self) -> Vec<ToolDef> {
        self.tools
            .iter()
            .filter(|t| !self.disabled.contains(&t.name))
            .cloned()
            .collect()
    }

    /// Replaces the settings (a changed provider re-encodes history at the next round).
    pub fn set_config(&mut self, config: Config) {
        self.config = config.normalised();
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The conversation.
    pub fn conversation(&self) -> &Conversation {
        &self.conv
    }

    /// The current state.
    pub fn state(&self) -> State {
        self.state
    }

    /// Messages queued during the turn.
    pub fn queued(&self) -> &[String] {
        &self.queued
    }

    /// The user sends text: starts a turn, or queues it while one runs.
    pub fn send(&mut self, text: &str) -> Vec<Effect> {
        if text.trim().is_empty() {
            return Vec::new();
        }
        if !matches!(self.state, State::Ready | State::Error) {
            self.queued.push(text.to_string());
            return Vec::new();
        }
        self.conv.push_user(text);
        self.turn = Some(Turn::new());
        self.next_round(None)
    }

    /// Sends the next round's request (or `again`, unchanged, for a retry).
    pub(super) fn next_round(&mut self, again: Option<ProviderRequest>) -> Vec<Effect> {
        let request = again.unwrap_or_else(|| {
            request::build(
                &self.config,
                &self.conv.items,
                &self.offered(),
                &self.dropped,
            )
        });
        self.conv.push_round(self.config.format);
        let Some(turn) = self.turn.as_mut() else {
            return Vec::new();
        };
        turn.rounds += 1;
        turn.total_rounds += 1;
        turn.last_request = Some(request.clone());
        turn.stream = Some(Stream::new(self.config.format));
        self.state = State::Waiting;
        vec![Effect::Request { request }, Effect::Save]
    }

    /// Bytes of the provider's streamed answer.
    pub fn stream_bytes(&mut self, bytes: &[u8]) -> Vec<Effect> {
        let Some(turn) = self.turn.as_mut() else {
            return Vec::new();
        };
        let Some(stream) = turn.stream.as_mut() else {
            return Vec::new();
        };
        let events = match stream.sse.push(bytes) {
            Ok(events) => events,
            Err(e) => return self.broken(&e, true),
        };
        let Some(round) = self.conv.last_round() else {
            return Vec::new();
        };
        for sse in events {
            for e in stream.decoder.decode(&sse) {
                match turn::apply(round, stream, &mut turn.issued, e) {
                    Outcome::Continue => {}
                    Outcome::Done => {
                        // Complete: stop reading (the connection may stay open).
                        turn.stream = None;
                        let mut effects = vec![Effect::Abort];
                        effects.extend(self.finish_round());
                        return effects;
                    }
                    Outcome::Broken(m) => return self.broken(&m, true),
                    Outcome::ProviderError {
                        message,
                        overloaded,
                    } => {
                        return self.provider_error(&message, overloaded);
                    }
                }
            }
        }
        if stream.started && self.state == State::Waiting {
            self.state = State::Streaming;
        }
        Vec::new()
    }

    /// The provider's body ended.
    pub fn stream_end(&mut self) -> Vec<Effect> {
        let Some(turn) = self.turn.as_mut() else {
            return Vec::new();
        };
        let Some(mut stream) = turn.stream.take() else {
            return Vec::new();
        };
        // A last event without its blank line counts when it is whole.
        let events = match stream.sse.finish() {
            Ok(events) => events,
            Err(e) => return self.broken(&e, false),
        };
        let Some(round) = self.conv.last_round() else {
            return Vec::new();
        };
        for sse in events {
            for e in stream.decoder.decode(&sse) {
                match turn::apply(round, &mut stream, &mut turn.issued, e) {
                    Outcome::Continue | Outcome::Done => {}
                    Outcome::Broken(m) => return self.broken(&m, false),
                    Outcome::ProviderError {
                        message,
                        overloaded,
                    } => {
                        return self.provider_error(&message, overloaded);
                    }
                }
            }
        }
        self.finish_round()
    }

    /// Reading the stream failed inside the browser (connection reset, …).
    pub fn stream_failed(&mut self, message: &str) -> Vec<Effect> {
        self.broken(message, false)
    }

    /// The stream broke: its output is kept, struck out, and the turn ends in Error.
    fn broken(&mut self, detail: &str, abort: bool) -> Vec<Effect> {
        let mut effects = if abort {
            vec![Effect::Abort]
        } else {
            Vec::new()
        };
        effects.extend(self.fail(errors::broken(detail)));
        effects
    }

    fn provider_error(&mut self, message: &str, overloaded: bool) -> Vec<Effect> {
        let mut effects = vec![Effect::Abort];
        if overloaded {
            effects.extend(self.transient("overloaded", None, 0.5));
        } else {
            let info = ErrorInfo {
                text: format!("{} had a problem.", self.config.provider_name()),
                action: "Retry in a moment.".into(),
                details: errors::redact(message),
                retry: true,
                settings: false,
            };
            effects.extend(self.fail(info));
        }
        effects
    }

    /// Write tools that succeeded in the current (or failed) turn.
    pub fn turn_writes(&self) -> u32 {
        self.turn.as_ref().map_or(0, |t| t.writes)
    }

    /// Rounds and tool calls of the current turn.
    pub fn turn_counts(&self) -> (u32, u32) {
        self.turn
            .as_ref()
            .map_or((0, 0), |t| (t.total_rounds, t.total_calls))
    }

    /// Why the turn is paused or waiting.
    pub fn pause_reason(&self) -> &str {
        &self.pause_reason
    }
}
