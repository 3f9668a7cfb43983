// One conversation in two tabs (scenario 22 of the chat page's tests): the second tab
// shows it read-only with "Open in another tab — take over?"; taking over turns the
// first tab read-only; a turn in one tab is never written by the other.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { configure, launchBrowser, openChat, send } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Every stored conversation of the page's origin. */
const stored = (page) => page.evaluate(() => new Promise((resolve, reject) => {
  const open = indexedDB.open("barline-chat");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const all = open.result.transaction("conversations", "readonly").objectStore("conversations").getAll();
    all.onsuccess = () => { resolve(all.result); open.result.close(); };
  };
}));

test("a second tab is read-only until it takes over; the other tab never writes the conversation", async () => {
  const chat = await openChat(browser, { script: { rounds: [
    { events: [{ text: "Answer one." }] },
    { events: [{ text: "Answer two." }] },
    { expect: (b) => (JSON.stringify(b).includes("Answer two.") ? null : "the taking tab did not read the latest conversation"), events: [{ text: "Answer three." }] },
  ] } });
  const first = chat.page;
  try {
    await chat.state("setup");
    await configure(first, { base: chat.fake.base() });
    await chat.state("ready");
    await send(first, "one");
    await first.getByText("Answer one.").first().waitFor();
    await first.waitForTimeout(800); // saved

    const second = await chat.context.newPage();
    await second.goto(`${chat.origin}/chat/`);
    const notice = (page) => page.getByRole("region", { name: "Open in another tab — take over?" });
    await notice(second).waitFor();
    await second.getByText("Answer one.").first().waitFor();
    assert.equal(await second.getByRole("textbox", { name: "Message" }).isDisabled(), true);
    // The read-only tab's Send is off and looks it.
    const sendButton = second.getByRole("button", { name: "Send" });
    assert.equal(await sendButton.isDisabled(), true);
    assert.ok(Number(await sendButton.evaluate((b) => getComputedStyle(b).opacity)) < 1, "a disabled Send looks disabled");
    assert.equal(await notice(first).isVisible(), false);
    await second.screenshot({ path: `${new URL("../../../test-output/chat", import.meta.url).pathname}/20-second-tab-read-only.png` });

    await send(first, "two");
    await first.getByText("Answer two.").first().waitFor();
    await first.waitForTimeout(800);

    await notice(second).getByRole("button", { name: "Take over" }).click();
    await notice(second).waitFor({ state: "hidden" });
    await second.getByText("Answer two.").first().waitFor();
    await notice(first).waitFor();
    assert.equal(await first.getByRole("textbox", { name: "Message" }).isDisabled(), true);
    await chat.shot("21-first-tab-after-take-over");

    await send(second, "three");
    await second.getByText("Answer three.").first().waitFor();
    await second.waitForTimeout(800);
    await first.close({ runBeforeUnload: true }); // its pagehide must not write its older copy
    await second.waitForTimeout(300);
    const records = await stored(second);
    assert.equal(records.length, 1);
    const texts = JSON.parse(records[0].conversation).items.map((i) => i.text ?? "");
    assert.deepEqual(texts.filter(Boolean), ["one", "Answer one.", "two", "Answer two.", "three", "Answer three."]);
  } finally {
    await chat.close();
  }
});
