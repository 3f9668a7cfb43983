// Streamable HTTP for the MCP server. Plain node:http, no framework, no runtime npm deps.
// Every decision (admission, sessions, JSON-RPC, validation) is made by core's NodeCore;
// this file only moves bytes: it reads bodies (with a size cap), hands requests to core,
// relays tool calls to Live and writes what core answers.
import http from "node:http";
import { randomBytes } from "node:crypto";
import { DEFAULTS } from "./max-settings.mjs";
import { staticFiles } from "./static-files.mjs";
import { chatPage } from "./chat-page.mjs";


/**
 * Starts the MCP endpoint. `core` is the wasm exports object (it has `NodeCore`),
 * `relay.call({tool, args, context})` resolves `{resultJson, warnings}` or rejects with
 * a relay TransitError (`.kind`, `.detail`). Resolves
 * `{port, host, url, close(), updateSetting(key, value), …}`.
 */
export async function startHttpServer({ core, relay, settings = {}, log = () => {}, onTokenGenerated }) {
  const s = { ...DEFAULTS, ...settings };
  const playground = s.playgroundDir ? staticFiles("/playground", s.playgroundDir) : null;
  const chat = chatPage();
  // wasm has no random source: core gets fresh bytes and decides whether a token is
  // needed (docs/design/security.md §1); a generated one goes to the patch for storage.
  const coreSettings = {
    ...s,
    entropy: randomBytes(16).toString("hex"),
    freshToken: randomBytes(24).toString("base64url"),
  };
  let nodeCore = new core.NodeCore(JSON.stringify(coreSettings));
  // Settings the device changed while running; a fresh state after a trap gets them too.
  const changed = new Map();
  const generated = nodeCore.generatedToken();
  if (generated) {
    s.token = generated;
    coreSettings.token = generated;
    try {
      onTokenGenerated?.(generated);
    } catch (e) {
      log(`onTokenGenerated failed: ${e?.message ?? e}`);
    }
  }
  const limits = nodeCore.limits();

  // A wasm trap must not take the device down: answer 500 and start a fresh module state
  // (with the settings in force, runtime changes included).
  const guarded = (fn, res) => {
    try {
      return fn();
    } catch (e) {
      log(`core trapped: ${e?.stack ?? e}; restarting the MCP server state`);
      try {
        nodeCore.free?.();
      } catch {}
      nodeCore = new core.NodeCore(JSON.stringify(coreSettings));
      for (const [k, v] of changed) nodeCore.updateSetting(k, JSON.stringify(v));
      if (res && !res.headersSent) write(nodeCore.internalError(), res);
      return null;
    }
  };

  const headersOf = (req) => {
    const headers = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : String(v);
    return headers;
  };

  // Half-sent requests are cut off after core's limits (408), not Node's minutes-long
  // defaults (Node checks only every connectionsCheckingInterval).
  const server = http.createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.connectionsCheckMs,
  }, (req, res) => {
    if (chat.handles(req)) {
      // Admitted like the playground, and only while the Chat page setting is on.
      const refusal = guarded(() => nodeCore.admitPage(req.method, req.url, headersOf(req)), res);
      if (refusal) write(refusal, res);
      else if (refusal === null && !res.headersSent) chat.serve(req, res, (etag) => JSON.parse(nodeCore.chatHeaders(etag)));
      return;
    }
    if (playground?.handles(req)) {
      // The playground is admitted like /mcp: loopback Host, no foreign Origin.
      const refusal = guarded(() => nodeCore.admitPage(req.method, req.url, headersOf(req)), res);
      if (refusal) write(refusal, res);
      else if (refusal === null && !res.headersSent) playground.serve(req, res);
      return;
    }
    readBody(req, limits.maxBodyBytes)
      .then(({ body, size }) => {
        if (body === null) {
          // The rest of the body was not read: close the connection after answering.
          const refusal = nodeCore.bodyTooLarge(size);
          write({ ...refusal, headers: { ...refusal.headers, connection: "close" } }, res);
          return;
        }
        const action = guarded(() => nodeCore.handleHttp(req.method, req.url, headersOf(req), body), res);
        if (action) act(action, res);
      })
      .catch((e) => {
        log(`request failed: ${e?.message ?? e}`);
        if (!res.headersSent) write(nodeCore.unreadableBody(String(e?.message ?? e)), res);
      });
  });

  function act(action, res) {
    switch (action.kind) {
      case "response":
        return write(action, res);
      case "toolCall":
        startStream(action.prelude, res);
        return relayCall(action, res);
      case "toolCalls":
        startStream(action.prelude, res);
        for (const c of action.calls) relayCall(c, res);
        return;
      case "cancel":
        for (const callId of action.callIds) relay.cancel?.(callId);
        return write(action.response, res);
      default:
        return; // "pending": another call of the same batch will finish the response
    }
  }

  function relayCall(call, res) {
    const { callId, tool, args, context } = call;
    Promise.resolve()
      .then(() => relay.call({ callId, tool, args, context }))
      .then(
        (r) => guarded(() => nodeCore.completeToolCall(callId, r.resultJson, r.warnings ?? []), res),
        (e) => guarded(() => nodeCore.failToolCall(callId, e?.kind ?? "hostError", e?.detail ?? e?.message ?? String(e)), res),
      )
      .then((next) => next && act(next, res))
      .catch((e) => log(`tool call ${callId} failed: ${e?.stack ?? e}`));
  }

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(s.port, s.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const addr = server.address();
  const shownHost = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
  const url = `http://${shownHost}:${addr.port}/mcp`;
  log(`MCP server listening on ${url}`);
  return {
    port: addr.port,
    host: addr.address,
    url,
    token: s.token,
    /** The chat page's address for the device's "Open chat" button (with the token fragment). */
    chatUrl: () => nodeCore.chatUrl(addr.port),
    pending: () => nodeCore.pending(),
    /** Changes a runtime setting (core refuses start-only ones and bad values: throws). */
    updateSetting(key, value) {
      nodeCore.updateSetting(key, JSON.stringify(value));
      changed.set(key, value);
    },
    /** Limits core gave this server (body size, queue, request timeouts). */
    limits,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

function startStream(prelude, res) {
  if (!prelude) return;
  res.writeHead(prelude.status, prelude.headers);
  res.write(prelude.body);
}

function write(r, res) {
  if (res.writableEnded || res.destroyed) return;
  if (r.streamed) {
    res.end(r.body);
    return;
  }
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

/**
 * Reads the body as bytes (core checks the UTF-8): `{body, size}`, with `body` null
 * (and nothing buffered) past `cap` bytes; `size` is the declared length or the bytes
 * that arrived.
 */
function readBody(req, cap) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > cap) {
      req.resume();
      return resolve({ body: null, size: declared });
    }
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > cap) chunks.length = 0;
      else chunks.push(c);
    });
    req.on("end", () => resolve({ body: size > cap ? null : Buffer.concat(chunks), size }));
    req.on("error", reject);
  });
}
