// The Max objects the device uses (docs/design/max-host.md §5.2), as simulated boxes.
// Each has numinlets/numoutlets computed from its text, and receive(inlet, atoms). Any
// other object makes the load fail.
import { parseAtom, parseMessages, tokenize } from "./atoms.mjs";

const isBang = (atoms) => atoms.length === 1 && atoms[0] === "bang";

function messageBox(box, { send }) {
  let content = parseMessages(box.text ?? "");
  return {
    numinlets: 2, numoutlets: 1,
    get content() { return content.map((m) => m.join(" ")).join(", "); },
    receive(inlet, atoms) {
      if (inlet === 1) { content = [atoms.map(String)]; return; }
      if (atoms[0] === "set") { content = [atoms.slice(1).map(String)]; return; }
      const input = isBang(atoms) ? [] : atoms;
      for (const m of content) {
        send(0, m.map((t) => {
          const d = /^\$(\d)$/.exec(t);
          return d ? (input[Number(d[1]) - 1] ?? 0) : parseAtom(t);
        }));
      }
    },
  };
}

function trigger(args, { send }) {
  const kinds = args.length ? args : ["b", "b"];
  return {
    numinlets: 1, numoutlets: kinds.length,
    outlettype: kinds.map((k) => ({ b: "bang", i: "int", f: "float", l: "", s: "", a: "" }[k] ?? String(k))),
    receive(_inlet, atoms) {
      for (let i = kinds.length - 1; i >= 0; i--) {
        const k = kinds[i];
        const first = atoms[0];
        if (k === "b") send(i, ["bang"]);
        else if (k === "i") send(i, [typeof first === "number" ? Math.trunc(first) : 0]);
        else if (k === "f") send(i, [typeof first === "number" ? first : 0]);
        else if (k === "l" || k === "a") send(i, atoms);
        else if (k === "s") send(i, typeof first === "string" ? [first] : ["symbol"]);
        else send(i, [k]);
      }
    },
  };
}

function route(args, { send }, pass) {
  const keys = [...args];
  return {
    numinlets: keys.length + 1, numoutlets: keys.length + 1,
    receive(inlet, atoms) {
      if (inlet > 0) { keys[inlet - 1] = atoms[0]; return; }
      const i = keys.findIndex((k) => k === atoms[0]);
      if (i < 0) return send(keys.length, atoms);
      if (pass) return send(i, atoms);
      const rest = atoms.slice(1);
      send(i, rest.length ? rest : ["bang"]);
    },
  };
}

function pack(args, { send }) {
  const values = args.length ? [...args] : [0, 0];
  return {
    numinlets: values.length, numoutlets: 1,
    receive(inlet, atoms) {
      if (inlet === 0 && isBang(atoms)) return send(0, [...values]);
      values[inlet] = atoms[0];
      if (inlet === 0) send(0, [...values]);
    },
  };
}

function onebang(args, { send }) {
  let armed = Number(args[0] ?? 0) !== 0;
  return {
    numinlets: 2, numoutlets: 2,
    receive(inlet) {
      if (inlet === 1) { armed = true; return; }
      if (armed) { armed = false; send(0, ["bang"]); } else send(1, ["bang"]);
    },
  };
}

function liveThisdevice({ send }, device) {
  return {
    numinlets: 1, numoutlets: 3,
    receive(_inlet, atoms) { if (device.isReady() && ["bang", "loadbang", "getstate"].includes(atoms[0])) send(0, ["bang"]); },
    ready() { send(1, [1]); send(0, ["bang"]); },
  };
}

/** In Max for Live an Int parameter spans at most 256 values (docs/design/max-host.md §5.2). */
export const MAX_INT_PARAMETER_VALUES = 256;

function liveParameter(box, { send }, numoutlets) {
  const valueof = box.saved_attribute_attributes?.valueof ?? {};
  const min = valueof.parameter_mmin ?? 0;
  const max = valueof.parameter_mmax ?? 127;
  if (box.parameter_enable && valueof.parameter_type === 1 && max - min + 1 > MAX_INT_PARAMETER_VALUES) {
    throw new Error(`${box.id} (${box.maxclass} ${valueof.parameter_longname ?? box.varname}): an Int parameter spans at most `
      + `${MAX_INT_PARAMETER_VALUES} values in Max for Live, ${min}–${max} spans ${max - min + 1}; Live would clamp it. `
      + "Use a Float parameter shown as an integer (parameter_type 0, parameter_unitstyle 0) or a 256-value window.");
  }
  let value = valueof.parameter_initial?.[0] ?? min;
  // Types 1 (int) and 2 (enum, e.g. live.toggle off/on) hold whole numbers.
  const clamp = (x) => Math.min(max, Math.max(min, [1, 2].includes(valueof.parameter_type) ? Math.round(x) : x));
  return {
    numinlets: 1, numoutlets,
    get value() { return value; },
    receive(_inlet, atoms) {
      if (atoms[0] === "set") { value = clamp(Number(atoms[1])); return; }
      if (isBang(atoms)) return send(0, [value]);
      if (typeof atoms[0] === "number") { value = clamp(atoms[0]); send(0, [value]); }
    },
    /** The user sets the value (Live's UI): the object outputs it. */
    userSets(x) { value = clamp(Number(x)); send(0, [value]); },
  };
}

