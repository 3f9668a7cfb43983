// The chat page end to end: a scripted provider drives the page through a turn that
// creates a track and a clip in the simulated device's Set; the Set is read back; the
// provider key reaches only the provider. Offline: Chromium resolves no names and every
// request must go to the device or the fake provider.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { configure, launchBrowser, openChat, send } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const KEY = "sk-test-7f3a";
const BEAT = "v100 t/4 C1 1|1,3 2|1,3 3|1,3 4|1,3 v90 D1 1|2,4 2|2,4 3|2,4 4|2,4";

/** Round 1 creates a track, round 2 a clip on it, round 3 answers. */
function drumScript(trackIndex) {
  return {
    rounds: [
      { events: [{ text: "I'll make a new track." }, { call: { name: "barline-create-track", arguments: { name: "Beat", type: "midi" } } }, { usage: { input: 900, output: 20 } }] },
      {
        expect: (body) => {
          const last = body.messages.at(-1);
          return last.role === "tool" && last.content.includes(`trackIndex:${trackIndex}`) ? null : `the last message is not the track's result: ${JSON.stringify(last)}`;
        },
        events: [{ call: { name: "barline-create-clip", arguments: { slot: `${trackIndex}/0`, name: "Four bars", notes: BEAT, length: "4:0" }, fragments: 5 } }],
      },
      {
        expect: (body) => (body.messages.filter((m) => m.role === "tool").length === 2 ? null : "two tool results expected"),
        events: [{ text: "Done: a **four-bar** beat on the new track *Beat*." }, { usage: { input: 1200, output: 30 } }],
      },
    ],
  };
}

test("a scripted model creates a track and a clip; the key never reaches the device", async () => {
  const { readFileSync } = await import("node:fs");
  const trackIndex = JSON.parse(readFileSync(new URL("../../../patch/sim/sets/demo.json", import.meta.url))).tracks.length;
  const chat = await openChat(browser, { script: drumScript(trackIndex) });
  try {
    await chat.state("setup");
    await chat.shot("01-setup");
    await configure(chat.page, { base: chat.fake.base(), key: KEY });
    await chat.state("ready");
    await chat.shot("02-ready");
    await send(chat.page, "make a four-bar drum beat on a new track");
    await chat.page.getByText("Done: a four-bar beat").waitFor({ timeout: 20000 }).catch(async (e) => {
      throw new Error(`${e.message}\n${await chat.page.locator("#transcript").innerText()}`);
    });
    await chat.state("ready");
    await chat.shot("03-answered");

    // Two tool cards, both done and marked as changing the Set.
    const cards = chat.page.locator("details.card");
    assert.equal(await cards.count(), 2);
    assert.deepEqual(await cards.evaluateAll((els) => els.map((e) => e.dataset.status)), ["done", "done"]);
    assert.equal(await chat.page.locator(".card .mark").count(), 2);
    assert.equal(await chat.page.locator(".md strong").textContent(), "four-bar");

    // The Set, read back: the new track with its clip and notes.
    const dump = chat.dump();
    const track = dump.tracks[trackIndex];
    assert.equal(track?.name, "Beat");
    const clip = track.clip_slots?.[0];
    assert.equal(clip?.name, "Four bars");
    assert.equal(clip.notes.length, 16);
    assert.equal(clip.length, 16);
    assert.deepEqual([...new Set(clip.notes.map((n) => n.pitch))].sort(), [36, 38]);

    // The key went to the provider as the credential, and nowhere else.
    const posts = chat.fake.modelRequests();
    assert.equal(posts.length, 3);
    for (const r of posts) assert.equal(r.headers.authorization, `Bearer ${KEY}`);
    const toDevice = chat.requests.filter((r) => r.url.startsWith(`${chat.origin}/`));
    assert.ok(toDevice.some((r) => r.url.endsWith("/mcp")), "the page used /mcp");
    for (const r of toDevice) {
      assert.ok(!JSON.stringify(r).includes(KEY), `a device request carries the key: ${r.url}`);
    }
    assert.ok(!JSON.stringify(dump).includes(KEY), "the key is not in the Set");
    const stored = await chat.page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.ok(!stored.includes(KEY), "the key is not in web storage in the clear");
    assert.deepEqual(chat.strays(), [], "requests left the device and the provider");

    // The conversation is stored and exported without the key.
    await chat.page.getByRole("button", { name: "Conversations" }).click();
    await chat.page.getByRole("complementary", { name: "Conversations" }).getByRole("button", { name: /make a four-bar/ }).waitFor();
    const [download] = await Promise.all([chat.page.waitForEvent("download"), chat.page.getByRole("button", { name: "Export all" }).click()]);
    const { readFileSync: read } = await import("node:fs");
    const exported = read(await download.path(), "utf8");
    assert.match(exported, /barline-create-clip/);
    assert.ok(!exported.includes(KEY), "the export has no key");
    assert.deepEqual(chat.errors, []);
  } finally {
    await chat.close();
  }
});

