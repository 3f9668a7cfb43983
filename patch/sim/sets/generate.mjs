// Regenerates demo.json and large.json in this folder (plain Node 20, no deps).
// The fixtures are committed; run this only after changing it:
//   node patch/sim/sets/generate.mjs
// Output follows the canonical fixture form (README.md): only non-default values,
// notes sorted by start time then pitch, so loading and dumping gives the same JSON.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** Deterministic pseudo-random numbers (LCG) so regenerating gives identical files. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A note with only the fields that differ from Live's defaults. */
function note(pitch, start, duration, velocity = 100, extra = {}) {
  const n = { pitch, start_time: start, duration };
  if (velocity !== 100) n.velocity = velocity;
  return { ...n, ...extra };
}

const sortNotes = (notes) =>
  notes.sort((a, b) => a.start_time - b.start_time || a.pitch - b.pitch);

// ---- demo.json: "Night Drive", a D minor sketch at 104 BPM ----
const KICK = 36, SNARE = 38, CLAP = 39, CHH = 42, OHH = 46;

function drums(bars, { kick = true, snare = true, hats = true, clap = false, open = false }) {
  const r = rng(bars * 7 + (kick ? 1 : 0) + (clap ? 2 : 0));
  const out = [];
  for (let bar = 0; bar < bars; bar++) {
    const t = bar * 4;
    if (kick) for (const b of [0, 1.5, 2, 2.75]) if (b !== 2.75 || bar % 2 === 1) out.push(note(KICK, t + b, 0.25, b === 0 ? 120 : 105));
    if (snare) for (const b of [1, 3]) out.push(note(SNARE, t + b, 0.25, 112));
    if (clap) out.push(note(CLAP, t + 3, 0.25, 96));
    if (hats) for (let s = 0; s < 8; s++) {
      if (open && s === 7) continue;
      out.push(note(CHH, t + s * 0.5, 0.125, 70 + Math.floor(r() * 30), s % 2 ? { probability: 0.85 } : {}));
    }
    if (open) out.push(note(OHH, t + 3.5, 0.5, 88));
  }
  return sortNotes(out);
}

// D minor: D=50 (D2 in Live's naming is 38; we use MIDI numbers throughout)
const progression = [
  [50, 53, 57], // Dm
  [46, 50, 53], // Bb
  [53, 57, 60], // F
  [48, 52, 55], // C
];

function bassline(bars) {
  const roots = [38, 34, 41, 36];
  const out = [];
  for (let bar = 0; bar < bars; bar++) {
    const root = roots[bar % 4], t = bar * 4;
    out.push(note(root, t, 0.75, 110), note(root, t + 1, 0.5, 90), note(root + 12, t + 1.5, 0.25, 80),
      note(root, t + 2, 0.75, 105), note(root + 7, t + 3, 0.5, 95), note(root + 10, t + 3.5, 0.5, 85));
  }
  return sortNotes(out);
}

function chords(bars, { length = 4, stab = false, velocity = 84 } = {}) {
  const out = [];
  for (let bar = 0; bar < bars; bar++) {
    const chord = progression[bar % 4];
    if (stab) {
      for (const b of [0, 1.5, 2.5]) for (const p of chord) out.push(note(p + 12, bar * 4 + b, 0.5, velocity));
    } else {
      for (const p of chord) out.push(note(p, bar * 4, length, velocity));
    }
  }
  return sortNotes(out);
}

function lead(bars) {
  const phrase = [[69, 0, 1], [67, 1, 0.5], [65, 1.5, 0.5], [64, 2, 1.5], [62, 3.5, 0.5]];
  const out = [];
  for (let bar = 0; bar < bars; bar++) {
    for (const [p, s, d] of phrase) out.push(note(p + (bar % 2 ? -2 : 0), bar * 4 + s, d, 96));
  }
  return sortNotes(out);
}

