// The chat page's pure rules in Node (no browser): the conversation list's order and
// cap, the export format and reading imports, and the tool set's cost and profile.
import { test } from "node:test";
import assert from "node:assert/strict";
import { exportJson, exportName, importPlan, ordered, overflow, parseImport } from "../src/conversations.js";
import { disabledNames, fixedCost, summaryOf, toolTokens } from "../src/toolset.js";

const rec = (id, updated, extra = {}) => ({ id, title: id, created: 1, updated, config: { model: "m" }, conversation: null, ...extra });

test("pinned conversations come first, then newest first", () => {
  const list = [rec("a", 1), rec("b", 3), rec("c", 2, { pinned: true }), rec("d", 0, { pinned: true })];
  assert.deepEqual(ordered(list).map((r) => r.id), ["c", "d", "b", "a"]);
});

test("over the cap, the oldest unpinned go and the open one stays", () => {
  const list = [rec("old-pinned", 0, { pinned: true }), rec("open", 1), rec("a", 2), rec("b", 3), rec("c", 4)];
  assert.deepEqual(overflow(list, 5), []);
  assert.deepEqual(overflow(list, 3, "open"), ["a", "b"]);
  assert.deepEqual(overflow(list, 4, null), ["open"]);
});

test("an export holds only the page's own fields: never a key or a token", () => {
  const r = rec("x", 5, { pinned: true, named: true, apiKey: "sk-secret", token: "tok", config: { model: "m", key: "sk-secret", systemPrompt: "p" } });
  const text = exportJson([r]);
  assert.ok(!text.includes("sk-secret") && !text.includes("tok\""), text);
  const body = JSON.parse(text);
  assert.equal(body.format, "barline-chat");
  assert.deepEqual(body.conversations[0], { id: "x", title: "x", created: 1, updated: 5, pinned: true, named: true, config: { model: "m", systemPrompt: "p" }, conversation: null });
  assert.equal(exportName({ title: "Drums: a/b beat!" }), "barline-Drums-a-b-beat.json");
});

test("an import reads back what an export writes", () => {
  const records = [rec("a", 1), rec("b", 2, { conversation: '{"items":[]}' })];
  assert.deepEqual(parseImport(exportJson(records)).records, records);
});

test("bad files are refused whole with a reason", () => {
  const cases = [
    ["not json", /not JSON/],
    ['{"conversations": []}', /not a Barline chat export/],
    ['{"format": "barline-chat", "version": 2, "conversations": []}', /version 2/],
    [JSON.stringify({ format: "barline-chat", version: 1, conversations: [rec("a", 1), { id: "b" }] }), /conversation 2 has no title/],
    [JSON.stringify({ format: "barline-chat", version: 1, conversations: [rec("a", 1), rec("a", 2)] }), /appears twice/],
    [JSON.stringify({ format: "barline-chat", version: 1, conversations: [rec("a", 1, { conversation: "{" })] }), /not JSON/],
  ];
  for (const [text, reason] of cases) {
    const r = parseImport(text);
    assert.equal(r.records, undefined);
    assert.match(r.error, reason);
  }
});

test("an import replaces a record only when its copy is newer", () => {
  const here = [rec("a", 5), rec("b", 5)];
  const { put, skipped } = importPlan(here, [rec("a", 6), rec("b", 5), rec("c", 1)]);
  assert.deepEqual(put.map((r) => [r.id, r.updated]), [["a", 6], ["c", 1]]);
  assert.equal(skipped, 1);
});

test("tools: barline-connect stays; small-model mode keeps the core set; cost is characters / 4", () => {
  const tools = ["barline-connect", "barline-playback", "barline-render"].map((name) => ({ name, description: "Does it.\nMore.", inputSchema: {} }));
  assert.deepEqual(disabledNames(tools, ["barline-connect", "barline-playback"], false), ["barline-playback"]);
  assert.deepEqual(disabledNames(tools, [], true), ["barline-render"]);
  assert.deepEqual(summaryOf({ name: "n", title: "T", description: "\n First.\nSecond" }), { name: "n", title: "T", line: "First." });
  const one = JSON.stringify({ name: "barline-connect", description: "Does it.\nMore.", parameters: {} }).length;
  assert.equal(toolTokens(tools.slice(0, 1)), Math.ceil(one / 4));
  const cost = fixedCost({ systemPrompt: "x".repeat(400), tools: tools.slice(0, 1), contextLength: 200 });
  assert.equal(cost.prompt, 100);
  assert.equal(cost.over, cost.total / 200 > 0.6);
  assert.equal(fixedCost({ systemPrompt: "abcd", tools: [] }).share, null);
});