for (const format of ["anthropic", "gemini"]) {
  test(`the same session in the ${format} format creates the same track and clip`, async () => {
    const { readFileSync } = await import("node:fs");
    const trackIndex = JSON.parse(readFileSync(new URL("../../../patch/sim/sets/demo.json", import.meta.url))).tracks.length;
    const script = drumScript(trackIndex);
    // The OpenAI-shaped checks do not apply; check what each format must send back.
    script.rounds[1].expect = (body) => {
      const text = JSON.stringify(body);
      if (format === "gemini") return text.includes('"thoughtSignature":"c2lnLSR7bn0tJHtpfQ==01"') ? null : "the thoughtSignature was not replayed";
      return text.includes('"tool_result"') && text.includes('"tool_use_id":"toolu_0_1"') ? null : "no tool_result for toolu_0_1";
    };
    script.rounds[2].expect = null;
    const chat = await openChat(browser, { script });
    try {
      await chat.state("setup");
      await configure(chat.page, { preset: format, base: chat.fake.base(format), key: KEY, model: "fake-model" });
      await chat.state("ready");
      await send(chat.page, "make a four-bar drum beat on a new track");
      await chat.page.getByText("Done: a four-bar beat").waitFor({ timeout: 20000 });
      const track = chat.dump().tracks[trackIndex];
      assert.equal(track?.name, "Beat");
      assert.equal(track.clip_slots?.[0]?.notes.length, 16);
      const header = format === "gemini" ? "x-goog-api-key" : "x-api-key";
      for (const r of chat.fake.modelRequests()) {
        assert.equal(r.headers[header], KEY);
        assert.ok(!r.path.includes(KEY), "never in the URL");
      }
      assert.deepEqual(chat.strays(), []);
    } finally {
      await chat.close();
    }
  });
}

test("the token: needed without the fragment, taken from it into this tab only", async () => {
  const chat = await openChat(browser, { settings: { requireToken: true } });
  try {
    await chat.state("token-needed");
    await chat.shot("12-token-needed");
    await chat.page.getByLabel("Device token").fill("wrong-token");
    await chat.page.getByRole("button", { name: "Use token" }).click();
    await chat.page.getByText(/wrong bearer token/).waitFor();
    const token = chat.device.parameters().token;
    await chat.page.goto("about:blank");
    await chat.page.goto(`${chat.origin}/chat/#token=${encodeURIComponent(token)}`);
    await chat.state("setup");
    assert.equal(await chat.page.evaluate(() => location.hash), "");
    assert.equal(await chat.page.evaluate(() => sessionStorage.getItem("barline-chat-token")), token);
    assert.equal(await chat.page.evaluate(() => localStorage.getItem("barline-chat-token")), null);
    for (const r of chat.requests) assert.ok(!r.url.includes(token), `the token is in a URL: ${r.url}`);
  } finally {
    await chat.close();
  }
});
