// The simulated Max objects of the patch (docs/design/max-host.md §5.2) and patch
// validation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadPatcher } from "../patcher.mjs";
import { createAccounting, seededRandom } from "../limits.mjs";
import { createConsole } from "../console.mjs";

let n = 0;
const obj = (text, numinlets, numoutlets, extra = {}) => ({ box: { id: `obj-${++n}`, maxclass: "newobj", text, numinlets, numoutlets, ...extra } });
const msg = (text) => ({ box: { id: `obj-${++n}`, maxclass: "message", text, numinlets: 2, numoutlets: 1 } });
const line = (a, o, b, i) => ({ patchline: { source: [a.box.id, o], destination: [b.box.id, i] } });

/** A patch whose probe objects record what reaches them (a `print` stand-in via the console). */
function run(boxes, lines, seed = 1) {
  const maxConsole = createConsole();
  const patch = loadPatcher({ patcher: { boxes, lines } }, {
    special: { console: maxConsole, isReady: () => true }, accounting: createAccounting(), random: seededRandom(seed), instancePrefix: "001",
  });
  return { patch, printed: () => maxConsole.lines.map((l) => l.text) };
}

test("trigger fires right to left with its types", () => {
  const src = msg("5");
  const t = obj("t b i s foo", 1, 4);
  const p = obj("print p", 1, 0);
  const { patch, printed } = run([src, t, p], [line(src, 0, t, 0), ...[0, 1, 2, 3].map((o) => line(t, o, p, 0))]);
  patch.objects.get(src.box.id).object.receive(0, ["bang"]);
  assert.deepEqual(printed(), ["foo", "symbol", "5", "bang"]);
});

test("route strips the match, routepass keeps it, no match goes out the last outlet", () => {
  const r = obj("route status token", 3, 3);
  const rp = obj("routepass mcp_request", 2, 2);
  const p = [0, 1, 2].map((i) => obj(`print r${i}`, 1, 0));
  const q = [0, 1].map((i) => obj(`print q${i}`, 1, 0));
  const { patch, printed } = run([r, rp, ...p, ...q], [...p.map((b, i) => line(r, i, b, 0)), ...q.map((b, i) => line(rp, i, b, 0))]);
  const R = patch.objects.get(r.box.id).object;
  const RP = patch.objects.get(rp.box.id).object;
  R.receive(0, ["status", "running", 1]);
  R.receive(0, ["token"]);
  R.receive(0, ["other", 2]);
  RP.receive(0, ["mcp_request", 1, "{}"]);
  RP.receive(0, ["status", "x"]);
  assert.deepEqual(printed(), ["running 1", "bang", "other 2", "mcp_request 1 {}", "status x"]);
});

test("pack outputs on a bang or the left inlet; a symbol first acts as the selector", () => {
  const pk = obj("pack script start port 3350", 4, 1);
  const p = obj("print p", 1, 0);
  const { patch, printed } = run([pk, p], [line(pk, 0, p, 0)]);
  const P = patch.objects.get(pk.box.id).object;
  P.receive(3, [0]);
  P.receive(0, ["bang"]);
  assert.deepEqual(printed(), ["script start port 0"]);
});

test("onebang passes one bang until re-armed", () => {
  const ob = obj("onebang 1", 2, 2);
  const a = obj("print a", 1, 0);
  const b = obj("print b", 1, 0);
  const { patch, printed } = run([ob, a, b], [line(ob, 0, a, 0), line(ob, 1, b, 0)]);
  const O = patch.objects.get(ob.box.id).object;
  O.receive(0, ["bang"]); O.receive(0, ["bang"]); O.receive(1, ["bang"]); O.receive(0, ["bang"]);
  assert.deepEqual(printed(), ["bang", "bang", "bang"].map((x) => x));
  assert.equal(printed().length, 3);
});

test("message boxes substitute $1, split on commas and re-parse numbers; the right inlet sets", () => {
  const m = msg("timeout $1, x 1.50");
  const p = obj("print p", 1, 0);
  const { patch, printed } = run([m, p], [line(m, 0, p, 0)]);
  const M = patch.objects.get(m.box.id).object;
  M.receive(0, [12]);
  M.receive(1, ["new", "content"]);
  assert.equal(M.content, "new content");
  assert.deepEqual(printed(), ["timeout 12", "x 1.5"]); // 1.50 became the number 1.5: chunks never go through here
});

test("pattr outputs its restored value once loaded, a bang repeats it, set stores silently", () => {
  const pa = obj("pattr token", 1, 3, { varname: "token", restore: ["abc"] });
  const quiet = obj("pattr q @autorestore 0", 1, 3, { varname: "q", restore: ["x"] });
  const p = obj("print p", 1, 0);
  const { patch, printed } = run([pa, quiet, p], [line(pa, 0, p, 0), line(quiet, 0, p, 0)]);
  const P = patch.objects.get(pa.box.id).object;
  P.receive(0, ["set", "def"]);
  P.receive(0, ["bang"]);
  P.receive(0, ["ghi"]);
  assert.deepEqual(printed(), ["abc", "def", "ghi"]);
  assert.equal(P.value, "ghi");
});

