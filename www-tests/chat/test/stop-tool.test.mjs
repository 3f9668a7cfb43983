// Scenario 9, Stop while a tool runs: a round asks for three tool calls and the first
// one's answer from v8 is held for 2 s (the simulator's delayAnswers hook). Stop during
// it lets that call finish and records its result, marks the other two "not run", sends
// the device notifications/cancelled, and asks the model nothing more; the next message
// carries all three results, two of them CANCELLED.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { configure, launchBrowser, openChat, send } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const create = (name) => ({ call: { name: "barline-create-track", arguments: { name } } });

/** Checks the request after the stopped turn: three results, the last two CANCELLED. */
function threeResults(body) {
  const results = body.messages.filter((m) => m.role === "tool");
  const ids = results.map((m) => m.tool_call_id).join();
  if (ids !== "call_0_0,call_0_1,call_0_2") return `results ${ids}`;
  const cancelled = results.filter((m) => String(m.content).startsWith("CANCELLED")).length;
  if (cancelled !== 2 || String(results[0].content).startsWith("CANCELLED")) return `cancelled ${cancelled}: ${JSON.stringify(results)}`;
  return null;
}

test("Stop while a tool runs waits for it, cancels the rest and asks the model nothing more", async () => {
  const chat = await openChat(browser, { script: { rounds: [
    { events: [create("Stop One"), create("Stop Two"), create("Stop Three")] },
    { expect: threeResults, events: [{ text: "Noted: one track." }] },
  ] } });
  const { page } = chat;
  try {
    await chat.state("setup");
    await configure(page, { base: chat.fake.base() });
    await chat.state("ready");
    chat.device.delayAnswers(2000);
    await send(page, "make three tracks");
    await chat.state("running-tool");
    const first = page.locator('details.card[data-call="call_0_0"]');
    await page.locator('details.card[data-status="running"]').waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Stop" }).click();
    await page.waitForFunction(() => document.querySelector('details.card[data-call="call_0_0"] .outcome')?.textContent === "stopping after this tool call");
    await page.locator("details.group").evaluate((d) => { d.open = true; });
    await chat.shot("stop-tool-stopping");
    await chat.state("ready", 5000);

    assert.deepEqual(await page.locator("details.card").evaluateAll((els) => els.map((e) => e.dataset.status)), ["done", "notRun", "notRun"]);
    assert.match(await first.locator(".outcome").textContent(), /^(?!stopping)/);
    await page.locator("details.group").evaluate((d) => { d.open = true; });
    await chat.shot("stop-tool-stopped");
    const set = JSON.stringify(chat.dump());
    assert.ok(set.includes("Stop One"), "the first call changed the Set");
    assert.ok(!set.includes("Stop Two") && !set.includes("Stop Three"), "calls two and three never ran");
    const toDevice = chat.requests.filter((r) => r.url === `${chat.origin}/mcp`).map((r) => JSON.parse(r.body));
    const calls = toDevice.filter((m) => m.method === "tools/call");
    assert.equal(calls.length, 1, "one tools/call reached the device");
    const cancels = toDevice.filter((m) => m.method === "notifications/cancelled");
    assert.deepEqual(cancels.map((m) => m.params.requestId), [calls[0].id], "Stop sent notifications/cancelled for the running call");
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(chat.fake.modelRequests().length, 1, "no further request reached the provider");

    await send(page, "what happened?");
    await page.locator("#transcript").getByText("Noted: one track.", { exact: true }).waitFor({ timeout: 15000 });
    assert.equal(chat.fake.modelRequests().length, 2);
    assert.deepEqual(chat.errors, []);
  } finally {
    await chat.close();
  }
});
