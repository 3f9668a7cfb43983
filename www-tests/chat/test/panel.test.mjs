// The Conversations panel in Chromium: rename (keyboard), pin order, delete with Undo
// bringing the record back exactly, export of one conversation (no key), import
// (newer copies replace, bad files change nothing), exports without the provider key
// or the device token, and the 200-conversation cap.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { configure, launchBrowser, openChat, send } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const KEY = "sk-panel-51c9";
const answers = (n) => ({ rounds: Array.from({ length: n }, (_, i) => ({ events: [{ text: `answer ${i + 1}` }] })) });

/** Every stored conversation record, by id. */
const stored = (page) => page.evaluate(() => new Promise((resolve, reject) => {
  const req = indexedDB.open("barline-chat");
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const get = req.result.transaction("conversations").objectStore("conversations").getAll();
    get.onsuccess = () => resolve(Object.fromEntries(get.result.map((r) => [r.id, r])));
  };
}));

const titles = (page) => page.locator("#conversation-list .open-conversation").allInnerTexts();

async function talk(chat, text, n) {
  await send(chat.page, text);
  await chat.page.locator("#transcript").getByText(`answer ${n}`, { exact: true }).waitFor({ timeout: 20000 });
  await chat.state("ready");
}

test("rename, pin, delete with Undo, export one and import", async () => {
  const chat = await openChat(browser, { script: answers(4), settings: { requireToken: true } });
  const { page } = chat;
  try {
    // The device token is in this tab, so an export could leak it if it copied storage.
    await chat.state("token-needed");
    const token = chat.device.parameters().token;
    await page.goto("about:blank");
    await page.goto(`${chat.origin}/chat/#token=${encodeURIComponent(token)}`);
    await chat.state("setup");
    await configure(page, { base: chat.fake.base(), key: KEY });
    await chat.state("ready");
    await talk(chat, "first topic", 1);
    for (const [i, t] of ["second topic", "third topic"].entries()) {
      await page.getByRole("button", { name: "New" }).click();
      await talk(chat, t, i + 2);
    }
    await page.getByRole("button", { name: "Conversations" }).click();
    const panel = page.getByRole("complementary", { name: "Conversations" });
    /** The list row of the conversation titled `title`. */
    const row = (title) => panel.getByRole("listitem").filter({ has: page.getByRole("button", { name: title, exact: true }) });
    await panel.getByRole("button", { name: "third topic", exact: true }).waitFor();
    assert.deepEqual(await titles(page), ["third topic", "second topic", "first topic"]);

    // Pinned on top, then newest first.
    await row("first topic").getByRole("button", { name: "Pin", exact: true }).click();
    await row("first topic").getByRole("button", { name: "Pin", exact: true, pressed: true }).waitFor();
    assert.deepEqual(await titles(page), ["first topic", "third topic", "second topic"]);

    // Rename from the keyboard: Escape leaves the title, Enter keeps the new one.
    await row("second topic").getByRole("button", { name: "Rename", exact: true }).focus();
    await page.keyboard.press("Enter");
    await panel.getByRole("textbox", { name: "New name for second topic" }).waitFor();
    await page.keyboard.type("never kept");
    await page.keyboard.press("Escape");
    await panel.getByRole("button", { name: "second topic", exact: true }).waitFor();
    await row("third topic").getByRole("button", { name: "Rename", exact: true }).focus();
    await page.keyboard.press("Enter");
    const box = panel.getByRole("textbox", { name: "New name for third topic" });
    await box.waitFor();
    assert.ok(await box.evaluate((e) => e === document.activeElement));
    await box.fill("Drums");
    await page.keyboard.press("Enter");
    await panel.getByRole("button", { name: "Drums", exact: true }).waitFor();
    assert.ok(await panel.getByRole("button", { name: "Drums", exact: true }).evaluate((e) => e === document.activeElement), "focus returns to the renamed conversation");
    // The open conversation keeps its new name when it is saved again.
    await talk(chat, "more drums", 4);
    await page.waitForTimeout(700);
    assert.deepEqual(await titles(page), ["first topic", "Drums", "second topic"]);
    const drums = Object.values(await stored(page)).find((r) => r.title === "Drums");
    assert.ok(drums?.named && drums.conversation.includes("more drums"));

    // Delete, then Undo: the record comes back exactly.
    const before = await stored(page);
    const second = Object.values(before).find((r) => r.title === "second topic");
    await row("second topic").getByRole("button", { name: "Delete", exact: true }).click();
    await panel.getByRole("status").filter({ hasText: "Deleted second topic." }).waitFor();
    assert.equal((await stored(page))[second.id], undefined);
    assert.deepEqual(await titles(page), ["first topic", "Drums"]);
    await chat.shot("panel-undo");
    await panel.getByRole("button", { name: "Undo" }).click();
    await panel.getByRole("button", { name: "second topic", exact: true }).waitFor();
    assert.deepEqual((await stored(page))[second.id], second);
    // The Undo offer lasts 10 s; a test hook shortens it so the test waits 0.5 s.
    assert.equal(await page.locator("#undo-bar").getAttribute("data-ms"), "10000");
    await page.evaluate(() => { window.barlineUndoMs = 500; });
    await row("first topic").getByRole("button", { name: "Delete", exact: true }).click();
    await panel.getByRole("button", { name: "Undo" }).waitFor();
    assert.equal(await page.locator("#undo-bar").getAttribute("data-ms"), "500");
    await page.waitForTimeout(800);
    assert.ok(await panel.getByRole("button", { name: "Undo" }).isHidden());
    assert.deepEqual(await titles(page), ["Drums", "second topic"]);

    // Export one conversation: only it, in the "export all" format, with no key.
    const [download] = await Promise.all([page.waitForEvent("download"), row("Drums").getByRole("button", { name: "Export", exact: true }).click()]);
    const text = readFileSync(await download.path(), "utf8");
    assert.ok(!text.includes(KEY), "the export has no key");
    assert.ok(!text.includes(token), "the export has no device token");
    const file = JSON.parse(text);
    assert.equal(file.format, "barline-chat");
    assert.deepEqual(file.conversations.map((r) => r.title), ["Drums"]);
    const [all] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Export all" }).click()]);
    const allText = readFileSync(await all.path(), "utf8");
    assert.equal(JSON.parse(allText).conversations.length, 2);
    assert.ok(!allText.includes(KEY) && !allText.includes(token), "export all has no key or token");

    // Import: a newer copy replaces, an older one is skipped, a new one is added.
    const now = await stored(page);
    const older = { ...now[second.id], title: "stale copy", updated: now[second.id].updated - 1 };
    const newer = { ...file.conversations[0], title: "Drums v2", updated: file.conversations[0].updated + 1 };
    const fresh = { ...file.conversations[0], id: "imported-1", title: "From elsewhere" };
    const upload = (name, body) => page.locator("#import-file").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(body) });
    await upload("in.json", JSON.stringify({ format: "barline-chat", version: 1, conversations: [older, newer, fresh] }));
    await panel.getByRole("status").filter({ hasText: "Imported 2 conversations. 1 skipped" }).waitFor();
    assert.deepEqual((await titles(page)).sort(), ["Drums v2", "From elsewhere", "second topic"]);

    // A bad file says why and changes nothing.
    const snapshot = await stored(page);
    await upload("bad.json", JSON.stringify({ format: "barline-chat", version: 1, conversations: [fresh, { id: "x" }] }));
    await panel.getByRole("status").filter({ hasText: "conversation 2 has no title. Nothing was changed." }).waitFor();
    await upload("worse.json", "not json at all");
    await panel.getByRole("status").filter({ hasText: "The file is not JSON. Nothing was changed." }).waitFor();
    assert.deepEqual(await stored(page), snapshot);
    // The one 401 is the first load, before the token was given.
    assert.deepEqual(chat.errors.filter((e) => !e.includes("status of 401")), []);
  } finally {
    await chat.close();
  }
});

