// The chat page's scenarios in Chromium against one simulated device and one fake
// provider (each test a fresh browser context, so fresh storage): safe rendering,
// the page's own answers, Stop, the round limit, rate limits, provider errors, keys
// kept for the tab only, and the 420 px layout. Screenshots of each state go to
// test-output/chat/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { configure, launchBrowser, openChat, send } from "./env.mjs";
import { createMcpClient } from "../../../node-host/src/mcp-client.mjs";

let browser;
let chat;
before(async () => {
  browser = await launchBrowser();
  chat = await openChat(browser);
});
after(async () => {
  await chat?.close();
  await browser?.close();
});

/** A fresh context on the same device and provider, configured and Ready. */
async function ready(script, { viewport, preset = "custom", key = "", keyMode = "remember", base } = {}) {
  chat.fake.setScript(script);
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const requests = [];
  context.on("request", (r) => requests.push({ url: r.url(), body: r.postData() ?? "" }));
  await page.goto(`${chat.origin}/chat/`);
  await page.waitForSelector('body[data-state="setup"]');
  await configure(page, { preset, base: base ?? chat.fake.base(), key, keyMode });
  await page.waitForSelector('body[data-state="ready"]');
  const state = (s, timeout = 15000) => page.waitForSelector(`body[data-state="${s}"]`, { timeout });
  /** Screenshots at 1280 × 900 and 420 × 800; at 420 px nothing may scroll sideways. */
  const shot = async (name) => {
    await page.screenshot({ path: `${SHOTS()}/${name}.png` });
    const size = page.viewportSize();
    await page.setViewportSize({ width: 420, height: 800 });
    await page.screenshot({ path: `${SHOTS()}/${name}-420.png` });
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${name} at 420 px: ${scroll} > ${client}`);
    await page.setViewportSize(size);
  };
  /** Waits for `text`; on a timeout the error carries the transcript. */
  const see = (text, timeout = 15000) => page.getByText(text).first().waitFor({ timeout }).catch(async (e) => {
    throw new Error(`${e.message}\n--- transcript:\n${await page.locator("#transcript").innerText()}\n--- status: ${await page.locator("#status").innerText()}\n--- provider: ${JSON.stringify(chat.fake.requests.slice(-3).map((r) => [r.method, r.path]))}`);
  });
  return { page, context, errors, requests, state, shot, see };
}
const SHOTS = () => new URL("../../../test-output/chat", import.meta.url).pathname;

test("model text renders safely: no script, image or javascript: link; the table and code block show", async () => {
  const text = "Here: <script>window.pwned=1</script> <img src=http://127.0.0.1:1/x.png> [bad](javascript:alert(1)) [ok](https://example.com)\n\n| bar | kick |\n|---|---|\n| 1 | 1,3 |\n\n```barbeat\nC1 1|1,3\n```\n\nDone.";
  const pieces = Array.from({ length: 40 }, (_, i) => ({ text: text.slice(Math.floor((i * text.length) / 40), Math.floor(((i + 1) * text.length) / 40)) }));
  const s = await ready({ rounds: [{ events: pieces, delayMs: 15 }] });
  try {
    await send(s.page, "show me");
    await s.see("Done.");
    await s.state("ready");
    const md = s.page.locator(".md");
    assert.equal(await md.locator("script, img, iframe").count(), 0);
    assert.equal(await md.locator('a[href^="javascript"]').count(), 0);
    assert.equal(await md.locator('a[href="https://example.com"][rel="noopener noreferrer"]').count(), 1);
    assert.equal(await md.locator("table td").first().textContent(), "1");
    assert.equal(await md.locator("pre code").textContent(), "C1 1|1,3");
    assert.equal(await s.page.evaluate(() => window.pwned), undefined);
    assert.ok(!s.requests.some((r) => r.url.includes("x.png")), "no image was requested");
    await s.shot("04-safe-rendering");
    assert.deepEqual(s.errors, []);
  } finally {
    await s.context.close();
  }
});

test("an invented tool and broken arguments are answered by the page; the loop goes on", async () => {
  const s = await ready({ rounds: [
    { events: [{ call: { name: "barline-make-song", arguments: {} } }, { call: { name: "barline-read-track", arguments: '{"trackIndex": 0' } }] },
    { expect: (b) => {
      const results = b.messages.filter((m) => m.role === "tool").map((m) => m.content);
      return results.length === 2 && results[0].startsWith("UNKNOWN_TOOL") && results[1].startsWith("BAD_INPUT") ? null : JSON.stringify(results);
    }, events: [{ text: "Sorry, I fixed my call." }] },
  ] });
  try {
    await send(s.page, "make a song");
    await s.see("Sorry, I fixed my call.");
    const calls = s.requests.filter((r) => r.url.endsWith("/mcp") && r.body.includes("tools/call"));
    assert.deepEqual(calls, [], "the device received no tools/call");
    assert.deepEqual(await s.page.locator("details.card").evaluateAll((els) => els.map((e) => e.dataset.status)), ["error", "error"]);
    await s.shot("05-page-answered-calls");
  } finally {
    await s.context.close();
  }
});

test("three calls of one round run in order and collapse into one group line", async () => {
  const read = (i) => ({ call: { name: "barline-read-track", arguments: { trackIndex: i } } });
  const s = await ready({ rounds: [
    { events: [read(0), read(1), read(2)] },
    { expect: (b) => {
      const ids = b.messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id);
      return ids.join() === "call_0_0,call_0_1,call_0_2" ? null : `results out of order: ${ids}`;
    }, events: [{ text: "Read three tracks." }] },
  ] });
  try {
    await send(s.page, "read three tracks");
    await s.see("Read three tracks.");
    const order = s.requests.filter((r) => r.body.includes('"tools/call"')).map((r) => JSON.parse(r.body).params.arguments.trackIndex);
    assert.deepEqual(order, [0, 1, 2]);
    await s.see("3 tool calls: Read Track ×3");
    await s.shot("13-grouped-cards");
  } finally {
    await s.context.close();
  }
});

test("small-model mode is this session's profile: the device's other clients keep the full catalogue", async () => {
  const s = await ready({ rounds: [{ expect: (b) => (b.tools.length === 8 ? null : `${b.tools.length} tools offered`), events: [{ text: "Small and ready." }] }] }, { preset: "ollama" });
  try {
    await send(s.page, "hi");
    await s.see("Small and ready.");
    const inits = s.requests.filter((r) => r.body.includes('"initialize"')).map((r) => JSON.parse(r.body).params.capabilities.experimental["barline/profile"]);
    const last = inits.at(-1);
    assert.equal(last.smallModel, true);
    assert.ok(last.disabledTools.includes("barline-delete") && !last.disabledTools.includes("barline-create-clip"), JSON.stringify(last));
    const other = createMcpClient(chat.device.url, { clientName: "other" });
    const { tools } = await other.listTools();
    assert.ok(tools.some((t) => t.name === "barline-delete"), "another client still sees every tool");
  } finally {
    await s.context.close();
  }
});

test("a server that ignores stream and answers whole still gets its tool calls run", async () => {
  const s = await ready({ rounds: [
    { whole: true, events: [{ call: { name: "barline-read-live-set", arguments: {} } }] },
    { whole: true, events: [{ text: "Read it whole." }] },
  ] });
  try {
    await send(s.page, "read");
    await s.see("Read it whole.");
    assert.deepEqual(await s.page.locator("details.card").evaluateAll((els) => els.map((e) => e.dataset.status)), ["done"]);
  } finally {
    await s.context.close();
  }
});

test("Stop while streaming keeps the partial text and the provider sees the close", async () => {
  const s = await ready({ rounds: [
    { events: [{ text: "One, " }, { text: "two, " }, { text: "three" }, { text: " four" }], stallAfter: 3 },
    { expect: (b) => (b.messages.some((m) => m.role === "assistant" && m.content === "One, two, three") ? null : "the partial text is missing"), events: [{ text: "Continuing." }] },
  ] });
  try {
    await send(s.page, "count");
    await s.see("One, two, three");
    await s.state("streaming");
    await s.shot("06-streaming");
    const stopped = Date.now();
    await s.page.getByRole("button", { name: "Stop" }).click();
    await s.state("ready", 1000);
    assert.ok(Date.now() - stopped < 1000);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(chat.fake.modelRequests().at(-1).closedEarly, true);
    await send(s.page, "go on");
    await s.see("Continuing.");
  } finally {
    await s.context.close();
  }
});

test("the round limit pauses with counts; Continue adds no message; Stop ends", async () => {
  const read = { events: [{ call: { name: "barline-read-live-set", arguments: {} } }] };
  const s = await ready({ rounds: [read, read, read, { ...read, expect: (b) => (b.messages.at(-1).role === "tool" && !JSON.stringify(b).toLowerCase().includes('"continue"') ? null : "Continue added a message") }, read, read] });
  try {
    await s.page.getByRole("button", { name: /^Settings/ }).click();
    await s.page.getByLabel("Rounds per turn").fill("3");
    await s.page.getByRole("button", { name: "Save" }).click();
    await send(s.page, "read forever");
    await s.state("round-limit", 20000);
    await s.see("Paused after 3 rounds and 3 tool calls.");
    await s.shot("07-round-limit");
    const before = chat.fake.modelRequests().length;
    await s.page.getByRole("button", { name: "Continue" }).click();
    // The page is still in "round-limit" as Continue is clicked: wait for the next three
    // rounds to reach the provider, then for the pause they end in.
    const deadline = Date.now() + 20000;
    while (chat.fake.modelRequests().length < before + 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(chat.fake.modelRequests().length >= before + 3, true, "three more rounds after Continue");
    await s.state("round-limit", 20000);
    await s.page.getByRole("button", { name: "Stop" }).click();
    await s.state("ready");
  } finally {
    await s.context.close();
  }
});

test("a rate limit counts down and re-sends the same request", async () => {
  const limited = { status: 429, headers: { "retry-after": "2" }, body: '{"error":{"message":"slow down"}}' };
  const s = await ready({ rounds: [limited, limited, { events: [{ text: "Finally." }] }] });
  try {
    await send(s.page, "hello");
    await s.state("waiting-to-retry");
    await s.see(/retrying in \d s/);
    await s.shot("08-waiting-to-retry");
    await s.see("Finally.", 15000);
    const bodies = chat.fake.modelRequests().slice(-3).map((r) => r.body);
    assert.equal(bodies[1], bodies[0]);
    assert.equal(bodies[2], bodies[0]);
  } finally {
    await s.context.close();
  }
});

test("provider errors say what happened and what to do", async () => {
  const s = await ready({ rounds: [{ status: 401, body: '{"error":{"message":"invalid key"}}' }] });
  try {
    await send(s.page, "hi");
    await s.state("error");
    const alert = s.page.getByRole("alert").filter({ hasText: "refused the key" });
    await alert.waitFor();
    await alert.getByRole("button", { name: "Settings" }).waitFor();
    await s.shot("09-error-key");
  } finally {
    await s.context.close();
  }
  const cors = await ready({ rounds: [{ events: [{ text: "never" }] }] }, { preset: "lmstudio" });
  try {
    chat.fake.setScript({ cors: false, rounds: [{ events: [{ text: "never" }] }] });
    await send(cors.page, "hi");
    await cors.see("Turn on Enable CORS in LM Studio's server settings.");
  } finally {
    await cors.context.close();
  }
  const closed = await ready({ rounds: [] }, { base: "http://127.0.0.1:9/v1" });
  try {
    await send(closed.page, "hi");
    await closed.see("Can't reach http://127.0.0.1:9/v1.");
  } finally {
    await closed.context.close();
  }
});

test("a key kept for this tab only is gone after the tab closes; Forget all keys removes it", async () => {
  const s = await ready({ rounds: [] }, { key: "sk-tab-only", keyMode: "tab" });
  try {
    await s.page.getByRole("button", { name: /^Settings/ }).click();
    assert.equal(await s.page.getByLabel("API key").inputValue(), "sk-tab-only");
    await s.page.keyboard.press("Escape");
    const stored = await s.page.evaluate(() => JSON.stringify({ ...localStorage }));
    assert.ok(!stored.includes("sk-tab-only"));
    const other = await s.context.newPage(); // a new tab: new sessionStorage
    await other.goto(`${chat.origin}/chat/`);
    await other.waitForSelector('body[data-state="ready"]');
    await other.getByRole("button", { name: /^Settings/ }).click();
    assert.equal(await other.getByLabel("API key").inputValue(), "");
    await other.getByRole("button", { name: "Forget all keys" }).click();
    await other.getByText("All keys forgotten.").waitFor();
  } finally {
    await s.context.close();
  }
});

test("at 420 px nothing scrolls sideways and the controls stay visible", async () => {
  const s = await ready({ rounds: [{ events: [{ call: { name: "barline-read-live-set", arguments: { notes: "x".repeat(2000) } } }] }, { events: [{ text: "A long answer ".repeat(40) }] }] }, { viewport: { width: 420, height: 800 } });
  try {
    await s.shot("10-ready-420");
    await send(s.page, "read");
    await s.see("A long answer");
    await s.state("ready");
    await s.page.locator("details.card").first().evaluate((d) => { d.open = true; });
    const { scroll, client } = await s.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    assert.ok(scroll <= client, `${scroll} > ${client}`);
    for (const name of ["Send", "Conversations"]) {
      const box = await s.page.getByRole("button", { name }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 420 && box.y + box.height <= 800, name);
    }
    const button = await s.page.getByRole("button", { name: "Send" }).boundingBox();
    assert.ok(button.width >= 44 && button.height >= 44);
    await s.shot("11-card-open-420");
  } finally {
    await s.context.close();
  }
});
