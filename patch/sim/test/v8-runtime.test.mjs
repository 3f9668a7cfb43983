// The simulated v8 object on small scripts: dispatch, outlet conversion, limits, Task,
// profiles and readiness (docs/design/max-host.md §6.1).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createV8Object } from "../v8-runtime.mjs";
import { createConsole } from "../console.mjs";
import { createAccounting, MaxLimitError } from "../limits.mjs";
import { createScheduler } from "../scheduler.mjs";
import { createLiveApiClass } from "../live-api.mjs";
import { createStandinLiveSet } from "./standin-live.mjs";

function v8(source, { profile = "max-9.0", wasm = "sync-only", ready = () => true, searchPath = [], manual = false } = {}) {
  const out = [];
  const maxConsole = createConsole();
  const accounting = createAccounting();
  const scheduler = createScheduler({ manual });
  const obj = createV8Object({
    profile, wasm, source, filename: "t.js", scheduler, console: maxConsole, accounting, searchPath,
    onOutlet: (n, atoms) => out.push([n, ...atoms]),
    makeLiveAPI: (toContextArray) => createLiveApiClass({
      FakeLiveAPI: createStandinLiveSet().LiveAPI, isReady: ready, accounting, toContextArray,
      post: (...a) => maxConsole.post("LiveAPI", a), error: (...a) => maxConsole.error("LiveAPI", a),
    }),
  });
  return { obj, out, maxConsole, accounting, scheduler };
}

test("messages dispatch to functions, reserved handlers and anything", () => {
  const { obj, out, maxConsole } = v8(`outlets = 1;
    function foo(a, b) { outlet(0, "foo", a, b, inlet); }
    function bang() { outlet(0, "b"); }
    function msg_int(n) { outlet(0, "int", n, messagename); }
    function list() { outlet(0, "list", arrayfromargs(arguments)); }
    function anything() { outlet(0, "any", messagename, arrayfromargs(arguments)); }`);
  obj.dispatch(0, ["foo", 1, 2]);
  obj.dispatch(0, ["bang"]);
  obj.dispatch(0, [7]);
  obj.dispatch(0, [2.9]); // no msg_float: truncated into msg_int
  obj.dispatch(0, [1, 2, 3]);
  obj.dispatch(0, ["zap", "x", 1]);
  assert.deepEqual(out, [[0, "foo", 1, 2, 0], [0, "b"], [0, "int", 7, "int"], [0, "int", 2, "float"],
    [0, "list", 1, 2, 3], [0, "any", "zap", "x", 1]]);
  assert.deepEqual(maxConsole.errors(), []);
});

test("a message without handler posts one error; exceptions stay in the console", () => {
  const { obj, maxConsole } = v8("function boom() { throw new Error('bad'); }");
  obj.dispatch(0, ["nothing"]);
  obj.dispatch(0, ["boom"]);
  assert.equal(maxConsole.errors().length, 2);
  assert.match(maxConsole.errors()[0], /no function nothing/);
  assert.match(maxConsole.errors()[1], /bad/);
});

test("outlet refuses bad outlets and non-atoms, unrolls arrays one level", () => {
  const { obj, out, maxConsole } = v8(`outlets = 2;
    function go() { outlet(2, "x"); outlet(0, null); outlet(0, [[1]]); outlet(1, ["a", 1], true); }`);
  obj.dispatch(0, ["go"]);
  assert.deepEqual(out, [[1, "a", 1, 1]]);
  assert.equal(maxConsole.errors().length, 3);
  assert.equal(obj.stats.outletErrors, 3);
});

test("a symbol over 32,767 bytes or a message over 32,000 atoms fails loudly", () => {
  const { obj, accounting } = v8(`function big() { outlet(0, "é".repeat(17000)); }
    function many() { outlet(0, new Array(32001).fill(1)); }`);
  assert.throws(() => obj.dispatch(0, ["big"]), MaxLimitError);
  assert.throws(() => obj.dispatch(0, ["many"]), MaxLimitError);
  assert.equal(accounting.violations.length, 2);
  assert.match(accounting.violations[0], /34000 UTF-8 bytes/);
});

test("import/export are syntax errors: the script is classic", () => {
  assert.throws(() => v8("export function f() {}"), SyntaxError);
});

test("profiles expose exactly their globals", () => {
  const a = v8("").obj;
  const b = v8("", { profile: "max-9.2" }).obj;
  for (const name of ["console", "setTimeout", "setInterval", "setImmediate", "queueMicrotask", "TextEncoder", "TextDecoder"]) {
    assert.equal(a.typeofGlobal(name), "undefined", name);
    assert.notEqual(b.typeofGlobal(name), "undefined", name);
  }
  for (const o of [a, b]) {
    for (const name of ["process", "fetch", "URL", "atob", "btoa", "structuredClone", "performance"]) {
      assert.equal(o.typeofGlobal(name), "undefined", name);
    }
    for (const name of ["post", "error", "outlet", "Task", "Dict", "LiveAPI", "File", "arrayfromargs", "require"]) {
      assert.equal(o.typeofGlobal(name), "function", name);
    }
    assert.equal(o.typeofGlobal("[].toSorted"), "undefined");
  }
});

