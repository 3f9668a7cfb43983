// The piano roll: pitch by time as SVG. Bars and beats come from the time signature;
// velocity is the shade of a note, probability its transparency. In drum mode every
// pitch that is used gets its own labelled lane.
import { pitchName } from './engine.js';

const SVG = 'http://www.w3.org/2000/svg';
const BLACK = new Set([1, 3, 6, 8, 10]);
// General MIDI percussion names, for readable drum lanes.
const DRUMS = {
  35: 'Kick 2', 36: 'Kick', 37: 'Side stick', 38: 'Snare', 39: 'Clap', 40: 'Snare 2',
  41: 'Low floor tom', 42: 'Closed hat', 43: 'Floor tom', 44: 'Pedal hat', 45: 'Low tom',
  46: 'Open hat', 47: 'Low-mid tom', 48: 'Hi-mid tom', 49: 'Crash', 50: 'High tom',
  51: 'Ride', 52: 'China', 53: 'Ride bell', 54: 'Tambourine', 55: 'Splash', 56: 'Cowbell',
  57: 'Crash 2', 59: 'Ride 2', 60: 'Hi bongo', 61: 'Low bongo', 62: 'Mute conga',
  63: 'Open conga', 64: 'Low conga', 69: 'Cabasa', 70: 'Maracas', 75: 'Claves', 76: 'Hi wood block',
  77: 'Low wood block',
};
const RULER = 22;


function el(parent, name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  parent.append(node);
  return node;
}

/** Rows from top to bottom: every semitone of the used range, or the used drum pitches. */
function rowsFor(notes, drumMode) {
  const pitches = notes.map((n) => n.pitch);
  if (drumMode) {
    const used = [...new Set(pitches)].sort((a, b) => b - a);
    return used.length ? used : [42, 38, 36];
  }
  let lo = pitches.length ? Math.min(...pitches) - 2 : 48;
  let hi = pitches.length ? Math.max(...pitches) + 2 : 72;
  // At least two octaves, so a few notes still show where they sit.
  while (hi - lo < 24) { lo -= 1; hi += 1; }
  lo = Math.max(0, lo);
  hi = Math.min(127, hi);
  return Array.from({ length: hi - lo + 1 }, (_, i) => hi - i);
}

/**
 * Draws `notes` into the key column `keys` and the grid `grid`.
 * Returns the layout so the playhead can be placed: `{pxPerQuarter, lengthQ}`.
 */
