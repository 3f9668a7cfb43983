// The chat page served by node-host at /chat/: the files from memory (the wasm is the
// bytes node-host runs), core's headers and policy on every response, admission like
// the other pages, the chatPage setting, and the Open chat button's address.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { startHttpServer } from "../src/http-server.mjs";
import { loadCore, wasmBytes } from "../src/core.mjs";
import { fakeRelay } from "./support/fake-relay.mjs";
import { exchange } from "../src/mcp-client.mjs";

const core = loadCore();
let srv;
before(async () => {
  execFileSync("node", [new URL("../../www-tests/chat/build.mjs", import.meta.url).pathname]);
  srv = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, chatProviderOrigins: "http://studio.lan:1234 bad'origin" } });
});
after(() => srv.close());

const page = (path) => srv.url.replace(/\/mcp$/, path);
const get = (path, headers = {}) => exchange(page(path), { method: "GET", headers });

test("the page, its script, style, glue and wasm are served with the chat headers", async () => {
  const index = await get("/chat/");
  assert.equal(index.status, 200);
  assert.match(index.headers["content-type"], /^text\/html/);
  assert.match(index.text, /<title>Barline chat<\/title>/);
  const csp = index.headers["content-security-policy"];
  assert.match(csp, /default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:/);
  assert.match(csp, /connect-src 'self' https: http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\* http:\/\/studio\.lan:1234;/);
  assert.doesNotMatch(csp, /bad'origin/);
  assert.match(csp, /frame-ancestors 'none'/);
  for (const [h, v] of [["x-content-type-options", "nosniff"], ["referrer-policy", "no-referrer"], ["cross-origin-opener-policy", "same-origin"],
    ["cross-origin-resource-policy", "same-origin"], ["cache-control", "no-cache"]]) assert.equal(index.headers[h], v, h);
  for (const [path, type] of [["/chat/app.js", /javascript/], ["/chat/style.css", /css/], ["/chat/core.js", /javascript/], ["/chat/core.wasm", /wasm/]]) {
    const r = await get(path);
    assert.equal(r.status, 200, path);
    assert.match(r.headers["content-type"], type, path);
    assert.equal(r.headers.etag, index.headers.etag, "one build hash");
  }
  const wasm = await fetch(page("/chat/core.wasm"));
  assert.deepEqual(Buffer.from(await wasm.arrayBuffer()), wasmBytes(), "the bytes node-host runs");
  const again = await get("/chat/", { "if-none-match": index.headers.etag });
  assert.equal(again.status, 304);
});

test("other paths and methods are refused; /chat redirects", async () => {
  assert.equal((await get("/chat/../package.json")).status, 404);
  assert.equal((await get("/chat/secret.txt")).status, 404);
  const bare = await get("/chat");
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.location, "/chat/");
  assert.equal((await exchange(page("/chat/"), { method: "POST", body: "{}" })).status, 405);
});

test("the page is admitted like /mcp: loopback Host, own Origin", async () => {
  assert.equal((await get("/chat/", { host: `attacker.example:${srv.port}` })).status, 421);
  assert.equal((await get("/chat/", { origin: "https://evil.example" })).status, 403);
  assert.equal((await get("/chat/", { origin: `http://127.0.0.1:${srv.port}` })).status, 200);
});

test("with chatPage off every /chat/ path answers 403 with the reason", async () => {
  const t = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, chatPage: false } });
  try {
    const r = await exchange(t.url.replace(/\/mcp$/, "/chat/"), { method: "GET" });
    assert.equal(r.status, 403);
    assert.match(r.text, /turn on Chat page/);
  } finally {
    await t.close();
  }
});

test("Open chat opens 127.0.0.1 with the token in the fragment only when one is required", async () => {
  assert.equal(srv.chatUrl(), `http://127.0.0.1:${srv.port}/chat/`);
  const t = await startHttpServer({ core, relay: fakeRelay(), settings: { port: 0, requireToken: true, token: "tok+/en" } });
  try {
    assert.equal(t.chatUrl(), `http://127.0.0.1:${t.port}/chat/#token=tok%2B%2Fen`);
  } finally {
    await t.close();
  }
});

test("budgets: the page's own files stay under 150 KB and the v8 build carries no chat engine", async () => {
  const { readFileSync, statSync } = await import("node:fs");
  const { CHAT_PAGE_BUDGET } = await import("../../patch/bundle.mjs");
  const dist = new URL("../../dist/", import.meta.url);
  const page = ["index.html", "app.js", "style.css"].reduce((n, f) => n + statSync(new URL(`chat/${f}`, dist)).size, 0);
  console.log(`# chat page (html+js+css): ${page} bytes of ${CHAT_PAGE_BUDGET}`);
  assert.ok(page <= CHAT_PAGE_BUDGET, `${page} bytes`);
  assert.doesNotMatch(readFileSync(new URL("pkg/v8/barline_core.js", dist), "utf8"), /ChatEngine|chatMarkdown/);
  assert.match(readFileSync(new URL("pkg/web/barline_core.js", dist), "utf8"), /ChatEngine/);
});
