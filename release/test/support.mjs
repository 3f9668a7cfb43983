// The release files as a user gets them: each unpacked into an empty temporary folder
// outside the repository, and its stdio bridge started with plain `node` the way its
// package says (the bundle's mcp_config, the npm package's `bin`).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const RELEASE = join(root, "dist/release");
const MCPB_CLI = join(root, "node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");

/** True when `make dist` has written dist/release/. */
export const hasRelease = () => existsSync(join(RELEASE, "SHA256SUMS"));

/** The npm tarball's file name (there is exactly one). */
export function tarballName() {
  const sums = readFileSync(join(RELEASE, "SHA256SUMS"), "utf8");
  const names = [...sums.matchAll(/ {2}(barline-stdio-.*\.tgz)$/gm)].map((m) => m[1]);
  if (names.length !== 1) throw new Error(`SHA256SUMS names ${names.length} npm tarballs`);
  return names[0];
}

/** An empty temporary folder; `cleanup()` removes it. */
export function emptyFolder(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `barline-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs the official mcpb tool; its standard output. */
export function mcpb(...args) {
  return execFileSync(process.execPath, [MCPB_CLI, ...args], { encoding: "utf8" });
}

/** barline.mcpb unpacked by `mcpb unpack`: `{dir, manifest, cleanup}`. */
export function unpackBundle() {
  const folder = emptyFolder("mcpb");
  mcpb("unpack", join(RELEASE, "barline.mcpb"), folder.dir);
  const manifest = JSON.parse(readFileSync(join(folder.dir, "manifest.json"), "utf8"));
  return { ...folder, manifest };
}

/** The npm tarball unpacked by tar: `{dir (the package folder), pkg, cleanup}`. */
export function unpackTarball() {
  const folder = emptyFolder("npm");
  execFileSync("tar", ["-xzf", join(RELEASE, tarballName()), "-C", folder.dir]);
  const dir = join(folder.dir, "package");
  return { ...folder, dir, pkg: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) };
}

/**
 * The command Claude Desktop runs for the bundle unpacked at `dir`: its mcp_config with
 * `${__dirname}` and the `user_config` values filled in (a value left out is substituted
 * by its default, as the bundle host does). `{command, args, env}`.
 */
export function bundleCommand(dir, manifest, values = {}) {
  const config = manifest.server.mcp_config;
  const fill = (text) => text.replaceAll("${__dirname}", dir).replace(/\$\{user_config\.(\w+)\}/g, (whole, key) => {
    const value = key in values ? values[key] : manifest.user_config[key]?.default;
    return value === undefined ? whole : String(value);
  });
  const command = config.command === "node" ? process.execPath : config.command;
  const env = Object.fromEntries(Object.entries(config.env ?? {}).map(([k, v]) => [k, fill(v)]));
  return { command, args: config.args.map(fill), env };
}

/** The npm package's bin, started with plain node: `{command, args, env}`. */
export function tarballCommand(dir, pkg, args) {
  return { command: process.execPath, args: [join(dir, pkg.bin["barline-stdio"]), ...args], env: {} };
}

/** An MCP client (the official SDK) connected over stdio to `{command, args, env}`, run in `cwd`. */
export async function stdioClient({ command, args, env }, cwd) {
  const client = new Client({ name: "barline-release-test", version: "1.0.0" });
  const transport = new StdioClientTransport({ command, args, env: { ...getDefaultEnvironment(), ...env }, cwd, stderr: "pipe" });
  await client.connect(transport);
  return client;
}
