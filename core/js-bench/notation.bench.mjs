// Notation throughput through the wasm API in Node (dist/pkg/node, built by
// scripts/build-wasm.sh): interpretNotation and formatNotation on generated clips of
// 16, 256 and 4096 bars, marshalling included. Prints numbers; asserts nothing.
// The corpus mirrors core/benches/notation.rs so native and wasm figures compare.
import { core, time } from './harness.mjs';

/** Blocks of four bars: two written out (kick and snare, a chord, a melody with
 * fractions, probabilities, durations), two copied: 12 notes a bar, so 4096 bars
 * (49,152 notes) stay under the interpreter's 50,000-note limit for one call. */
function corpus(bars) {
  const CHORDS = ['C3 E3 G3', 'A2 C3 E3', 'F2 A2 C3', 'G2 B2 D3'];
  const MELODY = ['C4', 'D4', 'E4', 'G4'];
  let s = '';
  for (let block = 1; block <= bars; block += 4) {
    for (let bar = block; bar < Math.min(block + 2, bars + 1); bar++) {
      const i = bar % 4;
      const m = (k) => MELODY[(i + k) % 4];
      s +=
        `v100 t/4 C1 ${bar}|1,3 v90 D1 ${bar}|2,4 // drums\n` +
        `v80 t4 ${CHORDS[i]} ${bar}|1\n` +
        `v100 t/2 ${m(0)} ${bar}|1 ${m(1)} ${bar}|1.5 p0.8 ${m(2)} ${bar}|2+1/3 p1 t3/4 ${m(3)} ${bar}|3,4\n`;
    }
    if (block + 2 <= bars) s += `@${block + 2}-${Math.min(block + 3, bars)}=${block}-${block + 1}\n`;
  }
  return s;
}

const rate = (n, ms) => (n / ms / 1000).toFixed(2);
const options = { timeSignature: [4, 4] };
console.log('notation benchmark (wasm in Node, marshalling included); rates in million notes per second');
const times = {};
for (const bars of [16, 256, 4096]) {
  const text = corpus(bars);
  const { notes } = core.interpretNotation(text, options);
  const interpret = time(() => core.interpretNotation(text, options));
  const standard = time(() => core.formatNotation(notes, options));
  const drums = time(() => core.formatNotation(notes, { ...options, drumMode: true }));
  times[bars] = interpret;
  console.log(
    `${String(bars).padStart(5)} bars ${String(notes.length).padStart(6)} notes | ` +
      `interpret ${(interpret * 1000).toFixed(0).padStart(6)} us ${rate(notes.length, interpret).padStart(6)} M/s | ` +
      `format ${(standard * 1000).toFixed(0).padStart(6)} us ${rate(notes.length, standard).padStart(6)} M/s, ` +
      `drum mode ${rate(notes.length, drums).padStart(6)} M/s`,
  );
}
console.log(`scaling: interpret 4096 bars / 256 bars = ${(times[4096] / times[256]).toFixed(1)}x (16x is linear)`);
