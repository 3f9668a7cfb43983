// The Max runtime simulator (docs/design/testing.md §2): loads the built device from its
// .amxd file, instantiates the patch, runs the node-host file in a child process with an
// injected max-api and the v8-host file in a vm context with Max's globals, backed by the
// fake Live Set. `startDevice` is what end-to-end tests, benchmarks and the demo use.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readAmxd } from "../amxd.mjs";
import { createConsole } from "./console.mjs";
import { createLiveApiClass } from "./live-api.mjs";
import { createAccounting, seededRandom } from "./limits.mjs";
import { createNodeScript } from "./node-script.mjs";
import { loadPatcher } from "./patcher.mjs";
import { createScheduler } from "./scheduler.mjs";
import { createV8Object } from "./v8-runtime.mjs";
import { createMcpClient } from "../../node-host/src/mcp-client.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const DEFAULT_DEVICE = join(root, "dist/device/Barline.amxd");
export const FROZEN_DEVICE = join(root, "dist/device/frozen/Barline.amxd");
let instances = 0;

/**
 * The fake Live Set (dist/pkg/fake, crate barline-fake-live) loaded with a fixture path (relative to
 * the repository or absolute) or fixture object, through core/js/fake-live.mjs.
 */
export async function loadLiveSet(set, options = {}) {
  // Imported on first use so that reading a device file needs no wasm build.
  const { createLiveSet } = await import("../../core/js/fake-live.mjs");
  const json = typeof set === "string" ? readFileSync(resolve(root, set), "utf8") : JSON.stringify(set);
  return createLiveSet(json, options);
}

/** Reads a device file; a frozen device's files are extracted like Max's unfreezing does. */
export function openDevice(path = DEFAULT_DEVICE) {
  const device = readAmxd(readFileSync(path));
  if (!device.frozen) return { ...device, folder: dirname(path), cleanup() {} };
  const folder = mkdtempSync(join(tmpdir(), "barline-unfrozen-"));
  for (const f of device.files) writeFileSync(join(folder, f.name), f.bytes);
  return { ...device, folder, cleanup() { rmSync(folder, { recursive: true, force: true }); } };
}

/**
 * Starts a simulated device. Options: profile ("max-9.0" | "max-9.2"), set (fixture path
 * or object), settings (partial node-host settings), device (path of the .amxd),
 * wasm ("sync-only" | "full" | "absent" | "refuses"; default: $BARLINE_SIM_WASM, else "sync-only"), seed, echo (print the Max console), idType
 * ("string" | "number": the JS type of LiveAPI ids), liveSet (an already created fake
 * Live Set, for tests of the simulator itself), parameters (the device's parameter values
 * as a saved Live Set holds them, by varname, e.g. from `parameters()` of an earlier run),
 * watchAbsent (global names the profile lacks whose reads the v8 object counts, in
 * `v8.stats.absentReads`), clock ("real" | "manual": with "manual" neither the v8 side's
 * Tasks nor node.script's timers run until `advanceLive(ms)` / `advanceNode(ms)`, so
 * tests of time limits never wait on real time).
 */
