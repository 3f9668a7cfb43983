// Device settings from node.script's `script start key value …` arguments (the patch
// sends `port N timeout S`; the simulator may add other keys). Unknown keys are ignored.

/** Every setting with its default (NODE-HOST-CONTRACT.md). */
export const DEFAULTS = Object.freeze({
  port: 3350, host: "127.0.0.1", token: null, requireToken: false, timeoutMs: 30000,
  maxBodyBytes: 4194304, maxPending: 64, diagnostics: false, jsonOutput: false,
  smallModel: false, rawLiveApi: false,
  // A folder served at /playground (the demo sets it; the device in Live does not).
  playgroundDir: null,
});

const NUMBERS = new Set(["port", "timeoutMs", "maxBodyBytes", "maxPending"]);
const FLAGS = new Set(["requireToken", "diagnostics", "jsonOutput", "smallModel", "rawLiveApi"]);

/** Settings from `key value` argument pairs; `timeout` is in seconds (the device's unit). */
export function parseSettings(argv) {
  const settings = { ...DEFAULTS };
  for (let i = 0; i + 1 < argv.length; i += 2) {
    const key = argv[i] === "timeout" ? "timeoutMs" : argv[i];
    const raw = argv[i + 1];
    if (!(key in DEFAULTS)) continue;
    if (argv[i] === "timeout") settings.timeoutMs = Number(raw) * 1000;
    else if (NUMBERS.has(key)) settings[key] = Number(raw);
    else if (FLAGS.has(key)) settings[key] = raw === "1" || raw === "true";
    else settings[key] = raw === "null" || raw === "" ? null : String(raw);
  }
  return settings;
}

