//! The conversation as stored: user messages, assistant rounds with their tool calls
//! and results, and page-only notes. A tool call's result is stored inside the call,
//! so "every call has exactly one result, right after its round" holds by
//! construction; the encoders only have to keep notes and discarded output out.

use super::types::Format;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One entry of the transcript.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Item {
    /// A message the user sent.
    User {
        /// Item id (stable for the page's DOM).
        id: u64,
        /// The text.
        text: String,
    },
    /// One model request's answer.
    Round(Round),
    /// Something shown to the user and never sent to the model.
    Note(Note),
}

impl Item {
    /// The item's id.
    pub fn id(&self) -> u64 {
        match self {
            Item::User { id, .. } => *id,
            Item::Round(r) => r.id,
            Item::Note(n) => n.id,
        }
    }
}

/// What became of a round's output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RoundStatus {
    /// Still arriving.
    Streaming,
    /// Ended normally.
    Complete,
    /// The user stopped it; the text is kept and sent.
    Stopped,
    /// A failed round whose output is shown struck out and never sent again
    /// (a retry re-sends the request, so the model never sees half a round twice).
    Discarded,
}

/// One model request's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Round {
    /// Item id.
    pub id: u64,
    /// The format that produced it (opaque fields only replay to the same format).
    pub format: Format,
    /// Answer text.
    pub text: String,
    /// Thinking text.
    pub thinking: String,
    /// Tool calls in the order the model gave them.
    pub calls: Vec<CallRecord>,
    /// Provider blocks replayed verbatim (Anthropic thinking with signatures).
    pub opaque: Vec<Value>,
    /// Status.
    pub status: RoundStatus,
    /// Input tokens the provider reported.
    pub input_tokens: Option<u64>,
    /// Output tokens the provider reported.
    pub output_tokens: Option<u64>,
}

/// Where a tool call stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CallStatus {
    /// Arguments still streaming.
    Preparing,
    /// Checked, waiting for its turn to run.
    Queued,
    /// Sent to the device.
    Running,
    /// Succeeded.
    Done,
    /// Succeeded with warnings.
    Warning,
    /// Failed (the device's error, or the page's own check).
    Error,
    /// Not run: the user stopped the turn first.
    NotRun,
    /// The page closed before its result arrived.
    Interrupted,
    /// Its arguments were still streaming when the round ended early: never run and
    /// never sent.
    Discarded,
}

/// One tool call and, once known, its result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallRecord {
    /// Provider id (or one the engine issued).
    pub id: String,
    /// Tool name as the model asked.
    pub name: String,
    /// Arguments as the model sent them (JSON text).
    pub arguments: String,
    /// Status.
    pub status: CallStatus,
    /// The result the model receives.
    pub result: Option<CallResult>,
    /// Provider fields replayed verbatim (Gemini `thoughtSignature`).
    pub opaque: Option<Value>,
}

/// A tool call's result as the model receives it and the page shows it.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallResult {
    /// The content text items joined as the server sent them.
    pub text: String,
    /// The result is an error.
    pub is_error: bool,
    /// `structuredContent`, for display.
    pub structured: Option<Value>,
    /// `_meta["barline/warnings"]`.
    pub warnings: Vec<String>,
    /// `_meta["barline/error"].code` of an error result, for the card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// `_meta["barline/error"].hint` of an error result: what to do next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

/// Kinds of page-only notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum NoteKind {
    /// An error card.
    Error,
    /// The user stopped the turn.
    Stopped,
    /// The turn paused at the round limit or the repetition guard.
    Paused,
    /// Informational (a dropped parameter, a retry).
    Info,
    /// The page closed while the turn ran.
    Interrupted,
}

/// A page-only note.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    /// Item id.
    pub id: u64,
    /// Kind.
    pub note: NoteKind,
    /// What happened (one sentence).
    pub text: String,
    /// What to do (one sentence), may be empty.
    #[serde(default)]
    pub action: String,
    /// Details (HTTP status, provider message), may be empty.
    #[serde(default)]
    pub details: String,
    /// A Retry button helps.
    #[serde(default)]
    pub retry: bool,
    /// A setting is the cause.
    #[serde(default)]
    pub settings: bool,
}

/// The text the model receives for a call that never ran because of Stop.
pub const CANCELLED_TEXT: &str = "CANCELLED: not run, the user stopped the turn";
/// The text the model receives for a call whose result was lost when the page closed.
pub const INTERRUPTED_TEXT: &str = "INTERRUPTED: the page closed before the result arrived; the call may have changed the Live Set — read it before repeating";

/// The stored conversation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Conversation {
    /// Entries in order.
    pub items: Vec<Item>,
    /// Last item id issued.
    pub last_id: u64,
}

