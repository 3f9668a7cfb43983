// Streamable HTTP for the MCP server. Plain node:http, no framework, no runtime npm deps.
// Every decision (admission, sessions, JSON-RPC, validation) is made by core's NodeCore;
// this file only moves bytes: it reads bodies (with a size cap), hands requests to core,
// relays tool calls to Live and writes what core answers.
import http from "node:http";
import { randomBytes } from "node:crypto";
import { DEFAULTS } from "./max-settings.mjs";
import { staticFiles } from "./static-files.mjs";


/**
 * Starts the MCP endpoint. `core` is the wasm exports object (it has `NodeCore`),
 * `relay.call({tool, args, context})` resolves `{resultJson, warnings}` or rejects with
 * an Error whose `.code` is e.g. "TIMEOUT". Resolves `{port, host, url, close()}`.
 */
export async function startHttpServer({ core, relay, settings = {}, log = () => {}, onTokenGenerated }) {
  const s = { ...DEFAULTS, ...settings };
  const playground = s.playgroundDir ? staticFiles("/playground", s.playgroundDir) : null;
  // wasm has no random source: core gets fresh bytes and decides whether a token is
  // needed (DESIGN.md "Security"); a generated one goes to the patch for storage.
  const settingsJson = JSON.stringify({
    ...s,
    entropy: randomBytes(16).toString("hex"),
    freshToken: randomBytes(24).toString("base64url"),
  });
  let nodeCore = new core.NodeCore(settingsJson);
  const generated = nodeCore.generatedToken();
  if (generated) {
    s.token = generated;
    try {
      onTokenGenerated?.(generated);
    } catch (e) {
      log(`onTokenGenerated failed: ${e?.message ?? e}`);
    }
  }
  const limits = nodeCore.limits();

  // A wasm trap must not take the device down: answer 500 and start a fresh module state.
  const guarded = (fn, res) => {
    try {
      return fn();
    } catch (e) {
      log(`core trapped: ${e?.stack ?? e}; restarting the MCP server state`);
      try {
        nodeCore.free?.();
      } catch {}
      nodeCore = new core.NodeCore(settingsJson);
      if (res && !res.headersSent) write(nodeCore.internalError(), res);
      return null;
    }
  };

  const server = http.createServer((req, res) => {
    if (playground?.(req, res)) return;
    readBody(req, limits.maxBodyBytes)
      .then(({ body, size }) => {
        if (body === null) {
          // The rest of the body was not read: close the connection after answering.
          const refusal = nodeCore.bodyTooLarge(size);
          write({ ...refusal, headers: { ...refusal.headers, connection: "close" } }, res);
          return;
        }
        const headers = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : String(v);
        const action = guarded(() => nodeCore.handleHttp(req.method, req.url, headers, body), res);
        if (action) act(action, res);
      })
      .catch((e) => {
        log(`request failed: ${e?.message ?? e}`);
        if (!res.headersSent) writeJson(res, 400, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Bad Request" } });
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
      default:
        return; // "pending": another call of the same batch will finish the response
    }
  }

  function relayCall(call, res) {
    const { callId, tool, args, context } = call;
    Promise.resolve()
      .then(() => relay.call({ tool, args, context }))
      .then(
        (r) => guarded(() => nodeCore.completeToolCall(callId, r.resultJson, r.warnings ?? []), res),
        (e) => guarded(() => nodeCore.failToolCall(callId, e?.code ?? "INTERNAL", e?.message ?? String(e)), res),
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
    pending: () => nodeCore.pending(),
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

function writeJson(res, status, obj) {
  if (res.headersSent) return res.end();
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify(obj));
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
