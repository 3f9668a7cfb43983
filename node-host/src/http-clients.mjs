// Ready-to-paste client configurations for a running Barline MCP endpoint.
import path from "node:path";
import { fileURLToPath } from "node:url";

const bridge = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../bin/barline-stdio.mjs");

/** Text block with configurations for common MCP clients. */
export function clientConfigs(url, { token = null } = {}) {
  const tokenArgs = token ? ["--token", token] : [];
  const stdio = { mcpServers: { barline: { command: "node", args: [bridge, "--url", url, ...tokenArgs] } } };
  const remoteArgs = ["-y", "mcp-remote", url, "--allow-http"];
  if (token) remoteArgs.push("--header", `Authorization: Bearer ${token}`);
  const remote = { mcpServers: { barline: { command: "npx", args: remoteArgs } } };
  const http = { mcpServers: { barline: token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url } } };
  const header = token ? ` --header "Authorization: Bearer ${token}"` : "";
  return [
    `MCP endpoint: ${url}`,
    "",
    "Claude Desktop: `make dist`, then double-click dist/release/barline.mcpb (docs/install.md).",
    "Claude Desktop (claude_desktop_config.json), through the bundled stdio bridge:",
    JSON.stringify(stdio, null, 2),
    "",
    "Claude Desktop, alternatively through mcp-remote:",
    JSON.stringify(remote, null, 2),
    "",
    "Claude Code:",
    `  claude mcp add --transport http barline ${url}${header}`,
    "",
    "Cursor (~/.cursor/mcp.json):",
    JSON.stringify(http, null, 2),
  ].join("\n");
}