test("a parameter-mode pattr starts from the Live Set's saved value", () => {
  const pa = obj("pattr token", 1, 3, { varname: "token", restore: ["null"], saved_object_attributes: { parameter_enable: 1 } });
  const p = obj("print p", 1, 0);
  const maxConsole = createConsole();
  loadPatcher({ patcher: { boxes: [pa, p], lines: [line(pa, 0, p, 0)] } }, {
    special: { console: maxConsole, savedParameter: (name) => ({ token: "saved" })[name] },
    accounting: createAccounting(), random: seededRandom(1), instancePrefix: "001",
  });
  assert.deepEqual(maxConsole.lines.map((l) => l.text), ["saved"]);
});

test("send/receive with --- names are local to the device instance", () => {
  const s = obj("s ---x", 1, 0);
  const r = obj("r ---x", 0, 1);
  const p = obj("print p", 1, 0);
  const { patch, printed } = run([s, r, p], [line(r, 0, p, 0)]);
  patch.objects.get(s.box.id).object.receive(0, ["hello"]);
  assert.deepEqual(printed(), ["hello"]);
});

test("wrong inlet/outlet counts, bad lines and unknown objects fail the load", () => {
  assert.throws(() => run([obj("t b b", 1, 3)], []), /saved with 1 inlets\/3 outlets but has 1\/2/);
  const a = obj("t b", 1, 1);
  const b = obj("print p", 1, 0);
  assert.throws(() => run([a, b], [line(a, 1, b, 0)]), /has no outlet 1/);
  assert.throws(() => run([a, b], [line(a, 0, b, 1)]), /has no inlet 1/);
  assert.throws(() => run([obj("zl.reg", 2, 2)], []), /"zl.reg" is not simulated/);
});

test("fan-out order from one outlet is shuffled by the seed", () => {
  const orders = new Set();
  for (let seed = 1; seed < 12; seed++) {
    const m = msg("x");
    const ps = [0, 1, 2].map((i) => obj(`print p${i}`, 1, 0));
    const maxConsole = createConsole();
    const patch = loadPatcher({ patcher: { boxes: [m, ...ps], lines: ps.map((p) => line(m, 0, p, 0)) } }, {
      special: { console: maxConsole }, accounting: createAccounting(), random: seededRandom(seed), instancePrefix: "001",
    });
    patch.objects.get(m.box.id).object.receive(0, ["bang"]);
    orders.add(maxConsole.lines.map((l) => l.source).join(","));
  }
  assert.ok(orders.size > 1, "all seeds gave the same order");
});

test("gate passes its right inlet only while an outlet is open", () => {
  const g = obj("gate 1", 2, 1);
  const p = obj("print g", 1, 0);
  const { patch, printed } = run([g, p], [line(g, 0, p, 0)]);
  const G = patch.objects.get(g.box.id).object;
  G.receive(1, ["lost", 1]);
  G.receive(0, [1]);
  G.receive(1, ["passed", 2]);
  G.receive(0, [0]);
  G.receive(1, ["lost", 3]);
  assert.deepEqual(printed(), ["passed 2"]);
});

test("prepend puts its arguments first; live.comment and textedit take set", () => {
  const pre = obj("prepend set", 1, 1);
  const comment = { box: { id: `obj-${++n}`, maxclass: "live.comment", text: "stopped", numinlets: 1, numoutlets: 0, varname: "c" } };
  const edit = { box: { id: `obj-${++n}`, maxclass: "textedit", numinlets: 1, numoutlets: 4, varname: "e" } };
  const p = obj("print e", 1, 0);
  const { patch, printed } = run([pre, comment, edit, p], [line(pre, 0, comment, 0), line(edit, 0, p, 0)]);
  patch.objects.get(pre.box.id).object.receive(0, ["error", "port", "in", "use"]);
  assert.equal(patch.byVarname("c").content, "error port in use");
  const E = patch.byVarname("e");
  E.receive(0, ["set", "a", "b"]);
  assert.deepEqual([E.content, printed()], ["a b", []]);
  E.userTypes("Lead is track 3.");
  E.userTypes("");
  assert.deepEqual(printed(), ["text Lead is track 3.", "text"]);
});

test("midiin plays bytes that reach midiout unchanged; midiout refuses a non-byte", () => {
  const i = obj("midiin", 1, 1);
  const o = obj("midiout", 1, 0);
  const { patch } = run([i, o], [line(i, 0, o, 0)]);
  patch.byClass("midiin")[0].play([0x90, 60, 100, 0x80, 60, 0]);
  assert.deepEqual(patch.byClass("midiout")[0].received, [0x90, 60, 100, 0x80, 60, 0]);
  assert.throws(() => patch.byClass("midiout")[0].receive(0, [300]), /not a MIDI byte/);
});

test("an Int parameter over 256 values fails the load; a Float one of any range loads", () => {
  const numbox = (type, min, max) => ({ box: { id: `obj-${++n}`, maxclass: "live.numbox", varname: "port", numinlets: 1, numoutlets: 2,
    parameter_enable: 1, saved_attribute_attributes: { valueof: { parameter_longname: "Port", parameter_type: type, parameter_mmin: min, parameter_mmax: max } } } });
  assert.throws(() => run([numbox(1, 0, 65535)], []), /Int parameter spans at most 256 values.*0–65535 spans 65536/);
  assert.doesNotThrow(() => run([numbox(1, 3300, 3555)], []));
  const { patch } = run([numbox(0, 0, 65535)], []);
  patch.byVarname("port").userSets(40123);
  assert.equal(patch.byVarname("port").value, 40123);
});
