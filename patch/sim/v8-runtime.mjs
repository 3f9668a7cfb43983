// The Max `v8` object: a vm context holding only Max's globals for a profile
// (docs/design/max-host.md §1.2, §1.3, §1.6–§1.9, §1.11, §1.14; §6.1).
import vm from "node:vm";
import v8 from "node:v8";
import { createTaskClass } from "./task.mjs";
import { createDictClass } from "./dict.mjs";
import { MaxLimitError } from "./limits.mjs";
import { createFileClass } from "./file.mjs";
import { createFolderClass } from "./folder.mjs";

// The v8 side runs in this process: keep Node 20's V8 from aborting on a lazy deopt
// inside an inlined JS-to-wasm call (node-host/bench/V8-DEOPT.md).
v8.setFlagsFromString("--no-turbo-inline-js-wasm-calls");

export const PROFILES = ["max-9.0", "max-9.2"];
const NOT_SIMULATED = ["Global", "Buffer", "PolyBuffer", "SQLite", "Patcher", "Maxobj", "ParameterListener"];
// ES2023 library methods Max's v8 lacks (docs/design/max-host.md §1.1); removing them
// catches code that uses them.
const ES2023 = ["toSorted", "toReversed", "toSpliced", "with", "findLast", "findLastIndex"];

/**
 * Creates a v8 object. `onOutlet(n, atoms)` delivers what the script sends;
 * `makeLiveAPI(toContextArray, meter)` builds the LiveAPI class the script sees (it
 * reports requests and objects to `meter`); `scheduler` runs Tasks and the 9.2 timers.
 * `wasm`: "sync-only" (Max: synchronous compilation only), "full", "absent" (no
 * WebAssembly global) or "refuses" (a policy that makes every compilation throw).
 */
