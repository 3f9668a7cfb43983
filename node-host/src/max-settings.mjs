// Device settings from node.script's `script start key value …` arguments (the patch
// sends `port N timeout S …`; the simulator may add other keys). Unknown keys are ignored.
// The names, types and defaults are core's (mcp::Settings), so the two never drift.
import { loadCore } from "./core.mjs";

/** Every setting with its default: core's, plus the folder the demo serves at /playground. */
export const DEFAULTS = Object.freeze({ ...JSON.parse(loadCore().defaultSettingsJson()), playgroundDir: null });

/** Settings from `key value` argument pairs; `timeout` is in seconds (the device's unit). */
export function parseSettings(argv) {
  const settings = { ...DEFAULTS };
  for (let i = 0; i + 1 < argv.length; i += 2) {
    const key = argv[i] === "timeout" ? "timeoutMs" : argv[i];
    const raw = argv[i + 1];
    if (!(key in DEFAULTS)) continue;
    const kind = DEFAULTS[key] === null ? "optional" : typeof DEFAULTS[key];
    if (argv[i] === "timeout") settings.timeoutMs = Number(raw) * 1000;
    else if (kind === "number") settings[key] = Number(raw);
    else if (kind === "boolean") settings[key] = raw === "1" || raw === "true";
    else if (kind === "optional") settings[key] = raw === "null" || raw === "" ? null : String(raw);
    else settings[key] = String(raw);
  }
  return settings;
}
