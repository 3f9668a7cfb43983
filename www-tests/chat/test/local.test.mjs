// The first run with a model on this computer (scenario 1 of the chat page's tests):
// Setup offers "A model on this computer", which probes the local servers' ports from
// the page (here the fake provider's, given with the test-only `local-ports` query),
// picks the one that answers with its model list and small-model mode, and the
// three-round script builds a beat. Every request stays on loopback.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launchBrowser, openChat, send } from "./env.mjs";
import { createMcpClient } from "../../../node-host/src/mcp-client.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const BEAT = "v100 t/4 C1 1|1,3 2|1,3 3|1,3 4|1,3 v90 D1 1|2,4 2|2,4 3|2,4 4|2,4";

test("a local first run, offline: the probe finds the server, lists its models, small-model mode is on", async () => {
  const trackIndex = JSON.parse(readFileSync(new URL("../../../patch/sim/sets/demo.json", import.meta.url))).tracks.length;
  const chat = await openChat(browser, { script: { models: ["qwen3:8b", "llama3.1:8b"], rounds: [
    { expect: (b) => (b.model === "qwen3:8b" && b.tools.length === 8 ? null : `${b.model}, ${b.tools.length} tools`),
      events: [{ call: { name: "barline-create-track", arguments: { name: "Beat", type: "midi" } } }] },
    { events: [{ call: { name: "barline-create-clip", arguments: { slot: `${trackIndex}/0`, name: "Four bars", notes: BEAT, length: "4:0" } } }] },
    { expect: (b) => (b.messages.filter((m) => m.role === "tool").length === 2 ? null : "two tool results expected"),
      events: [{ text: "Your four-bar beat is on the new track Beat." }] },
  ] } });
  try {
    await chat.page.goto(`${chat.origin}/chat/?local-ports=ollama:${chat.fake.port}`);
    await chat.state("setup");
    await chat.page.getByRole("button", { name: "A model on this computer (LM Studio, Ollama)" }).click();
    await chat.page.getByText(`Found Ollama (this computer) at http://127.0.0.1:${chat.fake.port}/v1 with 2 models.`).first().waitFor();
    assert.equal(await chat.page.getByLabel("Provider").inputValue(), "ollama");
    assert.equal(await chat.page.getByLabel("Model", { exact: true }).inputValue(), "qwen3:8b");
    assert.deepEqual(await chat.page.locator("#model-list option").evaluateAll((os) => os.map((o) => o.value)), ["qwen3:8b", "llama3.1:8b"]);
    assert.equal(await chat.page.getByLabel("Small-model mode (fewer tools)").isChecked(), true);
    await chat.shot("19-local-setup-found");
    await chat.page.getByRole("button", { name: "Save" }).click();
    await chat.state("ready");
    await send(chat.page, "make a four-bar drum beat on a new track");
    await chat.page.getByText("Your four-bar beat is on the new track Beat.").first().waitFor({ timeout: 30000 });
    await chat.state("ready");
    assert.deepEqual(await chat.page.locator("details.card").evaluateAll((els) => els.map((e) => e.dataset.status)), ["done", "done"]);
    const track = chat.dump().tracks[trackIndex];
    assert.equal(track?.name, "Beat");
    assert.equal(track.clip_slots?.[0]?.notes.length, 16);
    assert.deepEqual(chat.requests.filter((r) => !r.url.startsWith("http://127.0.0.1:")).map((r) => r.url), [], "only loopback requests");
    assert.deepEqual(chat.strays(), []);
    const other = createMcpClient(chat.device.url, { clientName: "other" });
    const { tools } = await other.listTools();
    assert.ok(tools.length > 8, "another client still sees the full catalogue");
  } finally {
    await chat.close();
  }
});

test("no local server answers: Setup says which ports it tried", async () => {
  const chat = await openChat(browser);
  try {
    await chat.page.goto(`${chat.origin}/chat/?local-ports=ollama:9,lmstudio:9`);
    await chat.state("setup");
    await chat.page.getByRole("button", { name: "A model on this computer (LM Studio, Ollama)" }).click();
    await chat.page.getByText("Neither Ollama (port 9) nor LM Studio (port 9) answers").first().waitFor();
  } finally {
    await chat.close();
  }
});
