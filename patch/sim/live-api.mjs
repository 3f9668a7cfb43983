// The LiveAPI class a simulated v8 script sees: the fake Live Set's LiveAPI behind Max's
// readiness rule (docs/design/max-host.md §1.14: before live.thisdevice every object has
// id 0 and get/call post an error), with results handed over as arrays of the script's
// own realm and every string result counted in the symbol table
// (docs/design/max-host.md §1.12).
// `meter` (the v8 object's run meter) counts each request and each object alive until
// its `freepeer()`: an object the script drops without freeing stays counted, the
// strict reading of Max's docs.

// Calls whose first argument is an audio file path Live opens from disk.
const FILE_CALLS = new Set(["create_audio_clip"]);

const NO_METER = { request() {}, created() {}, freed() {}, inLive(fn) { return fn(); } };

export function createLiveApiClass({ FakeLiveAPI, isReady, accounting, post, error, toContextArray, onFilePath = () => {}, meter = NO_METER }) {
  const convert = (v) => {
    if (Array.isArray(v)) {
      for (const x of v) accounting.countSymbol(x);
      return toContextArray(v);
    }
    accounting.countSymbol(v);
    return v;
  };
  return class LiveAPI {
    #inner = null;
    #freed = false;
    constructor(...args) {
      const self = this;
      meter.created();
      meter.request(); // a new object resolves its path
      const bound = args.map((a) => (typeof a === "function"
        ? function (...x) { return a.apply(self, x.map(convert)); } : a));
      if (!isReady()) {
        error(`LiveAPI: the device is not ready yet (use live.thisdevice); ${args.filter((a) => typeof a === "string").join(" ")} refers to nothing\n`);
        return;
      }
      this.#inner = new FakeLiveAPI(...bound);
    }
    #need(what) {
      if (this.#inner) return true;
      error(`${what}: LiveAPI object refers to nothing (id 0)\n`);
      return false;
    }
    get id() { return this.#inner ? this.#inner.id : 0; }
    set id(v) { meter.request(); if (this.#inner) this.#inner.id = v; }
    get path() { meter.request(); return this.#inner ? this.#inner.path : ""; }
    set path(v) { meter.request(); if (this.#inner) this.#inner.path = v; }
    get unquotedpath() { return this.#inner ? this.#inner.unquotedpath : ""; }
    get children() { return this.#inner ? convert(this.#inner.children) : toContextArray([]); }
    get mode() { return this.#inner ? this.#inner.mode : 0; }
    set mode(v) { if (this.#inner) this.#inner.mode = v; }
    get type() { meter.request(); return this.#inner ? this.#inner.type : ""; }
    get info() { return this.#inner ? this.#inner.info : "No object"; }
    get property() { return this.#inner ? this.#inner.property : ""; }
    set property(v) { if (this.#inner) this.#inner.property = v; }
    get proptype() { return this.#inner ? this.#inner.proptype : ""; }
    get(prop) { meter.request(); return this.#need(`get ${prop}`) ? convert(meter.inLive(() => this.#inner.get(prop))) : toContextArray([]); }
    set(prop, ...v) { meter.request(); if (this.#need(`set ${prop}`)) meter.inLive(() => this.#inner.set(prop, ...v)); }
    call(fn, ...a) {
      meter.request();
      if (!this.#need(`call ${fn}`)) return undefined;
      if (FILE_CALLS.has(fn) && typeof a[0] === "string") onFilePath(a[0]);
      return convert(meter.inLive(() => this.#inner.call(fn, ...a)));
    }
    getcount(child) { meter.request(); return this.#need(`getcount ${child}`) ? this.#inner.getcount(child) : 0; }
    goto(path) { meter.request(); if (this.#need(`goto ${path}`)) this.#inner.goto(path); }
    getstring(prop) { meter.request(); return this.#need(`getstring ${prop}`) ? convert(this.#inner.getstring(prop)) : ""; }
    /** Max: frees the Live object behind this one; afterwards it refers to nothing. */
    freepeer() {
      if (this.#freed) return;
      this.#freed = true;
      this.#inner = null;
      meter.freed();
    }
  };
}
