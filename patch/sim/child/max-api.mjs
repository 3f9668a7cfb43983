// The max-api module as node.script provides it (docs/design/max-host.md §4.1), over IPC
// to the simulator's node.script box. outlet() resolves after delivery into the patch and
// rejects when the box stopped or the message broke Max's limits.

export const MESSAGE_TYPES = Object.freeze({ ALL: "all", BANG: "bang", DICT: "dict", LIST: "list", NUMBER: "number" });
export const POST_LEVELS = Object.freeze({ ERROR: "error", INFO: "info", WARN: "warn" });
export const MAX_ENV = Object.freeze({ MAX: "max", LIVE: "live", STANDALONE: "standalone" });

const handlers = new Map();
const waiting = new Map();
let seq = 0;

function request(message) {
  return new Promise((resolve, reject) => {
    const id = ++seq;
    waiting.set(id, { resolve, reject });
    process.send({ ...message, seq: id }, (e) => { if (e) { waiting.delete(id); reject(e); } });
  });
}

function dispatch(atoms, dict) {
  let selector = atoms[0];
  let args = atoms.slice(1);
  if (typeof selector === "number") { args = atoms; selector = atoms.length > 1 ? MESSAGE_TYPES.LIST : MESSAGE_TYPES.NUMBER; }
  if (selector === "dictionary" && dict !== undefined) { selector = MESSAGE_TYPES.DICT; args = [dict]; }
  const specific = handlers.get(selector) ?? [];
  const all = handlers.get(MESSAGE_TYPES.ALL) ?? [];
  const run = (fn, a) => {
    try {
      const r = fn(...a);
      if (r && typeof r.catch === "function") r.catch((e) => post(`handler ${selector}: ${e && e.stack ? e.stack : e}`, POST_LEVELS.ERROR));
    } catch (e) { post(`handler ${selector}: ${e && e.stack ? e.stack : e}`, POST_LEVELS.ERROR); }
  };
  for (const fn of specific) run(fn, args);
  for (const fn of all) run(fn, [specific.length > 0, selector, ...args]);
  if (specific.length === 0 && all.length === 0) process.send({ t: "dropped", selector });
}

// node.script's process ends with its box; an orphan must not outlive the simulator.
process.on("disconnect", () => process.exit(0));

process.on("message", (m) => {
  if (m.t === "msg") dispatch(m.atoms, m.dict);
  else if (m.t === "reply") {
    const w = waiting.get(m.seq);
    if (!w) return;
    waiting.delete(m.seq);
    if (m.error) w.reject(new Error(m.error)); else w.resolve(m.value);
  }
});

export function addHandler(selector, fn) { handlers.set(selector, [...(handlers.get(selector) ?? []), fn]); }
export function addHandlers(map) { for (const [k, fn] of Object.entries(map)) addHandler(k, fn); }
export function removeHandler(selector, fn) { handlers.set(selector, (handlers.get(selector) ?? []).filter((f) => f !== fn)); }
export function removeHandlers(selector) { if (selector === undefined) handlers.clear(); else handlers.delete(selector); }

function flatten(args) {
  const atoms = [];
  for (const a of args) {
    for (const x of Array.isArray(a) ? a : [a]) {
      if (typeof x === "string" || typeof x === "number") atoms.push(x);
      else if (typeof x === "boolean") atoms.push(x ? 1 : 0);
      else throw new TypeError(`outlet: ${Array.isArray(x) ? "nested array" : x === null ? "null" : typeof x} is not an atom`);
    }
  }
  return atoms;
}

export function outlet(...args) {
  let atoms;
  try { atoms = flatten(args); } catch (e) { return Promise.reject(e); }
  return request({ t: "outlet", atoms });
}
export function outletBang() { return outlet("bang"); }
export function post(...args) {
  let level = POST_LEVELS.INFO;
  if (args.length > 1 && Object.values(POST_LEVELS).includes(args.at(-1))) level = args.pop();
  return request({ t: "post", level, text: args.map(String).join(" ") });
}
export function getDict(name) { return request({ t: "dict", op: "get", name }); }
export function setDict(name, value) { return request({ t: "dict", op: "set", name, value }); }
export function updateDict(name, path, value) { return request({ t: "dict", op: "update", name, path, value }); }

export default {
  MESSAGE_TYPES, POST_LEVELS, MAX_ENV, addHandler, addHandlers, removeHandler, removeHandlers,
  outlet, outletBang, post, getDict, setDict, updateDict,
};
