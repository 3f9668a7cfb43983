// Hostile and careless input against the simulated device (issue 15): every input of
// the table below gets a prompt, precise answer; afterwards a normal call succeeds, a
// session opened before the attack still works, and neither process (the simulator
// with the Live side, and node.script) grew by more than 256 MB.
//
// Each attack is one line: `tool(item, label, toolName, args, check)`,
// `rpc(item, label, method, params, check)` or `raw(item, label, bytes, check)`;
// `check(answer)` gets `{status, body}` (body parsed JSON or null) and asserts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { startTarget } from "./support/target.mjs";

const MB = 1024 * 1024;
const LIMIT_GROWTH = 256 * MB;

const isToolError = (code) => ({ body }) => {
  assert.equal(body.result?.isError, true, JSON.stringify(body).slice(0, 300));
  if (code) assert.match(body.result.content[0].text, new RegExp(`\\[${code}\\]`));
};
const isRpcError = (code) => ({ body }) => assert.equal(body.error?.code, code, JSON.stringify(body).slice(0, 300));
/** A resource error that blames the request (-32602 or -32002), never -32603. */
const clientsFault = ({ body }) => assert.ok([-32602, -32002].includes(body.error?.code), JSON.stringify(body));
const answered = ({ status, body }) => assert.ok(status >= 200 && status < 600 && body !== undefined);
const small = (check, bytes = 2000) => (a) => {
  assert.ok(a.size <= bytes, `answer of ${a.size} bytes`);
  check(a);
};

const tool = (item, label, name, args, check = answered) =>
  ({ item, label, send: (t) => t.post({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args } }), check });
const rpc = (item, label, method, params, check = answered) =>
  ({ item, label, send: (t) => t.post({ jsonrpc: "2.0", id: 7, method, params }), check });
const raw = (item, label, bytes, check = answered) => ({ item, label, send: (t) => t.postBytes(bytes), check });
const custom = (item, label, send, check = answered) => ({ item, label, send, check });

const styleFlood = "{style}".repeat(Math.floor(107_000 / 7));
const megabyte = "x".repeat(MB);
const utf8Prefix = Buffer.from('{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"');

