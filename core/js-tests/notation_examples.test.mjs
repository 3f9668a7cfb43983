// Every golden example of core/tests/data/barbeat-examples.json through the built wasm package
// (dist/pkg/node, made by scripts/build-wasm.sh): the JavaScript API must give the
// same notes, warnings, errors and texts as the native engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '../../dist/pkg/node');
const core = createRequire(import.meta.url)(join(pkgDir, 'barline_core.js'));

/** The golden examples, kept in the repository beside the native tests. */
const examples = () => JSON.parse(readFileSync(resolve(here, '../tests/data/barbeat-examples.json'), 'utf8'));

const all = examples();
const tolerance = all.tolerance;

function assertNotes(actual, expected, name) {
  assert.equal(actual.length, expected.length, `${name}: note count`);
  actual.forEach((a, i) => {
    const e = expected[i];
    for (const k of ['pitch', 'velocity', 'velocity_deviation']) {
      assert.equal(a[k], e[k], `${name}: note ${i} ${k}`);
    }
    for (const k of ['start_time', 'duration', 'probability']) {
      assert.ok(Math.abs(a[k] - e[k]) <= tolerance, `${name}: note ${i} ${k} ${a[k]} vs ${e[k]}`);
    }
    assert.deepEqual(Object.keys(a).sort(), Object.keys(e).sort(), `${name}: note fields`);
  });
}

const interpretOptions = (c) => (c.timeSignature ? { timeSignature: c.timeSignature } : undefined);

test('192 interpreter examples', () => {
  assert.equal(all.interpret.length, 192);
  for (const c of all.interpret) {
    if (c.error === null) {
      const result = core.interpretNotation(c.input, interpretOptions(c));
      assertNotes(result.notes, c.notes, c.name);
      assert.deepEqual(result.warnings, c.warnings, `${c.name}: warnings`);
    } else {
      assert.throws(
        () => core.interpretNotation(c.input, interpretOptions(c)),
        (e) => {
          assert.ok(e instanceof Error, `${c.name}: throws an Error`);
          assert.equal(e.message, c.error, `${c.name}: message`);
          if (c.warnings.length > 0) assert.deepEqual(e.warnings, c.warnings, `${c.name}: warnings`);
          return true;
        },
      );
    }
  }
});

test('syntax errors expose the position of their message', () => {
  let checked = 0;
  for (const c of all.interpret) {
    const m = /^bar\|beat syntax error at position (\d+) \(line (\d+), column (\d+)\): Expected (.*?) (but|$)/.exec(c.error ?? '');
    if (!m) continue;
    for (const call of [() => core.interpretNotation(c.input, interpretOptions(c)), () => core.parseNotation(c.input)]) {
      try {
        call();
        assert.fail(`${c.name}: no error`);
      } catch (e) {
        assert.equal(e.kind, 'syntax', c.name);
        assert.deepEqual([e.offset, e.line, e.column], [Number(m[1]), Number(m[2]), Number(m[3])], c.name);
        assert.equal(e.expected.join(', '), m[4], c.name);
      }
    }
    checked++;
  }
  assert.ok(checked >= 30, `only ${checked} syntax error examples found`);
});

test('50 formatter examples', () => {
  assert.equal(all.format.length, 50);
  for (const c of all.format) {
    const options = { timeSignature: c.timeSignature, drumMode: c.drumMode };
    if (c.error === null) {
      assert.equal(core.formatNotation(c.notes, options), c.text, c.name);
    } else {
      assert.throws(() => core.formatNotation(c.notes, options), { message: c.error }, c.name);
    }
  }
});

test('formatter round trips as the examples mark them', () => {
  const key = (n) => [n.pitch, n.start_time];
  const byKey = (a, b) => a[0] - b[0] || a[1] - b[1];
  let checked = 0;
  for (const c of all.format) {
    if (c.roundTrip === null) continue;
    const back = core.interpretNotation(c.text, interpretOptions(c)).notes;
    const input = c.notes.map((n) => ({
      ...n,
      velocity: Math.round(n.velocity),
      velocity_deviation: Math.round(n.velocity_deviation ?? 0),
      probability: n.probability ?? 1,
    }));
    const sort = (ns) => [...ns].sort((a, b) => byKey(key(a), key(b)));
    const [x, y] = [sort(input), sort(back)];
    const same =
      x.length === y.length &&
      x.every(
        (a, i) =>
          a.pitch === y[i].pitch &&
          a.velocity === y[i].velocity &&
          a.velocity_deviation === y[i].velocity_deviation &&
          Math.abs(a.start_time - y[i].start_time) <= 0.001 &&
          Math.abs(a.duration - y[i].duration) <= 0.001 &&
          Math.abs(a.probability - y[i].probability) <= 0.001,
      );
    assert.equal(same, c.roundTrip, c.name);
    checked++;
  }
  assert.equal(checked, 49);
});

test('options: incomplete time signatures and bad arguments', () => {
  const message = 'Time signature must be specified with both numerator and denominator';
  for (const ts of [[4, null], [null, 4], [4]]) {
    assert.throws(() => core.interpretNotation('C3 1|1', { timeSignature: ts }), { message, kind: 'options' });
    assert.throws(() => core.formatNotation([{ pitch: 60, start_time: 0, duration: 1, velocity: 100 }], { timeSignature: ts }), { message });
    assert.deepEqual(core.interpretNotation('', { timeSignature: ts }), { notes: [], warnings: [] });
    assert.equal(core.formatNotation([], { timeSignature: ts }), '');
  }
  assert.throws(() => core.interpretNotation('C3 1|1', { timeSignature: '4/4' }), { kind: 'input' });
  assert.throws(() => core.formatNotation([{ pitch: 60 }], undefined), { kind: 'input', message: /^notes\[0\]/ });
  assert.throws(() => core.formatNotation([{ pitch: 60, start_time: 0, duration: 1, velocity: 100 }], { drumMode: 'yes' }), { kind: 'input' });
});

test('the generated TypeScript declarations are precise', () => {
  const dts = readFileSync(join(pkgDir, 'barline_core.d.ts'), 'utf8');
  for (const line of [
    'export function parseNotation(text: string): NotationAst;',
    'export function interpretNotation(text: string, options?: InterpretNotationOptions | null): NotationInterpretation;',
    'export function formatNotation(notes: NotationNoteInput[], options?: FormatNotationOptions | null): string;',
    'export interface NotationError extends Error {',
  ]) {
    assert.ok(dts.includes(line), `missing: ${line}`);
  }
  // No loose `any` signatures generated for the three functions.
  assert.doesNotMatch(dts, /export function (parse|interpret|format)Notation\([^)]*any/);
});

test('pitchName spells pitches as the formatter writes them, and refuses non-pitches', () => {
  assert.equal(core.pitchName(0), 'C-2');
  assert.equal(core.pitchName(60), 'C3');
  assert.equal(core.pitchName(61), 'Db3');
  assert.equal(core.pitchName(127), 'G8');
  for (const pitch of [0, 42, 61, 127]) {
    const text = core.formatNotation([{ pitch, start_time: 0, duration: 1, velocity: 100 }]);
    assert.equal(text, `${core.pitchName(pitch)} 1|1`);
  }
  for (const bad of [-1, 128, 60.5, NaN]) assert.throws(() => core.pitchName(bad), /pitch must be an integer 0-127/);
});
