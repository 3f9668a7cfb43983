// Loads core (wasm) synchronously for the node side. Source mode reads the web-target
// glue's wasm from dist/pkg/web; the device bundle (dist/device/barline-node.mjs)
// embeds the bytes as base64 through the bundler's `define` of BARLINE_EMBEDDED_WASM.
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import * as glue from "../../dist/pkg/web/barline_core.js";

// Node 20's V8 (11.3) aborts the process ("Fatal error … unreachable code" in
// Deoptimizer::DoComputeBuiltinContinuation) when an optimized function is lazily
// deoptimized while inside an inlined call to a wasm export returning externref, which
// is every export that returns a JS value. Not inlining JS-to-wasm calls avoids it at
// no measurable cost. See node-host/bench/V8-DEOPT.md for the reproduction.
v8.setFlagsFromString("--no-turbo-inline-js-wasm-calls");

let loaded = null;

/** The wasm bytes core runs from (also served to the chat page as /chat/core.wasm). */
export function wasmBytes() {
  // eslint-disable-next-line no-undef
  if (typeof BARLINE_EMBEDDED_WASM === "string") return Buffer.from(BARLINE_EMBEDDED_WASM, "base64"); // replaced at bundle time
  return readFileSync(new URL("../../dist/pkg/web/barline_core_bg.wasm", import.meta.url));
}

/** The wasm exports (NodeCore, frameCall, decodeResponse, …), instantiated once. */
export function loadCore() {
  if (!loaded) {
    glue.initSync({ module: wasmBytes() });
    loaded = glue;
  }
  return loaded;
}