export function createV8Object({
  profile = "max-9.0", wasm = "sync-only", source, filename, makeLiveAPI, scheduler, console: maxConsole,
  accounting, onOutlet, jsarguments = [], dictRegistry = new Map(), name = "v8", searchPath = [],
  watchAbsent = [], setHasFile, onDeferral,
}) {
  if (!PROFILES.includes(profile)) throw new Error(`unknown profile ${profile}; use ${PROFILES.join(" or ")}`);
  const stats = { requireCalls: [], includeCalls: [], outletErrors: 0, handlerErrors: 0, absentReads: {} };
  const meter = createRunMeter(stats);
  let outletsCount = 1;
  const post = (...args) => maxConsole.post(name, args);
  const error = (...args) => maxConsole.error(name, args);

  const sandbox = {};
  const context = vm.createContext(sandbox, { name: `${name} (${profile})` });
  const g = vm.runInContext("globalThis", context);
  const toContextArray = vm.runInContext("(a) => Array.from(a)", context);

  // What V8 gives every context but Max does not (docs/design/max-host.md §1.2): removed
  // before any script runs.
  vm.runInContext(`delete globalThis.console;
    for (const m of ${JSON.stringify(ES2023)}) {
      delete Array.prototype[m];
      delete Object.getPrototypeOf(Uint8Array.prototype)[m];
    }`, context);
  if (wasm === "absent") vm.runInContext("delete globalThis.WebAssembly", context);
  else if (wasm === "sync-only") {
    vm.runInContext(`for (const k of ["instantiate", "compile", "instantiateStreaming", "compileStreaming"])
      WebAssembly[k] = function () { return new Promise(function () {}); };`, context);
  } else if (wasm === "refuses") {
    vm.runInContext(`WebAssembly.Module = function Module() { throw new WebAssembly.CompileError("WebAssembly compilation is disabled by policy"); };`, context);
  } else if (wasm !== "full") throw new Error(`unknown WebAssembly mode ${wasm}`);

  function toAtoms(args) {
    const atoms = [];
    for (const a of args) {
      const items = Array.isArray(a) ? a : [a];
      for (const x of items) {
        if (typeof x === "string") atoms.push(x);
        else if (typeof x === "number") atoms.push(x);
        else if (typeof x === "boolean") atoms.push(x ? 1 : 0);
        else return { bad: Array.isArray(x) ? "nested array" : x === null ? "null" : typeof x };
      }
    }
    return { atoms };
  }

  // Live applies deferred changes (the playhead) while a Task waits: `onDeferral` runs
  // before each Task callback so the fake Live Set can do the same.
  const Task = createTaskClass({
    scheduler, beforeRun: onDeferral, onError: (e) => { stats.handlerErrors += 1; error(`Task: ${e && e.message}\n`); },
    currentTool: () => meter.tool, aroundRun: (tool, fn) => meter.run(tool, fn),
  });
  const maxGlobals = {
    post, error, cpost: (...a) => maxConsole.post(`${name} (system)`, a),
    outlet(n, ...args) {
      if (!Number.isInteger(n) || n < 0 || n >= outletsCount) {
        stats.outletErrors += 1;
        error(`outlet ${n} does not exist (outlets = ${outletsCount})\n`);
        return;
      }
      const { atoms, bad } = toAtoms(args);
      if (bad) {
        stats.outletErrors += 1;
        error(`outlet: cannot send ${bad}\n`);
        return;
      }
      if (atoms.length === 0) return;
      accounting.check(`${name} outlet ${n}`, atoms);
      onOutlet(n, atoms);
    },
    messnamed() { throw new Error("messnamed is not used by the device (docs/design/max-host.md §1.8); the simulator does not route it"); },
    arrayfromargs(...a) {
      const out = [];
      for (const x of a) {
        if (x && typeof x === "object" && typeof x.length === "number" && typeof x !== "string") out.push(...Array.from(x));
        else out.push(x);
      }
      return toContextArray(out);
    },
    setinletassist() {}, setoutletassist() {}, assist() {}, declareattribute() {}, embedmessage() {}, notifyclients() {},
    include(file) { stats.includeCalls.push(file); throw new Error(`include: ${file} not found`); },
    require(id) {
      stats.requireCalls.push(id);
      if (profile === "max-9.2" && id === "buffer") return { IOBuffer: Uint8Array };
      throw new Error(`require: cannot find module ${id} beside the script or on the search path`);
    },
    inlet: 0, messagename: "", jsarguments: toContextArray([filename, ...jsarguments]), autowatch: 0,
    box: {}, max: { version: profile === "max-9.2" ? "9.2.0" : "9.0.10" }, patcher: {}, maxclass: "v8", editfontsize: 12,
    inlets: 1, outlets: 1,
    Task, Dict: createDictClass(dictRegistry), LiveAPI: makeLiveAPI(toContextArray, meter),
    File: createFileClass({ folders: searchPath, toContextArray, setHasFile }),
    Folder: createFolderClass({ folders: searchPath, toContextArray }),
  };
  for (const k of NOT_SIMULATED) {
    maxGlobals[k] = class { constructor() { throw new Error(`${k} is not simulated (the device must not need it)`); } };
  }
  if (profile === "max-9.2") {
    const c = {};
    for (const m of ["log", "info", "debug"]) c[m] = (...a) => { post(...a); post(); };
    c.warn = (...a) => { post(...a); post(); };
    for (const m of ["error", "assert", "trace"]) c[m] = (...a) => { error(...a); post(); };
    Object.assign(maxGlobals, {
      console: c,
      setTimeout: (fn, ms = 0, ...a) => scheduler.setTimer(() => fn(...a), ms, false),
      clearTimeout: (id) => scheduler.clearTimer(id),
      setInterval: (fn, ms = 0, ...a) => scheduler.setTimer(() => fn(...a), ms, true),
      clearInterval: (id) => scheduler.clearTimer(id),
      setImmediate: (fn, ...a) => scheduler.setTimer(() => fn(...a), 0, false),
      clearImmediate: (id) => scheduler.clearTimer(id),
      queueMicrotask: vm.runInContext("(fn) => { Promise.resolve().then(fn); }", context),
      TextEncoder, TextDecoder,
    });
  }
  for (const [k, v] of Object.entries(maxGlobals)) {
    if (v !== undefined) Object.defineProperty(g, k, { value: v, writable: true, configurable: true, enumerable: false });
  }

  // Opt-in tripwires for names this profile does not provide: a read is counted and
  // answers undefined, so the name stays absent to `typeof` while a test can show that
  // the script never reached for it (`"name" in globalThis` becomes true meanwhile).
  for (const k of watchAbsent) {
    if (Object.prototype.hasOwnProperty.call(g, k)) continue;
    stats.absentReads[k] = 0;
    Object.defineProperty(g, k, { get() { stats.absentReads[k] += 1; return undefined; }, configurable: true, enumerable: false });
  }

  // Classic script: import/export are syntax errors here, as in Max
  // (docs/design/max-host.md §1.5).
  new vm.Script(source, { filename }).runInContext(context);
  outletsCount = g.outlets;
  const inletsCount = g.inlets;

  function call(fnName, selector, inlet, args) {
    const saved = [g.inlet, g.messagename];
    g.inlet = inlet;
    g.messagename = selector;
    try {
      meter.run(toolOf(args), () => g[fnName](...args));
    } catch (e) {
      if (e instanceof MaxLimitError) throw e; // a broken Max limit fails the run, not just the handler
      stats.handlerErrors += 1;
      error(`${fnName}: ${e && e.message ? e.message : e}\n`);
    } finally {
      [g.inlet, g.messagename] = saved;
    }
  }
  const has = (f) => typeof g[f] === "function";

  return {
    context, stats,
    get inlets() { return inletsCount; },
    get outlets() { return outletsCount; },
    /** Delivers one message (atoms, selector first when it is a symbol) to an inlet (docs/design/max-host.md §1.6). */
    dispatch(inlet, atoms) {
      if (inlet >= inletsCount) { error(`inlet ${inlet} does not exist\n`); return; }
      const args = toContextArray(atoms.slice(1));
      if (typeof atoms[0] === "number") {
        if (atoms.length > 1) return has("list") ? call("list", "list", inlet, toContextArray(atoms))
          : has("anything") ? call("anything", "list", inlet, toContextArray(atoms)) : error("no function list\n");
        const x = atoms[0];
        if (Number.isInteger(x)) return has("msg_int") ? call("msg_int", "int", inlet, [x])
          : has("msg_float") ? call("msg_float", "int", inlet, [x]) : has("anything") ? call("anything", "int", inlet, [x]) : error("no function msg_int\n");
        return has("msg_float") ? call("msg_float", "float", inlet, [x])
          : has("msg_int") ? call("msg_int", "float", inlet, [Math.trunc(x)]) : has("anything") ? call("anything", "float", inlet, [x]) : error("no function msg_float\n");
      }
      const selector = atoms[0];
      if (selector === "bang" && atoms.length === 1) return has("bang") ? call("bang", "bang", inlet, []) : has("anything") ? call("anything", "bang", inlet, []) : error("no function bang\n");
      const reserved = ["msg_int", "msg_float", "anything", "loadbang"];
      if (!reserved.includes(selector) && has(selector)) return call(selector, selector, inlet, args);
      if (has("anything")) return call("anything", selector, inlet, args);
      error(`no function ${selector}\n`);
    },
    loadbang() { if (has("loadbang")) call("loadbang", "loadbang", 0, []); },
    typeofGlobal(nameOf) { return vm.runInContext(`typeof ${nameOf}`, context); },
    freeTasks() { Task.freeAll(); },
    /** Starts `stats.longestRun` afresh (between calls of a test). */
    resetRuns() { meter.reset(); },
  };
}

