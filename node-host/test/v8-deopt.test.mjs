// Node 20's V8 aborts on a lazy deopt inside an inlined call to a wasm export that
// returns externref (node-host/bench/V8-DEOPT.md). Both processes that run the
// device's wasm set --no-turbo-inline-js-wasm-calls when they load it; this runs the
// minimal reproduction after importing each and expects it to finish.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPRO = fileURLToPath(new URL("../bench/v8-deopt-repro.mjs", import.meta.url));
const CORE = fileURLToPath(new URL("../src/core.mjs", import.meta.url));
const SIM_V8 = fileURLToPath(new URL("../../patch/sim/v8-runtime.mjs", import.meta.url));

const run = (imports) => spawnSync(process.execPath,
  ["--allow-natives-syntax", ...imports.flatMap((m) => ["--import", m]), REPRO, "externref"],
  { encoding: "utf8", timeout: 60_000 });

for (const [side, module] of [["node.script (node-host/src/core.mjs)", CORE], ["the simulated v8 side (patch/sim/v8-runtime.mjs)", SIM_V8]]) {
  test(`${side} survives a lazy deopt inside an inlined wasm call`, (t) => {
    const bare = run([]);
    t.diagnostic(`without the workaround this runtime ${bare.status === 0 ? "does not abort" : `aborts (status ${bare.status ?? bare.signal})`}`);
    const r = run([module]);
    assert.equal(r.status, 0, `${r.stderr.slice(0, 400)}`);
    assert.match(r.stdout, /externref result after lazy deopt: \{ v: 1 \}/);
  });
}
