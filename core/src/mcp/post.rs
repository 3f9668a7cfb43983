//! A POST to the MCP endpoint before its messages run: media types, the protocol
//! version header, `initialize` (which opens a session), the session the other
//! messages belong to, and the batch rules (at most [`MAX_BATCH_ITEMS`]).

use super::dispatch;
use super::http::{HttpAction, HttpRequest, HttpResponse};
use super::jsonrpc::{self, Message};
use super::profile::Profile;
use super::server::{rpc_error, Server, MAX_BATCH_ITEMS};
use super::sessions::TableFull;
use super::version;
use serde_json::Value;

impl Server {
    /// Checks a POST and runs its messages, or answers why it cannot.
    pub(super) fn post(&mut self, req: &HttpRequest) -> HttpAction {
        match self.checked_post(req) {
            Ok(action) => action,
            Err(refusal) => HttpAction::Respond(refusal),
        }
    }

    /// [`Server::post`], with every refusal as the `Err` response, in the order the
    /// checks run: media types, size, JSON, protocol version, session, batch rules.
    fn checked_post(&mut self, req: &HttpRequest) -> Result<HttpAction, HttpResponse> {
        check_media_types(req)?;
        if req.body.len() > self.settings.max_body_bytes {
            return Err(self.body_too_large(req.body.len()));
        }
        let parsed = parse_body(&req.body)?;
        let header_version = req.header("mcp-protocol-version");
        if let Some(v) = header_version {
            check_known_version(v)?;
        }
        let items: Vec<Value> = match &parsed {
            Value::Array(a) => a.clone(),
            single => vec![single.clone()],
        };
        let is_batch = parsed.is_array();
        let is_init =
            !is_batch && parsed.get("method").and_then(Value::as_str) == Some("initialize");
        if is_init {
            return Ok(HttpAction::Respond(self.post_initialize(req, &parsed)));
        }
        // Every other message belongs to a session.
        let Some(sid) = req.header("mcp-session-id").map(str::to_string) else {
            return Err(missing_session(&items, is_batch));
        };
        let Some(session_version) = self.sessions.touch(&sid, req.now_ms).map(|s| s.version) else {
            return Err(rpc_error(
                404,
                jsonrpc::SESSION_NOT_FOUND,
                "Session not found: start a new session with initialize",
            ));
        };
        if let Some(v) = header_version {
            check_same_version(v, session_version)?;
        }
        if is_batch {
            check_batch(&items, session_version)?;
        }
        let wants_sse = req
            .header("accept")
            .is_some_and(|a| a.to_ascii_lowercase().contains("text/event-stream"));
        Ok(self.messages(&sid, session_version, items, is_batch, wants_sse))
    }

    /// An `initialize` POST: refused inside a live session, else a new session.
    fn post_initialize(&mut self, req: &HttpRequest, parsed: &Value) -> HttpResponse {
        if let Some(sid) = req.header("mcp-session-id") {
            if self.sessions.touch(sid, req.now_ms).is_some() {
                return rpc_error(
                    400,
                    jsonrpc::INVALID_REQUEST,
                    "Bad Request: this session is already initialized; send initialize \
                     without an Mcp-Session-Id header to start a new session",
                );
            }
        }
        self.initialize(parsed, req.now_ms)
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
        let profile = match Profile::from_initialize(&params) {
            Ok(p) => p,
            Err(m) => {
                let e = jsonrpc::error(&id, jsonrpc::INVALID_PARAMS, &m, None);
                return HttpResponse::json(200, &e);
            }
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
        let settings = profile.apply(&self.settings);
        if let Some(s) = self.sessions.get_mut(&sid) {
            s.profile = profile;
        }
        HttpResponse::json(
            200,
            &jsonrpc::result(&id, dispatch::initialize_result(negotiated, &settings)),
        )
        .with("mcp-session-id", &sid)
    }
}

/// Refuses a body that is not JSON, or a client that accepts neither JSON nor SSE.
fn check_media_types(req: &HttpRequest) -> Result<(), HttpResponse> {
    let ctype = req
        .header("content-type")
        .unwrap_or("")
        .to_ascii_lowercase();
    if !ctype.trim_start().starts_with("application/json") {
        return Err(rpc_error(
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
            return Err(rpc_error(
                406,
                jsonrpc::INVALID_REQUEST,
                "Not Acceptable: the client must accept application/json and text/event-stream",
            ));
        }
    }
    Ok(())
}

/// The body as JSON, repaired when a lenient reading can; the parse error otherwise.
fn parse_body(body: &str) -> Result<Value, HttpResponse> {
    let parsed = serde_json::from_str(body).or_else(|e| {
        super::lenient::repair(body)
            .and_then(|fixed| serde_json::from_str(&fixed).ok())
            .ok_or(e)
    });
    parsed.map_err(|e| rpc_error(400, jsonrpc::PARSE_ERROR, &format!("Parse error: {e}")))
}

/// Refuses an `MCP-Protocol-Version` header naming a version Barline does not know.
fn check_known_version(v: &str) -> Result<(), HttpResponse> {
    if version::known(v).is_some() {
        return Ok(());
    }
    Err(rpc_error(
        400,
        jsonrpc::INVALID_REQUEST,
        &format!(
            "Bad Request: unsupported MCP-Protocol-Version \"{}\" (supported: {})",
            jsonrpc::quote(v),
            version::SUPPORTED.join(", ")
        ),
    ))
}

/// The answer to a non-`initialize` POST without a session header.
fn missing_session(items: &[Value], is_batch: bool) -> HttpResponse {
    if is_batch
        && items
            .iter()
            .any(|m| m.get("method").and_then(Value::as_str) == Some("initialize"))
    {
        return rpc_error(
            400,
            jsonrpc::INVALID_REQUEST,
            "initialize must not be part of a JSON-RPC batch",
        );
    }
    rpc_error(
        400,
        jsonrpc::INVALID_REQUEST,
        "Bad Request: Mcp-Session-Id header is required (send initialize first)",
    )
}

/// Refuses a header version other than the one negotiated for the session.
fn check_same_version(v: &str, session_version: &str) -> Result<(), HttpResponse> {
    if v == session_version {
        return Ok(());
    }
    Err(rpc_error(400, jsonrpc::INVALID_REQUEST, &format!(
        "Bad Request: MCP-Protocol-Version \"{v}\" differs from the version negotiated for this session (\"{session_version}\")"
    )))
}

/// The batch rules: allowed by the session's version, not empty, at most
/// [`MAX_BATCH_ITEMS`] messages.
fn check_batch(items: &[Value], session_version: &str) -> Result<(), HttpResponse> {
    if !version::allows_batches(session_version) {
        return Err(rpc_error(
            400,
            jsonrpc::INVALID_REQUEST,
            &format!("JSON-RPC batches are not allowed in protocol version {session_version}"),
        ));
    }
    if items.is_empty() {
        return Err(rpc_error(
            400,
            jsonrpc::INVALID_REQUEST,
            "Invalid Request: empty batch",
        ));
    }
    if items.len() > MAX_BATCH_ITEMS {
        return Err(rpc_error(
            400,
            jsonrpc::INVALID_REQUEST,
            &format!(
                "Invalid Request: a batch may hold at most {MAX_BATCH_ITEMS} messages; \
                 this one holds {}: send them in smaller batches",
                items.len()
            ),
        ));
    }
    Ok(())
}
