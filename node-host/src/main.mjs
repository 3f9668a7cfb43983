// The node.script entry of the device. Loads core, reads settings from the
// `script start key value …` arguments, relays tool calls to v8, serves MCP over HTTP,
// and reports status to the patch: `status running <url>`, `status stopped`,
// `status error <message>`; `token <value>` when a token was generated; `started` once
// every handler exists (the patch's gate sends nothing before it); `openchat <url>` when
// the device's Open chat button asks for the chat page. While running, the
// device changes settings with `setting <key> <value>` (keys as in the start arguments).
import { renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import maxApi from "max-api";
import { loadCore } from "./core.mjs";
import { createRelay } from "./relay.mjs";
import { startHttpServer } from "./http-server.mjs";
import { parseSetting, parseSettings } from "./max-settings.mjs";

/** The Node major version Barline is built and tested for (package.json "engines", .nvmrc). */
const NODE_MAJOR = 20;

function log(text, level = "info") {
  maxApi.post(`barline: ${text}`, level === "error" ? maxApi.POST_LEVELS.ERROR
    : level === "warn" ? maxApi.POST_LEVELS.WARN : maxApi.POST_LEVELS.INFO);
}

/**
 * Writes core's short silent WAV to the temp directory
 * (docs/design/tool-contract.md §1.16): Live creates audio clips only from files, and
 * placing a locator past the arrangement end on a Set with only audio tracks needs one. Every Barline instance writes the same bytes to the
 * same name (its size in the name, so other bytes get another file), through a rename so
 * a reader never sees half a file; the file is left in place, since another instance may
 * be using it and a killed process could not remove it anyway. Returns the path, or null
 * when the file cannot be written (those locators then answer UNSUPPORTED).
 */
function writeSilentWav(core) {
  try {
    const bytes = core.silentWav();
    const path = join(tmpdir(), `barline-silence-${bytes.length}.wav`);
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, bytes);
    renameSync(partial, path);
    return path;
  } catch (e) {
    log(`could not write the silent WAV: ${e?.message ?? e}`, "warn");
    return null;
  }
}

async function main() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < NODE_MAJOR) {
    log(`Node ${process.version} is too old: Barline needs Node ${NODE_MAJOR} or newer`, "error");
    await maxApi.outlet("status", "error", `Node ${process.version} is too old`);
    return;
  }
  log(`node ${process.version}`);
  const settings = parseSettings(process.argv.slice(2));
  let server = null;
  try {
    const core = loadCore();
    settings.silentWav = writeSilentWav(core);
    const relay = createRelay({ maxApi, core, log });
    const noteDisabledTools = () => { for (const note of core.disabledToolsNotes(settings.disabledTools)) log(note, "warn"); };
    noteDisabledTools();
    let running = null;
    maxApi.addHandler("setting", (name, ...value) => {
      // A text setting may arrive as several atoms if Max split it; it is one value.
      const parsed = parseSetting(name, value.length > 1 ? value.join(" ") : value[0]);
      if (!parsed) return log(`unknown setting ${name} ignored`, "warn");
      const [key, v] = parsed;
      try {
        running?.updateSetting(key, v);
      } catch (e) {
        return log(`setting ${name}: ${e?.message ?? e}`, "error");
      }
      settings[key] = v;
      if (key === "disabledTools") noteDisabledTools();
      // Core keeps the limit and puts it in every later call's context.
      if (key === "timeoutMs") log(`request timeout ${v / 1000} s`);
      else log(`setting ${key} changed`);
    });
    server = await startHttpServer({
      core, relay, settings, log,
      onTokenGenerated: (token) => maxApi.outlet("token", token),
    });
    running = server;
    const stop = async () => {
      relay.close();
      await server.close();
      await maxApi.outlet("status", "stopped");
    };
    // "Open chat": the patch sends the URL to Max's launchbrowser (the system browser).
    maxApi.addHandler("openchat", () => maxApi.outlet("openchat", server.chatUrl()));
    maxApi.addHandler("shutdown", () => { stop().then(() => process.exit(0)); });
    await maxApi.outlet("started");
    await maxApi.outlet("status", "running", server.url);
    log(`serving MCP on ${server.url}`);
  } catch (e) {
    log(`could not start: ${e && e.stack ? e.stack : e}`, "error");
    await maxApi.outlet("status", "error", String(e && e.message ? e.message : e));
  }
}

main();
