// Tool cards for what the device answers (scenarios 3 and 5 of the chat page's tests):
// a call whose arguments arrive in pieces cut inside a UTF-8 character and inside a \"
// escape reaches the device exactly as meant, and a call answered with a warning shows
// an amber card whose warning the model also reads.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, openChat, send, setUp } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** An open chat with `script`, configured for the fake provider and Ready. */
async function ready(script) {
  const chat = await openChat(browser, { script });
  await setUp(chat);
  return chat;
}

const deviceCalls = (chat) => chat.requests.filter((r) => r.url.endsWith("/mcp") && r.body.includes('"tools/call"')).map((r) => JSON.parse(r.body).params);

test("arguments in nine fragments, cut inside a UTF-8 character and a \\\" escape, reach the device intact", async () => {
  const args = { slot: "0/3", name: 'Bässe "Tief"', notes: "C1 1|1 2|1", length: "4:0" };
  const text = JSON.stringify(args);
  // Nine fragments: one ends on the backslash of \" and the stream is cut every byte,
  // so the two bytes of ä arrive apart.
  const escape = text.indexOf('\\"') + 1;
  const cuts = [3, 12, 22, 27, escape, escape + 6, 50, 60].sort((a, b) => a - b);
  const fragments = [0, ...cuts].map((at, i) => text.slice(at, cuts[i] ?? text.length));
  assert.equal(fragments.length, 9);
  assert.equal(fragments.join(""), text);
  assert.ok(fragments.some((f) => f.endsWith("\\")), "one fragment ends inside the escape");
  const chat = await ready({ rounds: [
    { splitBytes: 1, events: [{ call: { name: "barline-create-clip", arguments: text, fragments } }] },
    { events: [{ text: "Made Bässe." }] },
  ] });
  try {
    await send(chat.page, "a bass clip");
    await chat.page.getByText("Made Bässe.").first().waitFor({ timeout: 20000 });
    assert.deepEqual(deviceCalls(chat), [{ name: "barline-create-clip", arguments: args }]);
    const clip = chat.dump().tracks[0].clip_slots[3];
    assert.equal(clip?.name, 'Bässe "Tief"');
    await chat.page.locator("details.card").first().evaluate((d) => { d.open = true; });
    assert.match(await chat.page.locator("details.card .block pre").first().textContent(), /Bässe \\"Tief\\"|Bässe "Tief"/);
    await chat.shot("16-fragmented-arguments");
  } finally {
    await chat.close();
  }
});

test("a warning: an amber card with one warning, shown from _meta, and the model reads the WARNING text", async () => {
  const chat = await ready({ rounds: [
    { events: [{ call: { name: "barline-create-clip", arguments: { slot: "0/3", notes: "C1 1|1 5|1", length: "1:0" } } }] },
    { expect: (b) => {
      const result = b.messages.filter((m) => m.role === "tool").at(-1)?.content ?? "";
      return result.includes("\nWARNING: 1 note starts at or after the clip end") ? null : `no WARNING item: ${result}`;
    }, events: [{ text: "Made it; one note is past the end." }] },
  ] });
  try {
    await send(chat.page, "a short clip");
    await chat.page.getByText("Made it; one note is past the end.").first().waitFor({ timeout: 20000 });
    const card = chat.page.locator("details.card").first();
    assert.equal(await card.getAttribute("data-status"), "warning");
    assert.equal(await card.locator(".warn").textContent(), "1 warning");
    assert.equal(await card.evaluate((d) => d.open), true, "a card with a warning starts open");
    const items = await card.getByRole("list").locator("li").allTextContents();
    assert.deepEqual(items.map((t) => t.split(":")[0]), ["1 note starts at or after the clip end 2|1 and does not play"]);
    assert.match(await card.getAttribute("class"), /status-warning/, "amber");
    await chat.shot("17-warning-card");
  } finally {
    await chat.close();
  }
});
