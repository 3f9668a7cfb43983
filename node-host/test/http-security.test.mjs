// Security of the HTTP endpoint (docs/design/security.md §1), over real sockets on
// loopback with a test-double relay: Origin, Host, token, body cap, malformed JSON, full
// queue, default bind address.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startHttpServer } from "../src/http-server.mjs";
import { loadCore } from "../src/core.mjs";
import { TransitError } from "../src/relay.mjs";
import { fakeRelay } from "./support/fake-relay.mjs";
import { exchange } from "../src/mcp-client.mjs";

const core = loadCore();

/** One exchange through the shared MCP client; `body` is the raw answer text. */
async function request(url, options = {}) {
  const r = await exchange(url, options);
  return { status: r.status, headers: r.headers, body: r.text };
}

const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });

async function session(url, headers = {}) {
  const r = await request(url, { body: INIT, headers });
  assert.equal(r.status, 200, r.body);
  return r.headers["mcp-session-id"];
}

let srv;
let relay;
before(async () => {
  relay = fakeRelay();
  srv = await startHttpServer({ core, relay, settings: { port: 0, maxPending: 2, maxBodyBytes: 10000 } });
});
after(() => srv.close());

test("binds 127.0.0.1 by default", () => {
  assert.equal(srv.host, "127.0.0.1");
  assert.match(srv.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
});

test("only the device's own origin is accepted: a foreign or other loopback Origin gets 403", async () => {
  assert.equal((await request(srv.url, { body: INIT, headers: { origin: "https://evil.example" } })).status, 403);
  assert.equal((await request(srv.url, { body: INIT, headers: { origin: `http://127.0.0.1:${srv.port}` } })).status, 200);
  // Another local web page (another port, or the localhost origin) is not the device's page.
  assert.equal((await request(srv.url, { body: INIT, headers: { origin: `http://127.0.0.1:${srv.port + 1}` } })).status, 403);
  const other = await request(srv.url, { body: INIT, headers: { origin: `http://localhost:${srv.port}` } });
  assert.equal(other.status, 403);
  assert.match(JSON.parse(other.body).error.message, /Allowed origins/);
});

test("an origin listed in Allowed origins is accepted", async () => {
  const t = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, allowedOrigins: "http://127.0.0.1:6274, http://localhost:5173/" } });
  try {
    for (const origin of ["http://127.0.0.1:6274", "http://localhost:5173"]) {
      assert.equal((await request(t.url, { body: INIT, headers: { origin } })).status, 200, origin);
    }
    assert.equal((await request(t.url, { body: INIT, headers: { origin: "http://127.0.0.1:6275" } })).status, 403);
  } finally {
    await t.close();
  }
});

test("a non-loopback Host gets 421 (DNS rebinding guard)", async () => {
  const r = await request(srv.url, { body: INIT, headers: { host: `attacker.example:${srv.port}` } });
  assert.equal(r.status, 421);
  assert.match(JSON.parse(r.body).error.message, /not a loopback name/);
});

test("an oversized body gets 413 and nothing reaches Live", async () => {
  const before = relay.calls.length;
  const big = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "barline-connect", arguments: { pad: "x".repeat(20000) } } });
  const r = await request(srv.url, { body: big });
  assert.equal(r.status, 413);
  assert.equal(relay.calls.length, before);
});

test("the 413 answer comes from core and names the size, declared or streamed", async () => {
  const big = "x".repeat(20000);
  const streamed = await request(srv.url, { body: big });
  const declared = await request(srv.url, { body: big, headers: { "content-length": String(big.length) } });
  for (const r of [streamed, declared]) {
    assert.equal(r.status, 413);
    assert.equal(r.headers.connection, "close");
    const b = JSON.parse(r.body);
    assert.equal(b.error.code, -32600);
    assert.match(b.error.message, /^Payload Too Large: the body is 20000 bytes, the limit is \d+$/);
  }
});

test("malformed JSON is a JSON-RPC parse error", async () => {
  const sid = await session(srv.url);
  const r = await request(srv.url, { body: "{\"jsonrpc\": \"2.0\", \"id\": 3,", headers: { "mcp-session-id": sid } });
  assert.equal(r.status, 400);
  const b = JSON.parse(r.body);
  assert.equal(b.error.code, -32700);
  assert.equal(b.id, null);
});