const ATTACKS = [
  // Item 1: work bounded by what a clip holds, refused before any copying.
  tool(1, "a million bar copies (22 bytes)", "barline-create-clip", { slot: "6/0", notes: "C3 1|1 @2-1000000=1" }, small(isToolError("BAD_INPUT"))),
  tool(1, "a repeat beyond the note limit", "barline-create-clip", { slot: "6/0", notes: "C3 1|1x99999999" }, small(isToolError("BAD_INPUT"))),
  tool(1, "copies of copies", "barline-create-clip", { slot: "6/0", notes: `${"C3 ".repeat(100)}1|1 @2-9000=1-2` }, isToolError("BAD_INPUT")),
  tool(1, "the largest write allowed (50,000 notes)", "barline-create-clip", { slot: "6/3", notes: "C3 D3 E3 F3 G3 A3 B3 C4 1|1x6250@0.25" },
    ({ body }) => assert.equal(body.result?.isError, undefined, JSON.stringify(body).slice(0, 300))),
  tool(1, "a megabyte of notes", "barline-create-clip", { slot: "6/0", notes: "C3 1|1 ".repeat(150_000) }, isToolError()),
  // Item 3: one pass of substitution, capped arguments, bounded replies.
  rpc(3, "107 KB of {style}", "prompts/get", { name: "compose-clip", arguments: { trackIndex: "1", style: styleFlood } }, small(isRpcError(-32602), 400)),
  rpc(3, "1 MB argument", "prompts/get", { name: "compose-clip", arguments: { trackIndex: megabyte } }, small(isRpcError(-32602), 400)),
  rpc(3, "placeholders in every argument", "prompts/get", { name: "compose-clip", arguments: { trackIndex: "{style}", style: "{trackIndex}{bars}", bars: "{style}" } },
    small(({ body }) => assert.match(body.result.messages[0].content.text, /track \{style\}/), 4000)),
  // Item 6: a flood of sessions.
  custom(6, "300 initialize calls", async (t) => {
    let last;
    for (let i = 0; i < 300; i++) last = await t.initialize();
    return last;
  }, ({ status }) => assert.equal(status, 200)),
  // Item 7: unbounded or silently accepted input.
  raw(7, "invalid UTF-8", Buffer.concat([utf8Prefix, Buffer.from([0xc3, 0x28]), Buffer.from('"}}')]), ({ status, body }) => {
    assert.equal(status, 400);
    assert.equal(body.error.code, -32700);
    assert.match(body.error.message, new RegExp(`offset ${utf8Prefix.length}\\)`));
  }),
  rpc(7, "a second initialize in a session", "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    ({ status, body }) => { assert.equal(status, 400); assert.match(body.error.message, /already initialized/); }),
  rpc(7, "resources/read of a track as a clip", "resources/read", { uri: "live://clip/1" }, clientsFault),
  rpc(7, "resources/read of a malformed id", "resources/read", { uri: "live://clip/abc" }, clientsFault),
  tool(7, "a 1 MB clip name", "barline-create-clip", { slot: "6/1", notes: "C3 1|1", name: megabyte }),
  tool(7, "NUL in a clip name", "barline-create-clip", { slot: "6/2", notes: "C3 1|1", name: "a\u0000b" }),
  tool(7, "1 MB unknown tool name", "barline-x".padEnd(MB, "x"), {}, small(({ body }) => assert.ok(body.error || body.result?.isError), 1000)),
  custom(7, "a batch of 10,000 tools/list (2025-03-26)", (t) => t.batch(Array.from({ length: 10_000 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" }))),
    small(({ status, body }) => { assert.equal(status, 400); assert.match(body.error.message, /at most 100 messages/); }, 400)),
  // Item 4: a write is never answered TOO_LARGE after Live changed; its result is summarised.
  tool(4, "400 arrangement clips in one call", "barline-create-clip", {
    trackIndex: 0, arrangementStart: Array.from({ length: 400 }, (_, i) => `${101 + i * 2}|1`).join(","), notes: "C3 1|1",
  }, ({ body }) => {
    assert.equal(body.result?.isError, undefined, JSON.stringify(body).slice(0, 300));
    assert.ok(body.result.content[0].text.length <= 25_000);
  }),
  // Item 5: integers are range-checked before any conversion (no 32-bit wrap to track 6).
  tool(5, "trackIndex 2^32 + 6", "barline-create-clip", { trackIndex: 4294967302, arrangementStart: "1|1" }, small(isToolError("BAD_INPUT"))),
  tool(5, "sceneIndex beyond 2^53", "barline-read-scene", { sceneIndex: 2 ** 60 }, small(isToolError("BAD_INPUT"))),
  tool(5, "a negative index", "barline-read-track", { trackIndex: -3 }, small(isToolError("BAD_INPUT"))),
];

function rssOf(pid) {
  const kb = Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim());
  return kb * 1024;
}

let target;
before(async () => {
  target = await startTarget({ diagnostics: true });
});
after(() => target?.stop());

/** An MCP session on the target with raw access for the attacks. */
async function session(url) {
  const base = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  const headers = { ...base };
  const send = async (bytes, h = headers) => {
    const res = await fetch(url, { method: "POST", headers: h, body: bytes });
    const text = await res.text();
    let body = null;
    try { body = text ? JSON.parse(text) : null; } catch { body = { unparsed: text.slice(0, 200) }; }
    return { status: res.status, body, size: Buffer.byteLength(text), sid: res.headers.get("mcp-session-id") };
  };
  const initMessage = JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "attack", version: "1" } } });
  const t = {
    post: (msg) => send(JSON.stringify(msg)),
    postBytes: (bytes) => send(bytes),
    initialize: () => send(initMessage, base),
    /** Sends `messages` as one batch in a fresh 2025-03-26 session (the version with batches). */
    async batch(messages) {
      const old = { ...base, "mcp-protocol-version": "2025-03-26" };
      const init = await send(initMessage.replace("2025-06-18", "2025-03-26"), old);
      return send(JSON.stringify(messages), { ...old, "mcp-session-id": init.sid });
    },
  };
  const init = await t.initialize();
  headers["mcp-session-id"] = init.sid;
  await t.post({ jsonrpc: "2.0", method: "notifications/initialized" });
  return t;
}

test("hostile input gets precise answers and leaves both processes healthy", { timeout: 180_000 }, async (t) => {
  const { device } = target;
  const real = await session(target.url);
  assert.equal((await real.post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "barline-connect", arguments: {} } })).status, 200);
  const rss0 = { live: process.memoryUsage().rss, node: rssOf(device.node.pid) };
  const attacker = await session(target.url);
  for (const a of ATTACKS) {
    const answer = await a.send(attacker);
    try {
      a.check(answer);
    } catch (e) {
      e.message = `item ${a.item}, ${a.label}: ${e.message}`;
      throw e;
    }
  }
  // A normal call succeeds, in the session opened before the attack.
  const ok = await real.post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "barline-read-clip", arguments: { slot: "0/0" } } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.result.isError, undefined, JSON.stringify(ok.body).slice(0, 300));
  const rss1 = { live: process.memoryUsage().rss, node: rssOf(device.node.pid) };
  t.diagnostic(`RSS: simulator with the Live side ${(rss0.live / MB).toFixed(0)} → ${(rss1.live / MB).toFixed(0)} MB, node.script ${(rss0.node / MB).toFixed(0)} → ${(rss1.node / MB).toFixed(0)} MB`);
  for (const side of ["live", "node"]) {
    assert.ok(rss1[side] - rss0[side] < LIMIT_GROWTH,
      `${side} side grew from ${(rss0[side] / MB).toFixed(0)} MB to ${(rss1[side] / MB).toFixed(0)} MB`);
  }
});
