// createLiveSet: the fake Live Set for Node (tests, simulator, demo).
//
//   import { createLiveSet } from "<repo>/core/js/fake-live.mjs";
//   const set = createLiveSet(readFileSync("patch/sim/sets/demo.json", "utf8"));
//   const api = new set.LiveAPI("live_set tracks 0");
//   api.get("name");            // ["Drums"]
//   set.counters(); set.errors(); set.dump();
//
// The same function is exported by the wasm glue itself
// (`require("<repo>/dist/pkg/fake/barline_fake_live.js").createLiveSet`); this module only
// loads that CommonJS glue (built by scripts/build-wasm.sh) from an ES module.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let glue;

/**
 * Creates a fake Live Set.
 * @param {string|object|undefined} fixture fixture JSON text or object (format in
 *   patch/sim/sets/README.md); omitted: Live's default Set.
 * @param {{idType?: "string"|"number", immediateCallback?: boolean, onError?: (msg: string) => void, liveVersion?: string}} options
 * @returns {{LiveAPI: Function, handle: object, dump(): string, counters(): object,
 *   resetCounters(): void, reset(): void, errors(): string[], clearErrors(): void, settle(): void,
 *   virtualTimeMs(): number, hasFile(path: string): boolean, addFile(path: string): void}}
 */
export function createLiveSet(fixture, options = {}) {
  glue ??= require("../../dist/pkg/fake/barline_fake_live.js");
  return glue.createLiveSet(fixture, options);
}
