// Builds that continue: with everything built, the Makefile has nothing to do, and a
// changed file brings back exactly the steps that read it. `make -n -W FILE` asks what
// make would run if FILE had just changed, without touching it or running anything.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

const STEPS = {
  web: "scripts/build-wasm.sh web",
  v8: "scripts/build-wasm.sh v8",
  fake: "scripts/build-wasm.sh fake",
  device: "node patch/build.mjs",
  picture: "node patch/render-device.mjs",
  playground: "node www-tests/build.mjs",
};

/** The build steps make would run for `artifacts` if `changed` (a file) were new. */
function stepsAfter(changed) {
  const args = ["-n", "--no-print-directory", ...(changed ? ["-W", changed] : []), "artifacts"];
  const plan = execFileSync("make", args, { cwd: root, encoding: "utf8" });
  return Object.entries(STEPS).filter(([, command]) => plan.includes(command)).map(([step]) => step);
}

test("with everything built, no step runs", () => {
  assert.deepEqual(stepsAfter(null), []);
});

test("a changed file reruns only the steps that depend on it", () => {
  const cases = [
    ["core/fake-live/src/lib.rs", ["fake"]],
    ["core/src/lib.rs", ["web", "v8", "fake", "device", "playground"]],
    ["Cargo.lock", ["web", "v8", "fake", "device", "playground"]],
    ["node-host/src/relay.mjs", ["device"]],
    ["v8-host/src/main.mjs", ["device"]],
    ["patch/device.mjs", ["device", "picture"]],
    ["www-tests/js/roll.js", ["playground"]],
    ["core/tests/data/barbeat-examples.json", ["playground"]],
    ["README.md", []],
  ];
  for (const [file, steps] of cases) assert.deepEqual(stepsAfter(file), steps, file);
});
