// The bar|beat playground in headless Chromium: typing renders notes, errors are
// underlined with the engine's message, the meter changes the layout, MIDI export and
// import round-trip, playback moves the playhead, and nothing logs a console error.
// Needs dist/playground (make playground) or dist/pkg/web (make wasm) to build it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { launch, drawnNotes, SHOTS } from './browser.mjs';

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

/** Opens the page, runs `body`, then checks no console error was logged meanwhile. */
async function withPage(body) {
  const { page, errors, context } = await env.open();
  try {
    await body(page);
    assert.deepEqual(errors, [], 'console errors');
  } finally {
    await context.close();
  }
}

const GROOVE = [
  'v100 t/4 C1 1|1,3     // kick',
  'v90 D1 1|2,4          // snare',
  'v60 t/2 Gb1 1|1,1.5,2,2.5,3,3.5,4,4.5',
  't4 v127 C3 E3 G3 2|1  // chord',
].join('\n');

// What GROOVE means (pitch, start, duration, velocity), worked out by hand from the notation rules.
const GROOVE_NOTES = [
  ...[0, 2].map((s) => [36, s, 0.25, 100]),
  ...[1, 3].map((s) => [38, s, 0.25, 90]),
  ...[0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5].map((s) => [42, s, 0.5, 60]),
  ...[60, 64, 67].map((p) => [p, 4, 4, 127]),
].sort((a, b) => a[1] - b[1] || a[0] - b[0]);

async function type(page, text) {
  await page.fill('#input', text);
  await page.waitForFunction((t) => document.querySelector('#input').value === t, text);
}

const layout = (page) => page.$eval('#grid', (g) => ({
  pxq: +g.dataset.pxPerQuarter,
  rowH: +g.dataset.rowHeight,
  ruler: +g.dataset.ruler,
  rows: g.dataset.rows.split(',').map(Number),
  bars: +g.dataset.bars,
  barX: [...g.querySelectorAll('line.grid-bar')].map((l) => +l.getAttribute('x1')),
  beatLines: g.querySelectorAll('line.grid-beat').length,
}));

test('the page loads with no console errors and shows the first example', async () => {
  await withPage(async (page) => {
    assert.equal(await page.title(), 'bar|beat playground');
    assert.match(await page.inputValue('#input'), /C1 1\|1,3/);
    assert.ok((await page.$$('#grid rect.note')).length > 0, 'the example is drawn');
    assert.notEqual(await page.textContent('#canonical'), '');
    await env.shot(page, '01-loaded');
  });
});

test('typing a groove renders one rectangle per note at its pitch and time', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await type(page, GROOVE);
    const notes = await drawnNotes(page);
    assert.deepEqual(notes.map((n) => [n.pitch, n.start, n.duration, n.velocity]), GROOVE_NOTES);

    const { pxq, rowH, ruler, rows } = await layout(page);
    // Piano rows: every semitone from the top down, two spare semitones each side.
    assert.equal(rows[0], 67 + 2);
    assert.equal(rows.at(-1), 36 - 2);
    rows.forEach((p, i) => assert.equal(p, rows[0] - i));
    for (const n of notes) {
      assert.equal(n.x, n.start * pxq, `x of ${n.pitch}@${n.start}`);
      assert.equal(n.y, ruler + (rows[0] - n.pitch) * rowH + 1, `y of ${n.pitch}@${n.start}`);
      assert.equal(n.width, Math.max(2, n.duration * pxq - 1));
    }
    // Louder notes are drawn brighter.
    const light = await page.$$eval('#grid rect.note', (rs) => Object.fromEntries(
      rs.map((r) => [r.dataset.velocity, +r.getAttribute('fill').match(/([\d.]+)%\)$/)[1]])));
    assert.ok(light[60] < light[90] && light[90] < light[100] && light[100] < light[127], JSON.stringify(light));
    assert.equal(await page.textContent('#status'), '15 notes');
    await env.shot(page, '02-groove');

    // Drum mode: one labelled lane per pitch used, same notes.
    await page.check('#drum-mode');
    const drums = await layout(page);
    assert.deepEqual(drums.rows, [67, 64, 60, 42, 38, 36]);
    const lanes = await page.$$eval('#keys text', (t) => t.map((x) => x.textContent));
    assert.ok(lanes.includes('C1 Kick') && lanes.includes('Gb1 Closed hat'), lanes.join('|'));
    for (const n of await drawnNotes(page)) {
      assert.equal(n.y, drums.ruler + drums.rows.indexOf(n.pitch) * drums.rowH + 1);
    }
    await env.shot(page, '03-drum-mode');
  });
});

