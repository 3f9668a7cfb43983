// Provider errors in Chromium (scenario 13 of the chat page's tests), the ones
// scenarios.test.mjs does not cover: a model the provider does not have, an answer cut
// off mid-stream, and a refused optional parameter. Each test has its own device and
// fake provider.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openChat, send, setUp } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** A device, the fake provider with `script`, and a configured page in Ready. */
async function ready(script, model = "fake-model") {
  const chat = await openChat(browser, { script });
  await setUp(chat, { model });
  /** Waits for `text`; on a timeout the error carries the transcript. */
  chat.see = (text, timeout = 15000) => chat.page.getByText(text).first().waitFor({ timeout }).catch(async (e) => {
    throw new Error(`${e.message}\n--- transcript:\n${await chat.page.locator("#transcript").innerText()}`);
  });
  return chat;
}

test("a model the provider does not have: the error names it and lists the provider's models", async () => {
  const chat = await ready({
    models: ["qwen3-8b", "llama-3.1-8b-instruct"],
    rounds: [{ status: 404, body: '{"error":{"message":"model \\"gone-model\\" not found"}}' }],
  }, "gone-model");
  try {
    await send(chat.page, "hi");
    await chat.state("error");
    const alert = chat.page.getByRole("alert").filter({ hasText: "gone-model isn't available on" });
    await alert.waitFor();
    await alert.getByText("Models it offers: qwen3-8b, llama-3.1-8b-instruct.").waitFor();
    await alert.getByRole("button", { name: "Settings" }).waitFor();
    await chat.shot("errors-model-not-found");
    assert.equal(chat.fake.modelRequests().length, 1);
  } finally {
    await chat.close();
  }
});

test("an answer cut off after 500 bytes: 'cut off', the partial text kept, Retry asks again", async () => {
  const words = Array.from({ length: 40 }, (_, i) => ({ text: `word${i} ` }));
  const chat = await ready({ rounds: [{ events: words, dropAfterBytes: 500 }, { events: [{ text: "The whole answer." }] }] });
  try {
    await send(chat.page, "talk");
    await chat.state("error");
    await chat.see("The answer was cut off.");
    await chat.see("word0 word1");
    const first = chat.fake.modelRequests()[0].body;
    await chat.shot("errors-cut-off");
    await chat.page.getByRole("alert").getByRole("button", { name: "Retry" }).click();
    await chat.see("The whole answer.");
    await chat.state("ready");
    assert.equal(chat.fake.modelRequests().length, 2);
    assert.equal(chat.fake.modelRequests()[1].body, first, "Retry re-sends the last request");
    assert.ok(await chat.page.getByText("word0 word1").count() > 0, "the partial text stays in the transcript");
  } finally {
    await chat.close();
  }
});

test("a 400 naming stream_options: one silent retry without it, then the answer, with a note", async () => {
  const chat = await ready({ rounds: [
    { expect: (b) => (b.stream_options ? null : "the first request has no stream_options"), status: 400, body: '{"error":{"message":"Unrecognized request argument supplied: stream_options"}}' },
    { expect: (b) => (b.stream_options === undefined ? null : "stream_options was sent again"), events: [{ text: "Hello without usage." }] },
    { expect: (b) => (b.stream_options === undefined ? null : "stream_options came back in the next turn"), events: [{ text: "Still without." }] },
  ] });
  try {
    await send(chat.page, "hi");
    await chat.see("Hello without usage.");
    await chat.state("ready");
    await chat.see("refused the parameter stream_options; it is left out for this model.");
    assert.equal(await chat.page.getByRole("alert").count(), 0, "no error card");
    await send(chat.page, "again");
    await chat.see("Still without.");
    assert.equal(chat.fake.modelRequests().length, 3);
  } finally {
    await chat.close();
  }
});
