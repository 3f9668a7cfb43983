// Max's `LiveAPI` class over a FakeLiveSet handle (core/fake-live/src/wasm/fake_live.rs).
// Shape conversion only: constructor overloads, getters, the get/call return shapes
// and observer dispatch. Every Live semantic (ids, paths, checks, errors, undo,
// "changes cannot be triggered by notifications") is decided in Rust.
//
// This file is also compiled into the wasm build: `createLiveSet` in fake_live.rs
// evaluates it as a function body (the one `export` keyword removed), so it must
// not import anything and must keep exactly one exported function.

const NOTIFY = Symbol("notify");

/**
 * Builds a LiveAPI class bound to one fake Live Set.
 * @param {object} handle a FakeLiveSet
 * @param {{idType?: "string"|"number", immediateCallback?: boolean, onError?: (msg: string) => void}} options
 *   idType: JS type of `api.id` (Max documents a string; a test pass with numbers catches
 *   code that compares with only one of `"0"`/`0`). immediateCallback: whether assigning
 *   `property` fires the callback at once (unverified in Live; default true).
 *   onError: receives every error the fake posts (they are also kept in `errors()`).
 *   liveVersion (read by wrapLiveSet): the Live version to model, e.g. "12.2.5"; it
 *   overrides the fixture's `live_version` (core/fake-live/README.md, "Live versions").
 */
