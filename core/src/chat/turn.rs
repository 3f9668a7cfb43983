//! The running turn: counters, the stream being read, and how stream events land in
//! the round they belong to.

use super::checks::Attempt;
use super::conversation::{CallRecord, CallStatus, Round};
use super::request::{Decoder, ProviderRequest};
use super::sse::SseDecoder;
use super::types::{Format, StreamEvent};
use std::collections::HashMap;

/// State kept while a turn runs.
#[derive(Debug)]
pub(super) struct Turn {
    /// Rounds sent since the turn began or last continued.
    pub rounds: u32,
    /// Rounds sent in the whole turn.
    pub total_rounds: u32,
    /// Tool calls run in the whole turn.
    pub total_calls: u32,
    /// Write tools that succeeded in the turn.
    pub writes: u32,
    /// Per round, the calls as the repetition guard sees them.
    pub attempts: Vec<Vec<Attempt>>,
    /// The last request sent (a retry re-sends it unchanged).
    pub last_request: Option<ProviderRequest>,
    /// Retries of the current request after rate limits.
    pub retries: u32,
    /// The provider stream being read.
    pub stream: Option<Stream>,
    /// The call out at the device.
    pub running: Option<String>,
    /// Stop was pressed while a call ran: end after its result.
    pub stopping: bool,
    /// Ids issued to calls the provider gave none.
    pub issued: u64,
}

impl Turn {
    pub(super) fn new() -> Turn {
        Turn {
            rounds: 0,
            total_rounds: 0,
            total_calls: 0,
            writes: 0,
            attempts: Vec::new(),
            last_request: None,
            retries: 0,
            stream: None,
            running: None,
            stopping: false,
            issued: 0,
        }
    }
}

/// One provider stream being decoded.
#[derive(Debug)]
pub(super) struct Stream {
    pub sse: SseDecoder,
    pub decoder: Decoder,
    /// Format key of a call → its index in the round.
    pub keys: HashMap<u64, usize>,
    /// Something arrived.
    pub started: bool,
}

impl Stream {
    pub(super) fn new(format: Format) -> Stream {
        Stream {
            sse: SseDecoder::default(),
            decoder: Decoder::new(format),
            keys: HashMap::new(),
            started: false,
        }
    }
}

/// What an event asks of the loop beyond changing the round.
#[derive(Debug, PartialEq)]
pub(super) enum Outcome {
    /// Nothing.
    Continue,
    /// The provider sent an error event.
    ProviderError { message: String, overloaded: bool },
    /// The stream cannot be read.
    Broken(String),
    /// The stream says it is complete (a server may keep the connection open after).
    Done,
}

/// Applies one event to the round.
pub(super) fn apply(
    round: &mut Round,
    stream: &mut Stream,
    issued: &mut u64,
    e: StreamEvent,
) -> Outcome {
    stream.started = true;
    let mut new_call = |id: String, name: String, arguments: String, opaque| {
        let id = if id.is_empty() {
            *issued += 1;
            format!("page-{}-{}", round.id, *issued)
        } else {
            id
        };
        round.calls.push(CallRecord {
            id,
            name,
            arguments,
            status: CallStatus::Preparing,
            result: None,
            opaque,
        });
        round.calls.len() - 1
    };
    match e {
        StreamEvent::Text(t) => round.text.push_str(&t),
        StreamEvent::Thinking(t) => round.thinking.push_str(&t),
        StreamEvent::CallStart { key, id, name } => {
            let i = new_call(id, name, String::new(), None);
            stream.keys.insert(key, i);
        }
        StreamEvent::CallArgs { key, fragment } => {
            if let Some(c) = stream.keys.get(&key).and_then(|i| round.calls.get_mut(*i)) {
                c.arguments.push_str(&fragment);
            }
        }
        StreamEvent::CallWhole {
            id,
            name,
            arguments,
            opaque,
        } => {
            new_call(id, name, arguments, opaque);
        }
        StreamEvent::Opaque(v) => round.opaque.push(v),
        StreamEvent::Usage { input, output } => {
            round.input_tokens = input.or(round.input_tokens);
            round.output_tokens = output.or(round.output_tokens);
        }
        StreamEvent::Error {
            message,
            overloaded,
        } => {
            return Outcome::ProviderError {
                message,
                overloaded,
            }
        }
        StreamEvent::Broken(m) => return Outcome::Broken(m),
        StreamEvent::Done => return Outcome::Done,
    }
    Outcome::Continue
}
