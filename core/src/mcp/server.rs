//! The MCP server state machine: sessions, admission, and tool calls that are out at
//! Live until node-host reports their result. A POST's own rules are in `post.rs`, the
//! messages it carries in `calls.rs`.

use super::dispatch::Forward;
use super::http::{HttpAction, HttpRequest, HttpResponse};
use super::jsonrpc;
use super::sessions::Sessions;
use super::{security, Settings};
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
    /// Calls a client cancelled while they were out at Live, until the host takes them.
    pub(super) cancelled: Vec<u64>,
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
            cancelled: Vec::new(),
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

    /// Tool calls currently out at Live.
    pub fn pending(&self) -> usize {
        self.calls.len()
    }

    /// The calls clients cancelled (`notifications/cancelled`) while they were out at
    /// Live, since the last take. The host asks Live to drop each one that has not
    /// started; a started one runs to its end, and either way its answer is sent.
    pub fn take_cancelled(&mut self) -> Vec<u64> {
        std::mem::take(&mut self.cancelled)
    }

    pub(super) fn next_random(&mut self) -> u64 {
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
        security::check_admission(
            req.header("host"),
            req.header("origin"),
            self.settings.binds_loopback(),
            &self.settings.allowed_origins,
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

    /// Sessions alive.
    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }
}
