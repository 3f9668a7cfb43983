// The transform API through the built wasm package (dist/pkg/node, made by
// scripts/build-wasm.sh): every vector of core/tests/data/transforms-examples.json,
// seeds (numbers and bigints round-trip exactly), error fields, and the TypeErrors
// every exported web function throws for arguments of the wrong JavaScript type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '../../dist/pkg/node');
const core = createRequire(import.meta.url)(join(pkgDir, 'barline_core.js'));
const vectors = JSON.parse(readFileSync(resolve(here, '../tests/data/transforms-examples.json'), 'utf8'));
const FIELDS = ['pitch', 'start_time', 'duration', 'velocity', 'probability', 'velocity_deviation'];

function close(actual, expected, what) {
  if (expected === null) return assert.ok(actual === null || Number.isNaN(actual), what);
  assert.ok(Math.abs(actual - expected) <= vectors.tolerance, `${what}: ${actual} vs ${expected}`);
}

function options(v) {
  return { timeSignature: v.timeSignature, clip: v.clip, seed: v.seed ?? 0 };
}

test('every golden vector passes through the wasm API', () => {
  assert.equal(vectors.examples.length, 385);
  for (const v of vectors.examples) {
    const want = v.expected;
    let got;
    try {
      got = v.kind === 'audio'
        ? core.applyAudioTransforms(v.input, v.transforms, options(v))
        : core.applyTransforms(v.notes, v.transforms, options(v));
    } catch (e) {
      assert.equal(e.message, want.error, `${v.name}: unexpected error`);
      assert.ok(['syntax', 'value'].includes(e.kind), v.name);
      continue;
    }
    assert.equal(want.error, null, `${v.name}: expected error ${want.error}`);
    assert.deepEqual(got.warnings, want.warnings, v.name);
    assert.equal(got.seed, v.seed ?? 0, v.name);
    if (v.kind === 'audio') {
      close(got.gainDb, want.gainDb, `${v.name} gainDb`);
      close(got.pitchShift, want.pitchShift, `${v.name} pitchShift`);
      continue;
    }
    assert.equal(got.transformed, want.transformedCount, v.name);
    assert.equal(got.notes.length, want.notes.length, `${v.name}: note count`);
    got.notes.forEach((n, i) => {
      assert.deepEqual(Object.keys(n), FIELDS, v.name);
      for (const f of FIELDS) close(n[f], want.notes[i][f], `${v.name} notes[${i}].${f}`);
    });
  }
});

test('seeds: numbers and bigints round-trip exactly; a missing seed is drawn and returned', () => {
  const notes = [{ pitch: 60, start_time: 0, duration: 1, velocity: 100 }];
  const text = 'velocity = rand(1, 127)';
  for (const seed of [0, 7, 2 ** 32, Number.MAX_SAFE_INTEGER, 0n, 2n ** 64n - 1n, 12345678901234567890n]) {
    const r = core.applyTransforms(notes, text, { seed });
    assert.equal(r.seed, seed);
    assert.deepEqual(core.applyTransforms(notes, text, { seed: r.seed }), r);
  }
  // A bigint seed below 2^53 gives what the same number gives.
  assert.deepEqual(core.applyTransforms(notes, text, { seed: 42n }).notes, core.applyTransforms(notes, text, { seed: 42 }).notes);
  const drawn = core.applyTransforms(notes, text);
  assert.ok(Number.isInteger(drawn.seed) && drawn.seed >= 0 && drawn.seed < 2 ** 32);
  assert.deepEqual(core.applyTransforms(notes, text, { seed: drawn.seed }).notes, drawn.notes);
  assert.equal(typeof core.applyAudioTransforms({ gainDb: 0, pitchShift: 0 }, 'gain = rand()', { seed: 5n }).seed, 'bigint');
  for (const seed of [-1, 1.5, 2 ** 53, -1n, 2n ** 64n]) {
    assert.throws(() => core.applyTransforms(notes, text, { seed }), { kind: 'input', message: /^seed must be/ });
  }
  assert.throws(() => core.applyTransforms(notes, text, { seed: '5' }), TypeError);
});

test('errors carry kind, UTF-16 position and expectations; nothing else is returned', () => {
  const notes = [{ pitch: 60, start_time: 0, duration: 1, velocity: 100 }];
  assert.throws(() => core.applyTransforms(notes, '// 😀\nvelocity = 5 +'), (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.message, 'transform syntax error at position 20 (line 2, column 15): Expected expression but reached end of input');
    assert.deepEqual([e.kind, e.offset, e.line, e.column, e.expected], ['syntax', 20, 2, 15, ['expression']]);
    return true;
  });
  assert.throws(() => core.applyTransforms(notes, 'C5-C3: velocity = 1'), { kind: 'value', offset: 0, line: 1, column: 1 });
  assert.throws(() => core.applyTransforms(notes, 'velocity = ' + '('.repeat(200)), { kind: 'limit' });
  const r = core.applyTransforms(notes, '', { seed: 1 });
  assert.deepEqual(r, { notes: [{ ...notes[0], probability: 1, velocity_deviation: 0 }], transformed: null, warnings: [], seed: 1 });
});

