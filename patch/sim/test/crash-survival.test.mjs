// A crash of either side never takes the other down (issue 15 item 2): node.script
// killed mid-call leaves the v8 side running and is restarted cleanly; a Live side that
// stops answering leaves node.script serving and every pending call gets an error answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { startDevice } from "../index.mjs";
import { freePort } from "../../../node-host/test/support/ports.mjs";
import { deviceLiveSet } from "./live-sets.mjs";

const vmInfo = (device) => vm.runInContext("__barline.info()", device.v8.context);
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

async function until(probe, what) {
  for (let i = 0; i < 400; i++) {
    const v = probe();
    if (v) return v;
    await settle(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A fresh MCP session on `url`; `call(tool, args)` resolves the JSON-RPC answer. */
async function client(url) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const post = async (body) => {
    const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    const sid = res.headers.get("mcp-session-id");
    if (sid) headers["mcp-session-id"] = sid;
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  };
  await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "crash", version: "1" } } });
  await post({ jsonrpc: "2.0", method: "notifications/initialized" });
  let id = 1;
  return { call: (name, args) => post({ jsonrpc: "2.0", id: id++, method: "tools/call", params: { name, arguments: args } }) };
}

test("node.script killed mid-call: the client gets an error, v8 keeps running, a restart serves again", async () => {
  const port = await freePort();
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { port, diagnostics: true } });
  try {
    const before = await client(device.url);
    const pending = before.call("barline-debug-wait", { ms: 2000, text: "old" });
    await settle(150);
    const oldPid = device.node.pid;
    device.node.crash();
    // The client's connection breaks: an error, never a hang or a silent loss.
    await assert.rejects(pending);
    await until(() => device.status().startsWith("error"), "the terminated status");
    // The patch restarts node.script at once; the new process serves on the same port
    // while the v8 side still owes the old process its answer.
    device.node.restart();
    await until(() => device.status() === `running ${device.url}`, "running again");
    assert.notEqual(device.node.pid, oldPid);
    const after = await client(device.url);
    // The old answer arrives while this call waits: it must not be taken for it.
    const r = await after.call("barline-debug-wait", { ms: 2000, text: "new" });
    assert.equal(r.result.structuredContent.text, "new", JSON.stringify(r));
    await until(() => device.console.lines.some((l) => /dropped unknown response/.test(l.text)), "the late answer dropped");
    // The v8 side is untouched: the same instance all along.
    assert.equal(vmInfo(device).unsupported, null);
    const echo = await after.call("barline-debug-echo", { text: "alive" });
    assert.equal(echo.result.structuredContent.text, "alive");
    assert.equal(vmInfo(device).instances, 1, "v8 never restarted");
  } finally {
    await device.stop();
  }
});

test("a Live side that stops answering: every pending call gets TIMEOUT, node.script keeps serving", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true, timeoutMs: 1000 } });
  try {
    const c = await client(device.url);
    const dispatch = device.v8.dispatch;
    device.v8.dispatch = () => {}; // the v8 object is gone: requests vanish
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => c.call("barline-debug-echo", { text: `lost ${i}` })));
    for (const a of answers) {
      assert.equal(a.result.isError, true, JSON.stringify(a));
      assert.match(a.result.content[0].text, /TIMEOUT/);
    }
    device.v8.dispatch = dispatch;
    const ok = await c.call("barline-debug-echo", { text: "back" });
    assert.equal(ok.result.structuredContent.text, "back");
    assert.equal(device.node.stats.starts, 1, "node.script never restarted");
  } finally {
    await device.stop();
  }
});

test("a trap on the Live side answers INTERNAL and the next call runs on a fresh instance", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
  try {
    const c = await client(device.url);
    const [trap, echo] = await Promise.all([
      c.call("barline-debug-trap", {}),
      c.call("barline-debug-echo", { text: "queued behind the trap" }),
    ]);
    assert.equal(trap.result.isError, true);
    assert.match(trap.result.content[0].text, /INTERNAL/);
    assert.equal(echo.result.structuredContent.text, "queued behind the trap");
    assert.equal(vmInfo(device).instances, 2);
    assert.equal(device.node.stats.starts, 1);
  } finally {
    await device.stop();
  }
});