export function drawRoll(keys, grid, notes, { timeSignature: [num, den], drumMode, width, ghosts = [] }) {
  keys.replaceChildren();
  grid.replaceChildren();
  const barQ = (num * 4) / den; // quarter notes per bar
  const beatQ = 4 / den;
  const all = [...notes, ...ghosts];
  const endQ = Math.max(0, ...all.map((n) => n.start_time + n.duration));
  const bars = Math.max(2, Math.ceil((endQ - 1e-9) / barQ));
  const lengthQ = bars * barQ;
  const keysWidth = drumMode ? 120 : 44;
  // Fill the visible width for short clips; never squeeze a quarter below 24 px.
  const pxPerQuarter = Math.max(24, Math.min(200, Math.floor((width - keysWidth) / lengthQ)));
  const rows = rowsFor(all, drumMode);
  const rowH = drumMode ? 22 : 13;
  const w = lengthQ * pxPerQuarter;
  const h = RULER + rows.length * rowH;
  const rowOf = new Map(rows.map((p, i) => [p, i]));

  for (const svg of [keys, grid]) svg.setAttribute('height', h);
  keys.setAttribute('width', keysWidth);
  grid.setAttribute('width', w);
  Object.assign(grid.dataset, { pxPerQuarter, rowHeight: rowH, ruler: RULER, bars, rows: rows.join(',') });

  // Lanes and key labels.
  el(keys, 'rect', { x: 0, y: 0, width: keysWidth, height: RULER, class: 'ruler' });
  rows.forEach((p, i) => {
    const y = RULER + i * rowH;
    const shade = !drumMode && BLACK.has(p % 12) ? 'row-black' : 'row-white';
    const alt = drumMode && i % 2 ? 'row-black' : shade;
    el(grid, 'rect', { x: 0, y, width: w, height: rowH, class: alt });
    el(keys, 'rect', { x: 0, y, width: keysWidth, height: rowH, class: alt });
    if (!drumMode && p % 12 === 0) el(grid, 'line', { x1: 0, x2: w, y1: y + rowH, y2: y + rowH, class: 'row-c' });
    const label = drumMode ? `${pitchName(p)} ${DRUMS[p] ?? ''}` : p % 12 === 0 || rows.length < 30 ? pitchName(p) : '';
    if (label) {
      el(keys, 'text', { x: 6, y: y + rowH / 2 + 3.5, class: `key-label${p % 12 === 0 ? ' c' : ''}` }, label);
    }
  });

  // Grid: sub-beats, beats, bars, and the ruler with bar numbers.
  el(grid, 'rect', { x: 0, y: 0, width: w, height: RULER, class: 'ruler' });
  const subQ = beatQ >= 1 ? beatQ / 4 : beatQ / 2;
  const steps = Math.round(lengthQ / subQ);
  for (let s = 0; s <= steps; s++) {
    const q = s * subQ;
    const x = q * pxPerQuarter;
    const onBar = Math.abs(q / barQ - Math.round(q / barQ)) < 1e-9;
    const onBeat = Math.abs(q / beatQ - Math.round(q / beatQ)) < 1e-9;
    const cls = onBar ? 'grid-bar' : onBeat ? 'grid-beat' : 'grid-sub';
    el(grid, 'line', { x1: x, x2: x, y1: onBar ? 0 : RULER, y2: h, class: cls });
    if (onBar && s < steps) {
      el(grid, 'text', { x: x + 4, y: 15, class: 'ruler-text bar-number', 'data-bar': Math.round(q / barQ) + 1 },
        String(Math.round(q / barQ) + 1));
    } else if (onBeat && pxPerQuarter * beatQ >= 28) {
      const beat = Math.round((q % barQ) / beatQ) + 1;
      el(grid, 'text', { x: x + 3, y: 15 }, `.${beat}`);
    }
  }

  // The notes before the transforms: faint outlines beneath the result.
  for (const n of ghosts) {
    const row = rowOf.get(n.pitch);
    if (row === undefined) continue;
    el(grid, 'rect', {
      class: 'ghost', x: n.start_time * pxPerQuarter, y: RULER + row * rowH + 1,
      width: Math.max(2, n.duration * pxPerQuarter - 1), height: rowH - 2, rx: 2,
      'data-pitch': n.pitch, 'data-start': n.start_time,
    });
  }

  // Notes: bright = loud, transparent = unlikely to play.
  for (const n of notes) {
    const row = rowOf.get(Math.round(n.pitch));
    if (row === undefined) continue;
    // On the dark roll, loud notes are bright and saturated, soft ones dim.
    const v = n.velocity / 127;
    const fill = `hsl(32 ${(35 + 60 * v).toFixed(1)}% ${(24 + 40 * v).toFixed(1)}%)`;
    const dev = n.velocity_deviation ? `–${Math.min(127, n.velocity + n.velocity_deviation)}` : '';
    const r = el(grid, 'rect', {
      class: 'note',
      x: n.start_time * pxPerQuarter,
      y: RULER + row * rowH + 1,
      width: Math.max(2, n.duration * pxPerQuarter - 1),
      height: rowH - 2,
      rx: 2,
      fill,
      'fill-opacity': (0.15 + 0.85 * (n.probability ?? 1)).toFixed(3),
      'data-pitch': n.pitch,
      'data-start': n.start_time,
      'data-duration': n.duration,
      'data-velocity': n.velocity,
      'data-probability': n.probability ?? 1,
    });
    el(r, 'title', {}, `${pitchName(n.pitch)} (${n.pitch}) at beat ${+n.start_time.toFixed(4)}, ` +
      `length ${+n.duration.toFixed(4)}, velocity ${n.velocity}${dev}, probability ${n.probability ?? 1}`);
  }
  el(grid, 'line', { id: 'playhead', x1: 0, x2: 0, y1: 0, y2: h, visibility: 'hidden' });
  return { pxPerQuarter, lengthQ };
}

/** Moves the playhead to `quarter` (hidden when null). */
export function setPlayhead(grid, quarter, pxPerQuarter) {
  const line = grid.querySelector('#playhead');
  if (!line) return;
  if (quarter == null) {
    line.setAttribute('visibility', 'hidden');
    return;
  }
  const x = quarter * pxPerQuarter;
  line.setAttribute('x1', x);
  line.setAttribute('x2', x);
  line.setAttribute('visibility', 'visible');
  grid.dataset.playhead = quarter;
}
