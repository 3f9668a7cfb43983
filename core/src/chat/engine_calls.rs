//! The tool phase of a round and the boundary between rounds: checking and running
//! the calls one after another, recording results, Stop, the round limit, the
//! repetition guard and messages queued during the turn.

use super::checks::{self, Attempt};
use super::conversation::{CallResult, CallStatus, Item, NoteKind, RoundStatus, CANCELLED_TEXT};
use super::engine::{Effect, Engine, State};
use super::errors;
use serde_json::Value;

impl Engine {
    /// The stream ended cleanly: check the calls, then run them or end the turn.
    pub(super) fn finish_round(&mut self) -> Vec<Effect> {
        let offered = self.offered();
        let disabled = self.disabled.clone();
        let Some(round) = self.conv.last_round() else {
            return Vec::new();
        };
        round.status = RoundStatus::Complete;
        for c in &mut round.calls {
            match checks::refuse(&c.name, &c.arguments, &offered, &disabled) {
                Some(text) => {
                    c.status = CallStatus::Error;
                    c.result = Some(CallResult {
                        text,
                        is_error: true,
                        ..CallResult::default()
                    });
                }
                None => c.status = CallStatus::Queued,
            }
        }
        if round.calls.is_empty() {
            if checks::looks_like_text_tool_call(&round.text) {
                let info = errors::no_tools(
                    &self.config,
                    "the answer is a tool call written as text".into(),
                );
                // The text stays visible; the error explains it.
                return self.fail_keep(info);
            }
            let answer: String = round.text.chars().take(200).collect();
            return self.complete_turn(format!("{answer} — answer complete"));
        }
        self.run_next_call()
    }

    fn fail_keep(&mut self, info: errors::ErrorInfo) -> Vec<Effect> {
        let n = self
            .conv
            .push_note(NoteKind::Error, &info.text, &info.action);
        n.details = info.details;
        n.settings = true;
        self.state = State::Error;
        self.turn = None;
        vec![
            Effect::Announce {
                text: format!("Error: {} {}", info.text, info.action),
            },
            Effect::Save,
        ]
    }

    /// Runs the next queued call of the last round, or moves to the next round.
    pub(super) fn run_next_call(&mut self) -> Vec<Effect> {
        let Some(round) = self.conv.last_round() else {
            return Vec::new();
        };
        let Some(call) = round
            .calls
            .iter_mut()
            .find(|c| c.status == CallStatus::Queued)
        else {
            return self.round_boundary();
        };
        call.status = CallStatus::Running;
        let arguments = serde_json::from_str::<Value>(&call.arguments)
            .unwrap_or_else(|_| serde_json::json!({}));
        let effect = Effect::CallTool {
            call_id: call.id.clone(),
            name: call.name.clone(),
            arguments,
        };
        let id = call.id.clone();
        if let Some(t) = self.turn.as_mut() {
            t.running = Some(id);
            t.total_calls += 1;
        }
        self.state = State::RunningTool;
        vec![effect, Effect::Save]
    }

