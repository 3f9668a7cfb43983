// Max's scheduler for Tasks and the 9.2 timers. Real time by default: every callback is
// its own host macrotask, so promise jobs run after it and never in the middle of one
// (docs/design/max-host.md §1.13). A manual clock (`manual: true`) runs nothing until
// `advance(ms)` or `runUntilIdle()`, for tests that step time explicitly (section 6 item
// 14).

export function createScheduler({ manual = false } = {}) {
  const timers = new Map(); // id -> { due, fn, repeat, ms, handle }
  const waiters = []; // [count, resolve]: whenPending() promises
  let next = 1;
  let now = 0;

  function fire(id) {
    const t = timers.get(id);
    if (!t) return;
    if (t.repeat) t.due += Math.max(1, t.ms);
    else timers.delete(id);
    t.fn();
  }

  return {
    manual,
    setTimer(fn, ms, repeat) {
      const id = next++;
      const t = { due: now + Math.max(0, ms), fn, repeat, ms };
      timers.set(id, t);
      for (const w of waiters.splice(0)) {
        if (timers.size >= w[0]) w[1]();
        else waiters.push(w);
      }
      if (!manual) t.handle = repeat ? setInterval(() => fire(id), Math.max(1, ms)) : setTimeout(() => fire(id), ms);
      return id;
    },
    clearTimer(id) {
      const t = timers.get(id);
      if (!t) return;
      if (t.handle !== undefined) { clearTimeout(t.handle); clearInterval(t.handle); }
      timers.delete(id);
    },
    /** Manual clock: moves time forward, firing due timers in order (each a separate entry). */
    advance(ms) {
      if (!manual) throw new Error("advance() needs a manual scheduler");
      const end = now + ms;
      for (;;) {
        let best = null;
        for (const [id, t] of timers) if (t.due <= end && (!best || t.due < best[1].due)) best = [id, t];
        if (!best) break;
        now = Math.max(now, best[1].due);
        fire(best[0]);
      }
      now = end;
    },
    /** Manual clock: runs until no timer is left (repeating timers must be cancelled). */
    runUntilIdle(limit = 100000) {
      for (let i = 0; timers.size > 0; i++) {
        if (i >= limit) throw new Error("runUntilIdle: timers keep rescheduling");
        const due = Math.min(...[...timers.values()].map((t) => t.due));
        this.advance(due - now);
      }
    },
    /** Resolves once at least `count` timers are pending (an event, not a poll). */
    whenPending(count = 1) {
      if (timers.size >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push([count, resolve]));
    },
    now: () => now,
    pending() { return timers.size; },
    stop() { for (const id of [...timers.keys()]) this.clearTimer(id); },
  };
}