test('probability is drawn as transparency and warnings are listed', async () => {
  await withPage(async (page) => {
    await type(page, 'p0.25 C3 1|1 p1 D3 1|2 1|3 E3');
    const opacity = await page.$$eval('#grid rect.note', (rs) => rs.map((r) => +r.getAttribute('fill-opacity')));
    assert.equal(opacity.length, 3);
    assert.ok(opacity[0] < 0.5 && opacity[1] === 1 && opacity[2] === 1, String(opacity));
    assert.deepEqual(await page.$$eval('#warnings li', (l) => l.map((x) => x.textContent)),
      ['1 pitch(es) buffered but no time position to emit them']);
  });
});

test('a syntax error underlines the characters at its position and shows the message', async () => {
  await withPage(async (page) => {
    const cases = [
      // golden examples I155 and I153 (core/tests/data/barbeat-examples.json)
      ['C3 1|1\n  D3 1|2 $', 16, '$', 'bar|beat syntax error at position 16 (line 2, column 10): Expected bar copy operation, time position, probability value, velocity value, duration value but "$" found'],
      // bar|beat 2 (the page's default dialect) says what to write.
      ['C3E3 1|1', 2, 'E3', 'bar|beat syntax error at position 2 (line 1, column 3): two items run together: put a space before "E"'],
    ];
    for (const [text, offset, marked, message] of cases) {
      await type(page, text);
      assert.equal(await page.textContent('#status'), message);
      assert.equal(await page.$eval('#status', (s) => s.className), 'error');
      const mark = await page.$eval('#backdrop mark.error', (m) => ({
        offset: +m.dataset.offset,
        text: m.textContent,
        before: m.parentNode.textContent.slice(0, m.parentNode.textContent.indexOf(m.textContent)),
        box: m.getBoundingClientRect().toJSON(),
      }));
      assert.equal(mark.offset, offset);
      assert.equal(mark.text, marked);
      assert.equal(mark.before, text.slice(0, offset));
      assert.ok(mark.box.width > 0 && mark.box.height > 0, 'the underline is visible');
    }
    await env.shot(page, '04-syntax-error');
    // Fixing the text removes the underline and the message.
    await type(page, 'C3 E3 1|1');
    assert.equal(await page.$('#backdrop mark'), null);
    assert.equal(await page.textContent('#status'), '2 notes');
  });
});

test('a value error shows the exact message', async () => {
  await withPage(async (page) => {
    await type(page, 'v100 C3 1|1 C9 1|2');
    assert.equal(await page.textContent('#status'), 'MIDI pitch 132 (C9) outside valid range 0-127');
    // The engine reports where the offending token starts; the page underlines it.
    assert.deepEqual(await page.$eval('#backdrop mark.error', (m) => [+m.dataset.offset, m.textContent]), [12, 'C9']);
    await env.shot(page, '05-value-error');
  });
});

