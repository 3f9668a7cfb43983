// The stdio bridge: for MCP clients that only speak stdio. Each newline-delimited
// JSON-RPC message from the client is POSTed to the device's HTTP endpoint and the
// answer written back as one line. When the device is not running, an in-process core
// (the same wasm) still answers initialize, tools/list, prompts and static resources,
// and tool calls get a helpful "start Live with the Barline device" error result.
import { randomBytes } from "node:crypto";

const OFFLINE_MESSAGE =
  "Barline is not running: start Ableton Live and put the Barline device on a track (it serves MCP on %URL%), then call this tool again.";

/**
 * Creates a bridge. `write(text)` receives one JSON-RPC message per call (no newline).
 * Returns `{ handleLine(line) → Promise, idle() → Promise }`.
 */
export function createStdioBridge({ url, token = null, core, write, log = () => {} }) {
  const offlineMessage = OFFLINE_MESSAGE.replace("%URL%", url);
  let initMessage = null;
  let upstream = null; // { sessionId, version }
  let offline = null; // { core, sessionId, initBody }
  let ready = Promise.resolve();
  const inflight = new Set();

  async function post(message, sessionId, version) {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    if (sessionId) headers["mcp-session-id"] = sessionId;
    if (version) headers["mcp-protocol-version"] = version;
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(message) });
    const text = await res.text();
    return { status: res.status, sessionId: res.headers.get("mcp-session-id"), type: res.headers.get("content-type") ?? "", text };
  }

  function messagesOf(r) {
    if (!r.text) return [];
    if (r.type.includes("text/event-stream")) {
      const out = [];
      for (const event of r.text.split(/\n\n/)) {
        const data = event.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
        if (data) out.push(JSON.parse(data));
      }
      return out;
    }
    const body = JSON.parse(r.text);
    return Array.isArray(body) ? body : [body];
  }

  async function upstreamInit() {
    const r = await post(initMessage, null, null);
    if (r.status !== 200 || !r.sessionId) return { r, ok: false };
    const [answer] = messagesOf(r);
    upstream = { sessionId: r.sessionId, version: answer?.result?.protocolVersion ?? null };
    await post({ jsonrpc: "2.0", method: "notifications/initialized" }, upstream.sessionId, upstream.version);
    return { r, ok: true };
  }

  function offlineCore() {
    if (!offline) {
      const c = new core.NodeCore(JSON.stringify({ entropy: randomBytes(16).toString("hex") }));
      const init = c.handleHttp("POST", "/mcp", { host: "localhost", "content-type": "application/json" }, JSON.stringify(initMessage ?? { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25" } }));
      offline = { core: c, sessionId: init.headers["mcp-session-id"], initBody: init.body };
    }
    return offline;
  }

  function answerOffline(message) {
    const o = offlineCore();
    if (message.method === "initialize") {
      const body = JSON.parse(o.initBody);
      body.id = message.id;
      return [body];
    }
    const headers = { host: "localhost", "content-type": "application/json", accept: "application/json", "mcp-session-id": o.sessionId };
    const texts = [];
    const settle = (a) => {
      if (a.kind === "response") {
        if (a.body) texts.push(a.body);
      } else if (a.kind === "toolCall" || a.kind === "toolCalls") {
        for (const c of a.kind === "toolCall" ? [a] : a.calls) settle(o.core.failToolCall(c.callId, "DISABLED", offlineMessage));
      }
    };
    settle(o.core.handleHttp("POST", "/mcp", headers, JSON.stringify(message)));
    return texts.flatMap((t) => {
      const b = JSON.parse(t);
      return Array.isArray(b) ? b : [b];
    });
  }

  async function forward(message) {
    try {
      if (message.method === "initialize") {
        initMessage = message;
        upstream = null;
        const { r, ok } = await upstreamInit();
        return ok ? messagesOf(r) : messagesOf(r).map((m) => withId(m, message.id));
      }
      if (!upstream && initMessage) {
        const { ok, r } = await upstreamInit();
        if (!ok) return messagesOf(r).map((m) => withId(m, message.id));
      }
      let r = await post(message, upstream?.sessionId, upstream?.version);
      if (r.status === 404 && initMessage) {
        // The device restarted and forgot our session: open a new one and retry once.
        upstream = null;
        await upstreamInit();
        r = await post(message, upstream?.sessionId, upstream?.version);
      }
      return messagesOf(r).map((m) => withId(m, message.id));
    } catch (e) {
      if (isConnectionError(e)) {
        upstream = null;
        return answerOffline(message);
      }
      throw e;
    }
  }

  async function handleLine(line) {
    const text = line.trim();
    if (!text) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch (e) {
      write(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: `Parse error: ${e.message}` } }));
      return;
    }
    const isInit = message?.method === "initialize";
    const run = async () => {
      try {
        for (const m of await forward(message)) write(JSON.stringify(m));
      } catch (e) {
        log(`bridge error: ${e?.stack ?? e}`);
        if (message?.id !== undefined) {
          write(JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: `Barline stdio bridge: ${e?.message ?? e}` } }));
        }
      }
    };
    // initialize runs alone; everything after it waits for it, then runs concurrently.
    const p = isInit ? (ready = ready.then(run)) : ready.then(run);
    inflight.add(p);
    p.finally(() => inflight.delete(p));
    return p;
  }

  return { handleLine, idle: () => Promise.all([...inflight]) };
}

function withId(m, id) {
  if (m && m.id === null && id !== undefined && m.error) return { ...m, id };
  return m;
}

function isConnectionError(e) {
  const code = e?.cause?.code ?? e?.code;
  // undici reports every transport failure as TypeError("fetch failed") with a cause.
  if (e instanceof TypeError && e.message === "fetch failed") return true;
  return ["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "UND_ERR_SOCKET"].includes(code);
}
