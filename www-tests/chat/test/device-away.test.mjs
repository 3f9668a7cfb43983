// The device going away and coming back (scenario 14 of the chat page's tests), and a
// tool error the model recovers from (scenario 6): the simulated device is stopped and
// started again on the same port; the page waits in "Device unreachable", queues what
// is sent meanwhile, and goes on with a new session. A call whose request found no
// device gets no result until it really runs.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { DEMO_SET, launchBrowser, openChat, send, setUp } from "./env.mjs";
import { FROZEN_DEVICE, startDevice } from "../../../patch/sim/index.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Waits for `text` on the page; on a timeout the error carries the transcript. */
async function see(chat, text, timeout = 20000) {
  await chat.page.getByText(text).first().waitFor({ timeout }).catch(async (e) => {
    throw new Error(`${e.message}\n--- state: ${await chat.page.evaluate(() => document.body.dataset.state)}\n--- transcript:\n${await chat.page.locator("#transcript").innerText()}`);
  });
}

/** Stops the chat's device and returns a function that starts a new one on the same port. */
async function stopDevice(chat) {
  const port = Number(new URL(chat.origin).port);
  await chat.device.stop();
  return async () => {
    chat.device = await startDevice({ device: FROZEN_DEVICE, set: DEMO_SET, settings: { port } });
    assert.equal(new URL(chat.device.url).origin, chat.origin, "the device came back on the same port");
  };
}

const toolResults = (body) => body.messages.filter((m) => m.role === "tool").map((m) => m.content);

test("the device goes away between turns: Device unreachable, Send queues, the turn runs once it is back", async () => {
  const chat = await openChat(browser, { script: { rounds: [
    { events: [{ text: "First answer." }] },
    { expect: (b) => (b.messages.at(-1).role === "user" && b.messages.at(-1).content === "are you back?" ? null : JSON.stringify(b.messages.at(-1))),
      events: [{ call: { name: "barline-read-live-set", arguments: {} } }] },
    { expect: (b) => (toolResults(b).length === 1 && toolResults(b)[0].includes("Night Drive") ? null : JSON.stringify(toolResults(b))),
      events: [{ text: "Back and reading your Set." }] },
  ] } });
  try {
    await setUp(chat);
    await send(chat.page, "hello");
    await see(chat, "First answer.");
    await chat.state("ready");
    const restart = await stopDevice(chat);
    await chat.state("device-unreachable", 15000);
    await see(chat, "Barline isn't answering");
    await send(chat.page, "are you back?");
    await chat.page.getByRole("list", { name: "Queued messages" }).getByText("are you back?").waitFor();
    await chat.shot("14-device-unreachable");
    assert.equal(chat.fake.modelRequests().length, 1, "nothing is sent while the device is away");
    await restart();
    await see(chat, "Back and reading your Set.", 30000);
    await chat.state("ready");
    assert.equal(await chat.page.getByRole("list", { name: "Queued messages" }).locator("li").count(), 0);
    assert.deepEqual(await chat.page.locator("details.card").evaluateAll((els) => els.map((e) => e.dataset.status)), ["done"]);
    const inits = chat.requests.filter((r) => r.url.endsWith("/mcp") && r.body.includes('"initialize"'));
    assert.ok(inits.length >= 2, "a new session was opened with the restarted device");
    assert.deepEqual(chat.errors.filter((e) => !e.includes("Failed to load resource")), []);
  } finally {
    await chat.close();
    await chat.device.stop();
  }
});

