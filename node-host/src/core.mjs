// Loads core (wasm) synchronously for the node side. Source mode reads the web-target
// glue's wasm from dist/pkg/web; the device bundle (dist/device/barline-node.mjs)
// embeds the bytes as base64 through the bundler's `define` of BARLINE_EMBEDDED_WASM.
import { readFileSync } from "node:fs";
import * as glue from "../../dist/pkg/web/barline_core.js";

let loaded = null;

function wasmBytes() {
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
