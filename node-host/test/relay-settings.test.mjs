// Settings from node.script arguments, as the patch and the simulator send them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULTS, parseSettings } from "../src/max-settings.mjs";
import { startHttpServer } from "../src/http-server.mjs";
import { createMcpClient } from "../src/mcp-client.mjs";
import { loadCore } from "../src/core.mjs";
import { fakeRelay } from "./support/fake-relay.mjs";

test("the patch's arguments set port and timeout (seconds)", () => {
  const s = parseSettings(["port", "3351", "timeout", "12"]);
  assert.equal(s.port, 3351);
  assert.equal(s.timeoutMs, 12000);
  assert.equal(s.host, "127.0.0.1");
});

test("flags, strings and null; unknown keys and a dangling key are ignored", () => {
  const s = parseSettings(["diagnostics", "1", "jsonOutput", "true", "smallModel", "0", "token", "abc", "bogus", "x", "host"]);
  assert.equal(s.diagnostics, true);
  assert.equal(s.jsonOutput, true);
  assert.equal(s.smallModel, false);
  assert.equal(s.token, "abc");
  assert.equal("bogus" in s, false);
  assert.equal(s.host, DEFAULTS.host);
  assert.equal(parseSettings(["token", "null"]).token, null);
});

test("later arguments override earlier ones", () => {
  assert.equal(parseSettings(["port", "3350", "port", "0"]).port, 0);
});

test("every setting core knows is a start argument, typed by core's default", () => {
  const s = parseSettings(["memoryEnabled", "1", "memoryText", "verse in D minor", "maxPending", "8"]);
  assert.equal(s.memoryEnabled, true);
  assert.equal(s.memoryText, "verse in D minor");
  assert.equal(s.maxPending, 8);
  assert.equal(parseSettings(["memoryText", ""]).memoryText, "");
});

test("a runtime timeout change reaches core: later calls carry the clamped limit in their context", async () => {
  const relay = fakeRelay();
  const srv = await startHttpServer({ core: loadCore(), relay, settings: { port: 0 } });
  try {
    const client = createMcpClient(srv.url);
    const limitOfNextCall = async () => {
      await client.callTool("barline-connect");
      return relay.calls.at(-1).context.timeoutMs;
    };
    assert.equal(await limitOfNextCall(), 30000);
    assert.equal(srv.setTimeoutSeconds(3), 3000);
    assert.equal(await limitOfNextCall(), 3000);
    assert.equal(srv.setTimeoutSeconds(500), 60000, "kept within 1–60 s by core");
    assert.equal(await limitOfNextCall(), 60000);
    assert.equal(srv.setTimeoutSeconds(0.2), 1000);
    assert.equal(srv.setTimeoutSeconds("x"), 30000, "not a number: the default");
  } finally {
    await srv.close();
  }
});
