// The v8 script never reaches for what Max 9.0's v8 lacks (docs/design/max-host.md §1.2):
// Node's `process`, the web's `fetch`, and the 9.2-only timers and text codecs. Tripwires
// count every read of those names while a real session runs; the codecs may be read once
// each, by the feature test that picks the script's own UTF-8 codec.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { deviceLiveSet } from "./live-sets.mjs";

const NEVER = ["process", "fetch", "setTimeout", "setInterval", "setImmediate", "queueMicrotask", "URL", "atob"];
const FEATURE_TESTED = ["TextDecoder", "TextEncoder"];

let device;
before(async () => {
  device = await startDevice({
    profile: "max-9.0", liveSet: await deviceLiveSet(), settings: { diagnostics: true, timeoutMs: 2000 },
    watchAbsent: [...NEVER, ...FEATURE_TESTED],
  });
});
after(() => device?.stop());

test("a session in max-9.0 reads none of the globals Max 9.0 lacks", async () => {
  // Non-ASCII text both ways exercises the UTF-8 codec; the trap re-instantiates the glue.
  const echo = await device.callTool("barline-debug-echo", { text: "ド♯ 𝄞 café" });
  assert.equal(echo.isError, undefined);
  assert.match(echo.content[0].text, /ド♯ 𝄞 café/);
  const trap = await device.callTool("barline-debug-trap", {});
  assert.equal(trap.isError, true);
  const tempo = await device.callTool("barline-debug-get", { path: "live_set", property: "tempo" });
  assert.deepEqual(tempo.structuredContent.value, [120]);

  const reads = device.v8.stats.absentReads;
  for (const name of NEVER) assert.equal(reads[name], 0, `${name} was read`);
  for (const name of FEATURE_TESTED) assert.ok(reads[name] <= 1, `${name} was read ${reads[name]} times`);
  assert.deepEqual(device.v8.stats.requireCalls, []);
});
