// Benchmark (prints numbers, asserts nothing): the two forms of the core in the
// simulated v8 (WebAssembly, and the JavaScript core used when WebAssembly is absent):
// start-up (compile + instantiate, as the device logs it), an echo round trip through
// the whole device, a Set-wide read of the 10x Set of core/benches/live_api_cost.rs with
// its Live API requests, and the longest uninterrupted v8 run of that read.
import { startDevice } from "../index.mjs";
import { tenfoldSet } from "../test/live-sets.mjs";

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

for (const [form, wasm] of [["WebAssembly", "sync-only"], ["JavaScript", "absent"]]) {
  const device = await startDevice({ wasm, set: tenfoldSet(), settings: { diagnostics: true, port: 0, timeoutMs: 60_000 } });
  const startLine = device.console.lines.map((l) => l.text).find((t) => /core: \w+, ready in/.test(t)) ?? "";
  for (let i = 0; i < 20; i++) await device.callTool("barline-debug-echo", { text: "warm" });
  const times = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await device.callTool("barline-debug-echo", { text: `call ${i}` });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const reads = [];
  let requests = 0;
  for (let i = 0; i < 5; i++) {
    device.liveSet.resetCounters?.();
    device.v8.resetRuns();
    const t = performance.now();
    const r = await device.callTool("barline-read-live-set", { include: ["tracks", "scenes", "locators"] });
    reads.push(performance.now() - t);
    if (r.isError) throw new Error(r.content[0].text);
  }
  const run = device.v8.stats.longestRun;
  requests = device.liveSet.counters ? totalRequests(device.liveSet.counters()) : NaN;
  reads.sort((a, b) => a - b);
  console.log(`${form}: ${startLine.trim()}`);
  console.log(`  echo round trip p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms (200 calls)`);
  console.log(`  Set-wide read of the 10x Set: median ${pct(reads, 50).toFixed(0)} ms (5 calls), ${requests} Live API requests in the last; longest run ${run.requests} requests, ${run.ms.toFixed(1)} ms`);
  await device.stop();
}

function totalRequests(c) {
  let n = c.resolve ?? 0;
  for (const t of Object.values(c.by_type ?? c.byType ?? {})) n += (t.get ?? 0) + (t.set ?? 0) + (t.call ?? 0) + (t.getcount ?? t.get_count ?? 0);
  return n;
}
