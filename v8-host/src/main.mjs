// The v8 runtime of the device. Only marshalling: atoms in → core → atoms out, a Live
// host over LiveAPI, Tasks for waits. Every decision is made in core (wasm).
//
// Max globals used: outlet, post, error, Task, LiveAPI. Nothing from Node or the web.

import createGlue from "barline:glue";
import wasmBase64 from "barline:wasm";
import { decodeBase64 } from "./base64.mjs";
import { Utf8Decoder, Utf8Encoder } from "./codec.mjs";
import { createLiveHost } from "./live-host.mjs";
import { jsEngine } from "./js-core.mjs";

const OUT_BRIDGE = 0;
const OUT_STATUS = 1;

const state = {
  ready: false, // live.thisdevice has banged: the Live API may be used
  glue: null,
  core: null,
  module: null,
  engine: null, // WebAssembly, or the JavaScript core's stand-in for it
  form: null, // "wasm" | "js": which form of the core runs
  unsupported: null, // reason when the core cannot run
  queue: [], // requests that arrived before ready
  tasks: new Set(),
  host: null,
  instances: 0,
};

function log(text) { post(`barline: ${text}\n`); }

// Feature detection by typeof only: reading an absent global through typeof is safe.
const Decoder = typeof TextDecoder === "function" ? TextDecoder : Utf8Decoder;
const Encoder = typeof TextEncoder === "function" ? TextEncoder : Utf8Encoder;

// The WebAssembly form when this v8 compiles it, else the same core as JavaScript.
function compile() {
  const started = Date.now();
  if (typeof WebAssembly === "object" && WebAssembly && typeof WebAssembly.Module === "function") {
    try {
      const bytes = decodeBase64(wasmBase64);
      state.module = new WebAssembly.Module(bytes); // synchronous: async instantiation may never settle in Max
      state.engine = WebAssembly;
      state.form = "wasm";
      log(`wasm: ok, ${bytes.length} bytes, ${Date.now() - started} ms`);
      return;
    } catch (e) {
      log(`wasm: refused (${e && e.message ? e.message : e}); using the JavaScript core`);
    }
  } else {
    log("wasm: not available in this v8; using the JavaScript core");
  }
  state.engine = jsEngine();
  state.module = new state.engine.Module();
  state.form = "js";
}

// A fresh glue closure and instance: after a trap the old instance is unusable.
function instantiate() {
  // Detach the old core from its glue's FinalizationRegistry: freeing it later would run
  // code in the trapped instance.
  if (state.core && typeof state.core.__destroy_into_raw === "function") {
    try { state.core.__destroy_into_raw(); } catch { /* the old instance is gone anyway */ }
  }
  state.glue = createGlue(Decoder, Encoder, state.engine);
  state.glue.initSync({ module: state.module });
  state.core = new state.glue.V8Core(state.host);
  state.instances += 1;
}

function send(atoms) { outlet(OUT_BRIDGE, atoms); }

function status(...atoms) { outlet(OUT_STATUS, ["status", ...atoms]); }

// Status-outlet messages from the core: `console <line>` is written to the Max console
// (raw-live-api, the Live version check), everything else (`update_memory <text>`,
// `status <text>`) goes to the patch.
function emit(messages) {
  for (const message of messages ?? []) {
    if (message[0] === "console") log(message.slice(1).join(" "));
    else outlet(OUT_STATUS, message);
  }
}

function step(result) {
  // Messages go first, so the patch has stored them before the response reaches node.
  emit(result.messages);
  if (result.kind === "respond") send(result.atoms);
  else if (result.kind === "wait") {
    const token = result.token;
    const task = new Task(() => {
      state.tasks.delete(task);
      task.freepeer();
      guarded(null, () => step(state.core.resume(token)));
    });
    state.tasks.add(task);
    task.schedule(result.ms);
  } else error(`barline: ${result.message}\n`);
}

// Runs a core call; if the wasm traps, answers the request with INTERNAL from a fresh instance.
function guarded(atoms, fn) {
  try {
    fn();
  } catch (e) {
    const message = `the WebAssembly module failed (${e && e.message ? e.message : e}); a fresh instance was created`;
    error(`barline: ${message}\n`);
    try {
      instantiate();
      if (atoms) {
        const id = state.glue.requestIdOf(atoms);
        if (id >= 0) send(state.glue.internalResponse(id, message));
      }
    } catch (e2) {
      state.unsupported = `re-instantiation failed: ${e2 && e2.message ? e2.message : e2}`;
      status("error", state.unsupported);
    }
  }
}

function handle(atoms) {
  if (state.unsupported) {
    // No core to frame with: node answers UNSUPPORTED itself for this request id.
    send(["mcp_unsupported", atoms[1], state.unsupported]);
    return;
  }
  guarded(atoms, () => step(state.core.handle(atoms)));
}

export function ready() {
  if (state.ready) return; // live.thisdevice re-bangs on save and preset load
  state.ready = true;
  try {
    state.host = createLiveHost(LiveAPI);
    const started = Date.now();
    compile();
    instantiate();
    log(`core: ${state.form === "wasm" ? "WebAssembly" : "JavaScript"}, ready in ${Date.now() - started} ms`);
    status("ready", state.form === "wasm" ? "(WebAssembly)" : "(JavaScript)");
    // The core reads Live's version now; on a Live it does not support, the status says so.
    guarded(null, () => emit(state.core.start()));
  } catch (e) {
    state.unsupported = String(e && e.message ? e.message : e);
    error(`barline: ${state.unsupported}; every tool call is answered UNSUPPORTED\n`);
    status("unsupported", state.unsupported);
  }
  const queued = state.queue;
  state.queue = [];
  for (const atoms of queued) handle(atoms);
}

export function request(atoms) {
  if (!state.ready) state.queue.push(atoms);
  else handle(atoms);
}

// The memory text a user typed (textedit's `text …`), sent on as the AI's writes are,
// so a text that is also a Max message (`bang`, `set …`) is stored as text; an empty
// field clears the memory.
export function typedMemory(atoms) {
  outlet(OUT_STATUS, ["update_memory", ...(atoms.length ? atoms : ["null"])]);
}

// `mcp_cancel <requestId>` from node.script: the client cancelled that call. One still
// queued behind another is answered CANCELLED at its turn; a started one finishes.
export function cancel(atoms) {
  if (!state.ready || state.unsupported) return;
  guarded(null, () => state.core.cancel(Number(atoms[0])));
}

export function unknown(selector) {
  error(`barline: no handler for message ${selector}\n`);
}

export function info() {
  return { ready: state.ready, instances: state.instances, pending: state.tasks.size,
    pool: state.host ? state.host.poolSize() : 0, unsupported: state.unsupported, form: state.form };
}
