// Live stays responsive: no uninterrupted run of the v8 side makes more than 1,000
// Live API requests (core/src/live/journal.rs cuts long calls into steps), measured by
// the simulated v8's `stats.longestRun` on a 50,000-note clip write and on Set-wide
// reads of the cost benchmark's 10x Set (core/benches/live_api_cost.rs), in both forms
// of the core. The request count is deterministic; the times are reported only.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { tenfoldSet } from "./live-sets.mjs";

const BOUND = 1000;

// 10 pitches at 5,000 positions a sixteenth apart: 50,000 notes.
const FIFTY_THOUSAND = "C3 D3 E3 F3 G3 A3 B3 C4 D4 E4 1|1x5000@0.25";

const CASES = [
  ["a 50,000-note clip write", () => "patch/sim/sets/demo.json", [
    ["barline-create-clip", { trackIndex: 6, arrangementStart: "1|1", notes: FIFTY_THOUSAND }, (r) => assert.equal(r.structuredContent.noteCount ?? 50_000, 50_000)],
  ]],
  ["Set-wide reads of the 10x Set", tenfoldSet, [
    ["barline-read-live-set", { include: ["tracks", "scenes", "locators"] }, (r) => assert.equal(r.structuredContent.tracks.length, 70)],
    // Every detail of every track: read in full, then answered TOO_LARGE (25,000 characters).
    ["barline-read-live-set", { include: ["*"] }, (r) => assert.match(r.content[0].text, /TOO_LARGE/)],
    ["barline-read-scene", { sceneIndex: 0, include: ["*"] }, () => {}],
  ]],
];

for (const wasm of ["sync-only", "absent"]) {
  for (const [label, set, calls] of CASES) {
    test(`${label}: at most ${BOUND} Live API requests per uninterrupted run (${wasm === "absent" ? "JavaScript" : "WebAssembly"} core)`, { timeout: 300_000 }, async (t) => {
      const device = await startDevice({ set: set(), wasm, settings: { port: 0, timeoutMs: 60_000 } });
      try {
        for (const [name, args, check] of calls) {
          device.v8.resetRuns();
          const started = performance.now();
          const r = await device.callTool(name, args);
          const ms = performance.now() - started;
          if (!/TOO_LARGE/.test(r.content?.[0]?.text ?? "")) assert.notEqual(r.isError, true, r.content?.[0]?.text);
          check(r);
          const run = device.v8.stats.longestRun;
          t.diagnostic(`${name}: longest run ${run.requests} requests in ${run.ms.toFixed(1)} ms, ${run.liveMs.toFixed(1)} ms of them in the simulated Live (tool ${run.tool}); whole call ${ms.toFixed(0)} ms`);
          assert.equal(run.tool, name);
          assert.ok(run.requests <= BOUND, `${name}: one run made ${run.requests} Live API requests`);
        }
      } finally {
        await device.stop();
      }
    });
  }
}