test('the time signature control changes the layout', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await type(page, 'C3 1|1 D3 2|1 E3 2|3');
    const starts = async () => (await drawnNotes(page)).map((n) => n.start);
    const four = await layout(page);
    assert.deepEqual(await starts(), [0, 4, 6]);
    assert.deepEqual(four.barX, [0, 4, 8].map((q) => q * four.pxq));
    assert.equal(four.beatLines, 2 * 3);

    await page.fill('#ts-num', '3');
    await page.dispatchEvent('#ts-num', 'change');
    const three = await layout(page);
    assert.deepEqual(await starts(), [0, 3, 5]);
    assert.deepEqual(three.barX, [0, 3, 6].map((q) => q * three.pxq));
    assert.equal(three.beatLines, 2 * 2);
    await env.shot(page, '06-three-four');

    await page.fill('#ts-num', '6');
    await page.selectOption('#ts-den', '8');
    const six = await layout(page);
    assert.deepEqual(await starts(), [0, 3, 4]); // 2|3 in 6/8 = 3 + 2 eighths
    assert.deepEqual(six.barX, [0, 3, 6].map((q) => q * six.pxq));
    assert.equal(six.beatLines, 2 * 5);
    await env.shot(page, '07-six-eight');
  });
});

test('MIDI export then import gives the same notes, tempo and meter', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await page.fill('#ts-num', '3');
    await page.dispatchEvent('#ts-num', 'change');
    await page.fill('#tempo', '96');
    await type(page, 'v80 t/2 C3 1|1 D3 1|1.5 t2 v110 E3 G3 1|2 t/4 A3 2|1,2,3 v30 C4 3|2.25');
    const before = await drawnNotes(page);
    const canonical = await page.textContent('#canonical');
    assert.equal(before.length, 8);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    assert.equal(download.suggestedFilename(), 'barbeat.mid');
    const file = join(SHOTS, 'export.mid');
    await download.saveAs(file);
    assert.equal(readFileSync(file).subarray(0, 4).toString(), 'MThd');

    // Change everything the file should restore, then import it.
    await type(page, 'C1 1|1');
    await page.fill('#ts-num', '4');
    await page.dispatchEvent('#ts-num', 'change');
    await page.fill('#tempo', '120');
    await page.setInputFiles('#import', file);
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('imported'));

    const strip = (ns) => ns.map(({ pitch, start, duration, velocity }) => ({ pitch, start, duration, velocity }));
    assert.deepEqual(strip(await drawnNotes(page)), strip(before));
    assert.equal(await page.inputValue('#ts-num'), '3');
    assert.equal(await page.inputValue('#tempo'), '96');
    assert.equal(await page.inputValue('#input'), canonical, 'the imported text is the canonical text');
    await env.shot(page, '08-imported');
  });
});

test('a drum clip exports on the General MIDI drum channel and imports in drum mode', async () => {
  await withPage(async (page) => {
    await page.click('button[data-example="tutorial-drums"]');
    assert.equal(await page.isChecked('#drum-mode'), true);
    const before = await drawnNotes(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const file = join(SHOTS, 'export-drums.mid');
    await download.saveAs(file);
    // Note-ons of the second track are on channel 10 (status 0x99).
    assert.ok(readFileSync(file).includes(Buffer.from([0x99, 36, 100])));

    await page.uncheck('#drum-mode');
    await type(page, '');
    await page.setInputFiles('#import', file);
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('imported'));
    assert.equal(await page.isChecked('#drum-mode'), true);
    const strip = (ns) => ns.map(({ pitch, start, duration, velocity }) => ({ pitch, start, duration, velocity }));
    assert.deepEqual(strip(await drawnNotes(page)), strip(before));
  });
});

