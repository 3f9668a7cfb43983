// Minimal reproduction of the V8 abort behind the demo's "unreachable code" crashes
// (issue 15 item 2; node-host/bench/V8-DEOPT.md). Node 20.20.2, V8 11.3.244.8: a lazy
// deoptimization of an optimized JS function while it is inside an inlined call to a
// WebAssembly export that returns externref aborts the process. Run:
//   node --allow-natives-syntax v8-deopt-repro.mjs externref   → Fatal error, exit 133
//   node --allow-natives-syntax v8-deopt-repro.mjs i32         → prints the result
//   node --allow-natives-syntax --no-turbo-inline-js-wasm-calls v8-deopt-repro.mjs externref → prints
const kind = process.argv[2] ?? "externref";
const T = kind === "externref" ? 0x6f : 0x7f; // result type of the export
const bytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  // types: () -> (), (T) -> (T)
  0x01, 0x09, 0x02, 0x60, 0x00, 0x00, 0x60, 0x01, T, 0x01, T,
  // import env.g : () -> ()
  0x02, 0x09, 0x01, 0x03, 0x65, 0x6e, 0x76, 0x01, 0x67, 0x00, 0x00,
  // one function of type 1
  0x03, 0x02, 0x01, 0x01,
  // export "f" = function 1
  0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x01,
  // f(x) { g(); return x; }
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x10, 0x00, 0x20, 0x00, 0x0b,
]);
let deopt = false;
const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
  env: { g() { if (deopt) %DeoptimizeFunction(caller); } },
});
const arg = kind === "externref" ? { v: 1 } : 1;
function caller(x) { return exports.f(x); }
%PrepareFunctionForOptimization(caller);
caller(arg);
caller(arg);
%OptimizeFunctionOnNextCall(caller);
caller(arg);
deopt = true;
console.log(kind, "result after lazy deopt:", caller(arg));
