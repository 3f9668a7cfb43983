// The turn's guards in Chromium (scenarios 11 and 12 of the chat page's tests): a model
// that repeats one failing call is paused before it is asked a fourth time, and Stop
// during a rate-limit countdown cancels the retry. Each test has its own device and
// fake provider.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openChat, send, setUp } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** A device, the fake provider with `script`, and a configured page in Ready. */
async function ready(script) {
  const chat = await openChat(browser, { script });
  await setUp(chat);
  return chat;
}

test("a call repeated with the same bad arguments three rounds running pauses before a fourth request", async () => {
  const bad = { events: [{ call: { name: "barline-update-clip", arguments: { ids: "999", name: "x" } } }] };
  const chat = await ready({ rounds: [bad, bad, bad, bad, { events: [{ text: "never asked" }] }] });
  try {
    await send(chat.page, "rename the clip");
    await chat.state("round-limit", 20000);
    await chat.page.getByText("the model repeated a failing call three times").first().waitFor();
    await chat.page.getByRole("button", { name: "Continue" }).waitFor();
    await wait(500);
    assert.equal(chat.fake.modelRequests().length, 3, "no fourth request");
    const statuses = await chat.page.locator("details.card").evaluateAll((els) => els.map((e) => e.dataset.status));
    assert.deepEqual(statuses, ["error", "error", "error"]);
    await chat.shot("guards-repetition");
    await chat.page.getByRole("button", { name: "Stop" }).click();
    await chat.state("ready");
    assert.equal(chat.fake.modelRequests().length, 3);
  } finally {
    await chat.close();
  }
});

test("Stop during a rate-limit countdown cancels the retry; no further request", async () => {
  const limited = { status: 429, headers: { "retry-after": "3" }, body: '{"error":{"message":"slow down"}}' };
  const chat = await ready({ rounds: [limited, { events: [{ text: "too late" }] }] });
  try {
    await send(chat.page, "hello");
    await chat.state("waiting-to-retry");
    await chat.page.getByText(/retrying in \d s/).first().waitFor();
    await chat.page.getByRole("button", { name: "Stop" }).click();
    await chat.state("ready", 2000);
    await wait(4500); // past the Retry-After
    assert.equal(chat.fake.modelRequests().length, 1, "the retry was not sent");
    assert.equal(await chat.page.getByText("too late").count(), 0);
    assert.equal(await chat.page.evaluate(() => document.body.dataset.state), "ready");
  } finally {
    await chat.close();
  }
});