/**
 * Counts Live API requests (get, set, call, getcount, and each object made or re-aimed,
 * which resolves a path) per uninterrupted run of the script (one message handler or
 * Task callback), keeps the longest in `stats.longestRun` with its time, the part of it
 * the simulated Live spent answering get/set/call (`liveMs`) and the tool of the call it
 * served, and the LiveAPI objects alive (made and not yet `freepeer`ed) in
 * `stats.liveApiObjects`.
 */
function createRunMeter(stats) {
  stats.longestRun = { requests: 0, ms: 0, liveMs: 0, tool: null };
  stats.liveApiObjects = 0;
  stats.liveApiObjectsPeak = 0;
  let current = null;
  return {
    get tool() { return current ? current.tool : null; },
    request() { if (current) current.requests += 1; },
    inLive(fn) {
      const started = performance.now();
      try { return fn(); } finally { if (current) current.liveMs += performance.now() - started; }
    },
    created() { stats.liveApiObjects += 1; stats.liveApiObjectsPeak = Math.max(stats.liveApiObjectsPeak, stats.liveApiObjects); },
    freed() { stats.liveApiObjects -= 1; },
    run(tool, fn) {
      if (current) return fn(); // nested (a Task executed from a handler): one run
      current = { tool, requests: 0, liveMs: 0 };
      const started = performance.now();
      try {
        return fn();
      } finally {
        const ms = performance.now() - started;
        const { requests, liveMs } = current;
        current = null;
        const top = stats.longestRun;
        if (requests > top.requests || (requests === top.requests && ms > top.ms)) stats.longestRun = { requests, ms, liveMs, tool };
      }
    },
    reset() { stats.longestRun = { requests: 0, ms: 0, liveMs: 0, tool: null }; stats.liveApiObjectsPeak = stats.liveApiObjects; },
  };
}

// The tool a request message carries: its envelope starts `{"tool":"name"` in the first chunk.
function toolOf(args) {
  const first = args[1];
  const m = typeof first === "string" ? /^\{"tool":"([^"]*)"/.exec(first) : null;
  return m ? m[1] : null;
}
