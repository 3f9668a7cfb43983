// Transform throughput through the wasm API in Node (dist/pkg/node, built by
// scripts/build-wasm.sh): applyTransforms on 1,000 to 100,000 notes with the same
// 3-assignment text as core/benches/transforms.rs, marshalling included. Prints
// numbers; asserts nothing.
import { core, time } from './harness.mjs';

const TEXT = 'velocity = ramp(60, 120)\ntiming = swing(0.05)\ntiming += rand(-0.01, 0.01)';

/** `count` notes: a drum-like pattern of sixteenths over four pitches (as natively). */
function notes(count) {
  return Array.from({ length: count }, (_, i) => ({
    pitch: [36, 38, 42, 46][i % 4], start_time: Math.floor(i / 2) * 0.25, duration: 0.25,
    velocity: 100, probability: 1, velocity_deviation: 0,
  }));
}

console.log('transforms benchmark (wasm in Node, marshalling included), 3-assignment text; rates in million notes per second');
const times = {};
for (const count of [1_000, 10_000, 100_000]) {
  const input = notes(count);
  const ms = time(() => core.applyTransforms(input, TEXT, { timeSignature: [4, 4], seed: 42 }));
  times[count] = ms;
  console.log(`${String(count).padStart(7)} notes | ${(ms * 1000).toFixed(0).padStart(8)} us per call | ${(count / ms / 1000).toFixed(2).padStart(6)} M notes/s`);
}
console.log(`scaling: 100,000 notes / 10,000 notes = ${(times[100_000] / times[10_000]).toFixed(1)}x (10x is linear)`);
