// Wires the page: text → notes (engine) → piano roll, canonical text, warnings;
// controls for meter, drum mode, tempo; play, MIDI export and import; examples.
import { interpret, format, toMidi, fromMidi } from './engine.js';
import { Editor } from './editor.js';
import { drawRoll, setPlayhead } from './roll.js';
import { Preview } from './audio.js';
import { download, readChosenFile, copyText } from './files.js';
import examples from './examples.js';

const $ = (id) => document.getElementById(id);
const editor = new Editor($('input'), $('backdrop'));
const grid = $('grid');

const state = {
  notes: [],
  layout: { pxPerQuarter: 48, lengthQ: 8 },
  importNotes: [], // warnings from the last MIDI import, shown until the next edit
};

const timeSignature = () => [Number($('ts-num').value) || 4, Number($('ts-den').value)];
const drumMode = () => $('drum-mode').checked;
const tempo = () => Math.min(400, Math.max(20, Number($('tempo').value) || 120));

const preview = new Preview((q) => setPlayhead(grid, q, state.layout.pxPerQuarter));

function setStatus(text, isError = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', isError);
}

function showWarnings(list) {
  $('warnings').replaceChildren(...list.map((w) => Object.assign(document.createElement('li'), { textContent: w })));
}

/** Re-interprets the text and redraws everything that depends on it. */
function update() {
  const text = editor.text;
  const ts = timeSignature();
  let result;
  try {
    result = interpret(text, ts);
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
  state.notes = result.notes;
  const n = result.notes.length;
  setStatus(n ? `${n} note${n === 1 ? '' : 's'}` : 'no notes');
  showWarnings([...state.importNotes, ...result.warnings]);
  redraw();
  try {
    $('canonical').textContent = format(state.notes, ts, drumMode());
  } catch (error) {
    $('canonical').textContent = `(formatter: ${error.message ?? error})`;
  }
}

function redraw() {
  const width = $('keys').parentElement.clientWidth - 2;
  state.layout = drawRoll($('keys'), grid, state.notes, { timeSignature: timeSignature(), drumMode: drumMode(), width });
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

// Editing and controls.
$('input').addEventListener('input', () => {
  state.importNotes = [];
  update();
});
for (const id of ['ts-num', 'ts-den', 'drum-mode']) $(id).addEventListener('change', update);
$('ts-num').addEventListener('input', update);
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
    text = format(notes, ts, drumMode());
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

load(byName.get('tutorial-drums')?.input ?? 'C3 E3 G3 1|1', [4, 4], true);
document.body.dataset.ready = 'true';
