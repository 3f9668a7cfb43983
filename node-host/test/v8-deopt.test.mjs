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

// Max's v8 takes no flags, so the device's v8 package must not carry the trigger at all:
// no reference types, so no export returns externref. The reproduction's lazy deopt,
// forced inside every `handle` call of the real package, 20 runs in fresh processes
// without the workaround flag.
const PACKAGE_REPRO = fileURLToPath(new URL("../bench/v8-package-deopt.mjs", import.meta.url));
const V8_WASM = fileURLToPath(new URL("../../dist/pkg/v8/barline_core_bg.wasm", import.meta.url));

test("the v8 package declares no reference types: no externref in any function type", async () => {
  const { readFileSync } = await import("node:fs");
  const module = new WebAssembly.Module(readFileSync(V8_WASM));
  const text = JSON.stringify([WebAssembly.Module.exports(module), WebAssembly.Module.imports(module)]);
  assert.doesNotMatch(text, /externref|"table"/);
  const bytes = readFileSync(V8_WASM);
  // The type section (id 1) lists each function type's parameter and result types:
  // externref is 0x6f, funcref 0x70.
  let p = 8;
  const u32 = () => { let n = 0, s = 0, b; do { b = bytes[p++]; n |= (b & 127) << s; s += 7; } while (b & 128); return n >>> 0; };
  while (p < bytes.length && bytes[p] !== 1) { p++; const size = u32(); p += size; }
  assert.equal(bytes[p], 1, "type section");
  p++;
  const end = u32() + p;
  const count = u32();
  for (let i = 0; i < count; i++) {
    assert.equal(bytes[p++], 0x60, "function type");
    for (const what of ["params", "results"]) {
      const n = u32();
      for (let k = 0; k < n; k++) assert.ok(![0x6f, 0x70].includes(bytes[p++]), `type ${i} has a reference in its ${what}`);
    }
  }
  assert.equal(p, end);
});

test("the v8 package survives 20 runs of a lazy deopt inside every core call, without the workaround flag", () => {
  for (let run = 0; run < 20; run++) {
    const r = spawnSync(process.execPath, ["--allow-natives-syntax", PACKAGE_REPRO, "50"], { encoding: "utf8", timeout: 60_000 });
    assert.equal(r.status, 0, `run ${run}: status ${r.status ?? r.signal}\n${r.stderr.slice(0, 400)}`);
    assert.match(r.stdout, /50 rounds of lazy deopt inside handle, 50 answered, no abort/);
  }
});
