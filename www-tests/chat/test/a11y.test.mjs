// Scenario 20, keyboard and screen reader: a session done with the keyboard only (Tab,
// Enter, Escape), the accessibility tree of the page's states (Ready, Streaming, Running
// tool, Error, Round limit) compared with golden files in test/golden/, the live region
// written once per finished answer and tool result, and the error card as an alert.
// BARLINE_UPDATE_GOLDEN=1 writes the golden files; without it a missing one fails.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { launchBrowser, openChat } from "./env.mjs";

const GOLDEN = new URL("./golden/", import.meta.url);
const UPDATE = process.env.BARLINE_UPDATE_GOLDEN === "1";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/**
 * The page's accessibility tree as Playwright writes it, with the status line's elapsed
 * seconds (the only clock on the page) replaced by "N s" and the Live ids a result's
 * first line quotes (the fake Set's numbering) by "N".
 */
async function tree(page) {
  const text = await page.locator("body").ariaSnapshot();
  return `${text.replace(/\b\d+ s\b/g, "N s").replace(/(id:\\?")\d+/g, "$1N")}\n`;
}

/** Compares the tree with golden/<name>.aria.yml (writes it with BARLINE_UPDATE_GOLDEN=1). */
async function matchesGolden(page, name) {
  const actual = await tree(page);
  const file = new URL(`${name}.aria.yml`, GOLDEN);
  if (UPDATE) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  assert.ok(existsSync(file), `golden file ${file.pathname} is missing: run with BARLINE_UPDATE_GOLDEN=1 and review it`);
  assert.equal(actual, readFileSync(file, "utf8"), `the ${name} state's accessibility tree changed`);
}

const focused = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

/** Presses Tab until the element with `id` has focus; fails after `max` presses. */
async function tabTo(page, id, max = 12) {
  for (let i = 0; i < max; i += 1) {
    if ((await focused(page)) === id) return;
    await page.keyboard.press("Tab");
  }
  assert.equal(await focused(page), id, `Tab never reached #${id}`);
}

test("the essential session by keyboard; golden accessibility trees; the live region and the alert", async () => {
  const answer = "Made a track called Keys.";
  const chat = await openChat(browser, { script: { rounds: [
    { events: [{ call: { name: "barline-create-track", arguments: { name: "Keys" } } }] },
    { events: [{ text: answer }] },
  ] } });
  const { page } = chat;
  const newConversation = async () => {
    await page.getByRole("button", { name: "New" }).click();
    await page.locator("#transcript article").first().waitFor({ state: "detached" });
  };
  try {
    // Setup by keyboard: the Settings dialog opens with focus on its first control, the
    // choice of where the model runs; the provider list follows.
    await chat.state("setup");
    assert.equal(await focused(page), "choose-local");
    await tabTo(page, "preset");
    await page.keyboard.press("End"); // the last preset: Custom (OpenAI-compatible)
    assert.equal(await page.locator("#preset").inputValue(), "custom");
    await tabTo(page, "base-url");
    await page.keyboard.type(chat.fake.base());
    await tabTo(page, "model");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("fake-model");
    await page.keyboard.press("Enter"); // submits the dialog with its default button, Save
    await chat.state("ready");
    // A fresh load of the page, as a keyboard user arrives at it from now on.
    await page.reload();
    await chat.state("ready");
    await page.evaluate(() => {
      window.announced = [];
      new MutationObserver(() => window.announced.push(document.getElementById("live").textContent))
        .observe(document.getElementById("live"), { childList: true, characterData: true, subtree: true });
    });

    // The skip link is the first stop and leads to the message box; Enter sends.
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.textContent), "Skip to message box");
    await page.keyboard.press("Enter");
    assert.equal(await focused(page), "message");
    await page.keyboard.type("make a track called Keys");
    await page.keyboard.press("Enter");
    await page.locator("#transcript").getByText(answer, { exact: true }).waitFor({ timeout: 15000 });
    await chat.state("ready");
    assert.equal(await focused(page), "message", "focus stays in the composer after sending");
    const announced = await page.evaluate(() => window.announced);
    assert.equal(announced.filter((t) => t === "Create Track done").length, 1, JSON.stringify(announced));
    assert.equal(announced.filter((t) => t === `${answer} — answer complete`).length, 1, JSON.stringify(announced));
    await matchesGolden(page, "ready");

    // Streaming, then Escape stops it.
    await newConversation();
    chat.fake.setScript({ rounds: [{ events: [{ text: "Counting: " }, { text: "one, " }, { text: "two" }], stallAfter: 2 }] });
    await page.locator("#message").focus();
    await page.keyboard.type("count");
    await page.keyboard.press("Enter");
    await chat.state("streaming");
    await page.locator("#transcript").getByText("Counting: one,").waitFor();
    await matchesGolden(page, "streaming");
    await page.keyboard.press("Escape");
    await chat.state("ready", 2000);

    // Running tool: v8's answer is held for 3 s.
    await newConversation();
    chat.fake.setScript({ rounds: [{ events: [{ call: { name: "barline-read-live-set", arguments: {} } }] }, { events: [{ text: "Read." }] }] });
    chat.device.delayAnswers(3000);
    await page.keyboard.type("read the set");
    await page.keyboard.press("Enter");
    await chat.state("running-tool");
    await page.locator('details.card[data-status="running"]').waitFor();
    await matchesGolden(page, "running-tool");
    await page.locator("#transcript").getByText("Read.", { exact: true }).waitFor({ timeout: 15000 });
    await chat.state("ready");

    // Error: the provider refuses the key; the card is an alert.
    await newConversation();
    chat.fake.setScript({ rounds: [{ status: 401, body: '{"error":{"message":"invalid key"}}' }] });
    await page.keyboard.type("hello");
    await page.keyboard.press("Enter");
    await chat.state("error");
    const alert = page.locator("#transcript [role=alert]");
    await alert.waitFor();
    assert.equal(await alert.count(), 1);
    assert.match(await alert.textContent(), /refused the key/);
    await matchesGolden(page, "error");

    // Round limit: one round per turn.
    await newConversation();
    await page.getByRole("button", { name: /^Settings/ }).click();
    await page.getByLabel("Rounds per turn").fill("1");
    await page.getByRole("button", { name: "Save" }).click();
    const read = { events: [{ call: { name: "barline-read-live-set", arguments: {} } }] };
    chat.fake.setScript({ rounds: [read, read] });
    await page.locator("#message").focus();
    await page.keyboard.type("read forever");
    await page.keyboard.press("Enter");
    await chat.state("round-limit", 15000);
    await matchesGolden(page, "round-limit");
    await page.keyboard.press("Escape");
    await chat.state("ready");
    // The browser logs the provider's 401 of the Error state; nothing else.
    assert.deepEqual(chat.errors.filter((e) => !e.includes("status of 401")), []);
  } finally {
    await chat.close();
  }
});
