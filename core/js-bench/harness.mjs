// What the wasm benchmarks share: the Node build of the core (dist/pkg/node, built by
// scripts/build-wasm.sh) and a timer that reports the least disturbed batch.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const core = createRequire(import.meta.url)(fileURLToPath(new URL('../../dist/pkg/node/barline_core.js', import.meta.url)));

/** Best mean time per call (ms) over ~5 ms batches for `budget` ms: the machine is
 * shared, and the best batch is the least disturbed. */
export function time(f, budget = 1500) {
  f();
  let best = Infinity;
  const start = performance.now();
  while (performance.now() - start < budget) {
    const t0 = performance.now();
    let calls = 0;
    do {
      f();
      calls++;
    } while (performance.now() - t0 < 5);
    best = Math.min(best, (performance.now() - t0) / calls);
  }
  return best;
}