test('an unreadable MIDI file is reported, a sloppy one imports with warnings', async () => {
  await withPage(async (page) => {
    await page.setInputFiles('#import', { name: 'bad.mid', mimeType: 'audio/midi', buffer: Buffer.from('RIFFxxxx') });
    await page.waitForFunction(() => document.querySelector('#status').classList.contains('error'));
    assert.equal(await page.textContent('#status'),
      'bad.mid: MIDI file error at byte 0: this is not a Standard MIDI File: it must start with the bytes "MThd"');

    // A readable but sloppy file: one C3 that never ends and no End of Track.
    const track = [0x00, 0x90, 60, 100, 0x60, 0xB0, 7, 100];
    const sloppy = Buffer.from([...Buffer.from('MThd'), 0, 0, 0, 6, 0, 0, 0, 1, 0, 96,
      ...Buffer.from('MTrk'), 0, 0, 0, track.length, ...track]);
    await page.setInputFiles('#import', { name: 'sloppy.mid', mimeType: 'audio/midi', buffer: sloppy });
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('imported'));
    assert.deepEqual(await page.$$eval('#warnings li', (l) => l.map((x) => x.textContent)), [
      'sloppy.mid: track 1 has no End of Track event; it was read up to the end of its chunk',
      'sloppy.mid: track 1: 1 note(s) never ended; they were ended at the end of the track',
    ]);
    assert.deepEqual((await drawnNotes(page)).map((n) => [n.pitch, n.start, n.duration]), [[60, 0, 1]]);
  });
});

test('play moves the playhead and stops', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await type(page, GROOVE);
    await page.fill('#tempo', '400');
    await page.click('#play');
    assert.equal(await page.textContent('#play'), '■ Stop');
    await page.waitForFunction(() => +document.querySelector('#grid').dataset.playhead > 1);
    const x = await page.$eval('#playhead', (l) => ({ x: +l.getAttribute('x1'), v: l.getAttribute('visibility') }));
    assert.equal(x.v, 'visible');
    assert.ok(x.x > 0);
    await env.shot(page, '09-playing');
    await page.click('#play');
    assert.equal(await page.textContent('#play'), '▶ Play');
    assert.equal(await page.$eval('#playhead', (l) => l.getAttribute('visibility')), 'hidden');
  });
});

test('examples load with one click and the canonical text copies with one click', async () => {
  await withPage(async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('button[data-example="tutorial-chords"]');
    assert.equal(await page.inputValue('#input'), 't4 C3 E3 G3 1|1  A2 C3 E3 2|1');
    assert.equal((await drawnNotes(page)).length, 6);
    await page.click('#copy');
    await page.waitForFunction(() => document.querySelector('#copy').textContent === 'Copied');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.textContent('#canonical'));
    await env.shot(page, '10-example-chords');

    const count = await page.$$eval('#examples option', (o) => o.length);
    assert.ok(count > 100, `the golden examples are listed (${count})`);
    await page.selectOption('#examples', 'tutorial-melody');
    assert.equal((await drawnNotes(page)).length, 8);
  });
});

test('the dialect switch: bar|beat 2 by default, the core on request', async () => {
  await withPage(async (page) => {
    assert.equal(await page.inputValue('#dialect'), '2');
    await page.uncheck('#drum-mode');
    await type(page, 'n/8 c3 1|1, 2 [E3 G3] 1|3x2@n/4');
    assert.equal(await page.textContent('#status'), '4 notes');
    assert.equal(await page.textContent('#canonical'), 'v100 n/8 C3 1|1,2\nE3 1|3\nG3 1|4');
    await env.shot(page, '12-dialect-2');
    // The core refuses what bar|beat 2 added, with its own generic text.
    await page.selectOption('#dialect', '1.4.6');
    assert.match(await page.textContent('#status'), /^bar\|beat syntax error at position 0 .*: Expected bar copy operation/);
    await type(page, 't/2 C3 1|1,2');
    assert.equal(await page.textContent('#canonical'), 't/2 C3 1|1,2');
    await page.selectOption('#dialect', '2');
    assert.equal(await page.textContent('#canonical'), 'v100 n/8 C3 1|1,2');
  });
});

