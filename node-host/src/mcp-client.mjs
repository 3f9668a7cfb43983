// The one MCP client over Streamable HTTP that Barline's own code uses: the stdio bridge
// forwards through it, the simulator's `callTool` and the tests talk through it. It moves
// bytes over node:http (so tests can send any header, Host included) and reads JSON or
// SSE answers; the JSON-RPC messages it sends are built by core (`rpcRequest`, …).
import http from "node:http";
import { loadCore } from "./core.mjs";

/**
 * One HTTP exchange: `{status, headers, contentType, sessionId, text, messages()}`.
 * `body` is a string or an object (sent as JSON); rejects on a transport failure with
 * the socket's error (`.code` ECONNREFUSED, …).
 */
export function exchange(url, { method = "POST", headers = {}, body } = {}) {
  const u = new URL(url);
  const text = body === undefined || typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, method, headers: {
        "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (data += c));
        res.on("error", reject);
        res.on("end", () => {
          const contentType = res.headers["content-type"] ?? "";
          resolve({
            status: res.statusCode, headers: res.headers, contentType, text: data,
            sessionId: res.headers["mcp-session-id"] ?? null,
            messages: () => messagesOf(contentType, data),
          });
        });
      },
    );
    req.on("error", reject);
    if (text !== undefined) req.write(text);
    req.end();
  });
}

/** The JSON-RPC messages of an answer body: a JSON message, a batch, or SSE events. */
export function messagesOf(contentType, text) {
  if (!text) return [];
  if (contentType.includes("text/event-stream")) {
    const out = [];
    for (const event of text.split(/\n\n/)) {
      const data = event.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
      if (data) out.push(JSON.parse(data));
    }
    return out;
  }
  const body = JSON.parse(text);
  return Array.isArray(body) ? body : [body];
}

/**
 * A client with one session. `token` is a string or a function read before every
 * request (a user copying the token the device shows); `protocolVersion` is asked for
 * at `initialize` and sent as a header until the server answers with its own.
 */
export function createMcpClient(url, { token = null, protocolVersion = null, clientName = "barline-client", core = loadCore() } = {}) {
  let sessionId = null;
  let version = protocolVersion;
  let nextId = 1;
  let opening = null;

  function headers() {
    const h = {};
    if (sessionId) h["mcp-session-id"] = sessionId;
    if (version) h["mcp-protocol-version"] = version;
    const t = typeof token === "function" ? token() : token;
    if (t) h.authorization = `Bearer ${t}`;
    return h;
  }

  /** Posts one message (text or object) with this session's headers; the raw answer. */
  const post = (message, extra = {}) => exchange(url, { headers: { ...headers(), ...extra }, body: message });

  /**
   * Opens the session with `initMessage` (a client's own initialize text, or a default
   * one) and sends `notifications/initialized`. Resolves `{ok, answer}`.
   */
  async function open(initMessage = null) {
    sessionId = null;
    version = protocolVersion;
    const answer = await post(initMessage ?? core.rpcInitialize(nextId++, clientName, protocolVersion ?? undefined));
    if (answer.status !== 200 || !answer.sessionId) return { ok: false, answer };
    sessionId = answer.sessionId;
    version = answer.messages()[0]?.result?.protocolVersion ?? version;
    await post(core.rpcNotification("notifications/initialized"));
    return { ok: true, answer };
  }

  /** A request in this session (opened on first use): its result, or throws with `.rpc`. */
  async function request(method, params) {
    opening ??= open().then(({ ok, answer }) => {
      if (!ok) throw new Error(`initialize failed: HTTP ${answer.status}: ${answer.text}`);
    });
    await opening;
    const id = nextId++;
    const answer = await post(core.rpcRequest(id, method, params));
    if (answer.status !== 200) throw new Error(`MCP HTTP ${answer.status}: ${answer.text}`);
    const reply = answer.messages().find((m) => m.id === id);
    if (!reply) throw new Error(`MCP: no reply to request ${id}`);
    if (reply.error) {
      const e = new Error(`${method}: ${reply.error.message}`);
      e.rpc = reply.error;
      throw e;
    }
    return reply.result;
  }

  return {
    post, open, request,
    callTool: (name, args = {}) => request("tools/call", { name, arguments: args }),
    listTools: () => request("tools/list", {}),
    /** Forgets the session (the server restarted); the next `request` opens a new one. */
    reset() { sessionId = null; version = protocolVersion; opening = null; },
    get sessionId() { return sessionId; },
    get version() { return version; },
  };
}
