// Barline requires Live 12.3 or later (docs/design/live-model.md §2.15): on an older Live
// the device says so on its panel and in the Max console, and every tool call — connect
// first — answers UNSUPPORTED naming the version found and 12.3, changing nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadLiveSet, startDevice } from "../index.mjs";

const DEMO = "patch/sim/sets/demo.json";

for (const wasm of ["sync-only", "absent"]) {
  test(`on Live 12.2.5 the status says 12.3 is required and every call is refused (${wasm === "absent" ? "JavaScript core" : "WebAssembly"})`, async () => {
    const liveSet = await loadLiveSet(DEMO, { liveVersion: "12.2.5" });
    const device = await startDevice({ wasm, liveSet, settings: { diagnostics: true } });
    try {
      assert.equal(device.patch.byVarname("live-status").content, "Live 12.3 or later is required");
      assert.ok(device.console.lines.some((l) => /this is Live 12\.2\.5; Live 12\.3 or later is required/.test(l.text)));
      const before = liveSet.dump();
      for (const [tool, args] of [
        ["barline-connect", {}],
        ["barline-read-live-set", {}],
        ["barline-create-track", { type: "midi", name: "New" }],
        ["barline-playback", { action: "play-arrangement" }],
        ["barline-debug-echo", { text: "x" }],
      ]) {
        const r = await device.callTool(tool, args);
        assert.equal(r.isError, true, `${tool}: ${JSON.stringify(r)}`);
        assert.match(r.content[0].text, /UNSUPPORTED/, tool);
        assert.match(r.content[0].text, /Live 12\.3 or later, and this is Live 12\.2\.5/, tool);
      }
      assert.equal(liveSet.dump(), before, "nothing in the Set changed");
    } finally {
      await device.stop();
    }
  });
}

test("on Live 12.3.0 the device is ready and connect answers", async () => {
  const liveSet = await loadLiveSet(DEMO, { liveVersion: "12.3.0" });
  const device = await startDevice({ liveSet });
  try {
    assert.equal(device.patch.byVarname("live-status").content, "ready (WebAssembly)");
    const r = await device.callTool("barline-connect", {});
    assert.notEqual(r.isError, true, r.content[0].text);
    assert.equal(r.structuredContent.abletonLiveVersion, "12.3.0");
  } finally {
    await device.stop();
  }
});
