//! Messages inside a session and the tool calls they send to Live: dispatch, the
//! pending-call queue, batches, and completion or failure of calls.

use super::dispatch::{self, Forward, Outcome};
use super::http::{sse_event, HttpAction, HttpResponse, OutCall};
use super::jsonrpc::{self, Message};
use super::reply::{finish_body, progress, reply_for};
use super::server::{rpc_error, Call, Exchange, Server};
use crate::tools;
use crate::tools::framework::context::ToolContext;
use crate::tools::framework::error::ToolError;
use serde_json::Value;

/// The notification a client sends for a request it no longer wants answered.
const CANCELLED: &str = "notifications/cancelled";

impl Server {
    /// Runs the messages of a checked POST in session `sid`: answers what the Node side
    /// can answer and sends the tool calls to Live as one exchange.
    pub(super) fn messages(
        &mut self,
        sid: &str,
        version: &'static str,
        items: Vec<Value>,
        batch: bool,
        wants_sse: bool,
    ) -> HttpAction {
        let Dispatched {
            replies,
            forwards,
            any_request,
        } = self.dispatch_all(sid, version, &items);
        if !any_request {
            return HttpAction::Respond(HttpResponse::empty(202));
        }
        if forwards.is_empty() {
            return HttpAction::Respond(finish_body(replies, batch, None));
        }
        if self.calls.len() + forwards.len() > self.settings.max_pending {
            return HttpAction::Respond(
                rpc_error(503, jsonrpc::SERVER_BUSY, &format!(
                    "Service Unavailable: {} tool calls are already waiting for Live (limit {}); retry shortly",
                    self.calls.len(),
                    self.settings.max_pending
                ))
                .with("retry-after", "1"),
            );
        }
        let stream = if !batch && wants_sse {
            forwards[0].1.progress_token.clone()
        } else {
            None
        };
        let exchange = Exchange {
            replies,
            outstanding: forwards.len(),
            batch,
            stream,
        };
        self.send_to_live(sid, version, exchange, &forwards)
    }

    /// Dispatches each message in order: a slot per request, `None` where Live answers.
    fn dispatch_all(&mut self, sid: &str, version: &'static str, items: &[Value]) -> Dispatched {
        let mut out = Dispatched {
            replies: Vec::new(),
            forwards: Vec::new(),
            any_request: false,
        };
        for item in items {
            match jsonrpc::classify(item) {
                Err(e) => {
                    out.any_request = true;
                    out.replies.push(Some(jsonrpc::error(
                        &e.id,
                        jsonrpc::INVALID_REQUEST,
                        &format!("Invalid Request: {}", e.message),
                        None,
                    )));
                }
                Ok(Message::Notification { method, params }) => {
                    if method == CANCELLED {
                        self.note_cancelled(sid, &params);
                    }
                }
                Ok(Message::Response) => {}
                Ok(Message::Request { id, method, params }) => {
                    out.any_request = true;
                    match self.dispatch_request(sid, version, &id, &method, &params) {
                        Outcome::Reply(r) => out.replies.push(Some(r)),
                        Outcome::Forward(f) => {
                            out.forwards.push((out.replies.len(), *f));
                            out.replies.push(None);
                        }
                    }
                }
            }
        }
        out
    }

    /// Notes the calls of session `sid` that `notifications/cancelled` names by its
    /// `requestId`; an unknown or finished request is ignored, as MCP allows.
    fn note_cancelled(&mut self, sid: &str, params: &Value) {
        let Some(request_id) = params.get("requestId") else {
            return;
        };
        let named = self
            .calls
            .iter()
            .filter(|(_, c)| c.session == sid && c.forward.rpc_id == *request_id)
            .map(|(id, _)| *id);
        self.cancelled.extend(named);
    }

    /// One request, with the session's profile (small model, tools it skips) on top of
    /// the device's settings.
    fn dispatch_request(
        &mut self,
        sid: &str,
        version: &'static str,
        id: &Value,
        method: &str,
        params: &Value,
    ) -> Outcome {
        let Some(session) = self.sessions.get_mut(sid) else {
            let e = jsonrpc::error(id, jsonrpc::SESSION_NOT_FOUND, "Session not found", None);
            return Outcome::Reply(e);
        };
        let settings = session.profile.apply(&self.settings);
        dispatch::dispatch(
            id,
            method,
            params,
            &settings,
            version,
            &mut session.log_level,
        )
    }