test('the clip context has the shape of the vectors and is checked', () => {
  const notes = [60, 62, 64].map((pitch, i) => ({ pitch, start_time: i, duration: 0.25, velocity: 100 }));
  const clip = { lengthBeats: 8, arrangementStartBeats: null, index: 0, count: 1, scale: { root: 0, intervals: [0, 2, 4, 5, 7, 9, 11] } };
  const r = core.applyTransforms(notes, 'duration = legato()\npitch = snap(note.pitch + 1)', { clip });
  assert.deepEqual(r.notes.map((n) => [n.pitch, n.duration]), [[62, 1], [64, 1], [65, 6]]);
  assert.throws(() => core.applyTransforms(notes, 'velocity = 1', { clip: { index: 0 } }), { name: 'TypeError', message: /^clip\.lengthBeats must be a number/ });
  assert.throws(() => core.applyTransforms(notes, 'velocity = 1', { clip: 5 }), TypeError);
  assert.throws(() => core.applyTransforms(notes, 'velocity = 1', { timeSignature: [4] }), { kind: 'input' });
});

test('every exported web function throws a TypeError naming a mistyped argument', () => {
  const note = { pitch: 60, start_time: 0, duration: 1, velocity: 100 };
  const cases = [
    [() => core.parseNotation(null), /^text must be a string, got null$/],
    [() => core.parseNotation(0), /^text must be a string, got a number$/],
    [() => core.parseNotation({}), /^text must be a string, got an object$/],
    [() => core.interpretNotation(undefined), /^text must be a string, got undefined$/],
    [() => core.interpretNotation('C3 1|1', 'x'), /^options must be an object, got a string$/],
    [() => core.interpretNotation('C3 1|1', { timeSignature: '4/4' }), /^timeSignature must be/],
    [() => core.formatNotation({}), /^notes must be an array of note objects, got an object$/],
    [() => core.formatNotation([note], 7), /^options must be an object/],
    [() => core.formatNotation([note], { drumMode: 'yes' }), /^drumMode must be a boolean, got a string$/],
    [() => core.pitchName('60'), /^pitch must be a number, got a string$/],
    [() => core.pitchName(null), /^pitch must be a number, got null$/],
    [() => core.applyTransforms(null, 'velocity = 1'), /^notes must be an array of note objects, got null$/],
    [() => core.applyTransforms([note, 3], 'velocity = 1'), /^notes\[1\] must be an object/],
    [() => core.applyTransforms([note], null), /^text must be a string, got null$/],
    [() => core.applyTransforms([note], 0), /^text must be a string, got a number$/],
    [() => core.applyTransforms([note], {}), /^text must be a string, got an object$/],
    [() => core.applyTransforms([note], 'velocity = 1', []), /^options must be an object, got an array$/],
    [() => core.applyAudioTransforms(null, 'gain = 1'), /^audio must be an object/],
    [() => core.applyAudioTransforms({ gainDb: '0', pitchShift: 0 }, 'gain = 1'), /^audio\.gainDb must be a number, got a string$/],
    [() => core.applyAudioTransforms({ gainDb: 0, pitchShift: 0 }, 5), /^text must be a string, got a number$/],
    [() => core.notesToMidi(null), /^notes must be an array of note objects, got null$/],
    [() => core.midiToNotes(null), /^bytes must be a Uint8Array, got null$/],
    [() => core.midiToNotes('MThd'), /^bytes must be a Uint8Array, got a string$/],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (e) => e instanceof TypeError && message.test(e.message) && e.kind === 'input', String(call));
  }
  // Valid calls still work after all of those.
  assert.equal(core.pitchName(60), 'C3');
  assert.equal(core.interpretNotation('C3 1|1').notes.length, 1);
});

test('results are plain objects in a packed array, however many notes', () => {
  const notes = Array.from({ length: 50_000 }, (_, i) => ({ pitch: 36 + (i % 40), start_time: i / 3, duration: 0.25, velocity: 100 }));
  const r = core.applyTransforms(notes, 'velocity -= 10\ntiming = swing(0.05)', { seed: 1 });
  assert.equal(r.notes.length, 50_000);
  assert.ok(Array.isArray(r.notes));
  assert.equal(Object.getPrototypeOf(r.notes[123]), Object.prototype);
  assert.equal(r.notes[0].velocity, 90);
  assert.equal(r.transformed, 50_000);
});

test('the generated TypeScript declarations describe the transform API', () => {
  const dts = readFileSync(join(pkgDir, 'barline_core.d.ts'), 'utf8');
  for (const line of [
    'export function applyTransforms(notes: NotationNoteInput[], text: string, options?: TransformOptions | null): TransformResult;',
    'export function applyAudioTransforms(audio: AudioTransformInput, text: string, options?: TransformOptions | null): AudioTransformResult;',
    'export function pitchName(pitch: number): string;',
    '  seed?: number | bigint | null;',
  ]) {
    assert.ok(dts.includes(line), line);
  }
  assert.ok(!/applyTransforms\(notes: any/.test(dts));
});
