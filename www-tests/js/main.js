// Wires the page: text → notes (engine) → transforms → piano roll, canonical texts,
// warnings; controls for dialect, meter, drum mode, tempo, seed and scale; play, MIDI
// export and import; examples of both specs. The page's text and settings are kept in
// localStorage, so a reload comes back to them.
import { interpret, format, transform, toMidi, fromMidi } from './engine.js';
import { Editor } from './editor.js';
import { drawRoll, setPlayhead } from './roll.js';
import { Preview } from './audio.js';
import { download, readChosenFile, copyText } from './files.js';
import examples from './examples.js';
import transformExamples from './transform-examples.js';
import scales from './scales.js';

const $ = (id) => document.getElementById(id);
const editor = new Editor($('input'), $('backdrop'));
const transformsEditor = new Editor($('transforms'), $('transforms-backdrop'));
const grid = $('grid');

const state = {
  notes: [], // what the roll draws, plays and exports: the transformed notes
  original: [], // the notes of the bar|beat text
  ghosts: [], // the originals drawn faintly beneath, when a transform applied
  exampleClip: undefined, // a transform example's own clip context, until the next edit
  layout: { pxPerQuarter: 48, lengthQ: 8 },
  importNotes: [], // warnings from the last MIDI import, shown until the next edit
};

const timeSignature = () => [Number($('ts-num').value) || 4, Number($('ts-den').value)];
const drumMode = () => $('drum-mode').checked;
const dialect = () => $('dialect').value;
const tempo = () => Math.min(400, Math.max(20, Number($('tempo').value) || 120));

const preview = new Preview((q) => setPlayhead(grid, q, state.layout.pxPerQuarter));

function setStatus(text, isError = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', isError);
}

function showWarnings(list, id = 'warnings') {
  $(id).replaceChildren(...list.map((w) => Object.assign(document.createElement('li'), { textContent: w })));
}

function setTransformStatus(text, isError = false) {
  $('transforms-status').textContent = text;
  $('transforms-status').classList.toggle('error', isError);
}

/** The seed field as the API takes it: a number, a bigint beyond 2^53 − 1, or null. */
function seedValue() {
  const text = $('seed').value.trim();
  if (!/^[0-9]+$/.test(text)) return null;
  const big = BigInt(text);
  if (big > 2n ** 64n - 1n) return null;
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

/** The clip context: a loaded example's, else a session clip as long as the notes' bars. */
function clipContext() {
  if (state.exampleClip !== undefined) return state.exampleClip;
  const [num, den] = timeSignature();
  const barQ = (num * 4) / den;
  const endQ = Math.max(0, ...state.original.map((n) => n.start_time + n.duration));
  const intervals = scales.find((s) => s.name === $('scale').value)?.intervals;
  const root = $('scale-root').value;
  return {
    lengthBeats: Math.max(1, Math.ceil(endQ / barQ - 1e-9)) * barQ,
    arrangementStartBeats: null,
    index: 0,
    count: 1,
    scale: intervals ? { root: Number(root), intervals } : null,
  };
}

/** Applies the transform text to the original notes (sets `state.notes`). */
function applyTransforms() {
  const text = transformsEditor.text;
  state.notes = state.original;
  state.ghosts = [];
  $('transformed').textContent = '';
  document.body.classList.remove('transform-stale');
  if (!text.trim()) {
    transformsEditor.mark(null);
    setTransformStatus('no transforms: the roll shows the notes as written');
    showWarnings([], 'transforms-warnings');
    return;
  }
  const seed = seedValue();
  $('seed').classList.toggle('invalid', seed === null);
  if (seed === null) {
    setTransformStatus('the seed must be an integer from 0 to 18446744073709551615', true);
    return;
  }
  let result;
  try {
    result = transform(state.original, text, timeSignature(), clipContext(), seed);
  } catch (error) {
    transformsEditor.mark(typeof error.offset === 'number' ? error.offset : null);
    setTransformStatus(error.message ?? String(error), true);
    showWarnings([], 'transforms-warnings');
    document.body.classList.add('transform-stale');
    return;
  }
  transformsEditor.mark(null);
  state.notes = result.notes;
  state.ghosts = state.original;
  setTransformStatus(`${result.transformed} of ${state.original.length} notes transformed, ` +
    `${result.notes.length} kept · seed ${result.seed}`);
  showWarnings(result.warnings, 'transforms-warnings');
  try {
    $('transformed').textContent = writeText(result.notes, timeSignature(), drumMode()).text;
  } catch (error) {
    $('transformed').textContent = `(formatter: ${error.message ?? error})`;
  }
}

/** Re-interprets the text and redraws everything that depends on it. */
function update() {
  save();
  const text = editor.text;
  const ts = timeSignature();
  let result;
  try {
    result = interpret(text, ts, dialect());
  } catch (error) {
    editor.mark(typeof error.offset === 'number' ? error.offset : null);
    setStatus(error.message ?? String(error), true);
    showWarnings(error.warnings ?? []);
    document.body.classList.add('stale');
    if (!grid.firstChild) redraw();
    return;
  }
  editor.mark(null);
  document.body.classList.remove('stale');
  state.original = result.notes;
  const n = result.notes.length;
  setStatus(n ? `${n} note${n === 1 ? '' : 's'}` : 'no notes');
  showWarnings([...state.importNotes, ...result.warnings]);
  applyTransforms();
  redraw();
  try {
    const written = writeText(state.original, ts, drumMode());
    $('canonical').textContent = written.text;
    $('canonical-hint').textContent = written.hint;
  } catch (error) {
    $('canonical').textContent = `(formatter: ${error.message ?? error})`;
  }
}

const CANONICAL_HINT = 'What the formatter writes for these notes: interpreting it gives the same notes.';

/**
 * The formatter's text for `notes` in the chosen dialect. The core cannot write a
 * note before 1|1, so such notes are written in bar|beat 2 (as pickups like
 * `1|1-n/8`), the form that reads back to them, and the hint says so.
 */
function writeText(notes, ts, drums) {
  const pickups = notes.some((n) => n.start_time < 0);
  if (dialect() === '1.4.6' && pickups) {
    return {
      text: format(notes, ts, drums, '2'),
      hint: 'Notes before 1|1 are written as bar|beat 2 pickups (1|1-n/8): the 1.4.6 notation has no way to write them.',
    };
  }
  return { text: format(notes, ts, drums, dialect()), hint: CANONICAL_HINT };
}

// The page's state across reloads.
const STORE = 'barline-playground';
const KEPT = ['input', 'transforms', 'dialect', 'ts-num', 'ts-den', 'tempo', 'seed', 'scale-root', 'scale'];
function save() {
  try {
    const kept = Object.fromEntries(KEPT.map((id) => [id, $(id).value]));
    kept['drum-mode'] = drumMode();
    localStorage.setItem(STORE, JSON.stringify(kept));
  } catch {
    // Storage may be off (private windows, file URLs): the page works without it.
  }
}
function restore() {
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(STORE) ?? 'null');
  } catch {
    return false;
  }
  if (!kept || typeof kept.input !== 'string') return false;
  for (const id of KEPT) if (typeof kept[id] === 'string') $(id).value = kept[id];
  $('drum-mode').checked = kept['drum-mode'] === true;
  editor.text = kept.input;
  transformsEditor.text = kept.transforms ?? '';
  return true;
}

