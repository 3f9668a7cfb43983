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

test("one setting from the device's atoms: core's key and type, null as none or empty", async () => {
  const { parseSetting } = await import("../src/max-settings.mjs");
  assert.deepEqual(parseSetting("timeout", 12), ["timeoutMs", 12000]);
  assert.deepEqual(parseSetting("port", "40123.000000"), ["port", 40123]); // a Float parameter's atom
  assert.deepEqual(parseSetting("smallModel", 1), ["smallModel", true]);
  assert.deepEqual(parseSetting("sampleFolder", "null"), ["sampleFolder", null]);
  assert.deepEqual(parseSetting("sampleFolder", "/Samples"), ["sampleFolder", "/Samples"]);
  assert.deepEqual(parseSetting("disabledTools", "null"), ["disabledTools", ""]);
  assert.deepEqual(parseSetting("memoryText", 123), ["memoryText", "123"]);
  assert.equal(parseSetting("bogus", 1), null);
  const s = parseSettings(["memoryWritable", "1", "sampleFolder", "/S", "disabledTools", "barline-playback"]);
  assert.deepEqual([s.memoryWritable, s.sampleFolder, s.disabledTools], [true, "/S", "barline-playback"]);
});

test("a runtime timeout change reaches core: later calls carry the limit in their context", async () => {
  const relay = fakeRelay();
  const srv = await startHttpServer({ core: loadCore(), relay, settings: { port: 0 } });
  try {
    const client = createMcpClient(srv.url);
    const limitOfNextCall = async () => {
      await client.callTool("barline-connect");
      return relay.calls.at(-1).context.timeoutMs;
    };
    assert.equal(await limitOfNextCall(), 30000);
    srv.updateSetting("timeoutMs", 3000);
    assert.equal(await limitOfNextCall(), 3000);
    assert.throws(() => srv.updateSetting("timeoutMs", 500000), /1000–60000/, "outside 1–60 s: refused by core");
    assert.throws(() => srv.updateSetting("timeoutMs", "x"), /1000–60000/);
    assert.equal(await limitOfNextCall(), 3000, "a refused change leaves the limit in force");
    srv.updateSetting("timeoutMs", 60000);
    assert.equal(await limitOfNextCall(), 60000);
  } finally {
    await srv.close();
  }
});
