// The relay against core's real framing and a stand-in v8 side behind a fake max-api.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadCore } from "../src/core.mjs";
import { createRelay } from "../src/relay.mjs";

const core = loadCore();

/** A fake max-api whose outlet hands requests to `v8(requestId, envelope, reply)`. */
function fakeMax(v8) {
  const handlers = new Map();
  const api = {
    logs: [],
    addHandler: (sel, fn) => handlers.set(sel, fn),
    deliver: (atoms) => handlers.get(atoms[0])(...atoms.slice(1)),
    outlet: async (...atoms) => {
      const { requestId, envelopeJson } = core.decodeRequest(atoms);
      setImmediate(() => v8(requestId, JSON.parse(envelopeJson), (resultJson, warnings = [], tool = "") =>
        api.deliver(core.frameResponse(requestId, tool, resultJson, warnings))));
    },
  };
  return api;
}

const log = (api) => (text, level) => api.logs.push([level, text]);

test("a call round-trips with its own warnings", async () => {
  const api = fakeMax((id, env, reply) => reply(JSON.stringify({ echo: env.args.text }), [`w${env.args.text}`]));
  const relay = createRelay({ maxApi: api, core, log: log(api) });
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => relay.call({ tool: "t", args: { text: String(i) } })));
  results.forEach((r, i) => {
    assert.deepEqual(JSON.parse(r.resultJson), { echo: String(i) });
    assert.deepEqual(r.warnings, [`w${i}`]);
  });
  assert.equal(relay.pendingCount(), 0);
});

test("a call that is never answered times out at its context's limit and its late answer is dropped", async (t) => {
  // Mock timers: the relay's timer fires when the test moves the clock, not after a
  // real second; the v8 stand-in answers through setImmediate, which is not mocked.
  t.mock.timers.enable({ apis: ["setTimeout"] });
  let answerLate;
  let sent;
  const delivered = new Promise((resolve) => (sent = resolve));
  let lateId;
  const api = fakeMax((id, env, reply) => { lateId = id; answerLate = () => reply("{}"); sent(env); });
  const relay = createRelay({ maxApi: api, core, log: log(api) });
  let settled = false;
  const call = relay.call({ tool: "slow", context: { timeoutMs: 1000 } });
  call.catch(() => {}).finally(() => (settled = true));
  assert.equal((await delivered).context.timeoutMs, 1000);
  t.mock.timers.tick(999);
  await new Promise(setImmediate);
  assert.equal(settled, false, "still waiting 1 ms before the limit");
  t.mock.timers.tick(1);
  await assert.rejects(call, (e) => e.kind === "timeout" && e.detail === "1000");
  answerLate();
  assert.equal(relay.stats().dropped, 1);
  assert.match(api.logs.at(-1)[1], new RegExp(`dropped late .*request ${lateId}$`));
  assert.equal(relay.pendingCount(), 0);
});

test("the relay builds no envelope itself: core frames tool, args and context", async () => {
  let seen;
  const api = fakeMax((id, env, reply) => { seen = env; reply("{}"); });
  const relay = createRelay({ maxApi: api, core });
  await relay.call({ tool: "t", args: { a: 1 }, context: { timeoutMs: 5000 } });
  assert.deepEqual(seen, { tool: "t", args: { a: 1 }, context: { timeoutMs: 5000 } });
  await relay.call({ tool: "u" });
  assert.deepEqual(seen, { tool: "u", args: {}, context: {} });
});

test("a damaged response fails its request with INTERNAL", async () => {
  const api = fakeMax((id) => api.deliver(["mcp_response", id, "{\"a\":", "$$___MAX_ERRORS___$$"]));
  const relay = createRelay({ maxApi: api, core, log: log(api) });
  await assert.rejects(relay.call({ tool: "t" }), (e) => e.kind === "damaged" && /not valid JSON/.test(e.detail));
});

test("an unknown response id is dropped and logged", () => {
  const api = fakeMax(() => {});
  const relay = createRelay({ maxApi: api, core, log: log(api) });
  api.deliver(core.frameResponse(77, "", "{}", []));
  assert.equal(relay.stats().dropped, 1);
  assert.match(api.logs.at(-1)[1], /unknown response for request 77/);
});

test("an oversize request is refused before sending", async () => {
  const api = fakeMax(() => assert.fail("must not be sent"));
  const relay = createRelay({ maxApi: api, core });
  await assert.rejects(relay.call({ tool: "t", args: { s: "x".repeat(3_100_000) } }), (e) => e.kind === "unframeable");
});

test("mcp_unsupported from a v8 without WebAssembly rejects the call", async () => {
  const api = fakeMax((id) => api.deliver(["mcp_unsupported", id, "no WebAssembly"]));
  const relay = createRelay({ maxApi: api, core });
  await assert.rejects(relay.call({ tool: "t" }), (e) => e.kind === "unsupported" && e.detail === "no WebAssembly");
});