function redraw() {
  const width = $('keys').parentElement.clientWidth - 2;
  state.layout = drawRoll($('keys'), grid, state.notes,
    { timeSignature: timeSignature(), drumMode: drumMode(), width, ghosts: state.ghosts });
  $('note-count').textContent = `${state.notes.length} notes · ${state.layout.lengthQ} quarter notes`;
}

function load(text, ts, drums) {
  if (drums !== undefined) $('drum-mode').checked = drums;
  if (ts) {
    $('ts-num').value = ts[0];
    $('ts-den').value = String(ts[1]);
  }
  preview.stop();
  state.importNotes = [];
  editor.text = text;
  update();
}

// Editing and controls. Editing the notes or the meter leaves a loaded transform
// example's own clip context behind.
const edited = () => {
  state.exampleClip = undefined;
  update();
};
$('input').addEventListener('input', () => {
  state.importNotes = [];
  edited();
});
for (const id of ['ts-num', 'ts-den', 'scale', 'scale-root', 'dialect']) $(id).addEventListener('change', edited);
$('tempo').addEventListener('change', save);
$('drum-mode').addEventListener('change', update);
$('ts-num').addEventListener('input', edited);
for (const id of ['transforms', 'seed']) $(id).addEventListener('input', update);
$('new-seed').addEventListener('click', () => {
  $('seed').value = String(crypto.getRandomValues(new Uint32Array(1))[0]);
  update();
});
addEventListener('resize', redraw);

$('copy').addEventListener('click', async () => {
  if (await copyText($('canonical').textContent)) {
    $('copy').classList.add('copied');
    $('copy').textContent = 'Copied';
    setTimeout(() => {
      $('copy').classList.remove('copied');
      $('copy').textContent = 'Copy';
    }, 1200);
  }
});

// Play / stop.
$('play').addEventListener('click', () => {
  if (preview.playing) {
    preview.stop();
  } else {
    preview.play(state.notes, { bpm: tempo(), drumMode: drumMode(), lengthQ: state.layout.lengthQ });
  }
  syncPlayButton();
});
function syncPlayButton() {
  $('play').textContent = preview.playing ? '■ Stop' : '▶ Play';
  $('play').classList.toggle('playing', preview.playing);
}
const baseOnPosition = preview.onPosition;
preview.onPosition = (q) => {
  baseOnPosition(q);
  if (q === null) syncPlayButton();
};