    /// Registers `exchange` and one call per forward, and says what to send to Live
    /// (with the SSE prelude when the answer streams).
    fn send_to_live(
        &mut self,
        sid: &str,
        version: &'static str,
        exchange: Exchange,
        forwards: &[(usize, Forward)],
    ) -> HttpAction {
        let exchange_id = self.next_id;
        self.next_id += 1;
        let ctx = self.context(sid);
        let mut calls = Vec::new();
        for (slot, f) in forwards.iter() {
            let call_id = self.next_id;
            self.next_id += 1;
            calls.push(OutCall {
                call_id,
                tool: f.tool.clone(),
                args: f.args.clone(),
                context: ctx.clone(),
            });
            self.sessions.call_started(sid);
            self.calls.insert(
                call_id,
                Call {
                    session: sid.to_string(),
                    exchange: exchange_id,
                    slot: *slot,
                    forward: f.clone(),
                    version,
                },
            );
        }
        let stream = exchange.stream.clone();
        self.exchanges.insert(exchange_id, exchange);
        let prelude = stream.map(|token| {
            let mut r = HttpResponse::empty(200)
                .with("content-type", "text/event-stream")
                .with("cache-control", "no-cache");
            r.body = sse_event(&progress(&token, 0, "sent to Live"));
            r
        });
        HttpAction::Forward { calls, prelude }
    }

    /// The context each call of session `sid` carries: the device's settings with the
    /// session's profile applied.
    fn context(&self, sid: &str) -> Value {
        let settings = match self.sessions.get(sid) {
            Some(s) => s.profile.apply(&self.settings),
            None => self.settings.clone(),
        };
        ToolContext {
            small_model: settings.small_model,
            json_output: settings.json_output,
            memory_enabled: settings.memory_enabled,
            memory_writable: settings.memory_writable,
            memory_text: settings.memory_text,
            sample_folder: settings.sample_folder,
            timeout_ms: settings.timeout_ms,
            silent_wav: settings.silent_wav,
            raw_live_api: settings.raw_live_api,
            disabled_tools: settings.disabled_tools,
            listed_tools: Vec::new(),
        }
        .to_json()
    }

    /// Live answered a call: `result_json` is the tool's `CallToolResult` (or resource
    /// result), `live_warnings` the warnings raised on the v8 side.
    pub fn complete_tool_call(
        &mut self,
        call_id: u64,
        result_json: &str,
        live_warnings: &[String],
    ) -> HttpAction {
        let Some(call) = self.calls.remove(&call_id) else {
            return unknown_call(call_id);
        };
        let reply = match serde_json::from_str::<Value>(result_json) {
            Ok(result) if result.is_object() => reply_for(&call, result, live_warnings),
            _ => reply_for(
                &call,
                ToolError::new(
                    tools::ErrorCode::Internal,
                    "Live's answer was not a JSON object",
                )
                .to_result(&call.forward.tool),
                live_warnings,
            ),
        };
        self.settle(call, reply)
    }

    /// The call failed in transit (`TIMEOUT`, `INTERNAL`, …).
    pub fn fail_tool_call(&mut self, call_id: u64, code: &str, message: &str) -> HttpAction {
        let code = tools::ErrorCode::parse(code).unwrap_or(tools::ErrorCode::Internal);
        self.fail_tool_call_with(call_id, ToolError::new(code, message))
    }

    /// The call failed with this error (code, message and hint decided by core, e.g.
    /// from a [`crate::relay::Transit`] report).
    pub fn fail_tool_call_with(&mut self, call_id: u64, error: ToolError) -> HttpAction {
        let Some(call) = self.calls.remove(&call_id) else {
            return unknown_call(call_id);
        };
        let err = error.to_result(&call.forward.tool);
        let reply = reply_for(&call, err, &[]);
        self.settle(call, reply)
    }

    fn settle(&mut self, call: Call, reply: Value) -> HttpAction {
        self.sessions.call_ended(&call.session);
        let Some(ex) = self.exchanges.get_mut(&call.exchange) else {
            return HttpAction::Pending;
        };
        if let Some(slot) = ex.replies.get_mut(call.slot) {
            *slot = Some(reply);
        }
        ex.outstanding = ex.outstanding.saturating_sub(1);
        if ex.outstanding > 0 {
            return HttpAction::Pending;
        }
        match self.exchanges.remove(&call.exchange) {
            Some(ex) => HttpAction::Respond(finish_body(ex.replies, ex.batch, ex.stream)),
            None => HttpAction::Pending,
        }
    }
}

/// The messages of one POST after dispatch.
struct Dispatched {
    /// One slot per request, in order; `None` where Live will answer.
    replies: Vec<Option<Value>>,
    /// The requests Live must answer, with their slots.
    forwards: Vec<(usize, Forward)>,
    /// Whether any message needs an answer (else the POST is answered 202).
    any_request: bool,
}

/// The answer to a completion or failure for a call that is not (or no longer) out.
fn unknown_call(call_id: u64) -> HttpAction {
    HttpAction::Respond(rpc_error(
        500,
        jsonrpc::INTERNAL_ERROR,
        &format!("unknown call id {call_id}"),
    ))
}
