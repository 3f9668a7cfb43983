// The origin settings in the device's Access section (docs/device.md): typed into their
// fields, Allowed origins and Chat provider origins apply to the running server at once
// and are saved with the Set; core refuses an entry that is not an origin, naming it in
// the Max console, and the list in force stays.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { deviceLiveSet } from "./live-sets.mjs";
import { exchange } from "../../../node-host/src/mcp-client.mjs";

const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));
const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });

test("Allowed origins and Chat provider origins apply at once, are saved, and refuse what is not an origin", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet() });
  const status = async (origin) => (await exchange(device.url, { body: INIT, headers: { origin } })).status;
  const policy = async () => (await exchange(device.url.replace(/\/mcp$/, "/chat/"), { method: "GET" })).headers["content-security-policy"];
  try {
    assert.equal(await status("http://127.0.0.1:6274"), 403);
    device.setSetting("allowedOrigins", "http://127.0.0.1:6274");
    device.setSetting("chatProviderOrigins", "http://studio-pc.local:1234");
    await settle();
    assert.equal(await status("http://127.0.0.1:6274"), 200);
    assert.match(await policy(), /http:\/\/studio-pc\.local:1234;/);
    assert.equal(device.parameters()["allowed-origins"], "http://127.0.0.1:6274");
    assert.equal(device.parameters()["chat-provider-origins"], "http://studio-pc.local:1234");
    assert.deepEqual(device.console.errors().filter((e) => /setting/.test(e)), []);

    device.setSetting("allowedOrigins", "127.0.0.1:7000");
    await settle();
    assert.ok(device.console.errors().some((e) => /setting allowedOrigins: "127\.0\.0\.1:7000" is not an origin/.test(e)), device.console.errors().join("\n"));
    assert.equal(await status("http://127.0.0.1:6274"), 200, "the list in force stays");

    device.setSetting("allowedOrigins", "");
    await settle();
    assert.equal(await status("http://127.0.0.1:6274"), 403);
  } finally {
    await device.stop();
  }
});

test("saved origin lists come back into the next start", async () => {
  const first = await startDevice({ liveSet: await deviceLiveSet(), settings: { allowedOrigins: "http://127.0.0.1:6274" } });
  const saved = first.parameters();
  await first.stop();
  const device = await startDevice({ liveSet: await deviceLiveSet(), parameters: saved });
  try {
    assert.equal(device.patch.byVarname("allowed-origins-edit").content, "http://127.0.0.1:6274");
    const r = await exchange(device.url, { body: INIT, headers: { origin: "http://127.0.0.1:6274" } });
    assert.equal(r.status, 200);
  } finally {
    await device.stop();
  }
});