// MIDI files.
$('export').addEventListener('click', () => {
  try {
    const bytes = toMidi(state.notes, { tempo: tempo(), timeSignature: timeSignature(), drumMode: drumMode() });
    download(bytes, 'barbeat.mid');
    setStatus(`exported ${state.notes.length} notes as barbeat.mid (${bytes.length} bytes)`);
  } catch (error) {
    setStatus(error.message ?? String(error), true);
  }
});
$('import').addEventListener('change', async () => {
  const file = await readChosenFile($('import'));
  $('import').value = '';
  if (!file) return;
  let song;
  try {
    song = fromMidi(file.bytes);
  } catch (error) {
    setStatus(`${file.name}: ${error.message ?? error}`, true);
    return;
  }
  const [num, den] = song.timeSignature;
  const ts = [Math.min(32, num), [1, 2, 4, 8, 16].includes(den) ? den : 4];
  $('tempo').value = Math.round(song.tempo * 100) / 100;
  $('drum-mode').checked = song.notes.length > 0 && song.notes.every((n) => n.channel === 9);
  const notes = song.notes.map(({ channel, ...note }) => note);
  let text;
  try {
    text = writeText(notes, ts, drumMode()).text;
  } catch (error) {
    setStatus(`${file.name}: ${error.message ?? error}`, true);
    return;
  }
  load(text, ts);
  state.importNotes = song.warnings.map((w) => `${file.name}: ${w}`);
  showWarnings(state.importNotes);
  setStatus(`imported ${file.name}: ${song.notes.length} notes, ${$('tempo').value} BPM, ${ts[0]}/${ts[1]}`);
});

// Examples from the notation spec.
const byName = new Map(examples.map((e) => [e.name, e]));
for (const e of examples.filter((e) => e.name.startsWith('tutorial-'))) {
  const b = Object.assign(document.createElement('button'), { type: 'button', textContent: e.name.slice(9) });
  b.dataset.example = e.name;
  b.addEventListener('click', () => load(e.input, e.timeSignature ?? [4, 4], /drum/.test(e.name)));
  $('example-chips').append(b);
}
for (const [label, list] of [['notes', examples.filter((e) => !e.error)], ['errors', examples.filter((e) => e.error)]]) {
  const group = Object.assign(document.createElement('optgroup'), { label });
  for (const e of list) group.append(new Option(`${e.name}: ${e.input.replace(/\s+/g, ' ').slice(0, 48)}`, e.name));
  $('examples').append(group);
}
$('examples').addEventListener('change', () => {
  const e = byName.get($('examples').value);
  if (e) load(e.input, e.timeSignature ?? [4, 4], /drum/.test(e.name));
});

// Examples from the transforms spec: the notes become bar|beat text, with the
// example's transform, seed, meter and clip context.
const FEATURED = ['structure/multi-line', 'waveforms/cos-quarter-steps', 'ramp-curve/ramp-clip-range',
  'timing-functions/swing-default-grid', 'timing-functions/legato-chord-tones',
  'scale-functions/snap-transpose-fifth', 'random-seeded/seed-zero', 'errors/error-trailing-operator'];
const transformByName = new Map(transformExamples.map((e) => [e.name, e]));
function loadTransformExample(e) {
  let text;
  try {
    text = writeText(e.notes, e.timeSignature, false).text;
  } catch (error) {
    setTransformStatus(`${e.name}: ${error.message ?? error}`, true);
    return;
  }
  transformsEditor.text = e.transforms;
  $('seed').value = String(e.seed ?? 0);
  load(text, e.timeSignature, false);
  state.exampleClip = e.clip;
  update();
}
for (const name of FEATURED) {
  const e = transformByName.get(name);
  if (!e) continue;
  const b = Object.assign(document.createElement('button'), { type: 'button', textContent: name.split('/')[1] });
  b.dataset.transformExample = name;
  b.addEventListener('click', () => loadTransformExample(e));
  $('transform-chips').append(b);
}
const categories = Map.groupBy(transformExamples, (e) => e.name.split('/')[0]);
for (const [label, list] of categories) {
  const group = Object.assign(document.createElement('optgroup'), { label });
  for (const e of list) group.append(new Option(`${e.name.split('/')[1]}: ${e.transforms.replace(/\s+/g, ' ').slice(0, 40)}`, e.name));
  $('transform-examples').append(group);
}
$('transform-examples').addEventListener('change', () => {
  const e = transformByName.get($('transform-examples').value);
  if (e) loadTransformExample(e);
});

// Every scale of Live's list (the transforms' `snap` and `step` use it), on any root.
const ROOTS = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'];
$('scale-root').append(...ROOTS.map((name, i) => new Option(name, String(i))));
$('scale').append(...scales.map((s) => new Option(s.name, s.name)));

if (restore()) {
  update();
} else {
  load(byName.get('tutorial-drums')?.input ?? 'C3 E3 G3 1|1', [4, 4], true);
}
document.body.dataset.ready = 'true';