const demo = {
  format: "barline-live-set/1",
  description: "Night Drive: a D minor song sketch at 104 BPM with drums, bass, grouped keys and pad, vocal chops, a lead with the Barline device, two returns, five scenes, arrangement clips and locators.",
  this_device: "live_set tracks 6 devices 0",
  files: ["/Samples/Vox/chop-hey.wav", "/Samples/Vox/chop-ooh.wav", "/Samples/Vox/adlib-long.wav"],
  song: {
    name: "Night Drive",
    tempo: 104,
    root_note: 2,
    scale_name: "Minor",
    scale_mode: true,
    loop_length: 32,
  },
  scenes: [
    { name: "Intro", color_index: 9 },
    { name: "Verse", color_index: 16 },
    { name: "Chorus", color_index: 14 },
    { name: "Breakdown", color_index: 25, time_signature_numerator: 3, time_signature_enabled: true },
    { name: "Outro", color_index: 41, tempo: 98, tempo_enabled: true },
  ],
  tracks: [
    {
      kind: "midi", name: "Drums", color_index: 56,
      mixer: { volume: 0.82, sends: [0.1, 0] },
      devices: [{
        device: "Drum Rack", name: "Night Kit",
        chains: [
          { name: "Kick", in_note: KICK, devices: [{ device: "Simpler", name: "Kick 808", sample: "/Samples/Drums/kick-808.wav" }] },
          { name: "Snare", in_note: SNARE, devices: [{ device: "Simpler", name: "Snare Tight", sample: "/Samples/Drums/snare-tight.wav" }] },
          { name: "Clap", in_note: CLAP, devices: [{ device: "Simpler", name: "Clap Room", sample: "/Samples/Drums/clap-room.wav" }] },
          { name: "Closed Hat", in_note: CHH, choke_group: 1, devices: [{ device: "Simpler", name: "Hat Closed", sample: "/Samples/Drums/hat-closed.wav" }] },
          { name: "Open Hat", in_note: OHH, choke_group: 1, devices: [{ device: "Simpler", name: "Hat Open", sample: "/Samples/Drums/hat-open.wav" }] },
        ],
        parameters: { "Macro 1": 64 },
      }, { device: "Glue Compressor", parameters: { Threshold: -8 } }],
      clip_slots: [
        { length: 8, name: "Hats Intro", notes: drums(2, { kick: false, snare: false }) },
        { length: 8, name: "Beat A", notes: drums(2, {}) },
        { length: 8, name: "Beat B", notes: drums(2, { clap: true, open: true }) },
        null,
        { length: 4, name: "Kick Only", notes: drums(1, { snare: false, hats: false }) },
      ],
      arrangement_clips: [
        { length: 16, start_time: 0, name: "Beat A", notes: drums(4, {}) },
        { length: 16, start_time: 48, name: "Beat B", notes: drums(4, { clap: true, open: true }) },
      ],
    },
    {
      kind: "midi", name: "Bass", color_index: 9,
      mixer: { volume: 0.78 },
      devices: [{ device: "Operator", name: "Sub Bass", parameters: { "Filter Freq": 900, Transpose: -12 } }],
      clip_slots: [
        null,
        { length: 16, name: "Bass Verse", notes: bassline(4) },
        { length: 16, name: "Bass Chorus", notes: bassline(4).map((n) => note(n.pitch, n.start_time, n.duration, Math.min(127, (n.velocity ?? 100) + 12))) },
        null,
        { length: 8, name: "Bass Outro", notes: bassline(2) },
      ],
      arrangement_clips: [{ length: 16, start_time: 16, name: "Bass Verse", notes: bassline(4) }],
    },
    { kind: "group", name: "Synths", color_index: 24, mixer: { volume: 0.8 } },
    {
      kind: "midi", name: "Keys", color_index: 26, group: 2,
      mixer: { panning: -0.3, sends: [0.35, 0.2] },
      devices: [{ device: "Electric", name: "Keys" }, { device: "Chorus-Ensemble" }],
      clip_slots: [
        { length: 16, name: "Keys Intro", notes: chords(4, { velocity: 70 }) },
        { length: 16, name: "Keys Stabs", notes: chords(4, { stab: true }) },
        { length: 16, name: "Keys Chorus", notes: chords(4, { stab: true, velocity: 96 }) },
        { length: 16, name: "Keys Break", notes: chords(4, { length: 3, velocity: 60 }) },
        null,
      ],
    },
    {
      kind: "midi", name: "Pad", color_index: 24, group: 2,
      mixer: { volume: 0.7, panning: 0.25, sends: [0.5, 0] },
      devices: [{ device: "Wavetable", name: "Warm Pad", parameters: { Attack: 800 } }, { device: "Reverb", parameters: { "Dry/Wet": 0.5 } }],
      clip_slots: [
        { length: 16, name: "Pad Long", notes: chords(4, { velocity: 64 }) },
        null,
        { length: 16, name: "Pad Lift", notes: chords(4, { velocity: 80 }) },
        { length: 16, name: "Pad Break", notes: chords(4, { velocity: 56 }) },
        { length: 16, name: "Pad Fade", notes: chords(4, { velocity: 48 }) },
      ],
      arrangement_clips: [{ length: 32, start_time: 0, name: "Pad Long", notes: chords(8, { velocity: 64 }) }],
    },
    {
      kind: "audio", name: "Vox Chops", color_index: 2,
      mixer: { volume: 0.74, sends: [0.25, 0.4] },
      devices: [{ device: "EQ Eight" }, { device: "Auto Filter", parameters: { Frequency: 2400 } }],
      clip_slots: [
        null,
        { length: 8, name: "chop-hey", file_path: "/Samples/Vox/chop-hey.wav" },
        { length: 8, name: "chop-ooh", file_path: "/Samples/Vox/chop-ooh.wav", gain: 0.5, pitch_coarse: 2 },
        { length: 16, name: "adlib-long", file_path: "/Samples/Vox/adlib-long.wav", warp_mode: 4 },
        null,
      ],
      arrangement_clips: [{ length: 8, start_time: 56, name: "chop-ooh", file_path: "/Samples/Vox/chop-ooh.wav" }],
    },
    {
      kind: "midi", name: "Lead", color_index: 17, arm: true,
      mixer: { volume: 0.75, panning: 0.1, sends: [0.2, 0.3] },
      devices: [{ device: "Max MIDI Effect", name: "Barline" }, { device: "Drift", name: "Lead Drift" }, { device: "Delay" }],
      clip_slots: [null, null, { length: 8, name: "Hook", notes: lead(2) }, null, null],
    },
  ],
  return_tracks: [
    { name: "A-Reverb", color_index: 20, devices: [{ device: "Reverb", parameters: { "Decay Time": 3500, "Dry/Wet": 1 } }] },
    { name: "B-Delay", color_index: 21, devices: [{ device: "Delay", parameters: { "Dry/Wet": 1, Feedback: 0.45 } }, { device: "Auto Filter", parameters: { Frequency: 3000 } }] },
  ],
  master_track: { devices: [{ device: "Glue Compressor" }, { device: "Limiter" }] },
  cue_points: [
    { time: 0, name: "Intro" },
    { time: 16, name: "Verse" },
    { time: 48, name: "Chorus" },
  ],
  view: { selected_track: "live_set tracks 1", selected_scene: "live_set scenes 1" },
};

