//! The MCP server state machine: sessions, admission, batches, and tool calls that are
//! out at Live until node-host reports their result.

use super::dispatch::{self, Forward, Outcome};
use super::http::{sse_event, HttpAction, HttpRequest, HttpResponse, OutCall};
use super::jsonrpc::{self, Message};
use super::reply::{finish_body, progress, reply_for};
use super::{security, version, Settings};
use crate::tools::{self, ToolContext, ToolError};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};

/// Sessions kept at once; the oldest is dropped beyond this.
const MAX_SESSIONS: usize = 256;

struct Session {
    pub(super) version: &'static str,
    log_level: String,
}

pub(super) struct Call {
    pub(super) exchange: u64,
    pub(super) slot: usize,
    pub(super) forward: Forward,
    pub(super) version: &'static str,
}

struct Exchange {
    replies: Vec<Option<Value>>,
    outstanding: usize,
    batch: bool,
    stream: Option<Value>,
}

/// One MCP server (one per device): sessions, pending calls and settings.
pub struct Server {
    settings: Settings,
    sessions: HashMap<String, Session>,
    order: VecDeque<String>,
    calls: HashMap<u64, Call>,
    exchanges: HashMap<u64, Exchange>,
    next_id: u64,
    rng: u64,
}

fn rpc_error(status: u16, code: i64, message: &str) -> HttpResponse {
    HttpResponse::json(status, &jsonrpc::error(&Value::Null, code, message, None))
}

