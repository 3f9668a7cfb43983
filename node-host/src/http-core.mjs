// Loads core's wasm exports for the MCP server outside the device (stdio bridge, demo,
// tests): D's loader (`core.mjs`, web glue + bytes) when present, else the CommonJS glue
// of dist/pkg/web instantiated synchronously from its bytes. Both give the same
// `NodeCore` class.
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");

/** The wasm exports (`NodeCore`, …). Throws a helpful error when nothing is built. */
export async function loadNodeCore() {
  const loader = path.join(here, "core.mjs");
  if (existsSync(loader)) {
    try {
      const mod = await import(loader);
      if (typeof mod.loadCore === "function") {
        const core = mod.loadCore();
        if (core?.NodeCore) return core;
      }
    } catch {
      // fall through to the node glue
    }
  }
  const glue = path.join(root, "dist/pkg/web/barline_core.js");
  const wasm = path.join(root, "dist/pkg/web/barline_core_bg.wasm");
  if (!existsSync(glue) || !existsSync(wasm)) {
    throw new Error(`Barline's wasm core is not built (${glue} is missing): run \`make build\` first`);
  }
  const mod = await import(pathToFileURL(glue).href);
  mod.initSync({ module: readFileSync(wasm) });
  return mod;
}