test("the device goes away mid-turn: the call pauses without a result and runs when the device is back", async () => {
  const { readFileSync } = await import("node:fs");
  const trackIndex = JSON.parse(readFileSync(new URL("../../../patch/sim/sets/demo.json", import.meta.url))).tracks.length;
  const slow = Array.from({ length: 8 }, (_, i) => ({ text: `${i} ` }));
  const chat = await openChat(browser, { script: { rounds: [
    { delayMs: 400, events: [...slow, { call: { name: "barline-create-track", arguments: { name: "Later", type: "midi" } } }] },
    { expect: (b) => {
      const results = toolResults(b);
      return results.length === 1 && results[0].includes(`trackIndex:${trackIndex}`) ? null : `expected one real result: ${JSON.stringify(results)}`;
    }, events: [{ text: "Made the track once the device was back." }] },
  ] } });
  try {
    await setUp(chat);
    await send(chat.page, "make a track");
    await chat.state("streaming");
    // The model is still answering when the device goes: its call finds no device.
    const restart = await stopDevice(chat);
    await chat.state("device-unreachable", 15000);
    await chat.page.getByRole("button", { name: "Stop" }).waitFor();
    await chat.shot("14-device-unreachable-mid-turn");
    const stored = await chat.page.evaluate(() => new Promise((resolve) => {
      const open = indexedDB.open("barline-chat");
      open.onsuccess = () => {
        const names = [...open.result.objectStoreNames];
        const tx = open.result.transaction(names, "readonly");
        const all = tx.objectStore("conversations").getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result));
      };
      open.onerror = () => resolve("");
    }));
    assert.ok(!stored.includes("DEVICE_ERROR"), "no result is stored for the call that never ran");
    assert.equal(chat.fake.modelRequests().length, 1, "no request to the model while the call waits");
    await restart();
    await see(chat, "Made the track once the device was back.", 30000);
    await chat.state("ready");
    assert.deepEqual(await chat.page.locator("details.card").evaluateAll((els) => els.map((e) => e.dataset.status)), ["done"]);
    const tracks = JSON.parse(chat.device.liveSet.dump()).tracks;
    assert.equal(tracks.filter((t) => t.name === "Later").length, 1, "the call ran once, on the device that came back");
  } finally {
    await chat.close();
    await chat.device.stop();
  }
});

test("a tool error: red card with code and hint, the model reads the Set and retries, only the good call changes the Set", async () => {
  const chat = await openChat(browser, { script: { rounds: [] } });
  try {
    const read = await chat.device.callTool("barline-read-live-set", { include: ["tracks"] });
    const firstId = /id:"(\d+)"/.exec(read.content[0].text)?.[1];
    assert.ok(firstId, read.content[0].text);
    chat.fake.setScript({ rounds: [
      { events: [{ call: { name: "barline-update-track", arguments: { ids: "999999", name: "Kit" } } }] },
      { expect: (b) => (toolResults(b).at(-1)?.startsWith("Error [NOT_FOUND]") ? null : `the error did not reach the model: ${JSON.stringify(toolResults(b))}`),
        events: [{ text: "That id is gone; reading the Set." }, { call: { name: "barline-read-live-set", arguments: { include: ["tracks"] } } }] },
      { events: [{ call: { name: "barline-update-track", arguments: { ids: firstId, name: "Kit" } } }] },
      { expect: (b) => (toolResults(b).length === 3 ? null : "three results expected"), events: [{ text: "Renamed the first track to Kit." }] },
    ] });
    const before = chat.dump();
    await setUp(chat);
    await send(chat.page, "rename the first track to Kit");
    await see(chat, "Renamed the first track to Kit.");
    await chat.state("ready");
    const cards = chat.page.locator("details.card");
    assert.deepEqual(await cards.evaluateAll((els) => els.map((e) => e.dataset.status)), ["error", "done", "done"]);
    const bad = cards.first();
    assert.equal(await bad.locator(".code").textContent(), "NOT_FOUND");
    assert.equal(await bad.evaluate((d) => d.open), true, "an error card starts open");
    assert.match(await bad.innerText(), /Hint: Read the parent object/);
    await chat.shot("15-tool-error-recovered");
    const after = chat.dump();
    const index = before.tracks.findIndex((t, i) => after.tracks[i]?.name !== t.name);
    assert.equal(after.tracks[index].name, "Kit");
    before.tracks[index].name = "Kit";
    assert.deepEqual(after, before, "the Set changed only by the successful call");
  } finally {
    await chat.close();
  }
});
