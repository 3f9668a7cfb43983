// The device's bearer token (docs/design/security.md §1): the require-token toggle, the
// token node-host generates, stored in the device's pattr (saved with the Live Set),
// shown in the device, and passed back to node.script when the device starts again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";
import { deviceLiveSet } from "./live-sets.mjs";
import { createMcpClient } from "../../../node-host/src/mcp-client.mjs";

/** An MCP initialize straight over HTTP, with or without a bearer token: the status. */
async function initialize(url, token) {
  const { answer } = await createMcpClient(url, { token, clientName: "token-test" }).open();
  return answer.status;
}

const shown = (device) => device.patch.byVarname("token-display").content;

test("the token display and the toggle are in the device's presentation", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet() });
  try {
    const boxes = device.device.patcher.patcher.boxes.map((b) => b.box);
    for (const name of ["token-display", "require-token"]) {
      assert.equal(boxes.find((b) => b.varname === name).presentation, 1, name);
    }
    const pattr = boxes.find((b) => b.varname === "token");
    assert.equal(pattr.saved_object_attributes.parameter_enable, 1);
    assert.equal(pattr.saved_attribute_attributes.valueof.parameter_type, 3);
  } finally {
    await device.stop();
  }
});

test("with the toggle off no token is required and none is shown", async () => {
  const device = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true } });
  try {
    assert.equal(await initialize(device.url), 200);
    assert.equal(shown(device), "no token");
    assert.deepEqual([device.parameters().token, device.parameters()["require-token"]], ["null", 0]);
  } finally {
    await device.stop();
  }
});

test("with the toggle on a token is generated, stored, shown and required; a restart keeps it", async () => {
  const first = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true, requireToken: true } });
  let saved;
  let token;
  try {
    saved = first.parameters();
    token = saved.token;
    assert.equal(typeof token, "string");
    assert.ok(token.length >= 24 && token !== "null", token);
    assert.equal(saved["require-token"], 1);
    assert.equal(shown(first), token);
    assert.equal(await initialize(first.url), 401);
    assert.equal(await initialize(first.url, "wrong"), 401);
    assert.equal(await initialize(first.url, token), 200);
    // The simulator's client sends the stored token, as a user copying it from the device.
    const r = await first.callTool("barline-debug-echo", { text: "authorised" });
    assert.equal(r.structuredContent.text, "authorised");
  } finally {
    await first.stop();
  }

  // Reopening the Set: Live restores the toggle and the pattr; node.script gets the token.
  const second = await startDevice({ liveSet: await deviceLiveSet(), settings: { diagnostics: true }, parameters: saved });
  try {
    assert.equal(second.parameters().token, token);
    assert.equal(second.parameters()["require-token"], 1);
    assert.equal(shown(second), token);
    assert.equal(await initialize(second.url), 401);
    assert.equal(await initialize(second.url, token), 200);
  } finally {
    await second.stop();
  }
});

test("a stored token is kept but not required once the toggle is off", async () => {
  const device = await startDevice({
    liveSet: await deviceLiveSet(), settings: { diagnostics: true },
    parameters: { "require-token": 0, token: "kept-token-0123456789abcdef" },
  });
  try {
    assert.equal(await initialize(device.url), 200);
    assert.equal(shown(device), "kept-token-0123456789abcdef");
    assert.equal(device.parameters().token, "kept-token-0123456789abcdef");
  } finally {
    await device.stop();
  }
});
