// The device's origin settings while the server runs (docs/device.md): Allowed origins
// and Chat provider origins change at once through `updateSetting`, as the device's
// Access section sends them, and core refuses an entry that is not an origin, naming it,
// with the list in force kept.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { startHttpServer } from "../src/http-server.mjs";
import { loadCore } from "../src/core.mjs";
import { fakeRelay } from "./support/fake-relay.mjs";
import { exchange } from "../src/mcp-client.mjs";

const core = loadCore();
const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
let srv;
before(async () => {
  execFileSync("node", [new URL("../../www-tests/chat/build.mjs", import.meta.url).pathname]);
  srv = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0 } });
});
after(() => srv.close());

const status = async (origin) => (await exchange(srv.url, { body: INIT, headers: { origin } })).status;
const policy = async () => (await exchange(srv.url.replace(/\/mcp$/, "/chat/"), { method: "GET" })).headers["content-security-policy"];

test("Allowed origins applies at once; an entry that is not an origin is refused by name", async () => {
  assert.equal(await status("http://127.0.0.1:6274"), 403);
  srv.updateSetting("allowedOrigins", "http://127.0.0.1:6274, http://localhost:5173/");
  assert.equal(await status("http://127.0.0.1:6274"), 200);
  assert.equal(await status("http://localhost:5173"), 200);
  assert.throws(() => srv.updateSetting("allowedOrigins", "http://127.0.0.1:6274 127.0.0.1:7000"),
    /setting allowedOrigins: "127\.0\.0\.1:7000" is not an origin; write the scheme, host and port only/);
  assert.equal(await status("http://127.0.0.1:6274"), 200, "the list in force stays");
  srv.updateSetting("allowedOrigins", "");
  assert.equal(await status("http://127.0.0.1:6274"), 403);
});

test("Chat provider origins reach the chat page's policy at once and refuse a quote", async () => {
  assert.doesNotMatch(await policy(), /studio-pc\.local/);
  srv.updateSetting("chatProviderOrigins", "http://studio-pc.local:1234");
  assert.match(await policy(), /connect-src [^;]* http:\/\/studio-pc\.local:1234;/);
  assert.throws(() => srv.updateSetting("chatProviderOrigins", "http://a:1 'unsafe-inline'"),
    /setting chatProviderOrigins: "'unsafe-inline'" is not an origin/);
  assert.match(await policy(), /http:\/\/studio-pc\.local:1234;/);
});
