// Barline's one version as the build scripts read it: `[workspace.package] version` in
// the root Cargo.toml, the same text the core reports (`barlineVersion()`, serverInfo).
// The device's panel shows it; release/test/version.test.mjs checks that they agree.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const CARGO_TOML = fileURLToPath(new URL("../Cargo.toml", import.meta.url));

/** The workspace's version from `text` (a Cargo.toml); throws when it has none. */
export function versionOf(text) {
  const section = /^\[workspace\.package\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text);
  const version = section && /^version\s*=\s*"([^"\n]+)"\s*$/m.exec(section[1]);
  if (!version) throw new Error('Cargo.toml: no `version = "…"` under [workspace.package]; Barline\'s version is set there');
  return version[1];
}

/** The workspace's version, read from the repository's Cargo.toml. */
export function workspaceVersion() {
  return versionOf(readFileSync(CARGO_TOML, "utf8"));
}
