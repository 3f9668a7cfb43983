// `make run`: the demo starts the simulated device, prints the URL and client
// configurations, serves real MCP, and stops cleanly on Ctrl-C (SIGINT).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import net from "node:net";
import { hasSimulator } from "./support/target.mjs";
import { freePort } from "./support/ports.mjs";
import { createMcpClient } from "../src/mcp-client.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const demo = path.resolve(here, "../bin/barline-demo.mjs");

test("demo serves MCP on the chosen port, prints configurations, stops on SIGINT", { timeout: 60000 }, async (t) => {
  assert.ok(hasSimulator(), "the simulated device is built (make build)");
  const port = await freePort();
  const child = spawn(process.execPath, [demo, "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  // A failed assertion must not leave the demo (and its device) running.
  t.after(() => child.exitCode === null && child.kill("SIGKILL"));
  let out = "";
  // Event-driven: resolves when the demo says it is ready, or when it exits first.
  const ready = new Promise((resolve) => {
    const seen = (d) => {
      out += d;
      if (out.includes("Press Ctrl-C")) resolve();
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.once("exit", resolve);
  });
  const url = `http://127.0.0.1:${port}/mcp`;
  await ready;
  assert.ok(out.includes(`MCP endpoint: ${url}`), out);
  for (const client of ["Claude Desktop", "mcp-remote", "Claude Code", "Cursor"]) assert.ok(out.includes(client), `mentions ${client}`);
  const { ok, answer } = await createMcpClient(url).open();
  assert.ok(ok, answer.text);
  assert.equal(answer.messages()[0].result.serverInfo.name, "barline");
  await checkPlayground(`http://127.0.0.1:${port}`);
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  child.kill("SIGINT");
  const { code } = await exited;
  assert.equal(code, 0, out);
  // The port is free again.
  await new Promise((resolve, reject) => {
    const s = net.createServer().once("error", reject).listen(port, "127.0.0.1", () => s.close(resolve));
  });
});

/** The demo serves the built playground at /playground, and nothing outside it. */
async function checkPlayground(origin) {
  const bare = await fetch(`${origin}/playground`, { redirect: "manual" });
  assert.equal(bare.status, 301);
  assert.equal(bare.headers.get("location"), "/playground/");
  const page = await fetch(`${origin}/playground/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type"), /^text\/html/);
  const html = await page.text();
  assert.match(html, /bar\|beat/);
  const wasm = await fetch(`${origin}/playground/pkg/barline_core_bg.wasm`);
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get("content-type"), "application/wasm");
  const escape = await fetch(`${origin}/playground/%2e%2e/%2e%2e/package.json`);
  assert.equal(escape.status, 404);
}
