#!/usr/bin/env node
// Demo mode (`make run`): the simulated Barline device with the demo Live Set, serving
// real MCP on 127.0.0.1 (port 3350 unless --port N). Prints the URL and client
// configurations; Ctrl-C stops it cleanly.
import path from "node:path";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { clientConfigs } from "../src/http-clients.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sim = path.join(root, "patch/sim/index.mjs");
const set = path.join(root, "patch/sim/sets/demo.json");
const playground = path.join(root, "dist/playground");

let options;
try {
  ({ values: options } = parseArgs({
    options: { port: { type: "string" }, profile: { type: "string", default: "max-9.2" } },
    strict: true,
  }));
} catch (e) {
  console.error(`barline-demo: ${e.message}\nusage: barline-demo.mjs [--port N] [--profile max-9.0|max-9.2]`);
  process.exit(2);
}
const rawPort = options.port ?? process.env.PORT ?? "3350";
const port = Number(rawPort);
if (!/^\d+$/.test(rawPort) || port > 65535) {
  console.error(`barline-demo: --port must be an integer 0–65535, got ${rawPort}`);
  process.exit(2);
}
const profile = options.profile;
if (!existsSync(sim) || !existsSync(set)) {
  console.error(`barline-demo: the Max runtime simulator is missing (${path.relative(root, sim)}); run \`make build\` in a complete checkout`);
  process.exit(1);
}

const { startDevice } = await import(sim);
let device;
try {
  const playgroundDir = existsSync(playground) ? playground : null;
  device = await startDevice({ profile, set, settings: { port, host: "127.0.0.1", playgroundDir } });
} catch (e) {
  const busy = /EADDRINUSE/.test(String(e?.message ?? e) + String(e?.code ?? ""));
  console.error(busy ? `barline-demo: port ${port} is in use; try \`make run PORT=4000\`` : `barline-demo: could not start the simulated device: ${e?.stack ?? e}`);
  process.exit(1);
}

console.log(`Barline demo: simulated device (${profile}) with the demo Live Set is serving MCP.\n`);
console.log(clientConfigs(device.url, { token: device.token ?? null }));
if (existsSync(playground)) console.log(`\nbar|beat playground: ${device.url.replace(/\/mcp$/, "/playground/")}`);
console.log("\nPress Ctrl-C to stop.");

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\nbarline-demo: ${signal}, stopping…`);
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  try {
    await device.stop();
  } finally {
    process.exit(0);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
