// WebAudio preview: a small synth for pitched notes and noise/tone drums in drum
// mode. Probability and velocity ranges are rolled per note, as Live would play them.

const LOOKAHEAD = 0.08; // seconds between pressing play and the first note

export class Preview {
  /** `onPosition(quarter | null)` is called every frame while playing, null at the end. */
  constructor(onPosition) {
    this.onPosition = onPosition;
    this.ctx = null;
    this.voices = [];
    this.frame = 0;
  }

  get playing() {
    return this.voices.length > 0 || this.frame !== 0;
  }

  /** Plays `notes` from the start at `bpm`; `lengthQ` is where the playhead stops. */
  play(notes, { bpm, drumMode, lengthQ }) {
    this.stop();
    this.ctx ??= new AudioContext();
    const ctx = this.ctx;
    ctx.resume();
    const spq = 60 / bpm; // seconds per quarter note
    const t0 = ctx.currentTime + LOOKAHEAD;
    const master = ctx.createGain();
    master.gain.value = 0.5;
    master.connect(ctx.destination);
    this.master = master;
    for (const n of notes) {
      if (Math.random() >= (n.probability ?? 1)) continue;
      const velocity = Math.min(127, n.velocity + Math.random() * (n.velocity_deviation ?? 0));
      const when = t0 + n.start_time * spq;
      const length = Math.max(0.03, n.duration * spq);
      const amp = (velocity / 127) ** 1.5 * 0.6;
      this.voices.push(...(drumMode ? drum(ctx, master, n.pitch, when, amp) : tone(ctx, master, n.pitch, when, length, amp)));
    }
    const tick = () => {
      const q = (ctx.currentTime - t0) / spq;
      if (q >= lengthQ) {
        this.stop();
        return;
      }
      this.onPosition(Math.max(0, q));
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  stop() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    for (const v of this.voices) {
      try { v.stop(); } catch { /* already stopped */ }
    }
    this.voices = [];
    this.master?.disconnect();
    this.master = null;
    this.onPosition(null);
  }
}

const hz = (pitch) => 440 * 2 ** ((pitch - 69) / 12);

function envelope(ctx, out, when, amp, attack, release, end) {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0, when);
  g.gain.linearRampToValueAtTime(amp, when + attack);
  g.gain.setTargetAtTime(amp * 0.7, when + attack, 0.1);
  g.gain.setValueAtTime(amp * 0.7, Math.max(when + attack, end));
  g.gain.linearRampToValueAtTime(0, end + release);
  g.connect(out);
  return g;
}

/** A soft two-oscillator tone for pitched notes. */
function tone(ctx, out, pitch, when, length, amp) {
  const g = envelope(ctx, out, when, amp, 0.005, 0.08, when + length);
  return ['triangle', 'sine'].map((type, i) => {
    const o = ctx.createOscillator();
    o.type = type;
    o.frequency.value = hz(pitch) * (i + 1);
    o.connect(g);
    o.start(when);
    o.stop(when + length + 0.1);
    return o;
  });
}

let noiseBuffer = null;
function noise(ctx) {
  if (!noiseBuffer) {
    noiseBuffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  const src = ctx.createBufferSource();
  src.buffer = noiseBuffer;
  return src;
}

/** Drum sounds by General MIDI family: kicks, snares/claps, hats/cymbals, toms. */
function drum(ctx, out, pitch, when, amp) {
  const hit = (decay) => {
    const g = ctx.createGain();
    g.gain.setValueAtTime(amp, when);
    g.gain.exponentialRampToValueAtTime(0.001, when + decay);
    g.connect(out);
    return g;
  };
  if (pitch === 35 || pitch === 36) {
    const o = ctx.createOscillator();
    o.frequency.setValueAtTime(150, when);
    o.frequency.exponentialRampToValueAtTime(45, when + 0.12);
    o.connect(hit(0.35));
    o.start(when);
    o.stop(when + 0.4);
    return [o];
  }
  const cymbal = [42, 44, 46, 49, 51, 52, 53, 55, 57, 59].includes(pitch);
  const filter = ctx.createBiquadFilter();
  filter.type = cymbal ? 'highpass' : 'bandpass';
  filter.frequency.value = cymbal ? 7000 : 300 + (pitch % 24) * 120;
  const n = noise(ctx);
  n.connect(filter);
  filter.connect(hit(cymbal ? (pitch === 46 || pitch >= 49 ? 0.45 : 0.06) : 0.18));
  n.start(when);
  n.stop(when + 0.5);
  return [n];
}
