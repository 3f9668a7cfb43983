// The LiveAPI pool stays bounded over a long session (docs/design/liveapi-pool.md):
// 10,000 mixed tool calls on the demo Set leave at most POOL_LIMIT LiveAPI objects
// alive in the simulated v8, and no more than after the first 100 calls.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { POOL_LIMIT } from "../../../v8-host/src/live-host.mjs";

const CALLS = 10_000;
const IN_FLIGHT = 8;

// Reads of every kind and writes that leave the Set's shape as it was.
const MIX = [
  ["barline-read-live-set", { include: ["tracks", "scenes"] }],
  ["barline-read-track", { trackIndex: 0, include: ["*"] }],
  ["barline-read-track", { trackIndex: 3, include: ["session-clips", "devices"] }],
  ["barline-read-track", { trackType: "master" }],
  ["barline-read-scene", { sceneIndex: 1, include: ["*"] }],
  ["barline-read-clip", { slot: "0/0", include: ["*"] }],
  ["barline-read-clip", { slot: "1/0", include: ["notes"] }],
  ["barline-read-device", { path: "t0/d0", include: ["*"] }],
  ["barline-update-live-set", { tempo: 104 }],
  ["barline-select", { sceneIndex: 2 }],
  ["barline-select", { trackIndex: 1 }],
  ["barline-context", { action: "read" }],
];

test("10,000 mixed tool calls keep the LiveAPI objects alive within the pool", { timeout: 600_000 }, async (t) => {
  const device = await startDevice({ set: "patch/sim/sets/demo.json", settings: { port: 0 } });
  try {
    const failures = [];
    let next = 0;
    const worker = async (until) => {
      while (next < until) {
        const [name, args] = MIX[next++ % MIX.length];
        const r = await device.callTool(name, args);
        if (r.isError) failures.push(`${name}: ${r.content?.[0]?.text}`);
      }
    };
    const run = (until) => Promise.all(Array.from({ length: IN_FLIGHT }, () => worker(until)));
    const started = performance.now();
    await run(100);
    const after100 = device.v8.stats.liveApiObjects;
    await run(CALLS);
    const after = device.v8.stats.liveApiObjects;
    const seconds = (performance.now() - started) / 1000;
    t.diagnostic(`LiveAPI objects alive: ${after100} after 100 calls, ${after} after ${CALLS} (peak ${device.v8.stats.liveApiObjectsPeak}, pool ${POOL_LIMIT}); ${seconds.toFixed(1)} s`);
    assert.deepEqual(failures.slice(0, 3), []);
    assert.ok(after <= POOL_LIMIT, `${after} objects alive`);
    assert.ok(after <= after100, `${after} objects alive after ${CALLS} calls, ${after100} after 100`);
    assert.ok(device.v8.stats.liveApiObjectsPeak <= POOL_LIMIT + 1, "an object beyond the pool lives only while it is read");
  } finally {
    await device.stop();
  }
});
