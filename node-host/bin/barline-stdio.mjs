#!/usr/bin/env node
// Barline's stdio bridge: `node barline-stdio.mjs [--url URL] [--token TOKEN]`.
// Speaks MCP over stdin/stdout and forwards to the Barline device's HTTP endpoint
// (default http://127.0.0.1:3350/mcp; env BARLINE_URL, BARLINE_TOKEN also work).
// Logs go to stderr; stdout carries only MCP messages.
import { createInterface } from "node:readline";
import { createStdioBridge } from "../src/stdio-bridge.mjs";
import { loadCore } from "../src/core.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const url = option("url", process.env.BARLINE_URL || "http://127.0.0.1:3350/mcp");
const token = option("token", process.env.BARLINE_TOKEN || null);
const log = (m) => process.stderr.write(`barline-stdio: ${m}\n`);
const core = loadCore();
const bridge = createStdioBridge({ url, token, core, log, write: (t) => process.stdout.write(`${t}\n`) });

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on("line", (line) => void bridge.handleLine(line));
rl.on("close", async () => {
  await bridge.idle();
  process.exit(0);
});
