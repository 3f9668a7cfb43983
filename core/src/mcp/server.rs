//! The MCP server state machine: sessions, admission, batches, and tool calls that are
//! out at Live until node-host reports their result.

use super::dispatch::{self, Forward};
use super::http::{HttpAction, HttpRequest, HttpResponse};
use super::jsonrpc::{self, Message};
use super::sessions::{Sessions, TableFull};
use super::{security, version, Settings};
use serde_json::Value;
use std::collections::HashMap;

/// Most messages in one JSON-RPC batch. Each answer can be a few kilobytes (the tool
/// list is ~3 KB), so an unbounded batch turns a 4 MB body into a reply of hundreds of
/// megabytes; 100 keeps the worst reply near 3 MB and is far beyond what clients send.
pub const MAX_BATCH_ITEMS: usize = 100;

pub(super) struct Call {
    /// The session that sent the call (kept from eviction while the call is out).
    pub(super) session: String,
    pub(super) exchange: u64,
    pub(super) slot: usize,
    pub(super) forward: Forward,
    pub(super) version: &'static str,
}

pub(super) struct Exchange {
    pub(super) replies: Vec<Option<Value>>,
    pub(super) outstanding: usize,
    pub(super) batch: bool,
    pub(super) stream: Option<Value>,
}

/// One MCP server (one per device): sessions, pending calls and settings.
pub struct Server {
    pub(super) settings: Settings,
    pub(super) sessions: Sessions,
    pub(super) calls: HashMap<u64, Call>,
    pub(super) exchanges: HashMap<u64, Exchange>,
    pub(super) next_id: u64,
    pub(super) rng: u64,
}

pub(super) fn rpc_error(status: u16, code: i64, message: &str) -> HttpResponse {
    HttpResponse::json(status, &jsonrpc::error(&Value::Null, code, message, None))
}

impl Server {
    /// The 413 answer for a body of `size` bytes. node-host stops buffering a body past
    /// the cap and asks for this answer instead of handing the body over.
    pub fn body_too_large(&self, size: usize) -> HttpResponse {
        rpc_error(
            413,
            jsonrpc::INVALID_REQUEST,
            &format!(
                "Payload Too Large: the body is {size} bytes, the limit is {}",
                self.settings.max_body_bytes
            ),
        )
    }

    /// The 500 answer for a request whose handling trapped in core; the host asks a
    /// fresh instance for it.
    pub fn internal_error() -> HttpResponse {
        rpc_error(
            500,
            jsonrpc::INTERNAL_ERROR,
            "Internal error in Barline (logged); retry",
        )
    }

    /// A server with these settings.
    pub fn new(settings: Settings) -> Server {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for b in settings.entropy.bytes() {
            rng = (rng ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
        Server {
            settings,
            sessions: Sessions::default(),
            calls: HashMap::new(),
            exchanges: HashMap::new(),
            next_id: 1,
            rng,
        }
    }

    /// Changes one setting while the server runs (see [`Settings::update`]); the next
    /// request carries the new value.
    pub fn update_setting(&mut self, name: &str, value: Value) -> Result<(), String> {
        self.settings.update(name, value)
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The 400 answer for a request whose body could not be read (the connection
    /// failed midway).
    pub fn unreadable_body(detail: &str) -> HttpResponse {
        rpc_error(
            400,
            jsonrpc::INVALID_REQUEST,
            &format!("Bad Request: the body could not be read ({detail})"),
        )
        .with("connection", "close")
    }

    /// Admission for the pages the demo serves beside `/mcp` (the playground): the same
    /// Host and Origin rules as the MCP endpoint, without the token (a browser page
    /// cannot send one). `None` admits; otherwise the refusal to write.
    pub fn admit_page(&self, req: &HttpRequest) -> Option<HttpResponse> {
        security::check_origin_and_host(
            req.header("host"),
            req.header("origin"),
            self.settings.binds_loopback(),
        )
        .err()
        .map(|r| {
            let mut resp =
                HttpResponse::empty(r.status).with("content-type", "text/plain; charset=utf-8");
            resp.body = format!("{}\n", r.message);
            resp
        })
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

    /// Handles a request whose body arrived as bytes (`req.body` is ignored): a body
    /// that is not UTF-8 is refused with the offset of its first bad byte rather than
    /// decoded with replacement characters, which would change what the client sent.
    pub fn handle_http_bytes(&mut self, mut req: HttpRequest, body: Vec<u8>) -> HttpAction {
        match String::from_utf8(body) {
            Ok(text) => {
                req.body = text;
                self.handle_http(&req)
            }
            Err(e) => {
                req.body.clear();
                if let Err(r) = self.admit(&req) {
                    return HttpAction::Respond(r);
                }
                HttpAction::Respond(rpc_error(
                    400,
                    jsonrpc::PARSE_ERROR,
                    &format!(
                        "Parse error: the body is not valid UTF-8 (first bad byte at offset {}); \
                         send JSON encoded as UTF-8",
                        e.utf8_error().valid_up_to()
                    ),
                ))
            }
        }
    }

    fn admit(&self, req: &HttpRequest) -> Result<(), HttpResponse> {
        let path = req.path.split('?').next().unwrap_or("");
        if path != "/mcp" {
            return Err(rpc_error(
                404,
                jsonrpc::INVALID_REQUEST,
                &format!(
                    "Not found: {} (the MCP endpoint is /mcp)",
                    jsonrpc::quote(path)
                ),
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
            Some(id) if self.sessions.close(id) => HttpResponse::empty(200),
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
            return respond(self.body_too_large(req.body.len()));
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
                        "Bad Request: unsupported MCP-Protocol-Version \"{}\" (supported: {})",
                        jsonrpc::quote(v),
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
            if let Some(sid) = req.header("mcp-session-id") {
                if self.sessions.touch(sid, req.now_ms).is_some() {
                    return respond(rpc_error(
                        400,
                        jsonrpc::INVALID_REQUEST,
                        "Bad Request: this session is already initialized; send initialize \
                         without an Mcp-Session-Id header to start a new session",
                    ));
                }
            }
            return respond(self.initialize(&parsed, req.now_ms));
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
        let Some(session_version) = self.sessions.touch(&sid, req.now_ms).map(|s| s.version) else {
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
            if items.len() > MAX_BATCH_ITEMS {
                return respond(rpc_error(
                    400,
                    jsonrpc::INVALID_REQUEST,
                    &format!(
                        "Invalid Request: a batch may hold at most {MAX_BATCH_ITEMS} messages; \
                         this one holds {}: send them in smaller batches",
                        items.len()
                    ),
                ));
            }
        }
        let wants_sse = req
            .header("accept")
            .is_some_and(|a| a.to_ascii_lowercase().contains("text/event-stream"));
        self.messages(&sid, session_version, items, is_batch, wants_sse)
    }

    /// Sessions alive.
    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }

    fn initialize(&mut self, msg: &Value, now: u64) -> HttpResponse {
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
        if let Err(TableFull) = self.sessions.open(sid.clone(), negotiated, now) {
            return rpc_error(
                503,
                jsonrpc::SERVER_BUSY,
                "Service Unavailable: every session has a tool call in flight; retry shortly",
            )
            .with("retry-after", "1");
        }
        HttpResponse::json(
            200,
            &jsonrpc::result(&id, dispatch::initialize_result(negotiated, &self.settings)),
        )
        .with("mcp-session-id", &sid)
    }
}