function makeLiveAPI(handle, options = {}) {
  const idType = options.idType ?? "string";
  const immediate = options.immediateCallback ?? true;
  const onError = options.onError ?? (() => {});
  const observers = new Set();

  const post = (e) => onError(e instanceof Error ? e.message : String(e));
  const formatId = (n) => (idType === "number" ? n : String(n));

  /** Sends the queued changes to every observing LiveAPI. */
  function dispatch() {
    const flat = handle.takeChanges();
    const changed = new Set();
    for (let i = 0; i < flat.length; i += 2) changed.add(`${flat[i]} ${flat[i + 1]}`);
    for (const api of [...observers]) api[NOTIFY](changed);
  }

  class LiveAPI {
    #id = 0;
    #path = "";
    #mode = 0;
    #callback = null;
    #property = "";
    #reportedId = 0;
    #patcher = undefined;

    /** Max's documented overloads: (), (path), (callback), (callback, path),
     * (null|undefined, path), (patcher, callback, path), (patcher, path). */
    constructor(...args) {
      const isPatcher = (v) => v !== null && typeof v === "object";
      if (args.length >= 2 && isPatcher(args[0])) this.#patcher = args.shift();
      let callback = null;
      let path = null;
      if (args.length === 1 && typeof args[0] === "string") path = args[0];
      else if (args.length === 1 && typeof args[0] === "function") callback = args[0];
      else if (args.length === 2 && (typeof args[0] === "function" || args[0] == null) && typeof args[1] === "string") {
        callback = args[0] ?? null;
        path = args[1];
      } else if (args.length !== 0) {
        throw new TypeError("LiveAPI: expected (), (path), (callback), (callback, path) or (patcher, …)");
      }
      this.#callback = callback;
      if (path !== null) this.#target(path, false);
    }

    #target(path, report) {
      const text = String(path).trim().replace(/^"(.*)"$/, "$1");
      this.#id = handle.resolve(text);
      this.#path = this.#id ? handle.path(this.#id) : "";
      if (report) this.#fire(["id", this.#id]);
      this.#reportedId = this.#id;
    }

    #current() {
      if (this.#mode === 1) return this.#path ? handle.resolveQuiet(this.#path) : 0;
      if (this.#id && !handle.exists(this.#id)) this.#id = 0;
      return this.#id;
    }

    #fire(args) {
      if (!this.#callback) return;
      handle.setInNotification(true);
      try {
        this.#callback.call(this, args);
      } catch (e) {
        post(e);
      } finally {
        handle.setInNotification(false);
      }
    }

    [NOTIFY](changed) {
      const now = this.#current();
      if (now !== this.#reportedId) {
        this.#reportedId = now;
        this.#fire(["id", now]);
      }
      if (this.#property && changed.has(`${now} ${this.#property}`)) {
        try {
          this.#fire([this.#property, ...handle.observedValue(now, this.#property)]);
        } catch (e) {
          post(e);
        }
      }
    }

    get id() {
      return formatId(this.#current());
    }
    set id(v) {
      this.#target(`id ${String(v).replace(/^id\s+/, "")}`, true);
    }
    get path() {
      return handle.path(this.#current());
    }
    set path(p) {
      this.#target(p, true);
    }
    get unquotedpath() {
      return handle.path(this.#current());
    }
    get type() {
      return handle.typeOf(this.#current());
    }
    get children() {
      return handle.children(this.#current());
    }
    get info() {
      return handle.info(this.#current());
    }
    get mode() {
      return this.#mode;
    }
    set mode(m) {
      this.#path = handle.path(this.#current());
      this.#mode = Number(m) === 1 ? 1 : 0;
    }
    /** Type of the observed property, from the object's `info`. */
    get proptype() {
      const line = handle
        .info(this.#current())
        .split("\n")
        .find((l) => l.startsWith(`property ${this.#property} `));
      return line ? line.split(" ")[2] : "";
    }
    get patcher() {
      return this.#patcher;
    }
    get property() {
      return this.#property;
    }
    set property(name) {
      this.#property = name == null ? "" : String(name);
      if (!this.#property) {
        observers.delete(this);
        return;
      }
      observers.add(this);
      if (immediate) {
        try {
          this.#fire([this.#property, ...handle.observedValue(this.#current(), this.#property)]);
        } catch (e) {
          post(e);
        }
      }
    }

    /** Always an array: `[]` after a posted error. */
    get(prop) {
      try {
        return handle.get(this.#current(), String(prop));
      } catch (e) {
        post(e);
        return [];
      }
    }

    set(prop, ...values) {
      try {
        handle.set(this.#current(), String(prop), values);
      } catch (e) {
        post(e);
      }
      dispatch();
    }

    /** No atoms → undefined, one atom → that value, several → an array. */
    call(fn, ...args) {
      let result;
      try {
        result = handle.call(this.#current(), String(fn), args);
      } catch (e) {
        post(e);
      }
      dispatch();
      if (!result || result.length === 0) return undefined;
      return result.length === 1 ? result[0] : result;
    }

    getcount(child) {
      try {
        return handle.getcount(this.#current(), String(child));
      } catch (e) {
        post(e);
        return 0;
      }
    }

    getstring(prop) {
      try {
        return handle.getstring(this.#current(), String(prop));
      } catch (e) {
        post(e);
        return "";
      }
    }

    goto(path) {
      this.#target(path, true);
    }
  }

  return LiveAPI;
}

/** FakeLiveSet methods that change the Set (replayed after a recovery). */
const CHANGES = new Set(["set", "call", "settle", "addFile", "reset", "setLiveVersion", "setInNotification"]);
/** Changes kept for replay before a new checkpoint is taken. */
const REPLAY_LIMIT = 256;

/**
 * The FakeLiveSet behind a guard: a panic inside the fake (a WebAssembly trap) leaves
 * its object unusable, so the guard rebuilds the Set from the last checkpoint, replays
 * the changes made since (not the one that failed) and throws an ordinary error for
 * that request; the simulator goes on with the Set as it was just before it.
 * @param {object} first a FakeLiveSet
 */
function guarded(first) {
  let current = first;
  let checkpoint = current.checkpoint();
  let changes = [];
  function recover() {
    current = current.constructor.fromCheckpoint(checkpoint);
    for (const [name, args] of changes) {
      try { current[name](...args); } catch { /* it failed the first time too */ }
    }
    current.takeChanges();
    const old = checkpoint;
    checkpoint = current.checkpoint();
    old.free?.();
    changes = [];
  }
  // One forwarding function per method, made on first use: the simulator calls these
  // for every Live API request.
  const forwarders = new Map();
  const forwarder = (name) => (...args) => {
    let result;
    try {
      result = current[name](...args);
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      recover();
      throw new Error(`the fake Live Set failed on ${String(name)} (${e.message}) and was restored to its state before it`);
    }
    if (CHANGES.has(name)) {
      changes.push([name, args]);
      if (changes.length >= REPLAY_LIMIT) {
        checkpoint.free?.();
        checkpoint = current.checkpoint();
        changes = [];
      }
    }
    return result;
  };
  return new Proxy({}, {
    get(_target, name) {
      if (typeof current[name] !== "function") return current[name];
      if (!forwarders.has(name)) forwarders.set(name, forwarder(name));
      return forwarders.get(name);
    },
  });
}

/**
 * The object `createLiveSet` returns: the LiveAPI class plus accessors of the Set.
 * @param {object} raw a FakeLiveSet
 * @param {object} options see makeLiveAPI
 */
export function wrapLiveSet(raw, options = {}) {
  const handle = guarded(raw);
  if (options?.liveVersion != null) handle.setLiveVersion(String(options.liveVersion));
  const LiveAPI = makeLiveAPI(handle, options ?? {});
  return {
    /** Max's LiveAPI class bound to this Set. */
    LiveAPI,
    /** The low-level handle (resolve/get/set/call/…), for code that bypasses LiveAPI. */
    handle,
    /** The Set as fixture JSON text. */
    dump: () => handle.dump(),
    /** `{by_type: {Track: {get, set, call, getcount}}, totals, resolve, undo_steps, distinct_symbols}`. */
    counters: () => JSON.parse(handle.countersJson()),
    /** Zeroes the counters (the Set is unchanged). */
    resetCounters: () => handle.resetCounters(),
    /** Reloads the fixture: a fresh Set, counters and errors cleared. Existing LiveAPI
     * objects keep their (now stale) ids. */
    reset: () => handle.reset(),
    /** Every Live API error the fake posted, oldest first. */
    errors: () => handle.errors(),
    /** Forgets the posted errors. */
    clearErrors: () => handle.clearErrors(),
    /** What a deferral (Task.schedule) makes visible: the pending playhead write. */
    settle: () => handle.settle(),
    /** Virtual milliseconds: fixture `call_delay_ms` per get/set/call/getcount. */
    virtualTimeMs: () => handle.virtualTimeMs(),
    /** Whether a file exists in the Set's world (fixture `files`; the simulator's File asks). */
    hasFile: (path) => handle.hasFile(String(path)),
    /** Makes a file found on the real disk exist in the Set's world (the simulator, for paths Live would open). */
    addFile: (path) => handle.addFile(String(path)),
  };
}
