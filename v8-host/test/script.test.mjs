// The built v8 script (dist/device/barline-v8.js) in the simulated v8 object, driven
// message by message: readiness, framing through core, waits, traps, Max globals.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { createV8Object } from "../../patch/sim/v8-runtime.mjs";
import { createConsole } from "../../patch/sim/console.mjs";
import { createAccounting } from "../../patch/sim/limits.mjs";
import { createScheduler } from "../../patch/sim/scheduler.mjs";
import { createLiveApiClass } from "../../patch/sim/live-api.mjs";
import { createStandinLiveSet } from "../../patch/sim/test/standin-live.mjs";
import { loadCore } from "../../node-host/src/core.mjs";

const core = loadCore();
const source = readFileSync(fileURLToPath(new URL("../../dist/device/barline-v8.js", import.meta.url)), "utf8");

function load(profile = "max-9.0") {
  const out = [];
  const maxConsole = createConsole();
  let ready = false;
  let constructed = 0;
  const { LiveAPI } = createStandinLiveSet();
  class Counting extends LiveAPI { constructor(...a) { super(...a); constructed += 1; } }
  const v8 = createV8Object({
    profile, source, filename: "barline-v8.js", scheduler: createScheduler(), console: maxConsole,
    accounting: createAccounting(), onOutlet: (n, atoms) => out.push([n, ...atoms]),
    makeLiveAPI: (toContextArray) => createLiveApiClass({
      FakeLiveAPI: Counting, isReady: () => ready, accounting: createAccounting(), toContextArray,
      post: () => {}, error: (...a) => maxConsole.error("LiveAPI", a),
    }),
  });
  return {
    v8, out, maxConsole,
    setReady() { ready = true; },
    constructed: () => constructed,
    info: () => vm.runInContext("__barline.info()", v8.context),
  };
}

const request = (id, tool, args = {}) => core.frameRequest(id, JSON.stringify({ tool, args, context: {} }));
const responses = (out) => out.filter((m) => m[0] === 0 && m[1] === "mcp_response").map((m) => core.decodeResponse(m.slice(1)));

test("the script declares its box size and handlers as Max expects", () => {
  const { v8 } = load();
  assert.equal(v8.inlets, 1);
  assert.equal(v8.outlets, 2);
  for (const f of ["ready", "mcp_request", "anything"]) assert.equal(v8.typeofGlobal(f), "function");
});

test("requests wait for live.thisdevice; the Live API is not touched before", () => {
  const s = load();
  s.v8.dispatch(0, request(1, "barline-debug-get", { path: "live_set", property: "tempo" }));
  assert.deepEqual(s.out, []);
  assert.equal(s.constructed(), 0);
  s.setReady();
  s.v8.dispatch(0, ["ready"]);
  const [r] = responses(s.out);
  assert.equal(r.requestId, 1);
  assert.deepEqual(JSON.parse(r.resultJson).structuredContent.value, [120]);
  assert.deepEqual(s.out.find((m) => m[0] === 1), [1, "status", "ready", "(WebAssembly)"]);
  s.v8.dispatch(0, ["ready"]); // a re-bang (save, preset load) does not initialise twice
  assert.equal(s.info().instances, 1);
});

for (const profile of ["max-9.0", "max-9.2"]) {
  test(`${profile}: a trap answers INTERNAL from a fresh instance, later calls work, no Node globals used`, () => {
    const s = load(profile);
    s.setReady();
    s.v8.dispatch(0, ["ready"]);
    s.v8.dispatch(0, request(5, "barline-debug-trap"));
    s.v8.dispatch(0, request(6, "barline-debug-echo", { text: "漢𝄞", warnings: ["w"] }));
    const [trap, echo] = responses(s.out);
    assert.equal(trap.requestId, 5);
    assert.equal(JSON.parse(trap.resultJson)._meta["barline/error"].code, "INTERNAL");
    assert.equal(echo.requestId, 6);
    assert.deepEqual(JSON.parse(echo.resultJson).structuredContent, { text: "漢𝄞" });
    assert.deepEqual(echo.warnings, ["w"]);
    assert.equal(s.info().instances, 2);
    assert.deepEqual(s.v8.stats.requireCalls, []);
    assert.equal(s.v8.stats.handlerErrors, 0);
  });
}

test("a wait is answered later from a Task, not inside the request", async () => {
  const s = load();
  s.setReady();
  s.v8.dispatch(0, ["ready"]);
  s.v8.dispatch(0, request(9, "barline-debug-wait", { ms: 30 }));
  assert.equal(responses(s.out).length, 0);
  assert.equal(s.info().pending, 1);
  await new Promise((r) => setTimeout(r, 80));
  const [r] = responses(s.out);
  assert.equal(r.requestId, 9);
  assert.deepEqual(r.warnings, ["waited 30 ms"]);
  assert.equal(s.info().pending, 0);
});

test("an unknown message posts one error and sends nothing", () => {
  const s = load();
  s.v8.dispatch(0, ["frobnicate", 1]);
  assert.deepEqual(s.out, []);
  assert.match(s.maxConsole.errors()[0], /no handler for message frobnicate/);
});