/**
 * pattr holding its own data (no bindto). The value starts as the Live Set's saved
 * parameter value (parameter mode), else the patcher's `restore`; with autorestore (the
 * default) it is output once the patch is loaded. A bang outputs it; `set` stores without
 * output; anything else stores and outputs. Only the left (data) outlet is modelled.
 */
function pattr(box, text, { send }, saved) {
  let value = saved !== undefined ? [saved].flat() : [...(box.restore ?? [])];
  const output = () => { if (value.length) send(0, [...value]); };
  return {
    numinlets: 1, numoutlets: 3,
    get value() { return value.length === 1 ? value[0] : [...value]; },
    receive(_inlet, atoms) {
      if (isBang(atoms)) return output();
      if (atoms[0] === "set") { value = atoms.slice(1); return; }
      value = [...atoms];
      output();
    },
    restore() { if (!/@autorestore\s+0\b/.test(text)) output(); },
  };
}

/**
 * textedit: `set …` and `clear` change the text without output; a bang outputs it; the
 * user typing (and pressing Enter) outputs `text <the text>` (outputmode 1: one symbol).
 * Only the left outlet is modelled.
 */
function textedit(box, { send }) {
  let text = box.text ?? "";
  const output = () => send(0, text === "" ? ["text"] : ["text", text]);
  return {
    numinlets: 1, numoutlets: 4,
    get content() { return text; },
    receive(_inlet, atoms) {
      if (atoms[0] === "set") text = atoms.slice(1).join(" ");
      else if (atoms[0] === "clear") text = "";
      else if (atoms[0] === "append") text = [text, ...atoms.slice(1)].filter((t) => t !== "").join(" ");
      else if (isBang(atoms)) output();
      else text = atoms.join(" ");
    },
    userTypes(t) {
      if (box.readonly) throw new Error(`${box.id}: textedit ${box.varname ?? ""} is read-only; a user cannot type into it`);
      text = String(t);
      output();
    },
  };
}

/** live.comment: shows its text; `set …` replaces it (Live's theme colours are not modelled). */
function liveComment(box) {
  let text = box.text ?? "";
  const waiters = []; // [pattern, resolve]: whenContent() promises
  return {
    numinlets: 1, numoutlets: 0,
    get content() { return text; },
    receive(_inlet, atoms) {
      if (atoms[0] !== "set") return;
      text = atoms.slice(1).join(" ");
      for (const [i, [pattern, resolve]] of [...waiters.entries()].reverse()) {
        if (pattern.test(text)) { waiters.splice(i, 1); resolve(text); }
      }
    },
    /** Resolves with the text once it matches `pattern` (at once if it does now). */
    whenContent(pattern) {
      if (pattern.test(text)) return Promise.resolve(text);
      return new Promise((resolve) => waiters.push([pattern, resolve]));
    },
  };
}

/** delay: a bang (or a number of ms) schedules one bang out; another restarts it; `stop` cancels. */
function delayObject(args, { send }, scheduler) {
  let ms = Number(args[0] ?? 0);
  let timer = null;
  const cancel = () => { if (timer !== null) scheduler.clearTimer(timer); timer = null; };
  return {
    numinlets: 2, numoutlets: 1,
    receive(inlet, atoms) {
      if (inlet === 1) { ms = Number(atoms[0]); return; }
      if (atoms[0] === "stop") return cancel();
      if (typeof atoms[0] === "number") ms = atoms[0];
      cancel();
      timer = scheduler.setTimer(() => { timer = null; send(0, ["bang"]); }, ms, false);
    },
  };
}

/** live.drop: a file or folder dropped on it outputs its path on the left outlet; `clear` forgets it. */
function liveDrop(box, { send }) {
  let path = "";
  return {
    numinlets: 1, numoutlets: 2,
    get value() { return path; },
    receive(_inlet, atoms) {
      if (atoms[0] === "set") path = atoms.slice(1).join(" ");
      else if (atoms[0] === "clear") path = "";
      else if (isBang(atoms) && path) send(0, [path]);
    },
    userDrops(p) { path = String(p); send(0, [path]); },
  };
}

