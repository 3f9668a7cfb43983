// The node.script entry of the device. Loads core, reads settings from the
// `script start key value …` arguments, relays tool calls to v8, serves MCP over HTTP,
// and reports status to the patch: `status running <url>`, `status stopped`,
// `status error <message>`; `token <value>` when a token was generated; `started` once
// every handler exists (the patch sends nothing before it).
import maxApi from "max-api";
import { loadCore } from "./core.mjs";
import { createRelay } from "./relay.mjs";
import { startHttpServer } from "./http-server.mjs";
import { parseSettings } from "./max-settings.mjs";

/** The Node major version Barline is built and tested for (package.json "engines", .nvmrc). */
const NODE_MAJOR = 20;

function log(text, level = "info") {
  maxApi.post(`barline: ${text}`, level === "error" ? maxApi.POST_LEVELS.ERROR
    : level === "warn" ? maxApi.POST_LEVELS.WARN : maxApi.POST_LEVELS.INFO);
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
    const relay = createRelay({ maxApi, core, log });
    server = await startHttpServer({
      core, relay, settings, log,
      onTokenGenerated: (token) => maxApi.outlet("token", token),
    });
    // Core keeps the limit in range and puts it in every later call's context.
    maxApi.addHandler("timeout", (seconds) => {
      const ms = server.setTimeoutSeconds(seconds);
      log(`request timeout ${ms / 1000} s`);
    });
    const stop = async () => {
      relay.close();
      await server.close();
      await maxApi.outlet("status", "stopped");
    };
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