impl Conversation {
    /// A fresh item id.
    pub fn next_id(&mut self) -> u64 {
        self.last_id += 1;
        self.last_id
    }

    /// Appends a user message.
    pub fn push_user(&mut self, text: &str) {
        let id = self.next_id();
        self.items.push(Item::User {
            id,
            text: text.to_string(),
        });
    }

    /// Appends a note.
    pub fn push_note(&mut self, note: NoteKind, text: &str, action: &str) -> &mut Note {
        let id = self.next_id();
        self.items.push(Item::Note(Note {
            id,
            note,
            text: text.into(),
            action: action.into(),
            details: String::new(),
            retry: false,
            settings: false,
        }));
        match self.items.last_mut() {
            Some(Item::Note(n)) => n,
            _ => unreachable!("a note was just pushed"),
        }
    }

    /// Starts a new round.
    pub fn push_round(&mut self, format: Format) -> u64 {
        let id = self.next_id();
        self.items.push(Item::Round(Round {
            id,
            format,
            text: String::new(),
            thinking: String::new(),
            calls: Vec::new(),
            opaque: Vec::new(),
            status: RoundStatus::Streaming,
            input_tokens: None,
            output_tokens: None,
        }));
        id
    }

    /// The last round, when the last item is one.
    pub fn last_round(&mut self) -> Option<&mut Round> {
        self.items.iter_mut().rev().find_map(|i| match i {
            Item::Round(r) => Some(r),
            _ => None,
        })
    }

    /// Makes a conversation that was saved mid-turn valid again (the tab closed):
    /// streaming output counts as stopped, unfinished argument streams are dropped and
    /// every call without a result gets the interrupted result. Returns true when
    /// anything changed.
    pub fn close_interrupted(&mut self) -> bool {
        let mut changed = false;
        for item in &mut self.items {
            let Item::Round(r) = item else { continue };
            if r.status == RoundStatus::Streaming {
                r.status = RoundStatus::Stopped;
                changed = true;
            }
            for c in &mut r.calls {
                match c.status {
                    CallStatus::Preparing => c.status = CallStatus::Discarded,
                    CallStatus::Queued | CallStatus::Running if c.result.is_none() => {
                        c.status = CallStatus::Interrupted;
                        c.result = Some(CallResult {
                            text: INTERRUPTED_TEXT.into(),
                            is_error: true,
                            ..CallResult::default()
                        });
                    }
                    _ => continue,
                }
                changed = true;
            }
        }
        if changed {
            self.push_note(
                NoteKind::Interrupted,
                "This turn was interrupted: the page closed while it ran.",
                "Read the Live Set before repeating what it did.",
            );
        }
        changed
    }
}

/// One message of the provider-neutral history the encoders read.
#[derive(Clone, Debug, PartialEq)]
pub enum Message<'a> {
    /// User content: text and tool results, in order (adjacent user items merged).
    User(Vec<UserPart<'a>>),
    /// An assistant round (only its sendable calls).
    Assistant(&'a Round, Vec<&'a CallRecord>),
}

/// A piece of a user message.
#[derive(Clone, Debug, PartialEq)]
pub enum UserPart<'a> {
    /// Text the user wrote.
    Text(&'a str),
    /// The result of a call of the round before.
    Result(&'a CallRecord, &'a CallResult),
}

/// True when a call is part of what the model sees (it has, or will have, a result).
pub fn is_sendable(c: &CallRecord) -> bool {
    !matches!(c.status, CallStatus::Discarded | CallStatus::Preparing)
}

/// The history the model sees: notes and discarded rounds left out, every sent call
/// followed by its result, adjacent user content merged.
pub fn history(items: &[Item]) -> Vec<Message<'_>> {
    fn user<'a>(out: &mut Vec<Message<'a>>, part: UserPart<'a>) {
        match out.last_mut() {
            Some(Message::User(parts)) => parts.push(part),
            _ => out.push(Message::User(vec![part])),
        }
    }
    let mut out: Vec<Message<'_>> = Vec::new();
    for item in items {
        match item {
            Item::User { text, .. } => user(&mut out, UserPart::Text(text)),
            Item::Note(_) => {}
            Item::Round(r) if r.status == RoundStatus::Discarded => {}
            Item::Round(r) => {
                let calls: Vec<&CallRecord> = r.calls.iter().filter(|c| is_sendable(c)).collect();
                if r.text.is_empty() && calls.is_empty() && r.opaque.is_empty() {
                    continue;
                }
                out.push(Message::Assistant(r, calls.clone()));
                for c in calls {
                    if let Some(res) = &c.result {
                        user(&mut out, UserPart::Result(c, res));
                    }
                }
            }
        }
    }
    out
}
