// The server the end-to-end tests talk to: the simulated device with the demo Live Set
// when the simulator is present (patch/sim/index.mjs), else the HTTP server with a
// scripted relay (only until the fake Live Set's JS API is built; a note is printed).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startHttpServer } from "../../src/http-server.mjs";
import { loadNodeCore } from "../../src/http-core.mjs";
import { fakeRelay } from "./fake-relay.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const SIM = path.join(root, "patch/sim/index.mjs");
export const DEMO_SET = path.join(root, "patch/sim/sets/demo.json");

const FAKE_GLUE = path.join(root, "dist/pkg/fake/barline_core.js");

/** True when the simulator and the fake Live Set's JS API it runs on are present. */
export const hasSimulator = () =>
  existsSync(SIM) && existsSync(DEMO_SET) && existsSync(FAKE_GLUE) && readFileSync(FAKE_GLUE, "utf8").includes("createLiveSet");

/** Starts the target; `{url, stop(), device?, expect: {tempo}}`. */
export async function startTarget(settings = {}) {
  if (hasSimulator()) {
    const { startDevice } = await import(SIM);
    const device = await startDevice({ profile: "max-9.2", set: DEMO_SET, settings: { port: 0, ...settings } });
    const set = JSON.parse(readFileSync(DEMO_SET, "utf8"));
    return { url: device.url, stop: () => device.stop(), device, expect: { tempo: set.song?.tempo ?? set.tempo } };
  }
  process.stderr.write("note: simulator unavailable (fake Live Set JS API not built); using a scripted relay\n");
  const core = await loadNodeCore();
  const relay = fakeRelay(scripted);
  const srv = await startHttpServer({ core, relay, settings: { port: 0, ...settings } });
  return { url: srv.url, stop: () => srv.close(), relay, expect: { tempo: 120 } };
}

// Until the simulator lands: answers shaped like the real tools for a 120 BPM Set.
function scripted({ tool, args }) {
  const liveSet = { tempo: 120, timeSignature: "4/4", sceneCount: 4, regularTrackCount: 3, returnTrackCount: 1 };
  let result;
  if (tool === "barline-connect") {
    const data = { connected: true, barlineVersion: "0.1.0", abletonLiveVersion: "12.3", liveSet, skills: "#", nextStep: "." };
    result = { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
  } else if (tool === "barline-debug-echo") {
    const data = { text: args.text ?? "" };
    result = { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data };
  } else if (tool === "barline-resource") {
    result = { contents: [{ uri: args.uri, mimeType: "application/json", text: JSON.stringify(liveSet) }] };
  } else {
    result = { isError: true, content: [{ type: "text", text: "unknown" }] };
  }
  return { resultJson: JSON.stringify(result), warnings: [] };
}
