// The core as plain JavaScript (binaryen's wasm2js, built from the same module by
// scripts/build-wasm.sh) behind the two WebAssembly constructors wasm-bindgen's glue
// calls, for a v8 that has no WebAssembly or refuses to compile it.
import createJsCore from "barline:core-js";

/** A stand-in for the `WebAssembly` namespace that the glue's `initSync` uses. */
export function jsEngine() {
  function Module() {}
  function Instance(module, imports) {
    this.exports = createJsCore(imports);
  }
  return { Module, Instance };
}