test("WebAssembly modes: sync-only never settles async instantiation; absent removes it", async () => {
  const sync = v8("").obj;
  assert.equal(sync.typeofGlobal("WebAssembly.Module"), "function");
  const go = `function go() {
    WebAssembly.compile(new Uint8Array([0,97,115,109,1,0,0,0])).then(() => outlet(0, "settled")); }`;
  const never = v8(go);
  const full = v8(go, { wasm: "full" });
  // The same compile settles in "full" mode; by the time it has, sync-only has not.
  const settled = new Promise((resolve) => {
    const push = full.out.push.bind(full.out);
    full.out.push = (...items) => { const n = push(...items); resolve(); return n; };
  });
  never.obj.dispatch(0, ["go"]);
  full.obj.dispatch(0, ["go"]);
  await settled;
  assert.deepEqual([...full.out], [[0, "settled"]]);
  assert.deepEqual(never.out, []);
  assert.equal(v8("", { wasm: "absent" }).obj.typeofGlobal("WebAssembly"), "undefined");
});

test("Task.schedule(0) runs later, never synchronously; cancel and freepeer stop it", () => {
  const { obj, out, scheduler } = v8(`var t; var n = 0;
    function go() { t = new Task(function () { n++; outlet(0, "tick", t.iterations); }); t.schedule(0); outlet(0, "after"); }
    function rep() { var r = new Task(function () { outlet(0, "r"); }); r.interval = 5; r.repeat(3); }
    function gone() { var f = new Task(function () { outlet(0, "never"); }); f.schedule(5); f.freepeer(); f.schedule(1); outlet(0, "valid", f.valid); }`,
  { manual: true });
  obj.dispatch(0, ["go"]);
  assert.deepEqual(out, [[0, "after"]]);
  scheduler.advance(0);
  assert.deepEqual(out, [[0, "after"], [0, "tick", 1]]);
  out.length = 0;
  obj.dispatch(0, ["rep"]);
  obj.dispatch(0, ["gone"]);
  scheduler.runUntilIdle();
  assert.deepEqual(out, [[0, "valid", 0], [0, "r"], [0, "r"], [0, "r"]]);
});

test("before the device is ready every LiveAPI has id 0 and get posts an error", () => {
  let ready = false;
  const { obj, out, maxConsole } = v8(`function go() { var a = new LiveAPI("live_set"); outlet(0, String(a.id), a.get("tempo").length); }`,
    { ready: () => ready });
  obj.dispatch(0, ["go"]);
  assert.deepEqual(out, [[0, "0", 0]]);
  assert.ok(maxConsole.errors().length >= 1);
  ready = true;
  obj.dispatch(0, ["go"]);
  assert.deepEqual(out[1], [0, "1", 1]);
});

test("LiveAPI results are arrays of the script's realm and count as symbols", () => {
  const { obj, out, accounting } = v8(`function go() { var a = new LiveAPI("live_set"); var v = a.get("name");
    outlet(0, v instanceof Array ? "realm" : "foreign", v); }`);
  obj.dispatch(0, ["go"]);
  assert.deepEqual(out, [[0, "realm", "Standin"]]);
  assert.ok(accounting.symbols.has("Standin"));
});

test("File finds files on the search path and caps readbytes per call", () => {
  const dir = fileURLToPath(new URL(".", import.meta.url));
  const { obj, out } = v8(`function go(name) { var f = new File(name); var first = f.readbytes(100000);
    outlet(0, f.isopen, f.eof, first.length, f.position, first.length ? first[0] : -1); f.close(); }`, { searchPath: [dir] });
  obj.dispatch(0, ["go", "v8-runtime.test.mjs"]);
  obj.dispatch(0, ["go", "missing.txt"]);
  const size = readFileSync(new URL("./v8-runtime.test.mjs", import.meta.url)).length;
  assert.deepEqual(out, [[0, 1, size, 4096, 4096, "/".charCodeAt(0)], [0, 0, 0, 0, 0, -1]]);
});

test("Dict is a global registry: parse, stringify, nested keys", () => {
  const { obj, out } = v8(`function go() { var a = new Dict("shared"); a.parse('{"x":{"y":1}}'); a.set("x::z", "t");
    var b = new Dict("shared"); outlet(0, b.get("x::y"), b.get("x::z"), b.contains("q"), b.stringify()); }`);
  obj.dispatch(0, ["go"]);
  assert.deepEqual(out, [[0, 1, "t", 0, '{"x":{"y":1,"z":"t"}}']]);
});

test("a manual clock steps Tasks explicitly", () => {
  const out = [];
  const scheduler = createScheduler({ manual: true });
  const obj = createV8Object({
    source: `function go() { var t = new Task(function () { outlet(0, "t", t.iterations); }); t.interval = 100; t.repeat(3, 50); }`,
    filename: "m.js", scheduler, console: createConsole(), accounting: createAccounting(), onOutlet: (n, a) => out.push(a),
    makeLiveAPI: () => function LiveAPI() {},
  });
  obj.dispatch(0, ["go"]);
  scheduler.advance(49);
  assert.deepEqual(out, []);
  scheduler.advance(1);
  assert.deepEqual(out, [["t", 1]]);
  scheduler.runUntilIdle();
  assert.deepEqual(out, [["t", 1], ["t", 2], ["t", 3]]);
  assert.equal(scheduler.now(), 250);
});
