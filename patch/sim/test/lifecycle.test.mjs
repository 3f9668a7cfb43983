// Device lifecycle in the simulator: node.script start/stop/status, the timeout control,
// v8 without WebAssembly, messages before start (docs/design/max-host.md §4.3, §6.3).
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import vm from "node:vm";
import { loadCore } from "../../../node-host/src/core.mjs";
import { deviceLiveSet, LARGE_FIXTURE } from "./live-sets.mjs";

const vmInfo = (device) => vm.runInContext("__barline.info()", device.v8.context);

const core = loadCore();
/** One turn of the event loop: messages the simulator relays with setImmediate arrive. */
const nextTurn = () => new Promise((r) => setImmediate(r));

/** Records the `context.timeoutMs` of every tool call that reaches the v8 object. */
function watchTimeouts(device) {
  const seen = [];
  const dispatch = device.v8.dispatch.bind(device.v8);
  device.v8.dispatch = (inlet, atoms) => {
    if (atoms[0] === "mcp_request") seen.push(JSON.parse(core.decodeRequest(atoms).envelopeJson).context.timeoutMs);
    return dispatch(inlet, atoms);
  };
  return seen;
}

test("the timeout control changes the per-request timeout while running: core puts it in every later call", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true, timeoutMs: 1000 } });
  try {
    // Set before start, the timeout travelled in the start arguments; the gate held its
    // `setting timeout` message back, so nothing reached a node.script that was not running.
    assert.equal(device.node.stats.droppedBeforeStart, 0);
    const seen = watchTimeouts(device);
    await device.callTool("barline-debug-echo", { text: "before" });
    device.setParameter("timeout", 3);
    await device.console.whenLine(/request timeout 3 s/);
    await device.callTool("barline-debug-echo", { text: "after" });
    assert.deepEqual(seen, [1000, 3000]);
  } finally {
    await device.stop();
  }
});

test("script running, stop and the status display", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
  try {
    const [node] = device.patch.byClass("node.script");
    assert.equal(node.running, true);
    // Saving the Set re-bangs live.thisdevice: nothing starts twice.
    device.save();
    // A round trip through node.script and v8 after the re-bang: anything it set off
    // (a second start) would have happened by now.
    const r = await device.callTool("barline-debug-echo", { text: "after save" });
    assert.equal(r.structuredContent.text, "after save");
    assert.equal(device.node.stats.starts, 1);
    assert.equal(device.v8.typeofGlobal("__barline"), "object");
    assert.equal(vmInfo(device).instances, 1);
    node.receive(0, ["script", "stop"]);
    await device.node.exited();
    await nextTurn(); // node.script reports "stop" on its status outlet in a later pass
    assert.equal(device.status(), "stopped");
    assert.equal(node.running, false);
  } finally {
    await device.stop();
  }
});

for (const profile of ["max-9.0", "max-9.2"]) {
  for (const [wasm, what] of [["absent", "has no WebAssembly"], ["refuses", "refuses to compile WebAssembly"]]) {
    test(`a v8 that ${what} serves tools with the JavaScript core (${profile})`, async () => {
      const device = await startDevice({ profile, wasm, liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
      try {
        const r = await device.callTool("barline-debug-echo", { text: "x" });
        assert.notEqual(r.isError, true, r.content[0].text);
        assert.deepEqual(JSON.parse(r.content[0].text), { text: "x" });
        assert.equal(device.patch.byVarname("live-status").content, "ready (JavaScript)");
        assert.equal(vmInfo(device).form, "js");
        const read = await device.callTool("barline-read-live-set", {});
        assert.notEqual(read.isError, true, read.content[0].text);
        assert.ok(device.console.lines.some((l) => /using the JavaScript core/.test(l.text)));
      } finally {
        await device.stop();
      }
    });
  }
}

test("the live status shows ready once live.thisdevice has banged", async () => {
  const device = await startDevice({ profile: "max-9.2", liveSet: await deviceLiveSet() });
  try {
    assert.equal(device.patch.byVarname("live-status").content, "ready (WebAssembly)");
    assert.ok(device.console.lines.some((l) => /wasm: ok, \d+ bytes/.test(l.text)));
    assert.equal(vmInfo(device).form, "wasm");
  } finally {
    await device.stop();
  }
});

test("two device instances run side by side without cross-talk", async () => {
  const [a, b] = await Promise.all([
    startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true } }),
    startDevice({ profile: "max-9.2", liveSet: await deviceLiveSet(), settings: { diagnostics: true } }),
  ]);
  try {
    assert.notEqual(a.url, b.url);
    const [ra, rb] = await Promise.all([
      a.callTool("barline-debug-echo", { text: "a", warnings: ["from a"] }),
      b.callTool("barline-debug-echo", { text: "b", warnings: ["from b"] }),
    ]);
    assert.deepEqual([ra.structuredContent.text, ra.content[1].text], ["a", "WARNING: from a"]);
    assert.deepEqual([rb.structuredContent.text, rb.content[1].text], ["b", "WARNING: from b"]);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test("LiveAPI ids as numbers (the second id-type pass) work the same", async () => {
  const device = await startDevice({ set: LARGE_FIXTURE, idType: "number", settings: { diagnostics: true } });
  try {
    const r = await device.callTool("barline-debug-get", { path: "live_set tracks 0", property: "name" });
    assert.deepEqual(r.structuredContent.value, ["Dense"]);
    const notes = await device.callTool("barline-debug-dump-notes", { path: "id " + r.structuredContent.id });
    assert.equal(notes.isError, true); // a track is not a clip: Live's error, reported, nothing thrown
    assert.ok(device.console.errors().some((e) => /LiveAPI/.test(e)));
  } finally {
    await device.stop();
  }
});
