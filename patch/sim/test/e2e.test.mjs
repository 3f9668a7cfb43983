// End to end through the simulated device, in both Max profiles: MCP over HTTP →
// node.script child (node-host) → patch → v8 vm (v8-host + wasm core) → LiveAPI → back.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { deviceLiveSet, largeClipNoteCount, LARGE_CLIP } from "./live-sets.mjs";

const text = (result, i = 0) => result.content[i].text;

for (const profile of ["max-9.0", "max-9.2"]) {
  describe(`device in ${profile}`, () => {
    let device;
    before(async () => {
      // A manual clock: waits and time limits advance only when a test moves time.
      device = await startDevice({ profile, clock: "manual", liveSet: await deviceLiveSet(), settings: { diagnostics: true, timeoutMs: 1000 } });
    });
    after(async () => { await device?.stop(); });

    test("a tool call round-trips", async () => {
      const r = await device.callTool("barline-debug-echo", { text: "bar 1|1 漢字 𝄞" });
      assert.deepEqual(r.structuredContent, { text: "bar 1|1 漢字 𝄞" });
      assert.equal(r.isError, undefined);
      assert.equal(device.status(), "running");
      assert.match(device.patch.byVarname("url").content, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    });

    test("the Live API is reached through LiveAPI objects", async () => {
      const r = await device.callTool("barline-debug-get", { path: "live_set", property: "tempo" });
      assert.deepEqual(r.structuredContent.value, [120]);
    });

    test("a result of about 1 MB arrives intact", async () => {
      const unit = "a漢𝄞é1.5 ";
      const repeat = Math.ceil(1_000_000 / Buffer.byteLength(unit));
      const r = await device.callTool("barline-debug-blob", { unit, repeat });
      assert.equal(r.structuredContent.text, unit.repeat(repeat));
      assert.ok(Buffer.byteLength(r.structuredContent.text) >= 1_000_000);
    });

    test("a large clip's notes cross the bridge intact", async () => {
      const r = await device.callTool("barline-debug-dump-notes", { path: LARGE_CLIP });
      const notes = JSON.parse(text(r)).notes;
      assert.equal(notes.length, largeClipNoteCount());
      assert.ok(Buffer.byteLength(text(r)) > 1_000_000);
    });

    test("a result over the bridge cap becomes TOO_LARGE", async () => {
      const r = await device.callTool("barline-debug-blob", { unit: "x", repeat: 3_100_000 });
      assert.equal(r.isError, true);
      assert.match(text(r), /^Error \[TOO_LARGE\] in barline-debug-blob: result is [\d,]+ bytes, over the bridge limit/);
      assert.match(text(r), /\nHint: /);
    });

    test("20 concurrent calls each get exactly their own warnings", async () => {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
        device.callTool("barline-debug-echo", { text: `call ${i}`, warnings: [`first of ${i}`, `second of ${i}`] })));
      results.forEach((r, i) => {
        assert.equal(r.structuredContent.text, `call ${i}`);
        const warnings = r.content.slice(1).map((c) => c.text);
        assert.deepEqual(warnings, [`WARNING: first of ${i}`, `WARNING: second of ${i}`]);
      });
    });

    test("a v8 side that does not answer in time yields TIMEOUT and its late answer is dropped", async () => {
      const lateLine = /dropped late \(after its timeout\) response/;
      const call = device.callTool("barline-debug-wait", { ms: 1600, text: "late" });
      // The request reached v8 and its wait is armed, so the relay's limit is running.
      await device.liveTasksWaiting(1);
      await device.advanceNode(1000);
      const r = await call;
      assert.equal(r.isError, true);
      assert.match(text(r), /^Error \[TIMEOUT\] in barline-debug-wait: the call did not finish within 1 s/);
      assert.equal(device.console.lines.some((l) => lateLine.test(l.text)), false, "the timeout answered before v8 did");
      device.advanceLive(1600);
      await device.console.whenLine(lateLine);
      const next = await device.callTool("barline-debug-echo", { text: "after" });
      assert.equal(next.structuredContent.text, "after");
    });

    test("a short wait is answered through a Task", async () => {
      const call = device.callTool("barline-debug-wait", { ms: 50, text: "soon" });
      await device.liveTasksWaiting(1);
      device.advanceLive(50);
      const r = await call;
      assert.deepEqual(r.structuredContent, { waited: 50, text: "soon" });
    });

    test("a trap answers INTERNAL and the next call works", async () => {
      const r = await device.callTool("barline-debug-trap", {});
      assert.equal(r.isError, true);
      assert.match(text(r), /^Error \[INTERNAL\]/);
      assert.match(text(r), /WebAssembly module failed/);
      const next = await device.callTool("barline-debug-get", { path: "live_set", property: "tempo" });
      assert.deepEqual(next.structuredContent.value, [120]);
    });

    test("the v8 script stays within Max's globals and limits", () => {
      assert.deepEqual(device.v8.stats.requireCalls, []);
      assert.deepEqual(device.v8.stats.includeCalls, []);
      for (const name of ["process", "fetch", "URL", "atob", "structuredClone"]) {
        assert.equal(device.v8.typeofGlobal(name), "undefined", name);
      }
      // `Buffer` is Max's buffer~ wrapper, not Node's.
      assert.equal(device.v8.typeofGlobal("Buffer.from"), "undefined");
      assert.equal(device.v8.typeofGlobal("console"), profile === "max-9.0" ? "undefined" : "object");
      const absentIn90 = ["setTimeout", "TextDecoder", "TextEncoder", "queueMicrotask", "setImmediate"];
      for (const name of absentIn90) {
        assert.equal(device.v8.typeofGlobal(name), profile === "max-9.0" ? "undefined" : "function", name);
      }
      assert.deepEqual(device.accounting.violations, []);
      const v8Errors = device.console.lines.filter((l) => l.level === "error" && l.source === "v8");
      // The only v8 error rows are the forced trap's.
      assert.ok(v8Errors.every((l) => /WebAssembly module failed/.test(l.text)), JSON.stringify(v8Errors));
    });

    test("symbol growth per small call is bounded", async () => {
      const before = device.accounting.symbols.size;
      for (let i = 0; i < 10; i++) await device.callTool("barline-debug-echo", { text: `n${i}` });
      const perCall = (device.accounting.symbols.size - before) / 10;
      assert.ok(perCall <= 3, `${perCall} new symbols per call`);
    });
  });
}
