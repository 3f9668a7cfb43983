// Leaving a conversation while its turn runs (docs/design/chat.md, two tabs): opening
// another conversation, starting a new one or deleting the open one asks first; "no"
// leaves the turn running, "yes" stops it cleanly (the provider sees the close, the
// partial text is kept) and then leaves.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openChat, send, setUp } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const stalled = { events: [{ text: "Working on " }, { text: "it" }, { text: " more" }], stallAfter: 2 };

/** A page with one finished conversation ("first topic") and a second one whose turn streams. */
async function busySecond() {
  const chat = await openChat(browser, { script: { rounds: [{ events: [{ text: "First answer." }] }, stalled, stalled] } });
  await setUp(chat);
  await send(chat.page, "first topic");
  await chat.page.getByText("First answer.").first().waitFor();
  await chat.state("ready");
  await chat.page.getByRole("button", { name: "New" }).click();
  await send(chat.page, "second topic");
  await chat.page.getByText("Working on it").first().waitFor();
  await chat.state("streaming");
  await chat.page.getByRole("button", { name: "Conversations" }).click();
  const panel = chat.page.getByRole("complementary", { name: "Conversations" });
  await panel.getByRole("button", { name: "second topic", exact: true }).waitFor();
  return { chat, panel };
}

/** Clicks `target` and answers the page's question with `accept`; resolves the question. */
async function answer(page, target, accept) {
  let message = null;
  const handle = (dialog) => { message = dialog.message(); return accept ? dialog.accept() : dialog.dismiss(); };
  page.once("dialog", handle);
  await target.click();
  page.off("dialog", handle);
  return message;
}

test("opening another conversation while a turn runs asks; no stays, yes stops the turn and opens it", async () => {
  const { chat, panel } = await busySecond();
  try {
    const first = panel.getByRole("button", { name: "first topic", exact: true });
    assert.match(await answer(chat.page, first, false), /turn is running/);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await chat.page.evaluate(() => document.body.dataset.state), "streaming");
    assert.equal(chat.fake.modelRequests().at(-1).closedEarly, false);

    await answer(chat.page, first, true);
    await chat.page.getByText("First answer.").first().waitFor();
    await chat.state("ready");
    assert.equal(await chat.page.getByText("Working on it").count(), 0, "the other conversation is shown");
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(chat.fake.modelRequests().at(-1).closedEarly, true, "the provider saw the stop");

    // The stopped conversation was saved with its partial text.
    await panel.getByRole("button", { name: "second topic", exact: true }).click();
    await chat.page.getByText("Working on it").first().waitFor();
    await chat.state("ready");
    assert.deepEqual(chat.errors, []);
  } finally {
    await chat.close();
  }
});

test("New and Delete while a turn runs ask first too", async () => {
  const { chat, panel } = await busySecond();
  try {
    assert.match(await answer(chat.page, chat.page.getByRole("button", { name: "New" }), false), /turn is running/);
    await chat.state("streaming");
    const row = panel.getByRole("listitem").filter({ has: chat.page.getByRole("button", { name: "second topic", exact: true }) });
    await answer(chat.page, row.getByRole("button", { name: "Delete", exact: true }), false);
    await chat.page.getByText("Stop the turn before deleting this conversation.").first().waitFor();
    await chat.state("streaming");
    await answer(chat.page, row.getByRole("button", { name: "Delete", exact: true }), true);
    await panel.getByRole("button", { name: "second topic", exact: true }).waitFor({ state: "detached" });
    await chat.state("ready");
    assert.equal(chat.fake.modelRequests().at(-1).closedEarly, true);
  } finally {
    await chat.close();
  }
});