test("saving the 201st conversation deletes the oldest unpinned one", async () => {
  const chat = await openChat(browser, { script: answers(1) });
  const { page } = chat;
  try {
    await chat.state("setup");
    await configure(page, { base: chat.fake.base() });
    await chat.state("ready");
    await page.evaluate(() => new Promise((resolve, reject) => {
      const req = indexedDB.open("barline-chat");
      req.onsuccess = () => {
        const t = req.result.transaction("conversations", "readwrite");
        const s = t.objectStore("conversations");
        for (let i = 0; i < 200; i += 1) {
          s.put({ id: `seed-${i}`, title: `seed ${i}`, created: 1000 + i, updated: 1000 + i, pinned: i === 0, config: { model: "fake-model" }, conversation: null });
        }
        t.oncomplete = () => resolve();
        t.onerror = () => reject(t.error);
      };
    }));
    await page.reload();
    await chat.state("ready");
    await page.getByRole("button", { name: "New" }).click();
    await talk(chat, "one more", 1);
    await page.waitForTimeout(700);
    const ids = Object.keys(await stored(page));
    assert.equal(ids.length, 200);
    assert.ok(ids.includes("seed-0"), "the pinned oldest stays");
    assert.ok(!ids.includes("seed-1"), "the oldest unpinned is gone");
    assert.ok(ids.includes("seed-2"));
  } finally {
    await chat.close();
  }
});
