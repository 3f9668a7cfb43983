// The device's Open chat button: node.script answers with the chat page's address (the
// token in its fragment when one is required), and the patch hands it to Max's
// launchbrowser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";

/** Presses Open chat and resolves what the patch sent to `max`. */
function pressOpenChat(device) {
  const heard = new Promise((resolve) => device.patch.listen("max", resolve));
  device.patch.byVarname("open-chat").userSets(1);
  return heard;
}

test("Open chat opens the page on 127.0.0.1 without a token when none is required", async () => {
  const device = await startDevice({ settings: { port: 0 } });
  try {
    const port = new URL(device.url).port;
    assert.deepEqual(await pressOpenChat(device), ["launchbrowser", `http://127.0.0.1:${port}/chat/`]);
    const page = await fetch(`http://127.0.0.1:${port}/chat/`);
    assert.equal(page.status, 200, "the frozen or unfrozen device serves its page");
  } finally {
    await device.stop();
  }
});

test("with a token required the address carries it in the fragment", async () => {
  const device = await startDevice({ settings: { port: 0, requireToken: true } });
  try {
    const port = new URL(device.url).port;
    const token = device.parameters().token;
    const [selector, url] = await pressOpenChat(device);
    assert.equal(selector, "launchbrowser");
    assert.equal(url, `http://127.0.0.1:${port}/chat/#token=${encodeURIComponent(token)}`);
  } finally {
    await device.stop();
  }
});
