//! Failures of a provider request: rate limits and overloads (wait, then re-send the
//! same bytes), refused parameters (re-send without them), and errors that end the
//! turn with an error card and a Retry that re-sends the last request.

use super::conversation::{Item, NoteKind, RoundStatus};
use super::engine::{Effect, Engine, State};
use super::errors::{self, ErrorInfo, Failure};

impl Engine {
    /// The provider answered with an HTTP error before streaming. `retry_after` is the
    /// header's value; `jitter` a random number in 0–1 from the page.
    pub fn http_error(
        &mut self,
        status: u16,
        retry_after: Option<&str>,
        body: &str,
        jitter: f64,
    ) -> Vec<Effect> {
        match errors::classify(&self.config, status, body, &self.dropped) {
            Failure::Transient => self.transient(&format!("HTTP {status}"), retry_after, jitter),
            Failure::DropParameter(p) => {
                self.discard_round();
                let text = format!(
                    "{} refused the parameter {p}; it is left out for this model.",
                    self.config.provider_name()
                );
                self.conv.push_note(NoteKind::Info, &text, "");
                self.dropped.push(p);
                self.next_round(None)
            }
            Failure::Fatal(info) => self.fail(info),
        }
    }

    /// A request got no answer at all: `cors` when the page's probe reached the server.
    pub fn network_error(&mut self, cors: bool, base_url: &str, origin: &str) -> Vec<Effect> {
        let info = errors::network(&self.config, cors, base_url, origin);
        self.fail(info)
    }

    pub(super) fn transient(
        &mut self,
        why: &str,
        retry_after: Option<&str>,
        jitter: f64,
    ) -> Vec<Effect> {
        let Some(turn) = self.turn.as_mut() else {
            return Vec::new();
        };
        if turn.retries >= errors::MAX_RETRIES {
            let info = ErrorInfo {
                text: format!(
                    "{} is rate limiting or overloaded.",
                    self.config.provider_name()
                ),
                action: "Wait a minute, then retry.".into(),
                details: format!("{why}; {} retries", errors::MAX_RETRIES),
                retry: true,
                settings: false,
            };
            return self.fail(info);
        }
        let ms = errors::retry_delay_ms(retry_after, turn.retries, jitter);
        turn.retries += 1;
        turn.stream = None;
        self.discard_round();
        self.state = State::WaitingToRetry;
        self.pause_reason = format!("Rate limited ({why})");
        vec![
            Effect::Wait {
                ms,
                reason: self.pause_reason.clone(),
            },
            Effect::Save,
        ]
    }

    /// The wait before a retry is over: re-send the same request.
    pub fn timer(&mut self) -> Vec<Effect> {
        if self.state != State::WaitingToRetry {
            return Vec::new();
        }
        let again = self.turn.as_ref().and_then(|t| t.last_request.clone());
        self.next_round(again)
    }

    /// The failed round's output is kept only as struck-out text (never sent again);
    /// an empty one is removed.
    fn discard_round(&mut self) {
        if let Some(Item::Round(r)) = self.conv.items.last_mut() {
            if r.text.is_empty() && r.calls.is_empty() && r.thinking.is_empty() {
                self.conv.items.pop();
            } else {
                r.status = RoundStatus::Discarded;
            }
        }
    }

    /// Ends the turn's current request with an error card; Retry re-sends it.
    pub(super) fn fail(&mut self, info: ErrorInfo) -> Vec<Effect> {
        if let Some(t) = self.turn.as_mut() {
            t.stream = None;
        }
        self.discard_round();
        let n = self
            .conv
            .push_note(NoteKind::Error, &info.text, &info.action);
        n.details = info.details;
        n.retry = info.retry;
        n.settings = info.settings;
        self.state = State::Error;
        let text = format!("Error: {} {}", info.text, info.action);
        vec![Effect::Announce { text }, Effect::Save]
    }

    /// Retry after an error: re-sends the last request.
    pub fn retry(&mut self) -> Vec<Effect> {
        if self.state != State::Error {
            return Vec::new();
        }
        let again = self.turn.as_ref().and_then(|t| t.last_request.clone());
        match again {
            Some(r) => {
                if let Some(t) = self.turn.as_mut() {
                    t.retries = 0;
                }
                self.next_round(Some(r))
            }
            None => Vec::new(),
        }
    }
}
