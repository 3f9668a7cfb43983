// Device settings from node.script's `script start key value …` arguments (the patch
// sends every setting it has a control for; the simulator may add other keys) and from
// `setting <key> <value>` messages while running. Unknown keys are ignored at start.
// The names, types and defaults are core's (mcp::Settings), so the two never drift.
// The patch's atom for "no value" is `null` (an empty symbol cannot travel as an argument).
import { loadCore } from "./core.mjs";

/** Every setting with its default: core's, plus the folder the demo serves at /playground. */
export const DEFAULTS = Object.freeze({ ...JSON.parse(loadCore().defaultSettingsJson()), playgroundDir: null });

/**
 * One setting from the device's atoms: `[key, value]` in core's names and types, or null
 * for an unknown key. `timeout` is in seconds (the device's unit) and becomes timeoutMs;
 * whole-number settings are rounded (the port is a Float parameter in Live).
 */
export function parseSetting(name, raw) {
  const key = name === "timeout" ? "timeoutMs" : String(name);
  if (!(key in DEFAULTS)) return null;
  const text = raw === undefined ? "null" : String(raw);
  const def = DEFAULTS[key];
  if (name === "timeout") return [key, Math.round(Number(raw) * 1000)];
  if (def === null) return [key, text === "null" || text === "" ? null : text];
  if (typeof def === "number") return [key, Number.isInteger(def) ? Math.round(Number(raw)) : Number(raw)];
  if (typeof def === "boolean") return [key, text === "1" || text === "true"];
  return [key, text === "null" ? "" : text];
}

/** Settings from `key value` argument pairs. */
export function parseSettings(argv) {
  const settings = { ...DEFAULTS };
  for (let i = 0; i + 1 < argv.length; i += 2) {
    const parsed = parseSetting(argv[i], argv[i + 1]);
    if (parsed) settings[parsed[0]] = parsed[1];
  }
  return settings;
}