    /// The device answered a call with an MCP result (`content`, `isError`,
    /// `structuredContent`, `_meta`).
    pub fn tool_result(&mut self, call_id: &str, result: &Value) -> Vec<Effect> {
        let text: Vec<&str> = result
            .get("content")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|c| c.get("type").and_then(Value::as_str) == Some("text"))
            .filter_map(|c| c.get("text").and_then(Value::as_str))
            .collect();
        let warnings: Vec<String> = result
            .pointer("/_meta/barline~1warnings")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|w| {
                w.as_str()
                    .map(String::from)
                    .or_else(|| w.get("message").and_then(Value::as_str).map(String::from))
            })
            .collect();
        let error = |field: &str| {
            result
                .pointer(&format!("/_meta/barline~1error/{field}"))
                .and_then(Value::as_str)
                .map(String::from)
        };
        let record = CallResult {
            text: text.join("\n"),
            is_error: result
                .get("isError")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            structured: result.get("structuredContent").cloned(),
            warnings,
            code: error("code"),
            hint: error("hint"),
        };
        self.record(call_id, record)
    }

    /// The call failed in transit or with a protocol error.
    pub fn tool_failed(&mut self, call_id: &str, message: &str) -> Vec<Effect> {
        let text = format!("DEVICE_ERROR: {message}");
        self.record(
            call_id,
            CallResult {
                text,
                is_error: true,
                ..CallResult::default()
            },
        )
    }

    fn record(&mut self, call_id: &str, result: CallResult) -> Vec<Effect> {
        let running = self.turn.as_ref().and_then(|t| t.running.clone());
        if running.as_deref() != Some(call_id) {
            return Vec::new(); // late or unknown: the turn moved on
        }
        let read_only = |name: &str| self.tools.iter().any(|t| t.name == name && t.read_only);
        let Some(round) = self.conv.last_round() else {
            return Vec::new();
        };
        let Some(call) = round.calls.iter_mut().find(|c| c.id == call_id) else {
            return Vec::new();
        };
        call.status = if result.is_error {
            CallStatus::Error
        } else if result.warnings.is_empty() {
            CallStatus::Done
        } else {
            CallStatus::Warning
        };
        let wrote = !result.is_error && !read_only(&call.name);
        let title = self
            .tools
            .iter()
            .find(|t| t.name == call.name)
            .map_or(call.name.clone(), |t| t.title.clone());
        let said = match (result.is_error, result.warnings.len()) {
            (true, _) => format!("{title} failed"),
            (false, 0) => format!("{title} done"),
            (false, 1) => format!("{title} done, one warning"),
            (false, n) => format!("{title} done, {n} warnings"),
        };
        call.result = Some(result);
        let Some(turn) = self.turn.as_mut() else {
            return Vec::new();
        };
        turn.running = None;
        if wrote {
            turn.writes += 1;
        }
        let mut effects = vec![Effect::Announce { text: said }];
        if turn.stopping {
            effects.extend(self.end_stopped());
        } else {
            effects.extend(self.run_next_call());
        }
        effects
    }

    /// Every call of the round has its result: pause, or send the next round.
    fn round_boundary(&mut self) -> Vec<Effect> {
        let tools = self.tools.clone();
        let attempts: Vec<Attempt> = match self.conv.items.last() {
            Some(Item::Round(r)) => r
                .calls
                .iter()
                .map(|c| {
                    let failed = c.result.as_ref().is_some_and(|r| r.is_error);
                    let read = tools.iter().any(|t| t.name == c.name && t.read_only);
                    Attempt::new(&c.name, &c.arguments, failed, read)
                })
                .collect(),
            _ => Vec::new(),
        };
        let Some(turn) = self.turn.as_mut() else {
            return Vec::new();
        };
        turn.attempts.push(attempts);
        let reason = if turn.rounds >= self.config.round_limit {
            Some(format!(
                "Paused after {} rounds and {} tool calls.",
                turn.total_rounds, turn.total_calls
            ))
        } else {
            checks::repetition(&turn.attempts).map(|r| format!("Paused: {r}."))
        };
        if let Some(reason) = reason {
            self.state = State::RoundLimit;
            self.pause_reason = reason.clone();
            self.conv.push_note(
                NoteKind::Paused,
                &reason,
                "Continue to let the model go on, or Stop.",
            );
            return vec![Effect::Announce { text: reason }, Effect::Save];
        }
        self.deliver_queued();
        self.next_round(None)
    }

    /// Messages typed during the turn join the history at a round boundary.
    fn deliver_queued(&mut self) {
        for text in std::mem::take(&mut self.queued) {
            self.conv.push_user(&text);
        }
    }

    /// Continue after a pause: another full budget of rounds; no message is added.
    pub fn continue_turn(&mut self) -> Vec<Effect> {
        if self.state != State::RoundLimit {
            return Vec::new();
        }
        if let Some(t) = self.turn.as_mut() {
            t.rounds = 0;
            t.attempts.clear();
        }
        self.pause_reason.clear();
        self.deliver_queued();
        self.next_round(None)
    }

    fn complete_turn(&mut self, announce: String) -> Vec<Effect> {
        self.turn = None;
        self.state = State::Ready;
        let mut effects = vec![Effect::Announce { text: announce }, Effect::Save];
        // Messages queued during the last round start the next turn.
        if !self.queued.is_empty() {
            let text = std::mem::take(&mut self.queued).join("\n\n");
            effects.extend(self.send(&text));
        }
        effects
    }

    /// Stop, whatever is happening.
    pub fn stop(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        if !self.queued.is_empty() {
            effects.push(Effect::Restore {
                text: std::mem::take(&mut self.queued).join("\n\n"),
            });
        }
        match self.state {
            State::Waiting | State::Streaming => {
                effects.push(Effect::Abort);
                if let Some(Item::Round(r)) = self.conv.items.last_mut() {
                    r.status = RoundStatus::Stopped;
                    for c in &mut r.calls {
                        c.status = CallStatus::Discarded;
                    }
                    if r.text.is_empty() && r.thinking.is_empty() {
                        self.conv.items.pop();
                    }
                }
                effects.extend(self.end_stopped());
            }
            State::RunningTool => {
                let Some(turn) = self.turn.as_mut() else {
                    return effects;
                };
                if turn.stopping {
                    return effects;
                }
                turn.stopping = true;
                if let Some(id) = turn.running.clone() {
                    effects.push(Effect::CancelTool { call_id: id });
                }
                self.cancel_queued();
                effects.push(Effect::Save);
            }
            State::DeviceUnreachable => {
                self.cancel_queued();
                effects.extend(self.end_stopped());
            }
            State::WaitingToRetry => {
                effects.push(Effect::CancelWait);
                effects.extend(self.end_stopped());
            }
            State::RoundLimit => effects.extend(self.end_stopped()),
            State::Ready | State::Error => {}
        }
        effects
    }

    /// Calls of the last round not yet started are recorded as not run (Stop).
    pub(super) fn cancel_queued(&mut self) {
        let Some(round) = self.conv.last_round() else {
            return;
        };
        for c in round
            .calls
            .iter_mut()
            .filter(|c| c.status == CallStatus::Queued)
        {
            c.status = CallStatus::NotRun;
            c.result = Some(CallResult {
                text: CANCELLED_TEXT.into(),
                is_error: true,
                ..CallResult::default()
            });
        }
    }

    /// True while Stop waits for the running call's result.
    pub fn stopping(&self) -> bool {
        self.turn.as_ref().is_some_and(|t| t.stopping)
    }

    pub(super) fn end_stopped(&mut self) -> Vec<Effect> {
        self.turn = None;
        self.state = State::Ready;
        self.pause_reason.clear();
        self.conv.push_note(NoteKind::Stopped, "Stopped.", "");
        vec![
            Effect::Announce {
                text: "Stopped".into(),
            },
            Effect::Save,
        ]
    }
}
