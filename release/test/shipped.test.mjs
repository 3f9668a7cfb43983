// The release files tested as shipped (`make dist`, then this ring): the Claude Desktop
// bundle and the npm tarball, each unpacked into an empty folder with no repository
// beside it, their bridge started with plain node and driven by the official MCP client:
// offline (the tools, and the "start Live with the device" message) and against the
// simulated device.
import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, readFileSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { RELEASE, bundleCommand, emptyFolder, hasRelease, mcpb, stdioClient, tarballCommand, tarballName, unpackBundle, unpackTarball } from "./support.mjs";
import { startTarget } from "../../node-host/test/support/target.mjs";
import { freePort } from "../../node-host/test/support/ports.mjs";

const OFFLINE = /^Error \[DISABLED\] in barline-connect: Barline is not running: nothing answers at http:\/\/127\.0\.0\.1:\d+\/mcp\. Start Ableton Live and put the Barline device on a track/;

before(() => assert.ok(hasRelease(), "dist/release/ is missing: run `make dist` first (scripts/test.sh does)"));

test("SHA256SUMS covers every release file and each sum is right", () => {
  const files = readdirSync(RELEASE).filter((n) => n !== "SHA256SUMS").sort();
  assert.ok(files.includes("Barline.amxd") && files.includes("barline.mcpb") && files.includes(tarballName()), files.join(", "));
  const lines = readFileSync(join(RELEASE, "SHA256SUMS"), "utf8").trimEnd().split("\n");
  assert.deepEqual(lines.map((l) => l.slice(66)), files);
  for (const line of lines) {
    const [sum, name] = [line.slice(0, 64), line.slice(66)];
    assert.equal(createHash("sha256").update(readFileSync(join(RELEASE, name))).digest("hex"), sum, name);
  }
  assert.ok(statSync(join(RELEASE, "Barline.amxd")).size > 100_000, "the frozen device carries both scripts");
});

test("the WebAssembly the device embeds names no folder of the machine that built it", () => {
  for (const pkg of ["v8", "web"]) {
    const file = join("dist", "pkg", pkg, "barline_core_bg.wasm");
    const text = readFileSync(file).toString("latin1");
    assert.ok(text.includes("crates/"), `${file}: no dependency source path at all (did the build change?)`);
    for (const folder of [homedir(), process.cwd(), "/.cargo/registry"]) {
      assert.ok(!text.includes(folder), `${file} contains ${folder}`);
    }
  }
});

// Live compiles the v8 WebAssembly on its main thread when the device loads; its size is
// that wait (docs/design/v8-core.md, "Numbers": the budget and where the bytes go).
const V8_WASM_BUDGET = 1_000_000;

test("the device's v8 WebAssembly stays within its cold-start budget", () => {
  const size = statSync(join("dist", "pkg", "v8", "barline_core_bg.wasm")).size;
  assert.ok(size <= V8_WASM_BUDGET, `${size} bytes, over the ${V8_WASM_BUDGET}-byte budget: see docs/design/v8-core.md for what to cut`);
});

// Each shipped form, unpacked, with how it starts its bridge given a device URL.
const FORMS = {
  "Claude Desktop bundle (barline.mcpb)": {
    unpack: unpackBundle,
    command: (u, port) => bundleCommand(u.dir, u.manifest, { port }),
  },
  "npm tarball (barline-stdio-<version>.tgz)": {
    unpack: unpackTarball,
    command: (u, port) => tarballCommand(u.dir, u.pkg, ["--url", `http://127.0.0.1:${port}/mcp`]),
  },
};

