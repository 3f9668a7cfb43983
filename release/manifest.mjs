// What `make dist` writes into the release files about Barline: the Claude Desktop
// bundle's manifest (MCP Bundle format, manifest version 0.3) and the npm package's
// package.json. Both take the version and the tool list from the core itself
// (`barlineVersion()`, and `tools/list` as the stdio bridge answers it while no device
// runs), so neither can fall behind the code.
import { randomBytes } from "node:crypto";

/** The bridge script's path inside the bundle and the npm package. */
export const BRIDGE_FILE = "barline-stdio.mjs";
/** The device's default port (the device's Server → Port). */
const DEFAULT_PORT = 3350;
const DESCRIPTION = "Compose in Ableton Live: bar|beat notes, tracks, clips, devices and scenes through the Barline Max for Live device.";

/** The tools every client sees with the device's default settings: `[{name, description}]`. */
export function declaredTools(core) {
  const offline = new core.OfflineCore(`http://127.0.0.1:${DEFAULT_PORT}/mcp`, randomBytes(16).toString("hex"), undefined);
  const answers = offline.answer(core.rpcRequest(1, "tools/list", undefined)).map((t) => JSON.parse(t));
  const tools = answers[0]?.result?.tools;
  if (!Array.isArray(tools) || tools.length === 0) throw new Error(`tools/list gave no tools: ${JSON.stringify(answers).slice(0, 300)}`);
  return tools.map(({ name, description }) => ({ name, description }));
}

/** The bundle's manifest.json for `version` and `tools`. */
export function bundleManifest(version, tools) {
  return {
    manifest_version: "0.3",
    name: "barline",
    display_name: "Barline",
    version,
    description: DESCRIPTION,
    long_description:
      "Barline is a Max for Live device that serves MCP from inside Ableton Live. This extension connects Claude Desktop to it: " +
      "put Barline.amxd on a MIDI track in Live 12, leave the port at 3350 (or enter the port the device shows), and ask Claude " +
      "to connect to Live. While Live is not running the tools are still listed and Claude is told to ask you to start Live with the device.",
    author: { name: "The Barline authors" },
    license: "MIT",
    keywords: ["ableton", "live", "max for live", "music", "midi", "composition"],
    icon: "icon.png",
    server: {
      type: "node",
      entry_point: `server/${BRIDGE_FILE}`,
      mcp_config: {
        command: "node",
        args: [`\${__dirname}/server/${BRIDGE_FILE}`, "--url", "http://127.0.0.1:${user_config.port}/mcp"],
        env: { BARLINE_TOKEN: "${user_config.token}" },
      },
    },
    tools,
    tools_generated: false,
    compatibility: { platforms: ["darwin", "win32"], runtimes: { node: ">=20.0.0" } },
    user_config: {
      port: {
        type: "number", title: "Port", required: false, default: DEFAULT_PORT, min: 1, max: 65535,
        description: "The port the Barline device shows under Server (3350 unless you changed it).",
      },
      // An empty default: a host may pass an option nobody filled in as its raw placeholder.
      token: {
        type: "string", title: "Token", required: false, default: "", sensitive: true,
        description: "Only when the device's Require token is on: the token the device shows under Access.",
      },
    },
  };
}

/** The npm package's package.json: `bin` is the bridge, no dependencies. */
export function npmPackageJson(version) {
  return {
    name: "barline-stdio",
    version,
    description: `The stdio bridge to the Barline Max for Live device, for MCP clients that only speak stdio. ${DESCRIPTION}`,
    type: "module",
    bin: { "barline-stdio": BRIDGE_FILE },
    files: [BRIDGE_FILE, "README.md"],
    engines: { node: ">=20" },
    keywords: ["mcp", "ableton", "live", "max-for-live", "music"],
    license: "MIT",
  };
}

/** The npm package's README.md. */
export function npmReadme(version) {
  return `# barline-stdio ${version}

The stdio bridge to Barline, a Max for Live device that serves MCP from inside
Ableton Live. MCP clients that only start stdio servers run this; it forwards
every message to the device's HTTP endpoint.

\`\`\`sh
npx -y ./barline-stdio-${version}.tgz --url http://127.0.0.1:3350/mcp
\`\`\`

As an MCP client's server command: \`npx -y -p /full/path/to/barline-stdio-${version}.tgz barline-stdio --url …\`
(the client starts it in a folder of its own).

Options: \`--url URL\` (default \`http://127.0.0.1:3350/mcp\`, or \`BARLINE_URL\`),
\`--token TOKEN\` (when the device requires one, or \`BARLINE_TOKEN\`), \`--version\`.
While the device is not running the bridge still lists the tools and tells the model
to ask you to start Live with the device. Needs Node 20 or newer; no dependencies.
`;
}