test('positions before 1|1 are written as pickups that read back, in both dialects', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await type(page, 'n/8 G2 1|1-n/8 C3 1|1');
    assert.equal(await page.textContent('#canonical'), 'v100 n/8 G2 1|1-n/8\nC3 1|1');
    assert.deepEqual(await page.$$eval('#warnings li', (l) => l.map((x) => x.textContent)),
      ['Position 1|1-n/8 lies before 1|1, so its notes start before the clip (negative time)']);
    // The page's own text reads back to the same notes.
    const canonical = await page.textContent('#canonical');
    await type(page, canonical);
    assert.equal(await page.textContent('#canonical'), canonical);
    // In the core dialect a pickup (here made by a transform) cannot be written;
    // the page writes it as bar|beat 2, which reads back, and says so.
    await page.selectOption('#dialect', '1.4.6');
    await type(page, 't/2 C3 1|1 D3 1|2');
    await page.fill('#transforms', 'timing -= 1');
    await page.dispatchEvent('#transforms', 'input');
    assert.equal(await page.textContent('#transformed'), 'v100 n/8 C3 1|1-n/4\nD3 1|1');
    await page.fill('#transforms', '');
    await page.dispatchEvent('#transforms', 'input');
    assert.equal(await page.textContent('#canonical'), 't/2 C3 1|1\nD3 1|2'.replace('\n', ' '));
  });
});

test('the text, dialect and settings come back after a reload', async () => {
  await withPage(async (page) => {
    await page.uncheck('#drum-mode');
    await page.selectOption('#dialect', '1.4.6');
    await page.fill('#ts-num', '3');
    await page.dispatchEvent('#ts-num', 'change');
    await type(page, 't/2 D3 1|1 E3 1|2');
    await page.fill('#transforms', 'velocity = 64');
    await page.dispatchEvent('#transforms', 'input');
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    assert.equal(await page.inputValue('#input'), 't/2 D3 1|1 E3 1|2');
    assert.equal(await page.inputValue('#transforms'), 'velocity = 64');
    assert.equal(await page.inputValue('#dialect'), '1.4.6');
    assert.equal(await page.inputValue('#ts-num'), '3');
    assert.equal(await page.isChecked('#drum-mode'), false);
    assert.equal(await page.textContent('#status'), '2 notes');
  });
});

test('every scale of Live\'s list is offered, on every root, and snaps the transforms', async () => {
  await withPage(async (page) => {
    const names = await page.$$eval('#scale option', (o) => o.map((x) => x.value).filter(Boolean));
    assert.equal(names.length, 35);
    for (const name of ['Major', 'Minor', 'Dorian', 'Hirajoshi', 'Messiaen 7', 'Half-whole Dim.']) {
      assert.ok(names.includes(name), name);
    }
    assert.equal((await page.$$('#scale-root option')).length, 12);
    await page.uncheck('#drum-mode');
    await type(page, 't1 C3 1|1 C#3 1|2');
    await page.selectOption('#scale-root', '2'); // D
    await page.selectOption('#scale', 'Minor Pentatonic'); // D F G A C
    await page.fill('#transforms', 'pitch = snap(note.pitch)');
    await page.dispatchEvent('#transforms', 'input');
    assert.deepEqual((await drawnNotes(page)).map((n) => n.pitch), [60, 62]);
  });
});

test('the page is usable 420 px wide: nothing runs off the side', async () => {
  const { page, errors, context } = await env.open();
  try {
    await page.setViewportSize({ width: 420, height: 900 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
    for (const id of ['#input', '#canonical', '#dialect', '#play', '#transforms', '#scale']) {
      const box = await page.$eval(id, (e) => e.getBoundingClientRect().toJSON());
      assert.ok(box.left >= 0 && box.right <= 420 && box.width > 0, `${id}: ${JSON.stringify(box)}`);
    }
    const input = await page.$eval('#input', (e) => e.getBoundingClientRect().width);
    assert.ok(input >= 300, `the text box is ${input} px wide`);
    await type(page, 'C3 E3 G3 1|1');
    assert.equal(await page.textContent('#status'), '3 notes');
    await env.shot(page, '13-narrow-420');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
