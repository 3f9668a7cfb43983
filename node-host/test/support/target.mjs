// The server the end-to-end tests talk to: the simulated device (patch/sim/index.mjs)
// with the demo Live Set, serving real MCP on a free loopback port.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const SIM = path.join(root, "patch/sim/index.mjs");
export const DEMO_SET = path.join(root, "patch/sim/sets/demo.json");

const FAKE_GLUE = path.join(root, "dist/pkg/fake/barline_fake_live.js");

/** True when the simulator and the fake Live Set's JS API it runs on are present. */
export const hasSimulator = () =>
  existsSync(SIM) && existsSync(DEMO_SET) && existsSync(FAKE_GLUE) && readFileSync(FAKE_GLUE, "utf8").includes("createLiveSet");

/**
 * Starts the simulated device with the demo Set in a Max profile;
 * `{url, stop(), device, expect: {tempo}}`.
 */
export async function startTarget(settings = {}, { profile = "max-9.2" } = {}) {
  if (!hasSimulator()) {
    throw new Error("the simulated device is not built: run `make build` first (scripts/test.sh does)");
  }
  const { startDevice } = await import(SIM);
  const device = await startDevice({ profile, set: DEMO_SET, settings: { port: 0, ...settings } });
  const set = JSON.parse(readFileSync(DEMO_SET, "utf8"));
  return { url: device.url, stop: () => device.stop(), device, expect: { tempo: set.song?.tempo ?? set.tempo } };
}
