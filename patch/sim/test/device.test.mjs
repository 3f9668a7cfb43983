// The device as Live runs it (docs/design/max-host.md §5.2 device rules,
// docs/design/tool-contract.md §1.16): MIDI passes through, the port is a parameter Live
// can hold, nothing reaches node.script before it runs, and every device setting has a
// control whose value reaches the tools.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { DEVICE_HEIGHT, devicePatcher, SETTING_CONTROLS } from "../../device.mjs";
import { deviceLiveSet } from "./live-sets.mjs";

const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));
const boxes = () => devicePatcher().patcher.boxes.map((b) => b.box);
const context = async (device) => (await device.callTool("barline-debug-context")).structuredContent;
const toolNames = async (device) => (await device.listTools()).tools.map((t) => t.name);

/** Note on/off pairs over all 16 channels, as Live would play them into the device. */
function notes(count) {
  const bytes = [];
  for (let i = 0; i < count; i++) {
    const ch = i % 16;
    bytes.push(0x90 | ch, 36 + (i % 60), 1 + (i % 127), 0x80 | ch, 36 + (i % 60), 0);
  }
  return bytes;
}

test("MIDI into the device comes out of midiout unchanged and in order while 20 tool calls run", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
  try {
    const played = notes(400);
    const calls = Array.from({ length: 20 }, (_, i) => device.callTool("barline-debug-wait", { ms: 5 * (i % 4), text: `call ${i}` }));
    let done = false;
    const all = Promise.all(calls).finally(() => { done = true; });
    // Play in small bursts between passes of the event loop, while the calls are out.
    let sentDuringCalls = 0;
    for (let o = 0; o < played.length; o += 24) {
      device.playMidi(played.slice(o, o + 24));
      if (!done) sentDuringCalls += Math.min(24, played.length - o);
      await new Promise((r) => setImmediate(r));
    }
    const results = await all;
    assert.deepEqual(results.map((r) => r.structuredContent.text), calls.map((_, i) => `call ${i}`));
    assert.ok(sentDuringCalls > 0, "MIDI was played while tool calls were out");
    assert.deepEqual(device.midiOut(), played);
  } finally {
    await device.stop();
  }
});

test("every Int parameter spans at most 256 values; the port is a Float shown as an integer", () => {
  assert.ok(boxes().some((b) => b.saved_attribute_attributes?.valueof?.parameter_type === 1), "the timeout is an Int parameter");
  for (const b of boxes()) {
    const v = b.saved_attribute_attributes?.valueof;
    if (!v || v.parameter_type !== 1) continue;
    assert.ok((v.parameter_mmax ?? 127) - (v.parameter_mmin ?? 0) + 1 <= 256, `${b.varname} spans more than 256 values`);
  }
  const port = boxes().find((b) => b.varname === "port").saved_attribute_attributes.valueof;
  assert.deepEqual([port.parameter_type, port.parameter_unitstyle, port.parameter_mmin, port.parameter_mmax], [0, 0, 0, 65535]);
});

test("port 40123 set in the device UI starts the server on 40123", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { port: 40123 } });
  try {
    assert.equal(device.url, "http://127.0.0.1:40123/mcp");
    assert.equal(device.parameters().port, 40123);
    assert.equal(device.status(), "running");
  } finally {
    await device.stop();
  }
});

test("load-time values of every control reach node.script only after it started, and none is lost", async () => {
  const settings = {
    diagnostics: true, timeoutMs: 7000, smallModel: true, jsonOutput: true, rawLiveApi: true, memoryEnabled: true,
    memoryWritable: true, memoryText: "Bass on track 2.", sampleFolder: "/Users/ana/Samples", disabledTools: "barline-read-clip",
  };
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings });
  try {
    const { stats } = device.node;
    assert.deepEqual(stats.beforeHandshake, [], "messages reached node.script before it announced started");
    assert.equal(stats.droppedBeforeStart, 0);
    assert.equal(stats.droppedNoHandler, 0);
    assert.deepEqual(device.console.errors().filter((e) => /dropped/.test(e)), []);
    assert.equal(device.patch.byVarname("node-gate").open, 1);
    // Every value the server needed arrived (in the start arguments) and reaches the tools.
    const ctx = await context(device);
    assert.deepEqual(
      [ctx.timeoutMs, ctx.smallModel, ctx.jsonOutput, ctx.memoryEnabled, ctx.memoryWritable, ctx.memoryText, ctx.sampleFolder],
      [7000, true, true, true, true, "Bass on track 2.", "/Users/ana/Samples"],
    );
    const names = await toolNames(device);
    assert.ok(!names.includes("barline-read-clip") && names.includes("barline-connect"), names.join(", "));
  } finally {
    await device.stop();
  }
});