export async function startDevice({
  profile = "max-9.0", set, settings = {}, device: devicePath = DEFAULT_DEVICE, wasm = process.env.BARLINE_SIM_WASM || "sync-only",
  seed = 1, echo = false, liveSet: givenLiveSet, startTimeoutMs = 20000, idType = "string", parameters = {},
  watchAbsent = [], clock = "real",
} = {}) {
  const device = openDevice(devicePath);
  const maxConsole = createConsole({ echo });
  // Errors the fake posts (Live's console errors) land in the simulated Max console.
  const liveSet = givenLiveSet ?? (await loadLiveSet(set ?? "patch/sim/sets/minimal.json", {
    idType, onError: (message) => maxConsole.error("LiveAPI", [`${message}\n`]),
  }));
  const accounting = createAccounting();
  const scheduler = createScheduler({ manual: clock === "manual" });
  const dicts = new Map();
  const instance = ++instances;
  let ready = false;
  let v8 = null;
  let node = null;
  let thisdevice = null;
  const openedFiles = [];
  const heldAnswers = []; // ms to hold each of the next tool answers from v8 (delayAnswers)

  // Settings the device has controls for are set through them, as a user would (toggles,
  // numboxes, typed text, a dropped folder); the rest become node.script arguments (the
  // simulator's stand-in for @args; the real device never sets them).
  const { port = 0, timeoutMs, ...others } = settings;
  const controls = {};
  const rest = {};
  for (const [k, v] of Object.entries(others)) (k in UI_SETTINGS ? controls : rest)[k] = v;
  const extraArgs = Object.entries(rest).flatMap(([k, v]) => [k, v === true ? 1 : v === false ? 0 : v ?? "null"]);

  const special = {
    console: maxConsole,
    scheduler,
    // Live restores parameter-mode objects (pattr) from the Set before they autorestore.
    savedParameter: (varname) => parameters[varname],
    isReady: () => ready,
    createV8(box, args, ctx) {
      const file = String(args[0]);
      const source = readFileSync(join(device.folder, file), "utf8");
      v8 = createV8Object({
        profile, wasm, source, filename: file, scheduler, console: maxConsole, accounting, dictRegistry: dicts, watchAbsent,
        onOutlet: (n, atoms) => {
          // Test hook (delayAnswers): a held answer leaves v8 later, as a slow tool's would.
          const ms = atoms[0] === "mcp_response" ? heldAnswers.shift() : undefined;
          if (ms === undefined) ctx.send(n, atoms);
          else setTimeout(() => ctx.send(n, atoms), ms);
        }, jsarguments: args.slice(1), searchPath: [device.folder],
        setHasFile: (path) => Boolean(liveSet.hasFile?.(path)),
        onDeferral: () => liveSet.settle?.(),
        makeLiveAPI: (toContextArray, meter) => createLiveApiClass({
          FakeLiveAPI: liveSet.LiveAPI, isReady: () => ready, accounting, toContextArray, meter,
          post: (...a) => maxConsole.post("LiveAPI", a), error: (...a) => maxConsole.error("LiveAPI", a),
          // Live opens any audio file on disk, not only the ones the fixture lists (such
          // as the silent WAV node-host writes at start-up).
          onFilePath: (path) => {
            if (!isAbsolute(path) || !existsSync(path) || !statSync(path).isFile()) return;
            liveSet.addFile?.(path);
            openedFiles.push(path);
          },
        }),
      });
      return { numinlets: v8.inlets, numoutlets: v8.outlets, receive: (inlet, atoms) => v8.dispatch(inlet, atoms) };
    },
    createNodeScript(box, args, ctx) {
      node = createNodeScript({ scriptPath: join(device.folder, String(args[0])), send: ctx.send, console: maxConsole, dicts, extraArgs, clock });
      return node;
    },
  };
  const patch = loadPatcher(device.patcher, {
    special, accounting, random: seededRandom(seed), instancePrefix: String(instance).padStart(3, "0"),
  });
  thisdevice = patch.byClass("live.thisdevice")[0];
  if (!v8 || !node || !thisdevice) throw new Error("patch: the device needs v8, node.script and live.thisdevice");
  v8.loadbang();

  // Saved live.* values come back from the Set and the objects output them.
  for (const [varname, value] of Object.entries(parameters)) patch.byVarname(varname).userSets?.(value);
  // The user's settings in the device UI, before Live reports the device ready.
  patch.byVarname("port").userSets(port);
  if (timeoutMs !== undefined) patch.byVarname("timeout").userSets(Math.round(timeoutMs / 1000));
  for (const [key, value] of Object.entries(controls)) setControl(patch, key, value);

  ready = true;
  thisdevice.ready();

  const display = patch.byVarname("status");
  const urlField = patch.byVarname("url");
  const url = await waitFor(() => {
    const state = display.content.split(" ")[0];
    if (state === "running") return urlField.content;
    if (state === "error") throw new Error(`device failed to start: ${display.content}\n${maxConsole.errors().join("\n")}`);
    return null;
  }, startTimeoutMs, () => `device did not report running within ${startTimeoutMs} ms; console:\n${maxConsole.lines.map((l) => l.text).join("\n")}`);

  // The client authenticates like a user who copies the token shown in the device.
  const storedToken = () => {
    const t = patch.byVarname("token").value;
    return t === "null" ? null : String(t);
  };
  const mcp = createMcpClient(url, {
    token: () => settings.token ?? storedToken(), protocolVersion: "2025-06-18", clientName: "barline-sim",
  });
  let stopped = false;
  return {
    url, liveSet, patch, v8, node, console: maxConsole, accounting, device,
    callTool: (name, args = {}) => mcp.callTool(name, args),
    listTools: () => mcp.listTools(),
    /**
     * Test hook: the next `count` tool answers v8 sends reach node.script `ms` later (real
     * time), as a slow tool's would; the call itself has already changed the Set.
     */
    delayAnswers: (ms, count = 1) => { for (let i = 0; i < count; i += 1) heldAnswers.push(ms); },
    /** Files on the real disk that Live was asked to open (create_audio_clip), in order. */
    openedFiles: () => [...openedFiles],
    /** The MCP client the device's `callTool` uses (node-host/src/mcp-client.mjs). */
    mcp,
    /** Manual clock: runs the v8 side's Tasks due within `ms`. */
    advanceLive: (ms) => scheduler.advance(ms),
    /** Manual clock: resolves once the v8 side has `count` Tasks waiting. */
    liveTasksWaiting: (count = 1) => scheduler.whenPending(count),
    /** Manual clock: moves node.script's timers (the relay's time limits) `ms` forward. */
    advanceNode: (ms) => node.advanceClock(ms),
    /** The user changes a device control (live.numbox by varname). */
    setParameter: (varname, value) => patch.byVarname(varname).userSets(value),
    /** The user changes a setting through its control in the device (node-host's key). */
    setSetting: (key, value) => setControl(patch, key, value),
    /** Live plays MIDI bytes into the device (midiin). */
    playMidi: (bytes) => patch.byClass("midiin")[0].play(bytes),
    /** Every MIDI byte the device passed downstream (midiout), in order. */
    midiOut: () => [...patch.byClass("midiout")[0].received],
    status: () => display.content,
    /** Resolves with the status text once it matches `pattern` (event-driven, no polling). */
    whenStatus: (pattern) => display.whenContent(pattern),
    /** What Live saves with the Set: every parameter-mode object's value, by varname. */
    parameters: () => Object.fromEntries([...patch.objects.values()]
      .filter(({ box }) => box.parameter_enable || box.saved_object_attributes?.parameter_enable)
      .map(({ box, object }) => [box.varname, object.value])),
    /** Live re-bangs live.thisdevice when the Set is saved or a preset loads (docs/design/max-host.md §1.14). */
    save: () => thisdevice.ready(),
    async stop() {
      if (stopped) return;
      stopped = true;
      node.stop();
      await node.exited();
      scheduler.stop();
      v8.freeTasks();
      device.cleanup();
    },
  };
}

