// Keys stay put, the storage part (scenario 16 of the chat page's tests): a key kept in
// "remember" mode is in no storage the page can read in the clear (IndexedDB,
// localStorage, sessionStorage, raw bytes included), not in the export, not in any
// request to the device; Forget all keys removes it and its encryption key.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launchBrowser, openChat, send, setUp } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const KEY = "sk-test-7f3a";

/**
 * Everything the page's origin stores, read in the page: every IndexedDB database's
 * stores (keys and values; bytes decoded as text so a key kept in the clear shows),
 * localStorage and sessionStorage.
 */
function storageDump(page) {
  return page.evaluate(async () => {
    const text = (v) => JSON.stringify(v, (_, x) => {
      if (x instanceof ArrayBuffer) return new TextDecoder("latin1").decode(x);
      if (ArrayBuffer.isView(x)) return new TextDecoder("latin1").decode(x.buffer.slice(x.byteOffset, x.byteOffset + x.byteLength));
      if (x instanceof CryptoKey) return { cryptoKey: x.type, extractable: x.extractable };
      return x;
    });
    const idb = {};
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise((ok, no) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
      for (const store of db.objectStoreNames) {
        const s = db.transaction(store).objectStore(store);
        const all = (req) => new Promise((ok, no) => { req.onsuccess = () => ok(req.result); req.onerror = () => no(req.error); });
        idb[`${name}/${store}`] = { keys: await all(s.getAllKeys()), values: await all(s.getAll()) };
      }
      db.close();
    }
    return { idb: text(idb), local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) };
  });
}

test("a remembered key is in no storage in the clear, no export, no device request; Forget all keys removes it", async () => {
  const chat = await openChat(browser, { script: { rounds: [
    { events: [{ call: { name: "barline-read-live-set", arguments: {} } }] },
    { events: [{ text: "Read." }] },
    { events: [{ text: "Keyless." }] },
  ] } });
  try {
    await setUp(chat, { key: KEY, keyMode: "remember" });
    await send(chat.page, "read the set");
    await chat.page.getByText("Read.").first().waitFor({ timeout: 20000 });
    await chat.state("ready");
    for (const r of chat.fake.modelRequests()) assert.equal(r.headers.authorization, `Bearer ${KEY}`);

    const dump = await storageDump(chat.page);
    const secrets = JSON.parse(dump.idb)["barline-chat/secrets"];
    assert.ok(secrets.keys.some((k) => String(k).startsWith("key custom ")), "the key is stored (encrypted)");
    assert.ok(secrets.values.some((v) => v?.cryptoKey === "secret" && v.extractable === false), "under a non-extractable key");
    for (const [where, text] of Object.entries(dump)) assert.ok(!text.includes(KEY), `the key is in ${where} in the clear`);

    const toDevice = chat.requests.filter((r) => r.url.startsWith(`${chat.origin}/`));
    assert.ok(toDevice.length > 0);
    for (const r of toDevice) assert.ok(!JSON.stringify(r).includes(KEY), `a device request carries the key: ${r.url}`);
    assert.ok(!JSON.stringify(chat.dump()).includes(KEY), "the key is not in the Set");

    await chat.page.getByRole("button", { name: "Conversations" }).click();
    const [download] = await Promise.all([chat.page.waitForEvent("download"), chat.page.getByRole("button", { name: "Export all" }).click()]);
    const exported = readFileSync(await download.path(), "utf8");
    assert.match(exported, /read the set/);
    assert.ok(!exported.includes(KEY), "the export has no key");

    // Forget all keys: the stored key and the encryption key go; a reload has no key.
    await chat.page.getByRole("button", { name: /^Settings/ }).click();
    await chat.page.getByRole("dialog", { name: "Settings" }).waitFor();
    assert.equal(await chat.page.getByLabel("API key").inputValue(), KEY);
    await chat.page.getByRole("button", { name: "Forget all keys" }).click();
    await chat.page.getByText("All keys forgotten.").waitFor();
    await chat.page.keyboard.press("Escape");
    const after = await storageDump(chat.page);
    assert.deepEqual(JSON.parse(after.idb)["barline-chat/secrets"], { keys: [], values: [] });
    await chat.page.reload();
    await chat.state("ready");
    await chat.page.getByRole("button", { name: /^Settings/ }).click();
    await chat.page.getByRole("dialog", { name: "Settings" }).waitFor();
    assert.equal(await chat.page.getByLabel("API key").inputValue(), "");
    await chat.page.keyboard.press("Escape");
    await send(chat.page, "again");
    await chat.page.getByText("Keyless.").first().waitFor({ timeout: 20000 });
    assert.equal(chat.fake.modelRequests().at(-1).headers.authorization, undefined, "no key after Forget all keys");
    assert.deepEqual(chat.strays(), []);
  } finally {
    await chat.close();
  }
});
