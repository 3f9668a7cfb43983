// The fake's Live port answers natively what the device answers: every case of
// core/tests/parity/refusals.json (also asserted natively by core/tests/fake_live/port.rs)
// gives the same text, the same error flag and an unchanged Set through the simulated
// device. Needs `make build` (dist/pkg/fake and dist/device).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { startTarget } from "../../node-host/test/support/target.mjs";

const { cases } = JSON.parse(readFileSync(new URL("../tests/parity/refusals.json", import.meta.url), "utf8"));

let target;
before(async () => {
  target = await startTarget({ diagnostics: true });
});
after(() => target?.stop());

for (const c of cases) {
  test(`${c.tool} ${JSON.stringify(c.args)} answers as natively`, async () => {
    const before = target.device.liveSet.dump();
    const r = await target.device.callTool(c.tool, c.args);
    assert.equal(r.content?.[0]?.text, c.text);
    assert.equal(Boolean(r.isError), c.isError);
    assert.equal(target.device.liveSet.dump(), before, "the Set changed");
  });
}

test("a sample file the Set lists exists for the device's File", async () => {
  target.device.liveSet.clearErrors();
  const ok = await target.device.callTool("barline-create-clip", { slot: "5/4", sampleFile: "/Samples/Vox/chop-ooh.wav" });
  assert.notEqual(ok.isError, true, JSON.stringify(ok));
  assert.deepEqual(target.device.liveSet.errors(), []);
});
