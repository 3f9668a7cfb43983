// Every golden example of core/tests/data/barbeat-2-examples.json (bar|beat 2) through
// the built wasm package (dist/pkg/node, made by scripts/build-wasm.sh), with the
// `dialect` option of interpretNotation and formatNotation: the JavaScript API gives
// the same notes, warnings, errors and texts as the native engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '../../dist/pkg/node');
const core = createRequire(import.meta.url)(join(pkgDir, 'barline_core.js'));

const all = JSON.parse(readFileSync(resolve(here, '../tests/data/barbeat-2-examples.json'), 'utf8'));
const tolerance = all.tolerance;

/** Notes sorted by pitch, start and duration: the vectors compare as a multiset. */
const sorted = (notes) =>
  [...notes].sort((a, b) => a.pitch - b.pitch || a.start_time - b.start_time || a.duration - b.duration);

function assertNotes(actual, expected, name) {
  assert.equal(actual.length, expected.length, `${name}: note count`);
  const a = sorted(actual);
  sorted(expected).forEach((e, i) => {
    for (const k of ['pitch', 'velocity', 'velocity_deviation']) {
      assert.equal(a[i][k], e[k], `${name}: note ${i} ${k}`);
    }
    for (const k of ['start_time', 'duration', 'probability']) {
      assert.ok(Math.abs(a[i][k] - e[k]) <= tolerance, `${name}: note ${i} ${k} ${a[i][k]} vs ${e[k]}`);
    }
  });
}

const options = (c) => ({ timeSignature: c.timeSignature, dialect: c.dialect });

test('158 bar|beat 2 interpreter examples', () => {
  assert.equal(all.interpret.length, 158);
  for (const c of all.interpret) {
    if (c.error === null) {
      const result = core.interpretNotation(c.input, options(c));
      assertNotes(result.notes, c.notes, c.name);
      assert.deepEqual(result.warnings, c.warnings, `${c.name}: warnings`);
    } else {
      assert.throws(
        () => core.interpretNotation(c.input, options(c)),
        (e) => {
          assert.equal(e.message, c.error, `${c.name}: message`);
          if (e.kind === 'syntax') {
            assert.ok(e.message.includes(`at position ${e.offset} (line ${e.line}, column ${e.column})`), c.name);
          }
          return true;
        },
      );
    }
  }
});

test('43 bar|beat 2 formatter examples, and their round trips', () => {
  assert.equal(all.format.length, 43);
  for (const c of all.format) {
    const fo = { ...options(c), drumMode: c.drumMode };
    if (c.text === null) {
      assert.throws(() => core.formatNotation(c.notes, fo), { message: c.error }, c.name);
      continue;
    }
    const text = core.formatNotation(c.notes, fo);
    assert.equal(text, c.text, c.name);
    if (c.roundTrip) {
      const back = core.interpretNotation(text, options(c)).notes;
      const expected = c.notes.map((n) => ({
        probability: 1,
        velocity_deviation: 0,
        ...n,
        velocity: Math.round(n.velocity),
      }));
      assert.equal(back.length, expected.length, c.name);
      const a = sorted(back);
      sorted(expected).forEach((e, i) => {
        assert.equal(a[i].pitch, e.pitch, c.name);
        assert.ok(Math.abs(a[i].start_time - e.start_time) <= 0.001, c.name);
        assert.ok(Math.abs(a[i].duration - e.duration) <= 0.001, c.name);
      });
    }
  }
});

test('the dialect option: the core by default, an unknown name refused, a wrong type a TypeError', () => {
  assert.throws(() => core.interpretNotation('n/4 C3 1|1'), { message: /Expected bar copy operation/ });
  assert.throws(() => core.interpretNotation('n/4 C3 1|1', { dialect: '1.4.6' }), { kind: 'syntax' });
  assert.equal(core.interpretNotation('n/4 C3 1|1', { dialect: '2' }).notes.length, 1);
  assert.throws(() => core.interpretNotation('C3 1|1', { dialect: '3' }), {
    kind: 'options',
    message: 'Unknown notation dialect "3" (expected "1.4.6" or "2")',
  });
  assert.throws(() => core.formatNotation([], { dialect: 2 }), TypeError);
  const note = { pitch: 60, start_time: 0, duration: 0.5, velocity: 100 };
  assert.equal(core.formatNotation([note]), 't/2 C3 1|1');
  assert.equal(core.formatNotation([note], { dialect: '2' }), 'v100 n/8 C3 1|1');
});
