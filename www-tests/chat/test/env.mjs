// Set-up for the chat page's browser tests: the simulated device (the frozen device
// file, the demo Set, a random port), the fake provider, and Debian's Chromium with
// every name lookup failing, so nothing can leave the machine. Every browser request is
// recorded with its headers and body; screenshots go to test-output/chat/.
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startDevice, FROZEN_DEVICE } from "../../../patch/sim/index.mjs";
import { startFakeProvider } from "../fake-provider.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const SHOTS = join(ROOT, "test-output", "chat");
const CHROMIUM = "/usr/bin/chromium";
export const DEMO_SET = "patch/sim/sets/demo.json";

/** Chromium, shared by the tests of one file. */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: apt-get install -y chromium chromium-driver`);
  if (!existsSync(FROZEN_DEVICE)) throw new Error(`${FROZEN_DEVICE} not found: run make device`);
  mkdirSync(SHOTS, { recursive: true });
  console.log(`# screenshots in ${SHOTS}`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
      "--no-first-run", "--disable-sync", '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
}

/**
 * A device, a fake provider with `script`, and a page context. Returns helpers; call
 * `close()` at the end.
 */
export async function openChat(browser, { script, settings = {}, viewport = { width: 1280, height: 900 }, fragment = "" } = {}) {
  const device = await startDevice({ device: FROZEN_DEVICE, set: DEMO_SET, settings: { port: 0, ...settings } });
  const fake = await startFakeProvider(script ?? { rounds: [] });
  const origin = new URL(device.url).origin;
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  context.on("request", (r) => {
    const entry = { url: r.url(), method: r.method(), body: r.postData() ?? "", headers: {} };
    requests.push(entry);
    r.allHeaders().then((h) => { entry.headers = h; }, () => {});
  });
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${origin}/chat/${fragment}`);
  return {
    device, fake, page, context, origin, requests, errors,
    /** Waits for the page's `data-state`. */
    state: (s, timeout = 15000) => page.waitForSelector(`body[data-state="${s}"]`, { timeout }),
    /** Saves a screenshot `name` in test-output/chat/. */
    shot: (name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false }),
    /** The fake Live Set's dump, parsed. */
    dump: () => JSON.parse(device.liveSet.dump()),
    /** Requests that went anywhere but the device and the fake provider. */
    strays: () => requests.filter((r) => !r.url.startsWith(`${origin}/`) && !r.url.startsWith(`http://127.0.0.1:${fake.port}/`) && !r.url.startsWith("data:")),
    async close() {
      await context.close().catch(() => {});
      await fake.close();
      await device.stop();
    },
  };
}

/** Fills Settings for `preset` at `base` with `key` and `model`, then saves. */
export async function configure(page, { preset = "custom", base, key = "", model = "fake-model", keyMode = "remember" }) {
  await page.getByRole("dialog", { name: "Settings" }).waitFor();
  await page.getByLabel("Provider").selectOption(preset);
  await page.getByLabel("Base URL").fill(base);
  await page.getByLabel("API key").fill(key);
  await page.getByLabel("Keep the key").selectOption(keyMode);
  await page.getByLabel("Model", { exact: true }).fill(model);
  await page.getByRole("button", { name: "Save" }).click();
}

/** First-run Setup for the fake provider (`options` as for `configure`), then Ready. */
export async function setUp(chat, options = {}) {
  await chat.state("setup");
  await configure(chat.page, { base: chat.fake.base(), ...options });
  await chat.state("ready");
}

/** Types a message and sends it with the Send button. */
export async function send(page, text) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}
