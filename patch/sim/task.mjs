// Max's Task (docs/design/max-host.md §1.9) on the simulator's scheduler: schedule(0)
// never runs synchronously, interval defaults to 500, iterations counts calls since the
// start.

// `aroundRun(tool, fn)` wraps each callback as one uninterrupted run of the script, named
// after the tool (`currentTool()`) whose run created the Task.
export function createTaskClass({ scheduler, onError, beforeRun, currentTool = () => null, aroundRun = (tool, fn) => fn() }) {
  const live = new Set();
  class Task {
    constructor(fn, thisObj, args) {
      this.function = fn;
      this.object = thisObj;
      this.arguments = args ?? [];
      this.interval = 500;
      this.iterations = 0;
      this.running = 0;
      this.valid = true;
      this._timer = null;
      this._remaining = 0;
      this._tool = currentTool();
      live.add(this);
    }
    _run() {
      this.running = 1;
      this.iterations += 1;
      try { aroundRun(this._tool, () => this.function.apply(this.object, this.arguments)); } catch (e) { onError(e); }
      this.running = 0;
    }
    _arm(delay) {
      this._timer = scheduler.setTimer(() => {
        this._timer = null;
        if (!this.valid) return;
        beforeRun?.();
        this._run();
        if (this._remaining !== 0 && this._timer === null && this.valid) {
          if (this._remaining > 0) this._remaining -= 1;
          this._arm(this.interval);
        }
        if (this._timer === null) this.iterations = 0;
      }, Math.max(0, Number(delay) || 0), false);
    }
    schedule(delay = 0) {
      if (!this.valid) return;
      this.cancel();
      this._remaining = 0;
      this._arm(delay);
    }
    repeat(n = -1, initialDelay = 0) {
      if (!this.valid) return;
      this.cancel();
      this._remaining = n < 0 ? -1 : n - 1;
      if (n === 0) return;
      this._arm(initialDelay);
    }
    execute() { if (this.valid) this._run(); }
    cancel() {
      if (this._timer !== null) scheduler.clearTimer(this._timer);
      this._timer = null;
      this._remaining = 0;
    }
    freepeer() { this.cancel(); this.valid = false; live.delete(this); }
    static freeAll() { for (const t of [...live]) t.freepeer(); }
  }
  return Task;
}
