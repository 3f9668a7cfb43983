// notifications/cancelled through node-host: core names the cancelled call, the HTTP
// server hands it to the relay, and the relay sends `mcp_cancel <requestId>` to v8 for
// a call still pending (v8 drops it if it waits behind another; a started call runs to
// its end and is answered as usual).
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadCore } from "../src/core.mjs";
import { createRelay } from "../src/relay.mjs";
import { startHttpServer } from "../src/http-server.mjs";
import { exchange } from "../src/mcp-client.mjs";
import { fakeRelay } from "./support/fake-relay.mjs";

const core = loadCore();

test("the relay sends mcp_cancel for a pending call only", async () => {
  const sent = [];
  const handlers = new Map();
  const maxApi = { addHandler: (sel, fn) => handlers.set(sel, fn), outlet: async (...atoms) => { sent.push(atoms); } };
  const relay = createRelay({ maxApi, core });
  const call = relay.call({ callId: 5, tool: "t", context: { timeoutMs: 5000 } });
  const requestId = sent[0][1];
  assert.equal(relay.cancel(6), false, "an unknown call");
  assert.equal(relay.cancel(5), true);
  assert.deepEqual(sent.at(-1), ["mcp_cancel", requestId]);
  handlers.get("mcp_response")(...core.frameResponse(requestId, "t", '{"content":[]}', []).slice(1));
  assert.deepEqual(JSON.parse((await call).resultJson), { content: [] });
  assert.equal(relay.cancel(5), false, "an answered call is no longer pending");
  assert.equal(sent.length, 2);
});

test("a cancellation in the call's session reaches the relay with core's call id; the call is still answered", async () => {
  const relay = fakeRelay();
  relay.cancelled = [];
  relay.cancel = (callId) => relay.cancelled.push(callId);
  relay.hold(true);
  const srv = await startHttpServer({ core, relay, settings: { port: 0 } });
  try {
    const init = await exchange(srv.url, { body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) });
    const headers = { "mcp-session-id": init.headers["mcp-session-id"], "mcp-protocol-version": "2025-06-18" };
    const call = exchange(srv.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "barline-read-live-set", arguments: {} } }) });
    await relay.held(1);
    const cancel = await exchange(srv.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2, reason: "stop" } }) });
    assert.equal(cancel.status, 202);
    assert.deepEqual(relay.cancelled, [relay.calls[0].callId]);
    relay.hold(false);
    const answer = await call;
    assert.equal(answer.status, 200);
    assert.match(answer.text, /"id":2/);
  } finally {
    await srv.close();
  }
});
