//! The v8 side of the bridge: decodes a request, runs the tool against the Live port,
//! parks it while a tool waits, and frames the response with this request's warnings.
//!
//! With a step budget (the device's), a call whose run would make more Live requests
//! than the budget is cut into steps over a journal (`crate::live::journal`): the run
//! that went over is discarded, the session answers [`Step::Wait`] so the host yields
//! to Max, and the resume runs the call again, replaying what earlier steps learned.
//! Calls that arrive meanwhile wait their turn, so answers keep their order.

use crate::bridge::{decode_request, BridgeError};
use crate::live::{Atom, Journal, JournalPort, LivePort};
use crate::relay::frame_tool_response;
use crate::relay::live_gate::LiveGate;
use crate::relay::replay_clock::ReplayClock;
use crate::tools::framework::call::{Clock, NoClock, OUTLET_META};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::ids::IssuedIds;
use crate::tools::framework::request::{RESUME_CONTEXT, WAIT_META};
use crate::tools::{execute, ToolRequest};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};

/// How often a call held behind one that waits alone asks again.
const HELD_POLL_MS: u64 = 10;

/// Longest wait a tool may ask for; the node side's timeout (≤ 60 s) ends it anyway.
pub const MAX_WAIT_MS: u64 = 120_000;

/// What the v8 host must do next.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Send these atoms out of the outlet (a whole `mcp_response` message).
    Respond(Vec<Atom>),
    /// Schedule a `Task` after `ms` milliseconds, then call `resume(token)`.
    Wait {
        /// Delay in milliseconds.
        ms: u64,
        /// Token identifying the parked request.
        token: u64,
    },
    /// Nothing can be answered (no readable request id, unknown token): post this error.
    Invalid(String),
}

struct Parked {
    request_id: u64,
    request: ToolRequest,
    warnings: Vec<String>,
}

/// A call cut into steps, between two of them: everything it learned so far.
struct Stepping {
    token: u64,
    parked: Parked,
    journal: Journal,
}

/// A call that arrived while another one was being stepped.
struct Queued {
    token: u64,
    request_id: u64,
    request: ToolRequest,
    /// The client cancelled it: its turn answers [`CANCELLED_TEXT`] instead of running.
    cancelled: bool,
}

/// The answer to a call the client cancelled before it reached Live.
pub const CANCELLED_TEXT: &str =
    "CANCELLED: the client cancelled this call before it reached Live; nothing changed";

/// Per-instance state of the v8 side: requests parked in a wait, the issued-id
/// registry (docs/design/tool-contract.md §2.4, kept across calls and lent to each tool
/// call) and the clock that starts each request's deadline
/// (docs/design/tool-contract.md §1.15).
pub struct V8Session {
    next_token: u64,
    parked: HashMap<u64, Parked>,
    ids: IssuedIds,
    clock: Box<dyn Clock>,
    outbox: Vec<Vec<Atom>>,
    budget: Option<usize>,
    stepping: Option<Stepping>,
    queued: VecDeque<Queued>,
    gate: LiveGate,
    /// The parked call that waits alone ([`crate::tools::Call::wait_alone`]): every
    /// other call waits behind it.
    alone: Option<u64>,
}

impl Default for V8Session {
    fn default() -> Self {
        Self::with_clock(Box::new(NoClock))
    }
}

