// Max's scheduler for Tasks and the 9.2 timers, in real time: every callback is its own
// host macrotask, so promise jobs run after it and never in the middle of one (1.13).

export function createScheduler() {
  const timers = new Map();
  let next = 1;
  return {
    setTimer(fn, ms, repeat) {
      const id = next++;
      const run = () => {
        if (!timers.has(id)) return;
        if (!repeat) timers.delete(id);
        fn();
      };
      timers.set(id, repeat ? setInterval(run, Math.max(1, ms)) : setTimeout(run, ms));
      return id;
    },
    clearTimer(id) {
      const t = timers.get(id);
      if (t === undefined) return;
      clearTimeout(t);
      clearInterval(t);
      timers.delete(id);
    },
    pending() { return timers.size; },
    stop() { for (const id of [...timers.keys()]) this.clearTimer(id); },
  };
}
