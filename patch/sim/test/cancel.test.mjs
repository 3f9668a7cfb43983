// MCP cancellation through the whole device (docs/design/wire.md §1.5): with a manual
// clock, a long read is cut into steps and a second call waits behind it in v8; the
// client's notifications/cancelled reaches v8 as `mcp_cancel`, the waiting call is
// answered CANCELLED without touching Live, and the read runs to its end.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { createMcpClient } from "../../../node-host/src/mcp-client.mjs";
import { tenfoldSet } from "./live-sets.mjs";

const rpc = (id, name, args) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const settle = (ms) => new Promise((r) => setTimeout(r, ms));

test("a call cancelled while it waits in v8 never reaches Live; a started call finishes", async () => {
  // The tenfold demo Set: reading all of it takes several steps of Live requests.
  const device = await startDevice({ clock: "manual", set: tenfoldSet() });
  try {
    const mcp = createMcpClient(device.url, { clientName: "cancel-test", protocolVersion: "2025-06-18" });
    assert.ok((await mcp.open()).ok);
    const long = mcp.post(rpc(10, "barline-read-live-set", { include: ["*"] }));
    await device.liveTasksWaiting(1); // the read went over its step budget and yields
    const queued = mcp.post(rpc(11, "barline-create-track", { name: "Dropped" }));
    await device.liveTasksWaiting(2); // the create waits behind it
    const cancel = await mcp.post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 11, reason: "stop" } }));
    assert.equal(cancel.status, 202);
    const cancelRunning = await mcp.post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 10 } }));
    assert.equal(cancelRunning.status, 202);
    await settle(200); // mcp_cancel crosses from node.script to v8
    let done = false;
    const both = Promise.all([long, queued]).finally(() => { done = true; });
    while (!done) {
      device.advanceLive(10);
      await settle(5);
    }
    const [read, created] = (await both).map((a) => a.messages().find((m) => m.id !== undefined).result);
    // The started read ran to its end (its answer is the whole Set's, too long to show).
    assert.match(read.content[0].text, /TOO_LARGE.*barline-read-live-set/);
    assert.equal(created.isError, true);
    assert.match(created.content[0].text, /^CANCELLED: the client cancelled this call before it reached Live; nothing changed/);
    assert.ok(!device.liveSet.dump().includes("Dropped"), "the cancelled call never ran");
  } finally {
    await device.stop();
  }
});