// ---- large.json: one clip of 7,168 notes, about 1.1 MB of get_notes_extended JSON ----
function largeNotes() {
  const r = rng(42);
  const out = [];
  for (let step = 0; step < 1024; step++) {
    // 7 distinct pitches per 16th; duration = one step, so no same-pitch overlap
    const used = new Set();
    const count = 7;
    while (used.size < count) used.add(24 + Math.floor(r() * 80));
    for (const pitch of used) {
      const extra = {};
      if (r() < 0.1) extra.probability = ((1 + Math.floor(r() * 19)) * 5) / 100;
      if (r() < 0.05) extra.mute = 1;
      out.push(note(pitch, step * 0.25, 0.25, 1 + Math.floor(r() * 127), extra));
    }
  }
  return sortNotes(out);
}

const large = {
  format: "barline-live-set/1",
  description: "One MIDI track whose first clip holds 7,168 notes over 64 bars, for large-read tests (~1.1 MB of note JSON).",
  song: { name: "Large" },
  scenes: [{ name: "Dense" }, { name: "Empty" }],
  tracks: [
    {
      kind: "midi", name: "Dense", color_index: 3,
      devices: [{ device: "Sampler" }],
      clip_slots: [{ length: 256, name: "Dense 7168", notes: largeNotes() }, null],
    },
  ],
};

// ---- bridge-big-clip.json: the simulator's end-to-end set (patch/sim/test/live-sets.mjs):
// tempo 120 and one clip of exactly 6,000 notes at live_set tracks 0 clip_slots 0 clip.
const bridge = {
  format: "barline-live-set/1",
  description: "Simulator end-to-end set: one MIDI track whose first clip holds 6,000 notes (pitch 36 + i % 60, one per 16th).",
  song: { name: "Bridge" },
  scenes: [{}],
  tracks: [
    {
      kind: "midi", name: "1-MIDI", color_index: 16,
      clip_slots: [{
        length: 1500, name: "Big",
        notes: Array.from({ length: 6000 }, (_, i) => note(36 + (i % 60), i * 0.25, 0.25, 64 + (i % 60))),
      }],
    },
  ],
};

for (const [file, set] of [["demo.json", demo], ["large.json", large], ["bridge-big-clip.json", bridge]]) {
  writeFileSync(join(here, file), JSON.stringify(set, null, 1) + "\n");
  console.log(`wrote ${file}`);
}
