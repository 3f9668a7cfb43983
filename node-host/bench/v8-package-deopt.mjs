// The V8 abort of node-host/bench/V8-DEOPT.md, tried on the device's own v8 package
// (dist/pkg/v8) in a plain `node` without the workaround flag: an optimized JS function
// calls the core's `handle` export, and the Live host the core calls back into forces a
// lazy deoptimization of that function while the wasm runs, on every request. With
// reference types an export returns externref and V8 11.3 aborts ("unreachable code");
// the v8 package is built without them. Run:
//   node --allow-natives-syntax node-host/bench/v8-package-deopt.mjs [rounds]
// Prints the rounds survived; exits non-zero (or aborts) otherwise. BARLINE_V8_PKG names
// another package folder (e.g. a build with reference types, which aborts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = process.env.BARLINE_V8_PKG ? `${process.env.BARLINE_V8_PKG}/` : fileURLToPath(new URL("../../dist/pkg/v8/", import.meta.url));
const rounds = Number(process.argv[2] ?? 200);
const glueSource = readFileSync(`${pkg}barline_core.js`, "utf8");
const bytes = readFileSync(`${pkg}barline_core_bg.wasm`);
// eslint-disable-next-line no-new-func
const glue = new Function("TextDecoder", "TextEncoder", `${glueSource}\nreturn wasm_bindgen;`)(TextDecoder, TextEncoder);
glue.initSync({ module: new WebAssembly.Module(bytes) });

let deopt = false;
const host = {
  resolve() { if (deopt) %DeoptimizeFunction(caller); return 1; },
  get(id, p) { if (deopt) %DeoptimizeFunction(caller); return p === "tracks" || p === "scenes" ? [] : [1]; },
  set() {}, call() { return []; }, getCount() { return 0; }, typeOf() { return "Song"; }, pathOf() { return "live_set"; },
  fileExists() { return false; }, listFolder() { return null; }, random() { return 0.5; },
};
const core = new glue.V8Core(host);
const request = (id) => ["mcp_request", id, JSON.stringify({ tool: "barline-read-live-set", args: {}, context: {} }), "$$___END___$$"];
function caller(id) { return core.handle(request(id)); }

%PrepareFunctionForOptimization(caller);
caller(1);
caller(2);
%OptimizeFunctionOnNextCall(caller);
caller(3);
deopt = true;
let answered = 0;
for (let i = 0; i < rounds; i++) {
  const r = caller(10 + i);
  if (r && r.kind === "respond") answered += 1;
  %PrepareFunctionForOptimization(caller);
  %OptimizeFunctionOnNextCall(caller);
}
console.log(`v8 package: ${rounds} rounds of lazy deopt inside handle, ${answered} answered, no abort`);
if (answered !== rounds) process.exit(1);
