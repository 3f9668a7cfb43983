// The playground's transforms box in headless Chromium: the roll previews the
// transformed notes over the faint originals, the result's canonical text is shown,
// errors are underlined at the engine's position, seeds reproduce (and match the
// Node package), and the golden examples load with one click.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { launch, drawnNotes } from './browser.mjs';

const core = createRequire(import.meta.url)(fileURLToPath(new URL('../../dist/pkg/node/barline_core.js', import.meta.url)));

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

async function withPage(body) {
  const { page, errors, context } = await env.open();
  try {
    await body(page);
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await context.close();
  }
}

async function fill(page, selector, text) {
  await page.fill(selector, text);
  await page.waitForFunction(([s, t]) => document.querySelector(s).value === t, [selector, text]);
}

const ghosts = (page) => page.$$eval('#grid rect.ghost', (rs) => rs.map((r) => [+r.dataset.pitch, +r.dataset.start]));
const velocities = async (page) => (await drawnNotes(page)).map((n) => +n.velocity.toFixed(6));

test('a transform previews its notes over the faint originals, with the canonical result', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await fill(page, '#input', 'v100 t/2 C3 1|1 E3 1|2 G3 1|3 C4 1|4');
    await fill(page, '#transforms', 'velocity = ramp(40, 120)\npitch += 12\nC5: duration = 2');
    const notes = await drawnNotes(page);
    assert.deepEqual(notes.map((n) => [n.pitch, n.start, n.duration, +n.velocity.toFixed(6)]),
      [[72, 0, 0.5, 40], [76, 1, 0.5, 66.666667], [79, 2, 0.5, 93.333333], [84, 3, 2, 120]]);
    assert.deepEqual(await ghosts(page), [[60, 0], [64, 1], [67, 2], [72, 3]], 'the originals are drawn beneath');
    assert.equal(await page.textContent('#transforms-status'), '4 of 4 notes transformed, 4 kept · seed 1');
    const canonical = await page.textContent('#transformed');
    assert.deepEqual(core.interpretNotation(canonical, { timeSignature: [4, 4], dialect: '2' }).notes.map((n) => [n.pitch, n.start_time, n.duration]),
      [[72, 0, 0.5], [76, 1, 0.5], [79, 2, 0.5], [84, 3, 2]], canonical);
    // The original notes' own canonical text is unchanged.
    assert.match(await page.textContent('#canonical'), /C3/);
    await env.shot(page, '10-transforms-preview');

    // Emptying the box shows the notes as written, without ghosts.
    await fill(page, '#transforms', '');
    assert.deepEqual((await drawnNotes(page)).map((n) => n.pitch), [60, 64, 67, 72]);
    assert.deepEqual(await ghosts(page), []);
  });
});

test('a transform error is underlined at its position and leaves the notes as written', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await fill(page, '#input', 'C3 1|1 D3 1|2');
    const cases = [
      ['velocity = 5 +', 14, 'transform syntax error at position 14 (line 1, column 15): Expected expression but reached end of input'],
      ['velocity = 90\nC3 velocity = 1', 17, 'transform syntax error at position 17 (line 2, column 4): Expected time range, ":" but "v" found'],
      ['pitch = C9', 8, 'MIDI pitch 132 (C9) outside valid range 0-127'],
    ];
    for (const [text, offset, message] of cases) {
      await fill(page, '#transforms', text);
      assert.equal(await page.textContent('#transforms-status'), message);
      assert.equal(await page.$eval('#transforms-status', (s) => s.className), 'error');
      const mark = await page.$eval('#transforms-backdrop mark.error', (m) => ({
        offset: +m.dataset.offset, box: m.getBoundingClientRect().toJSON(),
      }));
      assert.equal(mark.offset, offset, text);
      assert.ok(mark.box.width > 0 && mark.box.height > 0, 'the underline is visible');
      assert.deepEqual((await drawnNotes(page)).map((n) => [n.pitch, n.velocity]), [[60, 100], [62, 100]]);
    }
    await fill(page, '#transforms', 'velocity = 5 +');
    await env.shot(page, '11-transforms-error');
    await fill(page, '#transforms', 'velocity = 5');
    assert.equal(await page.$$eval('#transforms-backdrop mark.error', (m) => m.length), 0);
  });
});

test('the same seed reproduces the same notes, in the page and in Node', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    const text = 'v100 t/4 Gb1 1|1x16@/4';
    const transform = 'velocity = rand(40, 120)\ntiming += rand(-0.02, 0.02)';
    await fill(page, '#input', text);
    await fill(page, '#transforms', transform);
    await fill(page, '#seed', '42');
    const first = await drawnNotes(page);
    const original = core.interpretNotation(text, { timeSignature: [4, 4] }).notes;
    const expected = core.applyTransforms(original, transform, { timeSignature: [4, 4], seed: 42, clip: { lengthBeats: 4 } });
    assert.deepEqual(first.map((n) => [n.start, n.velocity]), expected.notes.map((n) => [n.start_time, n.velocity]));

    await page.click('#new-seed');
    const drawnSeed = await page.inputValue('#seed');
    assert.match(drawnSeed, /^[0-9]+$/);
    assert.notEqual(drawnSeed, '42');
    assert.notDeepEqual(await velocities(page), first.map((n) => +n.velocity.toFixed(6)), 'a new seed draws new values');
    assert.match(await page.textContent('#transforms-status'), new RegExp(`seed ${drawnSeed}$`));

    await fill(page, '#seed', '42');
    assert.deepEqual(await drawnNotes(page), first, 'seed 42 again gives the same notes');
    // Seeds beyond 2^53 travel as bigints and stay exact.
    await fill(page, '#seed', '18446744073709551615');
    assert.match(await page.textContent('#transforms-status'), /seed 18446744073709551615$/);
    const big = core.applyTransforms(original, transform, { timeSignature: [4, 4], seed: 2n ** 64n - 1n, clip: { lengthBeats: 4 } });
    assert.deepEqual((await drawnNotes(page)).map((n) => n.velocity), big.notes.map((n) => n.velocity));
    await fill(page, '#seed', 'abc');
    assert.equal(await page.$eval('#seed', (s) => s.className), 'invalid');
    await fill(page, '#seed', '7');
    await env.shot(page, '12-transforms-seed');
  });
});

test('the golden examples load with one click, with their notes, seed and clip', async () => {
  await withPage(async (page) => {
    await page.click('button[data-transform-example="waveforms/cos-quarter-steps"]');
    assert.equal(await page.inputValue('#transforms'), 'velocity = 64 + 32 * cos(4t)');
    assert.deepEqual(await velocities(page), [96, 64, 32, 64]);
    await page.click('button[data-transform-example="scale-functions/snap-transpose-fifth"]');
    assert.deepEqual((await drawnNotes(page)).map((n) => n.pitch), [67, 69, 71, 72]);
    await page.click('button[data-transform-example="random-seeded/seed-zero"]');
    assert.equal(await page.inputValue('#seed'), '0');
    assert.deepEqual(await velocities(page), [17.335348, 108.26413, 113.215172, 27.580104]);
    await env.shot(page, '13-transforms-example');
    await page.selectOption('#transform-examples', 'timing-functions/swing-default-grid');
    assert.equal(await page.inputValue('#transforms'), 'timing = swing(0.1)');
    assert.deepEqual((await drawnNotes(page)).map((n) => n.start), [0, 0.6, 1, 1.6, 2]);
  });
});