for (const [form, { unpack, command }] of Object.entries(FORMS)) {
  describe(form, () => {
    let unpacked;
    let cwd;
    before(() => {
      unpacked = unpack();
      cwd = emptyFolder("cwd");
    });
    after(() => {
      unpacked?.cleanup();
      cwd?.cleanup();
    });

    test("offline: the tools are listed and a call says to start Live with the device", async () => {
      const client = await stdioClient(command(unpacked, await freePort()), cwd.dir);
      try {
        assert.equal(client.getServerVersion().name, "barline");
        const { tools } = await client.listTools();
        assert.equal(tools[0].name, "barline-connect");
        assert.ok(tools.length >= 20, `${tools.length} tools`);
        const r = await client.callTool({ name: "barline-connect", arguments: {} });
        assert.equal(r.isError, true);
        assert.match(r.content[0].text, OFFLINE);
      } finally {
        await client.close();
      }
    });

    describe("with the simulated device running", () => {
      let target;
      before(async () => {
        target = await startTarget();
      });
      after(() => target?.stop());

      test("a call reaches the device through the bridge", async () => {
        const port = new URL(target.url).port;
        const client = await stdioClient(command(unpacked, port), cwd.dir);
        try {
          const r = await client.callTool({ name: "barline-connect", arguments: {} });
          assert.notEqual(r.isError, true, JSON.stringify(r));
          assert.equal(r.structuredContent.connected, true);
          assert.equal(r.structuredContent.liveSet.tempo, target.expect.tempo);
        } finally {
          await client.close();
        }
      });
    });
  });
}

describe("the bundle's manifest", () => {
  let unpacked;
  before(() => {
    unpacked = unpackBundle();
  });
  after(() => unpacked?.cleanup());

  test("passes `mcpb validate`, with a PNG icon and user_config for the port and the token", () => {
    assert.match(mcpb("validate", join(unpacked.dir, "manifest.json")), /Manifest schema validation passes/);
    const { manifest } = unpacked;
    const png = readFileSync(join(unpacked.dir, manifest.icon));
    assert.deepEqual([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join(""), "PNG");
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [512, 512]);
    assert.deepEqual(Object.keys(manifest.user_config).sort(), ["port", "token"]);
    assert.equal(manifest.user_config.token.sensitive, true);
  });

  test("declares exactly the tools its bridge lists", async () => {
    const client = await stdioClient(bundleCommand(unpacked.dir, unpacked.manifest, { port: await freePort() }), unpacked.dir);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(unpacked.manifest.tools, tools.map(({ name, description }) => ({ name, description })));
    } finally {
      await client.close();
    }
  });

  test("the Token option reaches the device; one left blank and unsubstituted is no token", async () => {
    const target = await startTarget({ requireToken: true });
    try {
      const port = new URL(target.url).port;
      const token = target.device.parameters().token;
      const client = await stdioClient(bundleCommand(unpacked.dir, unpacked.manifest, { port, token }), unpacked.dir);
      try {
        const r = await client.callTool({ name: "barline-connect", arguments: {} });
        assert.notEqual(r.isError, true, JSON.stringify(r));
      } finally {
        await client.close();
      }
      // Sent as it stands, the placeholder would be a wrong token; as no value it is a missing one.
      const blank = bundleCommand(unpacked.dir, unpacked.manifest, { port, token: "${user_config.token}" });
      assert.equal(blank.env.BARLINE_TOKEN, "${user_config.token}");
      await assert.rejects(stdioClient(blank, unpacked.dir), /missing bearer token/);
    } finally {
      await target.stop();
    }
  });
});

// The two ways docs/install.md gives: the tarball beside you, and a full path to it.
test("`npx ./<tarball>` and `npx -p <full path> barline-stdio` run the bridge in an empty folder", () => {
  const cwd = emptyFolder("npx");
  try {
    const tarball = tarballName();
    const { version } = JSON.parse(execFileSync("tar", ["-xzOf", join(RELEASE, tarball), "package/package.json"], { encoding: "utf8" }));
    copyFileSync(join(RELEASE, tarball), join(cwd.dir, tarball));
    const beside = execFileSync("npx", ["--yes", `./${tarball}`, "--version"], { cwd: cwd.dir, encoding: "utf8" });
    assert.equal(beside.trim(), version);
    const elsewhere = execFileSync("npx", ["--yes", "-p", join(RELEASE, tarball), "barline-stdio", "--version"], { cwd: cwd.dir, encoding: "utf8" });
    assert.equal(elsewhere.trim(), version);
  } finally {
    cwd.cleanup();
  }
});
