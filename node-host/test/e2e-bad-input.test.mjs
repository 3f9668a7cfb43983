// Bad input never changes the Live Set, end to end: every write tool is called through
// the simulated device with invalid arguments and the fake Set's dump is compared.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startTarget } from "./support/target.mjs";

let target;
before(async () => {
  target = await startTarget();
});
after(() => target.stop());

const BAD = {
  "barline-create-clip": [
    { slot: "6/0", notes: "C3 1|1 ))" },
    { slot: "6/0,6/1", color: "#12345G" },
    { slot: "6/0,60/0" },
    { slot: "5/0", notes: "C3 1|1" },
    { trackIndex: 6 },
    { slot: "6/0", looping: "maybe" },
  ],
  "barline-update-clip": [
    { ids: "1", notes: "C3 1|1 ))" },
    { ids: "1", color: "#12345G" },
    { ids: "1", split: "1|1" },
    { ids: "1", arrangementLength: "0:0" },
    { ids: "1", pitchShift: 60 },
    { ids: "1", transforms: "velocity = 5 +" },
  ],
  "barline-context": [{ action: "forget" }, { action: "search", limit: 0 }],
  "barline-update-live-set": [{ tempo: 5 }, { tempo: 120, scale: "H Major" }, { timeSignature: "4/3" }],
  "barline-create-scene": [{ sceneIndex: 0, color: "#12345G" }, { sceneIndex: 999, count: 2 }],
  "barline-update-scene": [{ ids: "1", timeSignature: "4/3" }, { ids: "1", tempo: 5 }],
  "barline-create-track": [
    { count: 2, color: "#FF0000,#GG0000" },
    { trackIndex: 8 },
    { type: "group" },
  ],
  "barline-update-track": [
    { ids: "1,2,3", name: "A,B,C", color: "#12345" },
    { ids: "1", gainDb: 12 },
    { ids: "1", panningMode: "mono" },
  ],
  "barline-delete": [{ type: "track" }, { type: "device", path: "t1" }, { ids: "1" }],
  "barline-duplicate": [{ type: "clip", id: "1" }, { type: "track", id: "1", count: 0 }],
  "barline-select": [{ trackType: "master", trackIndex: 0 }, { view: "detail" }],
  "barline-playback": [{ action: "play-arrangement", loopStart: "9|1", loopEnd: "5|1" }, { action: "rewind" }],
  "barline-create-device": [
    { deviceName: "Reverb", path: "t5,t0/x" },
    { deviceName: "reverb", path: "t5" },
    { deviceName: "Operator", path: "t5" },
  ],
  "barline-update-device": [
    { path: "t5/d0", color: "#12" },
    { path: "t5/d0", ids: "1" },
    { path: "t5/d0,t5/d1", wrapInRack: "maybe" },
  ],
};

test("invalid arguments to every write tool leave the simulated Live Set unchanged", async () => {
  const client = new Client({ name: "bad-input", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(target.url)));
  const { tools } = await client.listTools();
  await client.close();
  for (const tool of tools.filter((x) => x.annotations?.readOnlyHint === false && !x.name.startsWith("barline-debug"))) {
    assert.ok(BAD[tool.name], `no bad-input cases for write tool ${tool.name}`);
  }
  const before = JSON.stringify(target.device.liveSet.dump());
  for (const [tool, cases] of Object.entries(BAD)) {
    for (const args of cases) {
      const r = await target.device.callTool(tool, args);
      assert.equal(r.isError, true, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r)}`);
      assert.equal(JSON.stringify(target.device.liveSet.dump()), before, `${tool} ${JSON.stringify(args)} changed the Set`);
    }
  }
});
