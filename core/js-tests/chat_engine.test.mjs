// The chat engine through its JavaScript interface (dist/pkg/node, `ChatEngine`): one
// event in, effects out as JSON; a provider request carries no credential (the page
// adds it when sending), so a key never passes into the engine; bad input throws a
// precise error instead of trapping.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { ChatEngine, chatMarkdown } = require("../../dist/pkg/node/barline_core.js");

const config = { preset: "openai", format: "openai", model: "m", systemPrompt: "S", roundLimit: 25 };
const tools = { tools: [{ name: "barline-connect", description: "Connect.", inputSchema: { type: "object" }, annotations: { title: "Connect", readOnlyHint: true } }] };
const bytes = (text) => new TextEncoder().encode(text);

test("a turn through the JS interface: request, tool call, result, answer", () => {
  const e = new ChatEngine(JSON.stringify(config), undefined);
  e.setTools(JSON.stringify(tools), "[]");
  const [request, save] = JSON.parse(e.send("hi"));
  assert.equal(request.kind, "request");
  assert.equal(save.kind, "save");
  assert.equal(request.request.path, "/chat/completions");
  assert.deepEqual(Object.keys(request.request.headers), ["content-type"], "no credential header: the page adds it");
  assert.ok(!JSON.stringify(request).toLowerCase().includes("authorization"));
  const chunk = { choices: [{ delta: { tool_calls: [{ index: 0, id: "c1", function: { name: "barline-connect", arguments: "{}" } }] } }] };
  assert.deepEqual(JSON.parse(e.streamBytes(bytes(`data: ${JSON.stringify(chunk)}\n\n`))), []);
  // [DONE] completes the round at once: stop reading, then run the call.
  const [abort, call] = JSON.parse(e.streamBytes(bytes("data: [DONE]\n\n")));
  assert.equal(abort.kind, "abort");
  assert.deepEqual(call, { kind: "callTool", callId: "c1", name: "barline-connect", arguments: {} });
  assert.equal(JSON.parse(e.view()).state, "runningTool");
  const next = JSON.parse(e.toolResult("c1", JSON.stringify({ content: [{ type: "text", text: "connected" }] })));
  assert.ok(next.some((x) => x.kind === "announce" && x.text === "Connect done"));
  const body = JSON.parse(next.find((x) => x.kind === "request").request.body);
  assert.deepEqual(body.messages.at(-1), { role: "tool", tool_call_id: "c1", content: "connected" });
  const view = JSON.parse(e.view());
  assert.equal(view.items[1].calls[0].status, "done");
  assert.equal(view.items[1].calls[0].title, "Connect");
  const stored = JSON.parse(e.conversationJson());
  assert.equal(stored.items.length, 3);
});

test("bad settings or a bad stored conversation throw a message, not a trap", () => {
  assert.throws(() => new ChatEngine("{", undefined), /the conversation's settings is not valid/);
  assert.throws(() => new ChatEngine(JSON.stringify(config), "[1]"), /the stored conversation is not valid/);
  const e = new ChatEngine(JSON.stringify(config), undefined);
  assert.throws(() => e.setTools("nope", "[]"), /the tool list is not valid/);
  assert.equal(e.toolResult("unknown", "{"), "[]", "a result for no call changes nothing");
});

test("the markdown renderer escapes model text", () => {
  assert.equal(chatMarkdown("<img src=x onerror=alert(1)>"), "<p>&lt;img src=x onerror=alert(1)&gt;</p>");
});
