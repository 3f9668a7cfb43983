// One run of the wasm-boundary stress experiment (issue 15 item 2), started by
// wasm-stress.mjs in a child process with V8 flags under test. Drives the
// simulated device for STRESS_SECONDS with what preceded the demo's crashes:
// multi-second note writes, large results, traps with re-instantiation, memory growth.
// Prints one JSON line: counts of each call kind, errors, node.script terminations.
import { startTarget } from "../test/support/target.mjs";

const seconds = Number(process.env.STRESS_SECONDS ?? 60);
const target = await startTarget({ diagnostics: true, maxPending: 64, timeoutMs: 60000 });
const { device } = target;
const counts = { write: 0, read: 0, trap: 0, blob: 0, limit: 0, echo: 0, errors: 0 };
const PITCHES = "C3 D3 E3 F3 G3 A3 B3 C4";
let bar = 1;

async function one(kind, name, args) {
  try {
    const r = await device.callTool(name, args);
    counts[kind] += 1;
    if (r?.isError) counts[`${kind}IsError`] = (counts[`${kind}IsError`] ?? 0) + 1;
    return r;
  } catch (e) {
    counts.errors += 1;
    return { error: String(e?.message ?? e) };
  }
}

const deadline = Date.now() + seconds * 1000;
let round = 0;
while (Date.now() < deadline) {
  round += 1;
  // A write of 4,000–20,000 notes at a fresh arrangement position.
  const repeats = 500 * (1 + (round % 5));
  const start = `${bar}|1`;
  bar += Math.ceil(repeats / 16) + 1;
  const w = await one("write", "barline-create-clip", {
    trackIndex: 6, arrangementStart: start, notes: `${PITCHES} 1|1x${repeats}@0.25`,
  });
  const id = w?.structuredContent?.clips?.[0]?.id ?? w?.structuredContent?.id;
  if (id) await one("read", "barline-read-clip", { clipId: String(id), include: ["notes"] });
  await one("trap", "barline-debug-trap", {});
  await one("blob", "barline-debug-blob", { unit: "é", repeat: 200_000 + (round % 7) * 150_000 });
  await one("limit", "barline-create-clip", { trackIndex: 6, arrangementStart: "1|1", notes: "C3 1|1 @2-1000000=1" });
  await Promise.all(Array.from({ length: 16 }, (_, i) => one("echo", "barline-debug-echo", { text: `r${round}-${i}` })));
}
if (process.env.STRESS_DUMP) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(process.env.STRESS_DUMP, device.console.lines.map((l) => l.text).join(""));
}
const fatal = device.console.lines.filter((l) => /Fatal|unreachable code|terminated/i.test(l.text)).map((l) => l.text.slice(0, 200));
console.log(JSON.stringify({ round, counts, nodeStarts: device.node.stats.starts, status: device.status(), fatal }));
await target.stop();
