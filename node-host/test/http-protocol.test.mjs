// Streamable HTTP details over real sockets (scripted relay): SSE progress when asked,
// session end with DELETE, protocol-version header, batches by version.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHttpServer } from "../src/http-server.mjs";
import { loadCore } from "../src/core.mjs";
import { fakeRelay } from "./support/fake-relay.mjs";
import { exchange } from "../src/mcp-client.mjs";

const core = loadCore();
let srv;
before(async () => {
  srv = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0 } });
});
after(() => srv.close());

async function post(body, headers = {}) {
  const r = await exchange(srv.url, { headers, body });
  return { status: r.status, headers: new Headers(r.headers), text: r.text };
}

async function session(version) {
  const r = await post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: version } });
  return r.headers.get("mcp-session-id");
}

test("a tools/call with a progress token is streamed as SSE: progress, then the result", async () => {
  const sid = await session("2025-11-25");
  const r = await post({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "barline-connect", _meta: { progressToken: "tok" } } }, { "mcp-session-id": sid });
  assert.equal(r.status, 200);
  assert.match(r.headers.get("content-type"), /text\/event-stream/);
  const events = r.text.split("\n\n").filter(Boolean).map((e) => JSON.parse(e.split("\n").find((l) => l.startsWith("data:")).slice(5)));
  assert.deepEqual(events.map((e) => e.method ?? `reply ${e.id}`), ["notifications/progress", "notifications/progress", "reply 7"]);
  assert.equal(events[0].params.progressToken, "tok");
  assert.equal(events[1].params.progress, 1);
});

test("without a progress token the answer is plain JSON", async () => {
  const sid = await session("2025-11-25");
  const r = await post({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "barline-connect" } }, { "mcp-session-id": sid });
  assert.match(r.headers.get("content-type"), /application\/json/);
  assert.equal(JSON.parse(r.text).id, 8);
});

test("DELETE ends a session", async () => {
  const sid = await session("2025-06-18");
  const del = await exchange(srv.url, { method: "DELETE", headers: { "mcp-session-id": sid } });
  assert.equal(del.status, 200);
  const r = await post({ jsonrpc: "2.0", id: 2, method: "ping" }, { "mcp-session-id": sid });
  assert.equal(r.status, 404);
});

test("an unsupported MCP-Protocol-Version header is 400", async () => {
  const sid = await session("2025-06-18");
  const r = await post({ jsonrpc: "2.0", id: 2, method: "ping" }, { "mcp-session-id": sid, "mcp-protocol-version": "1900-01-01" });
  assert.equal(r.status, 400);
});

test("batches: answered in 2025-03-26, refused in 2025-11-25", async () => {
  const batch = [{ jsonrpc: "2.0", id: 1, method: "ping" }, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "barline-connect" } }];
  const old = await session("2025-03-26");
  const r = await post(batch, { "mcp-session-id": old });
  const arr = JSON.parse(r.text);
  assert.deepEqual(arr.map((m) => m.id), [1, 2]);
  assert.ok(arr[1].result.content);
  const neu = await session("2025-11-25");
  const r2 = await post(batch, { "mcp-session-id": neu });
  assert.equal(r2.status, 400);
  assert.equal(JSON.parse(r2.text).error.code, -32600);
});
