// A crash of either side never takes the other down (issue 15 item 2): node.script
// killed mid-call leaves the v8 side running and the patch starts it again; a Live side
// that stops answering leaves node.script serving and every pending call gets an error
// answer. Waits are on events (status text, console lines, messages reaching v8).
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { startDevice } from "../index.mjs";
import { createMcpClient } from "../../../node-host/src/mcp-client.mjs";
import { freePort } from "../../../node-host/test/support/ports.mjs";
import { deviceLiveSet } from "./live-sets.mjs";

const vmInfo = (device) => vm.runInContext("__barline.info()", device.v8.context);

/** Resolves when the next tool call reaches the v8 object. */
function nextRequestAtV8(device) {
  const dispatch = device.v8.dispatch.bind(device.v8);
  return new Promise((resolve) => {
    device.v8.dispatch = (inlet, atoms) => {
      const r = dispatch(inlet, atoms);
      if (atoms[0] === "mcp_request") { device.v8.dispatch = dispatch; resolve(); }
      return r;
    };
  });
}

test("node.script killed mid-call: the client gets an error, v8 keeps running, a restart serves again", async () => {
  const port = await freePort();
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { port, diagnostics: true } });
  try {
    const before = createMcpClient(device.url, { clientName: "crash" });
    await before.open();
    const atV8 = nextRequestAtV8(device);
    // The old call outlasts the restart (2 s in the patch), so its answer reaches the
    // new process rather than the gate that is closed while none runs.
    const pending = before.callTool("barline-debug-wait", { ms: 4000, text: "old" });
    await atV8;
    const oldPid = device.node.pid;
    device.node.crash();
    // The client's connection breaks: an error, never a hang or a silent loss.
    await assert.rejects(pending);
    await device.whenStatus(/^error/);
    // The patch starts node.script again by itself; the new process serves on the same
    // port while the v8 side still owes the old process its answer.
    await device.whenStatus(/^running/);
    assert.notEqual(device.node.pid, oldPid);
    assert.equal(device.node.stats.starts, 2);
    const after = createMcpClient(device.url, { clientName: "crash" });
    // The old answer arrives while this call waits: it must not be taken for it.
    const r = await after.callTool("barline-debug-wait", { ms: 3000, text: "new" });
    assert.equal(r.structuredContent.text, "new", JSON.stringify(r));
    await device.console.whenLine(/dropped unknown response/);
    // The v8 side is untouched: the same instance all along.
    assert.equal(vmInfo(device).unsupported, null);
    const echo = await after.callTool("barline-debug-echo", { text: "alive" });
    assert.equal(echo.structuredContent.text, "alive");
    assert.equal(vmInfo(device).instances, 1, "v8 never restarted");
  } finally {
    await device.stop();
  }
});

test("a Live side that stops answering: every pending call gets TIMEOUT, node.script keeps serving", async () => {
  // Manual clock: the relay's time limits run out when the test moves node.script's
  // clock, not after a real second.
  const device = await startDevice({ clock: "manual", liveSet: await deviceLiveSet(), settings: { diagnostics: true, timeoutMs: 1000 } });
  try {
    const c = createMcpClient(device.url, { clientName: "crash" });
    await c.open();
    const dispatch = device.v8.dispatch;
    let vanished = 0;
    let allSent;
    const sent = new Promise((resolve) => (allSent = resolve));
    // The v8 object is gone: requests vanish.
    device.v8.dispatch = (_inlet, atoms) => { if (atoms[0] === "mcp_request" && ++vanished === 5) allSent(); };
    const pending = Array.from({ length: 5 }, (_, i) => c.callTool("barline-debug-echo", { text: `lost ${i}` }));
    await sent;
    await device.advanceNode(1000);
    const answers = await Promise.all(pending);
    for (const a of answers) {
      assert.equal(a.isError, true, JSON.stringify(a));
      assert.match(a.content[0].text, /TIMEOUT/);
    }
    device.v8.dispatch = dispatch;
    const ok = await c.callTool("barline-debug-echo", { text: "back" });
    assert.equal(ok.structuredContent.text, "back");
    assert.equal(device.node.stats.starts, 1, "node.script never restarted");
  } finally {
    await device.stop();
  }
});

test("a trap on the Live side answers INTERNAL and the next call runs on a fresh instance", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
  try {
    const c = createMcpClient(device.url, { clientName: "crash" });
    await c.open();
    const [trap, echo] = await Promise.all([
      c.callTool("barline-debug-trap", {}),
      c.callTool("barline-debug-echo", { text: "queued behind the trap" }),
    ]);
    assert.equal(trap.isError, true);
    assert.match(trap.content[0].text, /INTERNAL/);
    assert.equal(echo.structuredContent.text, "queued behind the trap");
    assert.equal(vmInfo(device).instances, 2);
    assert.equal(device.node.stats.starts, 1);
  } finally {
    await device.stop();
  }
});

test("a panic inside the fake Live Set never poisons the simulator: the device goes on serving", async () => {
  const liveSet = await deviceLiveSet();
  const device = await startDevice({ liveSet });
  try {
    const c = createMcpClient(device.url, { clientName: "crash" });
    await c.open();
    const made = await c.callTool("barline-create-track", { type: "midi", name: "Before" });
    assert.notEqual(made.isError, true, made.content[0].text);
    const before = liveSet.dump();
    assert.throws(() => liveSet.handle.panicForTest(), /restored to its state before it/);
    assert.equal(liveSet.dump(), before);
    const read = await c.callTool("barline-read-live-set", { include: ["tracks"] });
    assert.notEqual(read.isError, true, read.content[0].text);
    assert.ok(read.structuredContent.tracks.some((t) => t.name === "Before"));
    const after = await c.callTool("barline-create-track", { type: "midi", name: "After" });
    assert.notEqual(after.isError, true, after.content[0].text);
  } finally {
    await device.stop();
  }
});
