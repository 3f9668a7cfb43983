// A manual clock for the simulated node.script process (startDevice({clock: "manual"})):
// setTimeout and clearTimeout wait for the simulator to move time (`{t: "clock", ms}`
// over IPC) instead of real time, so tests of time limits never wait on the wall clock.
// setImmediate and Node's internal timers (node:http) keep running on real time.
const timers = new Map(); // id -> { due, fn }
let now = 0;
let next = 1;

class Handle {
  constructor(id) { this.id = id; }
  ref() { return this; }
  unref() { return this; }
  hasRef() { return true; }
  refresh() { return this; }
  [Symbol.toPrimitive]() { return this.id; }
}

globalThis.setTimeout = (fn, ms = 0, ...args) => {
  const id = next++;
  timers.set(id, { due: now + Math.max(0, Number(ms) || 0), fn: () => fn(...args) });
  return new Handle(id);
};
globalThis.clearTimeout = (handle) => {
  timers.delete(handle instanceof Handle ? handle.id : Number(handle));
};

/** Moves time forward by `ms`, firing due timers in order of their due time. */
function advance(ms) {
  const end = now + ms;
  for (;;) {
    let best = null;
    for (const [id, t] of timers) if (t.due <= end && (!best || t.due < best[1].due)) best = [id, t];
    if (!best) break;
    timers.delete(best[0]);
    now = Math.max(now, best[1].due);
    best[1].fn();
  }
  now = end;
}

process.on("message", (m) => {
  if (m?.t !== "clock") return;
  advance(m.ms);
  process.send({ t: "clock-done", seq: m.seq, pending: timers.size });
});
