//! The v8 side of the bridge: decodes a request, runs the tool against the Live port,
//! parks it while a tool waits, and frames the response with this request's warnings.

use crate::bridge::{decode_request, BridgeError};
use crate::live::{Atom, LivePort};
use crate::relay::frame_tool_response;
use crate::tools::framework::call::OUTLET_META;
use crate::tools::framework::call::{Clock, NoClock};
use crate::tools::framework::error::{ErrorCode, ToolError};
use crate::tools::framework::ids::IssuedIds;
use crate::tools::framework::request::{RESUME_CONTEXT, WAIT_META};
use crate::tools::{execute, ToolRequest};
use serde_json::{json, Value};
use std::collections::HashMap;

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

/// Per-instance state of the v8 side: requests parked in a wait, the issued-id registry
/// (docs/design/tool-contract.md §2.4, kept across calls and lent to each tool call) and
/// the clock that starts each request's deadline (docs/design/tool-contract.md §1.15).
pub struct V8Session {
    next_token: u64,
    parked: HashMap<u64, Parked>,
    ids: IssuedIds,
    clock: Box<dyn Clock>,
    outbox: Vec<Vec<Atom>>,
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
        }
    }

    /// The issued-id registry (tests and diagnostics).
    pub fn ids(&self) -> &IssuedIds {
        &self.ids
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
        self.run(live, request_id, request, Vec::new())
    }

    /// Continues a request parked by [`Step::Wait`].
    pub fn resume(&mut self, live: &mut dyn LivePort, token: u64) -> Step {
        match self.parked.remove(&token) {
            Some(p) => self.run(live, p.request_id, p.request, p.warnings),
            None => Step::Invalid(format!("resume token {token} is unknown (already resumed, or the module was re-instantiated)")),
        }
    }

    /// Messages for the status outlet (docs/design/tool-contract.md §1.16: `update_memory
    /// <text>`) raised by the last [`V8Session::handle`] or [`V8Session::resume`]; the
    /// host sends them before acting on the returned [`Step`], so the patch stores them
    /// first.
    pub fn take_outlet(&mut self) -> Vec<Vec<Atom>> {
        std::mem::take(&mut self.outbox)
    }

    /// Number of requests waiting for a resume.
    pub fn parked_count(&self) -> usize {
        self.parked.len()
    }

    fn run(
        &mut self,
        live: &mut dyn LivePort,
        request_id: u64,
        mut request: ToolRequest,
        mut warnings: Vec<String>,
    ) -> Step {
        let mut outcome = execute(live, &request, &mut self.ids, self.clock.as_ref());
        warnings.append(&mut outcome.warnings);
        self.outbox.extend(take_outlet(&mut outcome.result));
        if let Some(wait) = take_wait(&mut outcome.result) {
            let ms = wait["ms"].as_u64().unwrap_or(0).min(MAX_WAIT_MS);
            if !request.context.is_object() {
                request.context = json!({});
            }
            request.context[RESUME_CONTEXT] = wait.get("state").cloned().unwrap_or(Value::Null);
            self.next_token += 1;
            let token = self.next_token;
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