test("settings changed in the device while running reach the next tool call", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true, sampleFolder: "/Samples/A" } });
  try {
    assert.deepEqual(
      [(await context(device)).smallModel, (await context(device)).sampleFolder, (await context(device)).memoryText],
      [false, "/Samples/A", ""],
    );
    device.setSetting("smallModel", true);
    device.setSetting("memoryEnabled", true);
    device.setSetting("memoryWritable", true);
    device.setSetting("memoryText", "Chorus at bar 17.");
    device.setSetting("sampleFolder", null); // the Clear button
    device.setSetting("disabledTools", "barline-create-clip, barline-nope");
    device.setSetting("timeoutMs", 12000);
    await settle();
    let ctx = await context(device);
    assert.deepEqual([ctx.smallModel, ctx.memoryEnabled, ctx.memoryWritable, ctx.memoryText, ctx.sampleFolder, ctx.timeoutMs],
      [true, true, true, "Chorus at bar 17.", null, 12000]);
    assert.ok(!(await toolNames(device)).includes("barline-create-clip"));
    assert.ok(device.console.lines.some((l) => /barline-nope is not a tool of this version; ignored/.test(l.text)));
    assert.equal(device.patch.byVarname("sample-folder").content, "none");
    assert.equal(device.patch.byVarname("sample-drop").value, "");

    // The AI wrote the memory: v8 sends `update_memory <text>` out of its right outlet;
    // the device stores it (saved with the Set), shows it and passes it to node.script.
    const [v8Box] = [...device.patch.objects.entries()].find(([, o]) => o.box.varname === "barline-v8");
    device.patch.send(v8Box, 1, ["update_memory", "Verse in D minor."]);
    await settle();
    ctx = await context(device);
    assert.equal(ctx.memoryText, "Verse in D minor.");
    assert.equal(device.patch.byVarname("memory-text-edit").content, "Verse in D minor.");
    assert.equal(device.parameters()["memory-text"], "Verse in D minor.");
    assert.deepEqual(device.console.errors().filter((e) => /dropped|setting/.test(e)), []);
    // A memory text that is also a Max message is stored as text (issue 22).
    for (const text of ["bang", "set", "set the scene"]) {
      device.patch.send(v8Box, 1, ["update_memory", ...text.split(" ")]);
      await settle();
      ctx = await context(device);
      assert.equal(ctx.memoryText, text);
      assert.equal(device.patch.byVarname("memory-text-edit").content, text);
    }
    // Typed by the user, the same texts are stored as text too; an empty field clears.
    for (const text of ["bang", "set", "set the scene", "Outro at bar 33."]) {
      device.setSetting("memoryText", text);
      await settle();
      ctx = await context(device);
      assert.equal(ctx.memoryText, text);
      assert.equal(device.parameters()["memory-text"], text);
    }
    device.setSetting("memoryText", "");
    await settle();
    ctx = await context(device);
    assert.ok(ctx.memoryText === "" || ctx.memoryText === null, `cleared: ${ctx.memoryText}`);
  } finally {
    await device.stop();
  }
});

test("a reopened Set restores the stored texts and the folder into the next start", async () => {
  const first = await startDevice({ liveSet: await deviceLiveSet(), settings: {
    diagnostics: true, memoryEnabled: true, memoryText: "Keys are Rhodes.", sampleFolder: "/Samples/B", disabledTools: "barline-read-clip" } });
  const saved = first.parameters();
  await first.stop();
  const device = await startDevice({ liveSet: await deviceLiveSet(), parameters: saved, settings: { diagnostics: true } });
  try {
    const ctx = await context(device);
    assert.deepEqual([ctx.memoryEnabled, ctx.memoryText, ctx.sampleFolder], [true, "Keys are Rhodes.", "/Samples/B"]);
    assert.ok(!(await toolNames(device)).includes("barline-read-clip"));
    assert.equal(device.patch.byVarname("memory-text-edit").content, "Keys are Rhodes.");
    assert.equal(device.patch.byVarname("sample-folder").content, "/Samples/B");
  } finally {
    await device.stop();
  }
});

test("when node.script stops the gate closes and the URL is cleared", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet() });
  try {
    assert.match(device.patch.byVarname("url").content, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    device.node.receive(0, ["script", "stop"]);
    await device.node.exited();
    await settle(50);
    assert.equal(device.patch.byVarname("node-gate").open, 0);
    assert.equal(device.status(), "stopped");
    assert.equal(device.patch.byVarname("url").content, "");
    device.setSetting("smallModel", true); // held back by the gate: nothing dropped
    assert.equal(device.node.stats.droppedBeforeStart, 0);
  } finally {
    await device.stop();
  }
});

// Every device setting of docs/design/tool-contract.md §1.16, plus the server's own
// (port, token).
const SETTINGS = ["memoryEnabled", "memoryWritable", "memoryText", "sampleFolder", "smallModel", "jsonOutput", "timeout",
  "rawLiveApi", "disabledTools", "port", "requireToken", "token"];

test("every device setting has a control in the presentation view, inside Live's device height", () => {
  const all = boxes();
  const patcher = devicePatcher().patcher;
  assert.deepEqual(patcher.openrect, [0, 0, 0, DEVICE_HEIGHT]);
  assert.equal(patcher.openinpresentation, 1);
  for (const setting of SETTINGS) {
    const b = all.find((x) => x.varname === SETTING_CONTROLS[setting]);
    assert.ok(b, `no control for ${setting}`);
    assert.equal(b.presentation, 1, `${setting} is not in the presentation view`);
  }
  const shown = all.filter((b) => b.presentation === 1);
  for (const b of shown) {
    const [x, y, w, h] = b.presentation_rect;
    assert.ok(x >= 0 && y >= 0 && w > 0 && h > 0 && y + h <= DEVICE_HEIGHT, `${b.varname ?? b.text} at ${b.presentation_rect} leaves the device`);
  }
  // A tidy device: no two presentation boxes overlap.
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const [a, b] = [shown[i].presentation_rect, shown[j].presentation_rect];
      const overlap = a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
      assert.ok(!overlap, `${shown[i].varname ?? shown[i].text} overlaps ${shown[j].varname ?? shown[j].text}`);
    }
  }
  // Labels and status text follow Live's theme.
  assert.deepEqual(all.filter((b) => b.maxclass === "comment"), []);
  assert.equal(all.find((b) => b.varname === "status").maxclass, "live.comment");
});
