#!/usr/bin/env node
// Barline's stdio bridge: `node barline-stdio.mjs [--url URL] [--token TOKEN]`.
// Speaks MCP over stdin/stdout and forwards to the Barline device's HTTP endpoint
// (default http://127.0.0.1:3350/mcp; env BARLINE_URL, BARLINE_TOKEN also work).
// Logs go to stderr; stdout carries only MCP messages.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { createStdioBridge } from "../src/stdio-bridge.mjs";
import { loadCore } from "../src/core.mjs";

let options;
try {
  ({ values: options } = parseArgs({
    options: { url: { type: "string" }, token: { type: "string" } },
    strict: true,
  }));
} catch (e) {
  process.stderr.write(`barline-stdio: ${e.message}\nusage: barline-stdio.mjs [--url URL] [--token TOKEN]\n`);
  process.exit(2);
}
const url = options.url || process.env.BARLINE_URL || "http://127.0.0.1:3350/mcp";
const token = options.token || process.env.BARLINE_TOKEN || null;
const log = (m) => process.stderr.write(`barline-stdio: ${m}\n`);
const core = loadCore();
const bridge = createStdioBridge({ url, token, core, log, write: (t) => process.stdout.write(`${t}\n`) });

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on("line", (line) => void bridge.handleLine(line));
rl.on("close", async () => {
  await bridge.idle();
  process.exit(0);
});