test("a full queue answers 503 and recovers", async () => {
  const sid = await session(srv.url);
  const call = (id) => request(srv.url, { headers: { "mcp-session-id": sid, accept: "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "barline-connect", arguments: {} } }) });
  relay.hold(true);
  const a = call(10);
  const b = call(11);
  await relay.held(2);
  const c = await call(12);
  assert.equal(c.status, 503);
  assert.equal(c.headers["retry-after"], "1");
  relay.hold(false);
  const [ra, rb] = await Promise.all([a, b]);
  assert.equal(JSON.parse(ra.body).id, 10);
  assert.equal(JSON.parse(rb.body).id, 11);
  assert.equal((await call(13)).status, 200);
});

test("GET is 405; notifications are 202", async () => {
  const sid = await session(srv.url);
  assert.equal((await request(srv.url, { method: "GET", headers: { "mcp-session-id": sid } })).status, 405);
  const n = await request(srv.url, { headers: { "mcp-session-id": sid }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  assert.equal(n.status, 202);
  assert.equal(n.body, "");
});

test("with a token required: missing or wrong token 401, right token 200; a generated token is handed out", async () => {
  let generated = null;
  const t = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, requireToken: true }, onTokenGenerated: (tok) => (generated = tok) });
  try {
    assert.ok(generated && generated.length >= 24, "token generated and reported");
    assert.equal((await request(t.url, { body: INIT })).status, 401);
    assert.equal((await request(t.url, { body: INIT, headers: { authorization: "Bearer nope" } })).status, 401);
    assert.equal((await request(t.url, { body: INIT, headers: { authorization: `Bearer ${generated}` } })).status, 200);
  } finally {
    await t.close();
  }
});

test("a stored token is used as is and not regenerated", async () => {
  let called = false;
  const t = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, requireToken: true, token: "stored-token-123" }, onTokenGenerated: () => (called = true) });
  try {
    assert.equal(called, false);
    assert.equal((await request(t.url, { body: INIT, headers: { authorization: "Bearer stored-token-123" } })).status, 200);
  } finally {
    await t.close();
  }
});

test("a relay timeout becomes a TIMEOUT tool result", async () => {
  const timeoutRelay = fakeRelay(() => { throw new TransitError("timeout", "30000"); });
  const t = await startHttpServer({ core, relay: timeoutRelay, settings: { port: 0 } });
  try {
    const sid = await session(t.url);
    const r = await request(t.url, { headers: { "mcp-session-id": sid }, body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "barline-connect" } }) });
    const b = JSON.parse(r.body);
    assert.equal(b.result.isError, true);
    assert.equal(b.result._meta["barline/error"].code, "TIMEOUT");
    assert.equal(b.result._meta["barline/error"].message, "the call did not finish within 30 s");
  } finally {
    await t.close();
  }
});

test("the playground pages get the same Host and Origin admission as /mcp", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "barline-pages-"));
  writeFileSync(path.join(dir, "index.html"), "<p>bar|beat</p>");
  const t = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, playgroundDir: dir } });
  const page = t.url.replace(/\/mcp$/, "/playground/");
  try {
    assert.equal((await request(page, { method: "GET" })).status, 200);
    const rebound = await request(page, { method: "GET", headers: { host: `attacker.example:${t.port}` } });
    assert.equal(rebound.status, 421);
    assert.match(rebound.body, /not a loopback name/);
    const foreign = await request(page, { method: "GET", headers: { origin: "https://evil.example" } });
    assert.equal(foreign.status, 403);
    assert.equal((await request(page, { method: "GET", headers: { origin: `http://127.0.0.1:${t.port}` } })).status, 200);
  } finally {
    await t.close();
  }
});

test("core sets the header and request time limits of the HTTP server to seconds", () => {
  const limits = srv.limits;
  assert.equal(limits.headersTimeoutMs, 5000);
  assert.equal(limits.requestTimeoutMs, 10000);
  assert.equal(limits.connectionsCheckMs, 1000);
});

test("a request whose headers never finish is answered 408 and closed, not held", async () => {
  // Event-driven: the test waits for the server to close the socket, asserting what it
  // wrote, never how long it took.
  const t = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, headersTimeoutMs: 200, requestTimeoutMs: 400 } });
  try {
    const answer = await new Promise((resolve, reject) => {
      let data = "";
      const socket = net.connect(t.port, "127.0.0.1", () => socket.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
      socket.setEncoding("utf8");
      socket.on("data", (d) => (data += d));
      socket.on("error", reject);
      socket.on("close", () => resolve(data));
    });
    assert.match(answer, /^HTTP\/1\.1 408 /);
  } finally {
    await t.close();
  }
});
