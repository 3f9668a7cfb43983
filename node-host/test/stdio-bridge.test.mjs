// The stdio bridge as a module: token forwarding, HTTP-level refusals mapped to the
// request's id, session recovery after a device restart, parse errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createStdioBridge } from "../src/stdio-bridge.mjs";
import { startHttpServer } from "../src/http-server.mjs";
import { loadCore } from "../src/core.mjs";
import { fakeRelay } from "./support/fake-relay.mjs";

const core = loadCore();
const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });

function bridge(url, token) {
  const out = [];
  const b = createStdioBridge({ url, token, core, write: (t) => out.push(JSON.parse(t)) });
  return { out, send: (m) => b.handleLine(typeof m === "string" ? m : JSON.stringify(m)) };
}

test("the token is forwarded; a wrong one is refused with the request's id", async () => {
  const srv = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, requireToken: true, token: "tok-123" } });
  try {
    const good = bridge(srv.url, "tok-123");
    await good.send(INIT);
    await good.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "barline-connect" } });
    assert.equal(good.out[0].result.serverInfo.name, "barline");
    assert.equal(good.out[1].id, 2);
    assert.ok(good.out[1].result.content);
    const bad = bridge(srv.url, "nope");
    await bad.send(INIT);
    assert.equal(bad.out[0].id, 1);
    assert.match(bad.out[0].error.message, /wrong bearer token/);
  } finally {
    await srv.close();
  }
});

test("a restarted device (unknown session) is re-initialised transparently", async () => {
  const srv = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0 } });
  const b = bridge(srv.url);
  await b.send(INIT);
  await srv.close();
  const again = await startHttpServer({ core, relay: fakeRelay(), settings: { port: srv.port } });
  try {
    await b.send({ jsonrpc: "2.0", id: 3, method: "ping" });
    assert.deepEqual(b.out.at(-1), { jsonrpc: "2.0", id: 3, result: {} });
  } finally {
    await again.close();
  }
});

test("malformed lines get a parse error", async () => {
  const b = bridge("http://127.0.0.1:1/mcp");
  await b.send("{not json");
  assert.equal(b.out[0].error.code, -32700);
});

test("without a device, tool calls say the device is not running, not to enable a setting", async () => {
  const b = bridge("http://127.0.0.1:1/mcp");
  await b.send(INIT);
  assert.equal(b.out[0].result.serverInfo.name, "barline");
  await b.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "barline-connect", arguments: {} } });
  const error = b.out[1].result._meta["barline/error"];
  assert.equal(error.code, "DISABLED");
  assert.match(error.message, /^Barline is not running: nothing answers at http:\/\/127\.0\.0\.1:1\/mcp/);
  assert.match(error.hint, /is not running; no setting will change that/);
  assert.doesNotMatch(error.hint, /enable/);
});
