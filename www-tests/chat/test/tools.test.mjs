// Settings' tool switches and the context meter in Chromium: a tool turned off is not
// offered to the model (checked on the request the fake provider receives); the fixed
// cost of a round is shown against the context length from the model list; before the
// first send a context too small for it warns, and one click turns on small-model mode.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { configure, launchBrowser, openChat, send } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const SMALL = ["barline-connect", "barline-read-live-set", "barline-read-track", "barline-read-clip",
  "barline-create-track", "barline-create-clip", "barline-update-clip", "barline-playback"];
const offered = (request) => JSON.parse(request.body).tools.map((t) => t.function?.name ?? t.name).sort();
const tokensIn = (text) => Number(/about ([\d,]+) tokens/.exec(text)[1].replace(/,/g, ""));

test("a tool turned off in Settings is not offered to the model; barline-connect cannot be", async () => {
  const chat = await openChat(browser, { script: { rounds: [{ events: [{ text: "first" }] }, { events: [{ text: "second" }] }] } });
  const { page } = chat;
  try {
    await chat.state("setup");
    await configure(page, { base: chat.fake.base() });
    await chat.state("ready");
    await send(page, "hello");
    await page.locator("#transcript").getByText("first", { exact: true }).waitFor();
    const all = offered(chat.fake.modelRequests()[0]);
    assert.ok(all.includes("barline-delete") && all.length > SMALL.length, `full set offered: ${all}`);

    await page.getByRole("button", { name: /^Settings:/ }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    await dialog.waitFor();
    const switches = dialog.getByRole("switch");
    assert.equal(await switches.count(), all.length);
    const connect = dialog.locator('input[data-tool="barline-connect"]');
    assert.ok(await connect.isChecked() && await connect.isDisabled(), "barline-connect is always on");
    const costBefore = tokensIn(await dialog.locator("#tool-cost").innerText());
    assert.match(await dialog.locator("#tool-cost").innerText(), new RegExp(`^${all.length} of ${all.length} tools on`));
    const del = dialog.locator('input[data-tool="barline-delete"]');
    assert.match(await del.getAttribute("aria-describedby"), /tool-line-barline-delete/);
    await del.focus();
    await page.keyboard.press("Space");
    assert.equal(await del.isChecked(), false);
    const costAfter = tokensIn(await dialog.locator("#tool-cost").innerText());
    assert.ok(costAfter < costBefore, `${costAfter} < ${costBefore}`);
    assert.match(await dialog.locator("#context-meter").innerText(), /Each round starts with about [\d,]+ tokens/);
    await chat.shot("settings-tools");
    await dialog.getByRole("button", { name: "Save" }).click();
    await chat.state("ready");

    await send(page, "again");
    await page.locator("#transcript").getByText("second", { exact: true }).waitFor();
    const now = offered(chat.fake.modelRequests()[1]);
    assert.deepEqual(now, all.filter((n) => n !== "barline-delete"));

    // The choice is kept: after a reload the switch is still off.
    await page.reload();
    await chat.state("ready");
    await page.getByRole("button", { name: /^Settings:/ }).click();
    await dialog.waitFor();
    assert.equal(await dialog.locator('input[data-tool="barline-delete"]').isChecked(), false);
    assert.deepEqual(chat.errors, []);
  } finally {
    await chat.close();
  }
});

test("a context too small for the fixed cost warns before the first send; one click offers the core tools", async () => {
  const script = { models: [{ id: "tiny-model", context_length: 6000 }], rounds: [{ events: [{ text: "small answer" }] }] };
  const chat = await openChat(browser, { script });
  const { page } = chat;
  try {
    await chat.state("setup");
    const dialog = page.getByRole("dialog", { name: "Settings" });
    await dialog.getByLabel("Provider").selectOption("custom");
    await dialog.getByLabel("Base URL").fill(chat.fake.base());
    await dialog.getByLabel("Model", { exact: true }).fill("tiny-model");
    await dialog.getByRole("button", { name: "Test connection" }).click();
    await dialog.getByText("Connected: 1 models.").waitFor();
    assert.equal(await dialog.getByLabel("Context length (tokens, optional)").inputValue(), "6000");
    const meter = await dialog.locator("#context-meter").innerText();
    assert.match(meter, /% of the 6,000-token context/);
    assert.ok(Number(/(\d+) % of/.exec(meter)[1]) > 60, meter);
    await dialog.getByRole("button", { name: "Save" }).click();
    await chat.state("ready");

    const warning = page.getByRole("region", { name: "This model's context is small for Barline's tools" });
    await warning.waitFor();
    await chat.shot("context-warning");
    await warning.getByRole("button", { name: "Use small-model mode and the core tools" }).click();
    await warning.waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("barline-chat-settings")).smallModel), true);

    await send(page, "hello");
    await page.locator("#transcript").getByText("small answer", { exact: true }).waitFor();
    const tools = offered(chat.fake.modelRequests()[0]);
    assert.deepEqual(tools, [...SMALL].sort());
    assert.deepEqual(chat.errors, []);
  } finally {
    await chat.close();
  }
});
