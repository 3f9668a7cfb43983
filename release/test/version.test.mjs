// One version everywhere: the workspace's (root Cargo.toml) is what the core reports
// (serverInfo, connect's reply), what the device's panel shows (in the built device and
// the simulated running one), what the bridge's --version prints, in the source and in
// each release file, and what the bundle's manifest and the npm package carry.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { versionOf, workspaceVersion } from "../../patch/version.mjs";
import { readAmxd } from "../../patch/amxd.mjs";
import { loadCore } from "../../node-host/src/core.mjs";
import { startTarget } from "../../node-host/test/support/target.mjs";
import { RELEASE, bundleCommand, hasRelease, stdioClient, tarballName, unpackBundle, unpackTarball } from "./support.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const version = workspaceVersion();
const core = loadCore();

/** The `Barline <version>` label of a device's patcher. */
function panelVersion(patcher) {
  const label = patcher.patcher.boxes.map((b) => b.box).find((b) => b.varname === "version");
  return label?.text?.replace(/^Barline /, "");
}

test("the build scripts read the version from [workspace.package] only", () => {
  assert.equal(versionOf('[package]\nversion = "9.9.9"\n[workspace.package]\nversion = "1.2.3"\n[profile.release]\nversion = "0"\n'), "1.2.3");
  assert.throws(() => versionOf('[package]\nversion = "9.9.9"\n'), /no `version = "…"` under \[workspace\.package\]/);
});

test("the workspace's version is a semantic version and the core's", () => {
  assert.match(version, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  assert.equal(core.barlineVersion(), version);
});

test("serverInfo offline and the source bridge's --version", () => {
  const offline = new core.OfflineCore("http://127.0.0.1:9/mcp", "00", undefined);
  const [init] = offline.answer(core.rpcInitialize(1, "version-test", undefined)).map((t) => JSON.parse(t));
  assert.equal(init.result.serverInfo.version, version);
  const out = execFileSync(process.execPath, [join(root, "node-host/bin/barline-stdio.mjs"), "--version"], { encoding: "utf8" });
  assert.equal(out.trim(), version);
});

test("the built devices' panels", () => {
  for (const file of ["dist/device/Barline.amxd", "dist/device/frozen/Barline.amxd"]) {
    assert.equal(panelVersion(readAmxd(readFileSync(join(root, file))).patcher), version, file);
  }
});

test("the running (simulated) device: its panel, serverInfo and connect's reply", async () => {
  const target = await startTarget();
  try {
    assert.equal(target.device.patch.byVarname("version").content, `Barline ${version}`);
    const client = await stdioClient({ command: process.execPath, args: [join(root, "node-host/bin/barline-stdio.mjs"), "--url", target.url], env: {} }, root);
    try {
      assert.equal(client.getServerVersion().version, version);
      const r = await client.callTool({ name: "barline-connect", arguments: {} });
      assert.equal(r.structuredContent.barlineVersion, version);
    } finally {
      await client.close();
    }
  } finally {
    await target.stop();
  }
});

test("the release files: device, bundle manifest, npm package, both bridges' --version", { skip: !hasRelease() && "no dist/release (make dist)" }, () => {
  assert.equal(panelVersion(readAmxd(readFileSync(join(RELEASE, "Barline.amxd"))).patcher), version);
  assert.equal(tarballName(), `barline-stdio-${version}.tgz`);
  const bundle = unpackBundle();
  const tarball = unpackTarball();
  try {
    assert.equal(bundle.manifest.version, version);
    assert.equal(tarball.pkg.version, version);
    const launch = bundleCommand(bundle.dir, bundle.manifest);
    const bundled = execFileSync(launch.command, [launch.args[0], "--version"], { encoding: "utf8", cwd: bundle.dir });
    assert.equal(bundled.trim(), version);
    const bin = join(tarball.dir, tarball.pkg.bin["barline-stdio"]);
    assert.equal(execFileSync(process.execPath, [bin, "--version"], { encoding: "utf8", cwd: tarball.dir }).trim(), version);
  } finally {
    bundle.cleanup();
    tarball.cleanup();
  }
});