/** gate N [open]: the left inlet picks the open outlet (0 closes); the right inlet passes. */
function gate(args, { send }) {
  const outlets = Math.max(1, Number(args[0] ?? 1));
  let open = Number(args[1] ?? 0);
  return {
    numinlets: 2, numoutlets: outlets,
    get open() { return open; },
    receive(inlet, atoms) {
      if (inlet === 0) {
        if (typeof atoms[0] === "number") open = Math.max(0, Math.min(outlets, Math.trunc(atoms[0])));
        return;
      }
      if (open > 0) send(open - 1, atoms);
    },
  };
}

/**
 * midiin / midiout: Live's MIDI for this device, one byte per int message. The simulator
 * plays bytes into `midiin` (`play`) and records what reaches `midiout` (`received`).
 */
function midiin({ send }) {
  return { numinlets: 1, numoutlets: 1, receive() {}, play(bytes) { for (const b of bytes) send(0, [b]); } };
}
function midiout() {
  const received = [];
  return {
    numinlets: 1, numoutlets: 0, received,
    receive(_inlet, atoms) {
      for (const a of atoms) {
        if (!Number.isInteger(a) || a < 0 || a > 255) throw new Error(`midiout: ${JSON.stringify(a)} is not a MIDI byte`);
        received.push(a);
      }
    },
  };
}

function sendObject(args, ctx) {
  return { numinlets: 1, numoutlets: 0, receive(_i, atoms) { ctx.broadcast(ctx.localName(args[0]), atoms); } };
}

function receiveObject(args, ctx) {
  const o = { numinlets: 0, numoutlets: 1, receive() {} };
  ctx.listen(ctx.localName(args[0]), (atoms) => ctx.send(0, atoms));
  return o;
}

/**
 * Creates the simulated object of a box. `special` builds the two runtime boxes (v8,
 * node.script) and knows the device state (ready).
 */
export function createObject(box, ctx, special) {
  switch (box.maxclass) {
    case "message": return messageBox(box, ctx);
    case "comment": case "panel": return { numinlets: 1, numoutlets: 0, receive() {} };
    case "live.numbox": return liveParameter(box, ctx, 2);
    case "live.text": return liveParameter(box, ctx, 2);
    case "live.toggle": return liveParameter(box, ctx, 1);
    case "live.tab": return liveParameter(box, ctx, 3);
    case "live.comment": return liveComment(box);
    case "live.drop": return liveDrop(box, ctx);
    case "textedit": return textedit(box, ctx);
    case "newobj": break;
    default: throw new Error(`${box.id}: maxclass ${box.maxclass} is not simulated`);
  }
  const [cls, ...rest] = tokenize(box.text);
  const args = rest.filter((_, i) => !rest.slice(0, i + 1).some((t) => t.startsWith("@"))).map(parseAtom);
  switch (cls) {
    case "t": case "trigger": return trigger(args, ctx);
    case "route": return route(args, ctx, false);
    case "routepass": return route(args, ctx, true);
    case "pack": return pack(args, ctx);
    case "onebang": return onebang(args, ctx);
    case "delay": return delayObject(args, ctx, special.scheduler);
    case "gate": return gate(args, ctx);
    case "prepend": return { numinlets: 1, numoutlets: 1, receive(_i, atoms) { ctx.send(0, [...args, ...atoms]); } };
    case "midiin": return midiin(ctx);
    case "midiout": return midiout();
    case "live.thisdevice": return liveThisdevice(ctx, special);
    case "s": case "send": return sendObject(args, ctx);
    case "r": case "receive": return receiveObject(args, ctx);
    case "print": return { numinlets: 1, numoutlets: 0, receive(_i, atoms) { special.console.post(`print ${args[0] ?? "print"}`, [`${atoms.join(" ")}\n`]); } };
    case "pattr": return pattr(box, box.text, ctx, box.saved_object_attributes?.parameter_enable ? special.savedParameter?.(box.varname) : undefined);
    case "thispatcher": return { numinlets: 1, numoutlets: 2, receive() {} };
    case "v8": return special.createV8(box, args, ctx);
    case "node.script": return special.createNodeScript(box, args, ctx);
    default: throw new Error(`${box.id}: object "${cls}" is not simulated (the device may only use the objects of docs/design/max-host.md §5.2)`);
  }
}