/** Settings the device has a control for, and how a user sets each (varname, gesture). */
const UI_SETTINGS = {
  requireToken: ["require-token", "toggle"],
  smallModel: ["small-model", "toggle"],
  jsonOutput: ["json-output", "toggle"],
  rawLiveApi: ["raw-live-api", "toggle"],
  memoryEnabled: ["memory-enabled", "toggle"],
  memoryWritable: ["memory-writable", "toggle"],
  memoryText: ["memory-text-edit", "type"],
  disabledTools: ["disabled-tools-edit", "type"],
  allowedOrigins: ["allowed-origins-edit", "type"],
  chatProviderOrigins: ["chat-provider-origins-edit", "type"],
  sampleFolder: ["sample-drop", "drop"],
};

function setControl(patch, key, value) {
  if (key === "timeoutMs") return patch.byVarname("timeout").userSets(Math.round(value / 1000));
  if (key === "port") return patch.byVarname("port").userSets(value);
  const [varname, gesture] = UI_SETTINGS[key] ?? [];
  if (!varname) throw new Error(`the device has no control for setting ${key}`);
  const control = patch.byVarname(varname);
  if (gesture === "toggle") return control.userSets(value ? 1 : 0);
  if (gesture === "type") return control.userTypes(value ?? "");
  if (value === null || value === undefined) return patch.byVarname("sample-clear").userSets(1);
  return control.userDrops(value);
}

async function waitFor(probe, ms, describe) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((r) => setTimeout(r, 10));
  }
}
