// The core as plain JavaScript (binaryen's wasm2js, built from the same module by
// scripts/build-wasm.sh) behind the two WebAssembly constructors wasm-bindgen's glue
// calls, for a v8 that has no WebAssembly or refuses to compile it. The bundle carries
// it as the text of a function body, compiled on first use only.
import coreSource from "barline:core-js";

let createJsCore = null;

/** A stand-in for the `WebAssembly` namespace that the glue's `initSync` uses. */
export function jsEngine() {
  if (!createJsCore) createJsCore = new Function(coreSource.param, coreSource.body);
  function Module() {}
  function Instance(module, imports) {
    this.exports = createJsCore(imports);
  }
  return { Module, Instance };
}
