// Benchmark (prints numbers, asserts nothing): round-trip time of a small tool call
// through the simulated device (MCP HTTP → node.script → v8 → back), and the cost of
// framing and reassembling a 3 MB result in the wasm core.
import { loadCore } from "../../../node-host/src/core.mjs";
import { startDevice } from "../index.mjs";
import { deviceLiveSet } from "../test/live-sets.mjs";

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (x) => `${x.toFixed(3)} ms`;

for (const profile of ["max-9.0", "max-9.2"]) {
  const device = await startDevice({ profile, liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
  for (let i = 0; i < 50; i++) await device.callTool("barline-debug-echo", { text: "warm" });
  const times = [];
  for (let i = 0; i < 500; i++) {
    const t = process.hrtime.bigint();
    await device.callTool("barline-debug-echo", { text: `call ${i}` });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const symbols = device.accounting.symbols.size;
  console.log(`round trip ${profile}: p50 ${ms(pct(times, 50))}  p99 ${ms(pct(times, 99))}  (500 calls; ${symbols} distinct symbols)`);
  await device.stop();
}

const core = loadCore();
const text = "note 1|1 C3 漢𝄞 ".repeat(Math.floor(2_900_000 / Buffer.byteLength("note 1|1 C3 漢𝄞 ")));
const result = JSON.stringify({ content: [{ type: "text", text }] });
const runs = 20;
let frame = 0;
let decode = 0;
for (let i = 0; i < runs + 3; i++) {
  const t0 = process.hrtime.bigint();
  const atoms = core.frameResponse(1, "barline-debug-blob", result, ["w"]);
  const t1 = process.hrtime.bigint();
  const back = core.decodeResponse(atoms);
  const t2 = process.hrtime.bigint();
  if (back.resultJson.length !== result.length) throw new Error("framing changed the result");
  if (i >= 3) { frame += Number(t1 - t0) / 1e6; decode += Number(t2 - t1) / 1e6; }
}
console.log(`framing a ${(Buffer.byteLength(result) / 1e6).toFixed(2)} MB result (wasm): frame ${ms(frame / runs)}  reassemble ${ms(decode / runs)}  (mean of ${runs})`);
