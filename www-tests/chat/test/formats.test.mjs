// Anthropic and Gemini details in Chromium (scenario 18 of the chat page's tests): what
// the page sends back in the next request is checked by the fake provider's `expect`,
// which answers 418 with the reason when a check fails.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { configure, launchBrowser, openChat, send } from "./env.mjs";

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Runs one turn of `script` in `format`; resolves the transcript's text. */
async function turn(format, script, answer) {
  const chat = await openChat(browser, { script });
  try {
    await chat.state("setup");
    await configure(chat.page, { preset: format, base: chat.fake.base(format), key: "sk-test-format" });
    await chat.state("ready");
    await send(chat.page, "go");
    await chat.page.getByText(answer).first().waitFor({ timeout: 20000 }).catch(async (e) => {
      throw new Error(`${e.message}\n${await chat.page.locator("#transcript").innerText()}`);
    });
    await chat.state("ready");
    return chat.fake.modelRequests().length;
  } finally {
    await chat.close();
  }
}

test("Anthropic: a failed tool's result goes back with is_error; thinking blocks go back with their signatures unchanged", async () => {
  const thinking = "The clip id may be wrong; try it.";
  const signature = "EqQBCkYIARgCKkBsig+/=";
  const script = { rounds: [
    { events: [{ thinking, signature }, { call: { name: "barline-update-clip", arguments: { ids: "999", name: "x" }, id: "toolu_bad" } }] },
    {
      expect: (body) => {
        const [assistant, results] = body.messages.slice(-2);
        const block = assistant?.content?.find((b) => b.type === "thinking");
        if (!block) return `no thinking block went back: ${JSON.stringify(assistant)}`;
        if (block.thinking !== thinking || block.signature !== signature) return `the thinking block changed: ${JSON.stringify(block)}`;
        if (assistant.content[0] !== block) return "the thinking block is not first";
        const result = results?.content?.find((b) => b.type === "tool_result" && b.tool_use_id === "toolu_bad");
        if (!result) return `no tool_result for toolu_bad: ${JSON.stringify(results)}`;
        return result.is_error === true ? null : `is_error is ${JSON.stringify(result.is_error)}`;
      },
      events: [{ text: "That clip does not exist." }],
    },
  ] };
  assert.equal(await turn("anthropic", script, "That clip does not exist."), 2);
});

// The JSON Schema keywords Gemini's function declarations accept (its OpenAPI subset).
const GEMINI_KEYWORDS = new Set(["type", "format", "description", "nullable", "enum", "properties", "required", "items",
  "minimum", "maximum", "minItems", "maxItems", "anyOf", "title"]);
const GEMINI_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object"]);

/** The first keyword or type of `schema` outside Gemini's subset, with its path; else null. */
function outsideSubset(schema, path) {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return `${path} is not a schema object`;
  for (const [k, v] of Object.entries(schema)) {
    if (!GEMINI_KEYWORDS.has(k)) return `${path}.${k}`;
    if (k === "type" && !GEMINI_TYPES.has(v)) return `${path}.type = ${JSON.stringify(v)}`;
    const nested = k === "properties" ? Object.entries(v).map(([n, s]) => [s, `${path}.properties.${n}`])
      : k === "items" ? [[v, `${path}.items`]]
        : k === "anyOf" ? v.map((s, i) => [s, `${path}.anyOf[${i}]`]) : [];
    for (const [s, p] of nested) {
      const bad = outsideSubset(s, p);
      if (bad) return bad;
    }
  }
  return null;
}

test("Gemini: every tool schema sent stays inside the subset Gemini accepts", async () => {
  let checked = 0;
  const script = { rounds: [{
    expect: (body) => {
      const decls = body.tools?.[0]?.functionDeclarations ?? [];
      if (!decls.length) return "no function declarations were sent";
      for (const d of decls) {
        const bad = outsideSubset(d.parameters, d.name);
        if (bad) return `outside Gemini's subset: ${bad}`;
      }
      checked = decls.length;
      return null;
    },
    events: [{ text: "Schemas accepted." }],
  }] };
  assert.equal(await turn("gemini", script, "Schemas accepted."), 1);
  assert.ok(checked > 0);
});

test("the subset check itself refuses what Gemini refuses", () => {
  assert.equal(outsideSubset({ type: "object", additionalProperties: false }, "t"), "t.additionalProperties");
  assert.equal(outsideSubset({ type: ["string", "null"] }, "t"), 't.type = ["string","null"]');
  assert.equal(outsideSubset({ type: "object", properties: { a: { const: 1 } } }, "t"), "t.properties.a.const");
  assert.equal(outsideSubset({ type: "object", properties: { a: { type: "string" } } }, "t"), null);
});
