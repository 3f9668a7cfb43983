// Reloading the page while a tool call runs (scenario 17 of the chat page's tests): the
// conversation reopens with the turn interrupted and the card "interrupted", never
// "running"; the next message's request has a result for every tool call.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openChat, send, setUp } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test("a reload mid-turn reopens the turn as interrupted and the model continues from a valid history", async () => {
  const chat = await openChat(browser, { script: { rounds: [
    { events: [{ text: "Making a track." }, { call: { name: "barline-create-track", arguments: { name: "Held", type: "midi" } } }] },
    { expect: (b) => {
      const asked = b.messages.flatMap((m) => m.tool_calls ?? []).map((c) => c.id);
      const answered = b.messages.filter((m) => m.role === "tool");
      if (asked.length !== 1 || answered.length !== 1 || answered[0].tool_call_id !== asked[0]) return `calls ${asked} results ${JSON.stringify(answered)}`;
      if (!answered[0].content.startsWith("INTERRUPTED: the page closed before the result arrived")) return answered[0].content;
      return b.messages.at(-1).role === "user" && b.messages.at(-1).content === "go on" ? null : "the new message is not last";
    }, events: [{ text: "I'll read the Set before repeating that." }] },
  ] } });
  // The page's tools/call is held at the network until the page has reloaded.
  let release;
  const held = new Promise((r) => { release = r; });
  await chat.context.route("**/mcp", async (route) => {
    if (!route.request().postData()?.includes('"tools/call"')) return route.continue();
    await held;
    return route.abort().catch(() => {});
  });
  try {
    await setUp(chat);
    await send(chat.page, "make a track");
    await chat.state("running-tool");
    await chat.page.locator('details.card[data-status="running"]').waitFor();
    await new Promise((r) => setTimeout(r, 1000)); // the running call is saved
    await chat.page.reload();
    release();
    await chat.context.unroute("**/mcp");
    await chat.state("ready");
    const card = chat.page.locator("details.card");
    await card.first().waitFor();
    assert.deepEqual(await card.evaluateAll((els) => els.map((e) => e.dataset.status)), ["interrupted"]);
    await chat.page.getByText("This turn was interrupted").first().waitFor();
    await chat.shot("18-reloaded-interrupted");
    await send(chat.page, "go on");
    await chat.page.getByText("I'll read the Set before repeating that.").first().waitFor({ timeout: 20000 });
    await chat.state("ready");
    assert.equal(chat.fake.modelRequests().length, 2);
  } finally {
    release();
    await chat.close();
  }
});