impl Server {
    /// A server with these settings.
    pub fn new(settings: Settings) -> Server {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for b in settings.entropy.bytes() {
            rng = (rng ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
        Server {
            settings,
            sessions: HashMap::new(),
            order: VecDeque::new(),
            calls: HashMap::new(),
            exchanges: HashMap::new(),
            next_id: 1,
            rng,
        }
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Tool calls currently out at Live.
    pub fn pending(&self) -> usize {
        self.calls.len()
    }

    fn next_random(&mut self) -> u64 {
        // SplitMix64: well distributed ids from the host's entropy and a counter.
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Handles one HTTP request to the server.
    pub fn handle_http(&mut self, req: &HttpRequest) -> HttpAction {
        match self.admit(req) {
            Ok(()) => {}
            Err(r) => return HttpAction::Respond(r),
        }
        match req.method.as_str() {
            "POST" => self.post(req),
            "DELETE" => HttpAction::Respond(self.delete(req)),
            _ => HttpAction::Respond(
                rpc_error(405, jsonrpc::INVALID_REQUEST, "Method not allowed: use POST (and DELETE to end a session); this server offers no SSE stream on GET")
                    .with("allow", "POST, DELETE"),
            ),
        }
    }

    fn admit(&self, req: &HttpRequest) -> Result<(), HttpResponse> {
        let path = req.path.split('?').next().unwrap_or("");
        if path != "/mcp" {
            return Err(rpc_error(
                404,
                jsonrpc::INVALID_REQUEST,
                &format!("Not found: {path} (the MCP endpoint is /mcp)"),
            ));
        }
        security::check_origin_and_host(
            req.header("host"),
            req.header("origin"),
            self.settings.binds_loopback(),
        )
        .and_then(|()| {
            security::check_token(
                req.header("authorization"),
                self.settings.token.as_deref(),
                self.settings.token_required(),
            )
        })
        .map_err(|r| {
            let resp = rpc_error(r.status, -32000, &r.message);
            if r.status == 401 {
                resp.with("www-authenticate", "Bearer realm=\"barline\"")
            } else {
                resp
            }
        })
    }

    fn delete(&mut self, req: &HttpRequest) -> HttpResponse {
        match req.header("mcp-session-id") {
            None => rpc_error(
                400,
                jsonrpc::INVALID_REQUEST,
                "Bad Request: Mcp-Session-Id header is required",
            ),
            Some(id) if self.sessions.remove(id).is_some() => {
                self.order.retain(|s| s != id);
                HttpResponse::empty(200)
            }
            Some(_) => rpc_error(404, jsonrpc::SESSION_NOT_FOUND, "Session not found"),
        }
    }

    fn post(&mut self, req: &HttpRequest) -> HttpAction {
        let respond = HttpAction::Respond;
        let ctype = req
            .header("content-type")
            .unwrap_or("")
            .to_ascii_lowercase();
        if !ctype.trim_start().starts_with("application/json") {
            return respond(rpc_error(
                415,
                jsonrpc::INVALID_REQUEST,
                "Unsupported Media Type: send Content-Type: application/json",
            ));
        }
        if let Some(accept) = req.header("accept") {
            let a = accept.to_ascii_lowercase();
            if ![
                "application/json",
                "text/event-stream",
                "*/*",
                "application/*",
            ]
            .iter()
            .any(|m| a.contains(m))
            {
                return respond(rpc_error(
                    406,
                    jsonrpc::INVALID_REQUEST,
                    "Not Acceptable: the client must accept application/json and text/event-stream",
                ));
            }
        }
        if req.body.len() > self.settings.max_body_bytes {
            return respond(rpc_error(
                413,
                jsonrpc::INVALID_REQUEST,
                &format!(
                    "Payload Too Large: the body is {} bytes, the limit is {}",
                    req.body.len(),
                    self.settings.max_body_bytes
                ),
            ));
        }
        let parsed: Value = match serde_json::from_str(&req.body) {
            Ok(v) => v,
            Err(e) => {
                return respond(rpc_error(
                    400,
                    jsonrpc::PARSE_ERROR,
                    &format!("Parse error: {e}"),
                ))
            }
        };
        let header_version = req.header("mcp-protocol-version");
        if let Some(v) = header_version {
            if version::known(v).is_none() {
                return respond(rpc_error(
                    400,
                    jsonrpc::INVALID_REQUEST,
                    &format!(
                        "Bad Request: unsupported MCP-Protocol-Version \"{v}\" (supported: {})",
                        version::SUPPORTED.join(", ")
                    ),
                ));
            }
        }
        let items: Vec<Value> = match &parsed {
            Value::Array(a) => a.clone(),
            single => vec![single.clone()],
        };
        let is_batch = parsed.is_array();
        let is_init =
            !is_batch && parsed.get("method").and_then(Value::as_str) == Some("initialize");
        if is_init {
            return respond(self.initialize(&parsed));
        }
        // Every other message belongs to a session.
        let Some(sid) = req.header("mcp-session-id").map(str::to_string) else {
            if is_batch
                && items
                    .iter()
                    .any(|m| m.get("method").and_then(Value::as_str) == Some("initialize"))
            {
                return respond(rpc_error(
                    400,
                    jsonrpc::INVALID_REQUEST,
                    "initialize must not be part of a JSON-RPC batch",
                ));
            }
            return respond(rpc_error(
                400,
                jsonrpc::INVALID_REQUEST,
                "Bad Request: Mcp-Session-Id header is required (send initialize first)",
            ));
        };
        let Some(session_version) = self.sessions.get(&sid).map(|s| s.version) else {
            return respond(rpc_error(
                404,
                jsonrpc::SESSION_NOT_FOUND,
                "Session not found: start a new session with initialize",
            ));
        };
        if let Some(v) = header_version {
            if v != session_version {
                return respond(rpc_error(400, jsonrpc::INVALID_REQUEST, &format!(
                    "Bad Request: MCP-Protocol-Version \"{v}\" differs from the version negotiated for this session (\"{session_version}\")"
                )));
            }
        }
        if is_batch {
            if !version::allows_batches(session_version) {
                return respond(rpc_error(
                    400,
                    jsonrpc::INVALID_REQUEST,
                    &format!(
                        "JSON-RPC batches are not allowed in protocol version {session_version}"
                    ),
                ));
            }
            if items.is_empty() {
                return respond(rpc_error(
                    400,
                    jsonrpc::INVALID_REQUEST,
                    "Invalid Request: empty batch",
                ));
            }
        }
        let wants_sse = req
            .header("accept")
            .is_some_and(|a| a.to_ascii_lowercase().contains("text/event-stream"));
        self.messages(&sid, session_version, items, is_batch, wants_sse)
    }

    fn initialize(&mut self, msg: &Value) -> HttpResponse {
        let (id, params) = match jsonrpc::classify(msg) {
            Ok(Message::Request { id, params, .. }) => (id, params),
            Ok(_) => {
                return rpc_error(
                    400,
                    jsonrpc::INVALID_REQUEST,
                    "initialize must be a request with an id",
                )
            }
            Err(e) => {
                return HttpResponse::json(
                    400,
                    &jsonrpc::error(&e.id, jsonrpc::INVALID_REQUEST, &e.message, None),
                )
            }
        };
        let Some(requested) = params.get("protocolVersion").and_then(Value::as_str) else {
            return HttpResponse::json(
                200,
                &jsonrpc::error(
                    &id,
                    jsonrpc::INVALID_PARAMS,
                    "initialize needs params.protocolVersion (a string)",
                    None,
                ),
            );
        };
        let negotiated = version::negotiate(requested);
        let sid = format!("{:016x}{:016x}", self.next_random(), self.next_random());
        self.sessions.insert(
            sid.clone(),
            Session {
                version: negotiated,
                log_level: "info".into(),
            },
        );
        self.order.push_back(sid.clone());
        while self.order.len() > MAX_SESSIONS {
            if let Some(old) = self.order.pop_front() {
                self.sessions.remove(&old);
            }
        }
        HttpResponse::json(
            200,
            &jsonrpc::result(&id, dispatch::initialize_result(negotiated)),
        )
        .with("mcp-session-id", &sid)
    }

    fn messages(
        &mut self,
        sid: &str,
        version: &'static str,
        items: Vec<Value>,
        batch: bool,
        wants_sse: bool,
    ) -> HttpAction {
        let mut replies: Vec<Option<Value>> = Vec::new();
        let mut forwards: Vec<(usize, Forward)> = Vec::new();
        let mut any_request = false;
        for item in &items {
            match jsonrpc::classify(item) {
                Err(e) => {
                    any_request = true;
                    replies.push(Some(jsonrpc::error(
                        &e.id,
                        jsonrpc::INVALID_REQUEST,
                        &format!("Invalid Request: {}", e.message),
                        None,
                    )));
                }
                Ok(Message::Notification { .. }) | Ok(Message::Response) => {}
                Ok(Message::Request { id, method, params }) => {
                    any_request = true;
                    let Some(session) = self.sessions.get_mut(sid) else {
                        let e = jsonrpc::error(
                            &id,
                            jsonrpc::SESSION_NOT_FOUND,
                            "Session not found",
                            None,
                        );
                        replies.push(Some(e));
                        continue;
                    };
                    match dispatch::dispatch(
                        &id,
                        &method,
                        &params,
                        &self.settings,
                        version,
                        &mut session.log_level,
                    ) {
                        Outcome::Reply(r) => replies.push(Some(r)),
                        Outcome::Forward(f) => {
                            forwards.push((replies.len(), *f));
                            replies.push(None);
                        }
                    }
                }
            }
        }
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
        let exchange = self.next_id;
        self.next_id += 1;
        let ctx = self.context();
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
            self.calls.insert(
                call_id,
                Call {
                    exchange,
                    slot: *slot,
                    forward: f.clone(),
                    version,
                },
            );
        }
        self.exchanges.insert(
            exchange,
            Exchange {
                replies,
                outstanding: forwards.len(),
                batch,
                stream: stream.clone(),
            },
        );
        let prelude = stream.map(|token| {
            let mut r = HttpResponse::empty(200)
                .with("content-type", "text/event-stream")
                .with("cache-control", "no-cache");
            r.body = sse_event(&progress(&token, 0, "sent to Live"));
            r
        });
        HttpAction::Forward { calls, prelude }
    }

    fn context(&self) -> Value {
        ToolContext {
            small_model: self.settings.small_model,
            json_output: self.settings.json_output,
            memory_enabled: self.settings.memory_enabled,
            memory_text: self.settings.memory_text.clone(),
            timeout_ms: self.settings.timeout_ms,
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
            return HttpAction::Respond(rpc_error(
                500,
                jsonrpc::INTERNAL_ERROR,
                &format!("unknown call id {call_id}"),
            ));
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
        let Some(call) = self.calls.remove(&call_id) else {
            return HttpAction::Respond(rpc_error(
                500,
                jsonrpc::INTERNAL_ERROR,
                &format!("unknown call id {call_id}"),
            ));
        };
        let code = tools::ErrorCode::parse(code).unwrap_or(tools::ErrorCode::Internal);
        let err = ToolError::new(code, message).to_result(&call.forward.tool);
        let reply = reply_for(&call, err, &[]);
        self.settle(call, reply)
    }

    fn settle(&mut self, call: Call, reply: Value) -> HttpAction {
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
