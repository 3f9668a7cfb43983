#!/usr/bin/env node
// Barline's stdio bridge: `node barline-stdio.mjs [--url URL] [--token TOKEN] [--version]`.
// Speaks MCP over stdin/stdout and forwards to the Barline device's HTTP endpoint
// (default http://127.0.0.1:3350/mcp; env BARLINE_URL, BARLINE_TOKEN also work).
// Logs go to stderr; stdout carries only MCP messages. `make dist` bundles this file with
// the wasm embedded as the Claude Desktop bundle's server and the npm package's `bin`.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { createStdioBridge } from "../src/stdio-bridge.mjs";
import { loadCore } from "../src/core.mjs";

let options;
try {
  ({ values: options } = parseArgs({
    options: { url: { type: "string" }, token: { type: "string" }, version: { type: "boolean" } },
    strict: true,
  }));
} catch (e) {
  process.stderr.write(`barline-stdio: ${e.message}\nusage: barline-stdio [--url URL] [--token TOKEN] [--version]\n`);
  process.exit(2);
}
const core = loadCore();
if (options.version) {
  process.stdout.write(`${core.barlineVersion()}\n`);
  process.exit(0);
}
// A bundle host (Claude Desktop) may pass an option the user left blank as its raw
// `${user_config.…}` placeholder: that is no value, like an empty one.
const given = (v) => (v && !/^\$\{[^}]*\}$/.test(v) ? v : null);
const url = given(options.url) ?? given(process.env.BARLINE_URL) ?? "http://127.0.0.1:3350/mcp";
const token = given(options.token) ?? given(process.env.BARLINE_TOKEN);
const log = (m) => process.stderr.write(`barline-stdio: ${m}\n`);
const bridge = createStdioBridge({ url, token, core, log, write: (t) => process.stdout.write(`${t}\n`) });

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on("line", (line) => void bridge.handleLine(line));
rl.on("close", async () => {
  await bridge.idle();
  process.exit(0);
});
