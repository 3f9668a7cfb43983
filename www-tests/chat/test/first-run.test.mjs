// The first run's Settings dialog opens with nothing on the page focused; when it
// closes, focus goes to the message box (not to <body>), so the next keystroke types.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openChat, setUp } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test("after the first-run Settings closes, focus is in the message box", async () => {
  const chat = await openChat(browser);
  try {
    await setUp(chat);
    await chat.page.waitForFunction(() => document.activeElement?.id === "message", null, { timeout: 3000 }).catch(() => {});
    assert.equal(await chat.page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName), "message");
    await chat.page.keyboard.type("typed at once");
    assert.equal(await chat.page.getByRole("textbox", { name: "Message" }).inputValue(), "typed at once");
  } finally {
    await chat.close();
  }
});