impl V8Session {
    /// An empty session without a clock (the deadline is never near).
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty session reading time from `clock` (the host's clock on the device).
    pub fn with_clock(clock: Box<dyn Clock>) -> Self {
        V8Session {
            next_token: 0,
            parked: HashMap::new(),
            ids: IssuedIds::new(),
            clock,
            outbox: Vec::new(),
            budget: None,
            stepping: None,
            queued: VecDeque::new(),
            gate: LiveGate::Unknown,
            alone: None,
        }
    }

    /// Cuts every call into runs of at most `budget` Live requests (the device uses
    /// `crate::live::STEP_BUDGET`); without it a call is one run however long.
    pub fn with_step_budget(mut self, budget: usize) -> Self {
        self.budget = Some(budget.max(1));
        self
    }

    /// The issued-id registry (tests and diagnostics).
    pub fn ids(&self) -> &IssuedIds {
        &self.ids
    }

    /// Reads Live's version when the device starts (docs/design/live-model.md §2.15) and
    /// returns the status-outlet messages that say what it means for the device.
    pub fn start(&mut self, live: &mut dyn LivePort) -> Vec<Vec<Atom>> {
        self.gate.learn(live);
        self.gate.status_messages()
    }

    /// What the session knows of Live's version.
    pub fn live_gate(&self) -> &LiveGate {
        &self.gate
    }

    /// Handles one `mcp_request` message (selector included).
    pub fn handle(&mut self, live: &mut dyn LivePort, atoms: &[Atom]) -> Step {
        let (request_id, envelope) = match decode_request(atoms) {
            Ok(decoded) => decoded,
            Err(error) => return undecodable(atoms, &error),
        };
        let request: ToolRequest = match serde_json::from_str(&envelope) {
            Ok(r) => r,
            Err(e) => {
                return Step::Respond(internal_response(
                    request_id,
                    "",
                    &format!("request envelope is not {{tool, args, context}}: {e}"),
                ))
            }
        };
        self.gate.learn(live);
        if let Some(refusal) = self.gate.refusal() {
            let result = refusal.to_result(&request.tool);
            return Step::Respond(frame_tool_response(
                request_id,
                &request.tool,
                &result.to_string(),
                &[],
            ));
        }
        if self.busy() || !self.queued.is_empty() {
            let token = self.new_token();
            self.queued.push_back(Queued {
                token,
                request_id,
                request,
                cancelled: false,
            });
            return Step::Wait { ms: 0, token };
        }
        self.run(live, fresh(request_id, request), Journal::new())
    }

    /// Continues a request parked by [`Step::Wait`]: the next step of a stepped call,
    /// a queued call whose turn has come (or that waits again), or a tool's own wait.
    pub fn resume(&mut self, live: &mut dyn LivePort, token: u64) -> Step {
        if self.stepping.as_ref().is_some_and(|s| s.token == token) {
            if let Some(s) = self.stepping.take() {
                return self.run(live, s.parked, s.journal);
            }
        }
        if let Some(at) = self.queued.iter().position(|q| q.token == token) {
            if self.alone.is_some() {
                return Step::Wait {
                    ms: HELD_POLL_MS,
                    token,
                };
            }
            if at > 0 || self.stepping.is_some() {
                return Step::Wait { ms: 0, token };
            }
            if let Some(q) = self.queued.pop_front() {
                if q.cancelled {
                    return Step::Respond(cancelled_response(q.request_id, &q.request.tool));
                }
                return self.run(live, fresh(q.request_id, q.request), Journal::new());
            }
        }
        if self.alone == Some(token) {
            self.alone = None;
        }
        match self.parked.remove(&token) {
            Some(p) => self.run(live, p, Journal::new()),
            None => Step::Invalid(format!("resume token {token} is unknown (already resumed, or the module was re-instantiated)")),
        }
    }

    /// The client cancelled request `request_id` (`mcp_cancel`): a call still waiting
    /// behind another is answered [`CANCELLED_TEXT`] at its turn without touching Live
    /// (true); a call that has started runs to its end (false).
    pub fn cancel(&mut self, request_id: u64) -> bool {
        match self.queued.iter_mut().find(|q| q.request_id == request_id) {
            Some(q) => {
                q.cancelled = true;
                true
            }
            None => false,
        }
    }

    /// Calls cut into steps or waiting behind one (tests and diagnostics).
    pub fn stepping_count(&self) -> usize {
        usize::from(self.stepping.is_some()) + self.queued.len()
    }

    /// Messages for the status outlet (docs/design/tool-contract.md §1.16: `update_memory <text>`) raised by
    /// the last [`V8Session::handle`] or [`V8Session::resume`]; the host sends them
    /// before acting on the returned [`Step`], so the patch stores them first.
    pub fn take_outlet(&mut self) -> Vec<Vec<Atom>> {
        std::mem::take(&mut self.outbox)
    }

    /// Number of requests waiting for a resume.
    pub fn parked_count(&self) -> usize {
        self.parked.len()
    }

    /// A call is cut into steps or waits alone: new calls queue behind it.
    fn busy(&self) -> bool {
        self.stepping.is_some() || self.alone.is_some()
    }

    fn new_token(&mut self) -> u64 {
        self.next_token += 1;
        self.next_token
    }

    /// One run of a call: all of it, or (with a budget) one step over its journal.
    fn run(&mut self, live: &mut dyn LivePort, parked: Parked, mut journal: Journal) -> Step {
        let Some(budget) = self.budget else {
            let outcome = execute(live, &parked.request, &mut self.ids, self.clock.as_ref());
            return self.finish(parked, outcome);
        };
        let ids_before = self.ids.clone();
        let clock = ReplayClock::new(self.clock.as_ref(), journal.take_clock());
        let mut port = JournalPort::new(live, &mut journal, budget);
        let outcome = execute(&mut port, &parked.request, &mut self.ids, &clock);
        let exhausted = port.exhausted();
        journal.keep_clock(clock.into_readings());
        if !exhausted {
            return self.finish(parked, outcome);
        }
        // The run went over its budget: what it answered rests on refused requests.
        self.ids = ids_before;
        let token = self.new_token();
        self.stepping = Some(Stepping {
            token,
            parked,
            journal,
        });
        Step::Wait { ms: 0, token }
    }

    /// What a finished run leads to: a tool's own wait, or the response.
    fn finish(&mut self, parked: Parked, mut outcome: crate::tools::ToolOutcome) -> Step {
        let Parked {
            request_id,
            mut request,
            mut warnings,
        } = parked;
        warnings.append(&mut outcome.warnings);
        self.outbox.extend(take_outlet(&mut outcome.result));
        if let Some(wait) = take_wait(&mut outcome.result) {
            let ms = wait["ms"].as_u64().unwrap_or(0).min(MAX_WAIT_MS);
            let alone = wait["alone"].as_bool() == Some(true);
            if !request.context.is_object() {
                request.context = json!({});
            }
            request.context[RESUME_CONTEXT] = wait.get("state").cloned().unwrap_or(Value::Null);
            let token = self.new_token();
            if alone {
                self.alone = Some(token);
            }
            self.parked.insert(
                token,
                Parked {
                    request_id,
                    request,
                    warnings,
                },
            );
            return Step::Wait { ms, token };
        }
        Step::Respond(frame_tool_response(
            request_id,
            &request.tool,
            &outcome.result.to_string(),
            &warnings,
        ))
    }
}

/// A call's state before its first run.
fn fresh(request_id: u64, request: ToolRequest) -> Parked {
    Parked {
        request_id,
        request,
        warnings: Vec::new(),
    }
}

/// Removes `_meta["barline/outlet"]` from a result (dropping an emptied `_meta`) and
/// returns its messages as atoms.
fn take_outlet(result: &mut Value) -> Vec<Vec<Atom>> {
    let Some(meta) = result.get_mut("_meta").and_then(Value::as_object_mut) else {
        return Vec::new();
    };
    let messages = meta.remove(OUTLET_META);
    if meta.is_empty() {
        if let Some(o) = result.as_object_mut() {
            o.remove("_meta");
        }
    }
    messages
        .and_then(|m| serde_json::from_value::<Vec<Vec<Atom>>>(m).ok())
        .unwrap_or_default()
}

/// Removes and returns `_meta["barline/wait"]` from a result.
fn take_wait(result: &mut Value) -> Option<Value> {
    let meta = result.get_mut("_meta")?.as_object_mut()?;
    meta.remove(WAIT_META)
}

/// An undecodable request is answered with `INTERNAL` when its id can be read.
fn undecodable(atoms: &[Atom], error: &BridgeError) -> Step {
    match atoms.get(1).and_then(Atom::as_i64) {
        Some(id) if id >= 0 && !matches!(error, BridgeError::WrongSelector { .. }) => {
            Step::Respond(internal_response(
                id as u64,
                "",
                &format!("bad request: {error}"),
            ))
        }
        _ => Step::Invalid(format!("bad request: {error}")),
    }
}

/// A whole `mcp_response` for a call dropped before it ran: an error result, so the
/// client that sent it (its HTTP request is still open) reads why nothing happened.
fn cancelled_response(request_id: u64, tool: &str) -> Vec<Atom> {
    let result = json!({"content": [{"type": "text", "text": CANCELLED_TEXT}], "isError": true});
    frame_tool_response(request_id, tool, &result.to_string(), &[])
}

/// A whole `mcp_response` carrying an `INTERNAL` error result
/// (docs/design/tool-contract.md §2.2); used for framing faults and, by the host, after
/// the module trapped.
pub fn internal_response(request_id: u64, tool: &str, message: &str) -> Vec<Atom> {
    let name = if tool.is_empty() {
        "the Live side"
    } else {
        tool
    };
    let result = ToolError::new(ErrorCode::Internal, message).to_result(name);
    frame_tool_response(request_id, tool, &result.to_string(), &[])
}
