// Conformance with a client nobody here wrote: the official MCP TypeScript SDK, over
// Streamable HTTP and, through the stdio bridge, over stdio.
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { startTarget } from "./support/target.mjs";
import { freePort } from "./support/ports.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const bridgeBin = path.resolve(here, "../bin/barline-stdio.mjs");

async function exercise(client, target) {
  const info = client.getServerVersion();
  assert.equal(info.name, "barline");
  assert.match(client.getInstructions(), /bar\|beat/);
  const { tools } = await client.listTools();
  assert.equal(tools[0].name, "barline-connect");
  assert.equal(tools[0].annotations.readOnlyHint, true);
  const r = await client.callTool({ name: "barline-connect", arguments: {} });
  assert.notEqual(r.isError, true, JSON.stringify(r));
  assert.equal(r.structuredContent.connected, true);
  assert.equal(r.structuredContent.liveSet.tempo, target.expect.tempo);
  const res = await client.readResource({ uri: "notation://barbeat" });
  assert.match(res.contents[0].text, /bar\|beat/);
  const live = await client.readResource({ uri: "live://set" });
  assert.equal(JSON.parse(live.contents[0].text).tempo, target.expect.tempo);
  const p = await client.getPrompt({ name: "compose-clip", arguments: { trackIndex: "1" } });
  assert.match(p.messages[0].content.text, /track 1/);
  await client.ping();
}

test("stdio bridge without a device: initialize and tools/list work, tool calls say how to start Live", async () => {
  const client = new Client({ name: "sdk-offline", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: process.execPath, args: [bridgeBin, "--url", `http://127.0.0.1:${await freePort()}/mcp`], stderr: "pipe" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assert.equal(tools[0].name, "barline-connect");
    const r = await client.callTool({ name: "barline-connect", arguments: {} });
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, /^Error \[DISABLED\] in barline-connect: Barline is not running: nothing answers at .*Start Ableton Live/);
    const res = await client.readResource({ uri: "notation://barbeat" });
    assert.match(res.contents[0].text, /bar\|beat/);
  } finally {
    await client.close();
  }
});

// The same conversations against the device in both Max profiles
// (docs/design/testing.md §1.3).
for (const profile of ["max-9.0", "max-9.2"]) {
  describe(`device in ${profile}`, () => {
    let target;
    before(async () => {
      target = await startTarget({}, { profile });
    });
    after(() => target.stop());

    test("SDK client over Streamable HTTP: initialize, tools, call, resource, prompt", async () => {
      const client = new Client({ name: "sdk-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(target.url));
      await client.connect(transport);
      try {
        await exercise(client, target);
        assert.ok(transport.sessionId, "a session id was negotiated");
      } finally {
        await transport.terminateSession().catch(() => {});
        await client.close();
      }
    });

    test("SDK client over stdio through the bridge", async () => {
      const client = new Client({ name: "sdk-stdio-test", version: "1.0.0" });
      const transport = new StdioClientTransport({ command: process.execPath, args: [bridgeBin, "--url", target.url], stderr: "pipe" });
      await client.connect(transport);
      try {
        await exercise(client, target);
      } finally {
        await client.close();
      }
    });

    test("SDK validates structuredContent of read-clip and create-clip against their output schemas", async () => {
      const client = new Client({ name: "sdk-schemas", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(target.url));
      await client.connect(transport);
      try {
        await client.listTools(); // caches the output-schema validators
        const read = await client.callTool({ name: "barline-read-clip", arguments: { slot: "0/0", include: ["*"] } });
        assert.notEqual(read.isError, true, JSON.stringify(read));
        assert.equal(read.structuredContent.name, "Hats Intro");
        const one = await client.callTool({ name: "barline-create-clip", arguments: { slot: "6/0", notes: "C3 E3 G3 1|1" } });
        assert.equal(one.structuredContent.noteCount, 3);
        const many = await client.callTool({ name: "barline-create-clip", arguments: { slot: "6/1,6/3", notes: "C3 1|1" } });
        assert.equal(many.structuredContent.items.length, 2);
        const empty = await client.callTool({ name: "barline-read-clip", arguments: { slot: "6/4" } });
        assert.equal(empty.structuredContent.id, null);
      } finally {
        await client.close();
      }
    });
  });
}
