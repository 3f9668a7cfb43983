// Runs the Barline Live Check device (dist/device/Barline Live Check.amxd) in the
// simulator against a fake Live Set: the patch is loaded from the built file, Live
// reports the device ready, and the v8 side runs every probe with its Tasks on a
// manual clock. Resolves with what a user sees: the console lines, the status text
// and the JSON report the device wrote.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createConsole } from "./console.mjs";
import { createLiveApiClass } from "./live-api.mjs";
import { createAccounting, seededRandom } from "./limits.mjs";
import { loadPatcher } from "./patcher.mjs";
import { createScheduler } from "./scheduler.mjs";
import { createV8Object } from "./v8-runtime.mjs";
import { loadLiveSet, openDevice } from "./index.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const LIVE_CHECK_DEVICE_PATH = join(root, "dist/device/Barline Live Check.amxd");

/** Options: set (fixture path or object; default Live's default Set), profile, liveVersion. */
export async function runLiveCheckDevice({ set, profile = "max-9.0", liveVersion, device: path = LIVE_CHECK_DEVICE_PATH } = {}) {
  const device = openDevice(path);
  const maxConsole = createConsole({ echo: false });
  const liveSet = await loadLiveSet(set ?? {}, {
    liveVersion, onError: (message) => maxConsole.error("LiveAPI", [`${message}\n`]),
  });
  const before = liveSet.dump();
  const accounting = createAccounting();
  const scheduler = createScheduler({ manual: true });
  let ready = false;
  let v8 = null;
  const special = {
    console: maxConsole,
    scheduler,
    isReady: () => ready,
    createV8(box, args, ctx) {
      const file = String(args[0]);
      v8 = createV8Object({
        profile, wasm: "absent", source: readFileSync(join(device.folder, file), "utf8"), filename: file, scheduler,
        console: maxConsole, accounting, onOutlet: (n, atoms) => ctx.send(n, atoms), searchPath: [device.folder],
        onDeferral: () => liveSet.settle(),
        makeLiveAPI: (toContextArray) => createLiveApiClass({
          FakeLiveAPI: liveSet.LiveAPI, isReady: () => ready, accounting, toContextArray,
          post: (...a) => maxConsole.post("LiveAPI", a), error: (...a) => maxConsole.error("LiveAPI", a),
        }),
      });
      return { numinlets: v8.inlets, numoutlets: v8.outlets, receive: (inlet, atoms) => v8.dispatch(inlet, atoms) };
    },
  };
  const patch = loadPatcher(device.patcher, { special, accounting, random: seededRandom(1), instancePrefix: "lc" });
  v8.loadbang();
  ready = true;
  patch.byClass("live.thisdevice")[0].ready();
  const done = () => maxConsole.lines.some((l) => l.text.startsWith("Barline Live Check report:"));
  for (let i = 0; i < 100000 && !done(); i++) scheduler.advance(50);
  const lines = maxConsole.lines.map((l) => l.text.replace(/\n$/, ""));
  const reportLine = lines.find((l) => l.startsWith("Barline Live Check report:")) ?? "";
  const reportPath = reportLine.replace("Barline Live Check report: ", "");
  const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, "utf8")) : null;
  const result = {
    lines, errors: maxConsole.errors(), status: patch.byVarname("status").content, reportPath, report,
    setUnchanged: liveSet.dump() === before, liveSet,
  };
  v8.freeTasks();
  device.cleanup();
  return result;
}
