// The Barline Live Check device (built by `make device`) in the simulator: dropped into
// an empty Set it runs every probe, prints a report to the Max console, writes the JSON
// report whose path it prints, shows the totals, and leaves the Set as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runLiveCheckDevice } from "../live-check.mjs";
import { loadLiveCheck } from "../../live-check/load.mjs";

const probes = loadLiveCheck().probes.length;

for (const set of [undefined, "patch/sim/sets/demo.json"]) {
  test(`the Live Check device passes every probe on ${set ?? "Live's default Set"}`, async () => {
    const run = await runLiveCheckDevice({ set });
    assert.ok(run.report, `a JSON report at ${run.reportPath}`);
    assert.equal(run.report.results.length, probes);
    const failed = run.report.results.filter((r) => !r.ok).map((r) => `row ${r.row}: ${r.failures.join("; ")}`);
    assert.deepEqual(failed, []);
    assert.equal(run.status, `${probes} passed, 0 failed`);
    assert.ok(run.lines.includes(`${probes} passed, 0 failed, 0 objects left behind`), run.lines.slice(-3).join("\n"));
    assert.ok(run.lines.some((l) => l.startsWith("ok   row 1:")));
    assert.ok(run.setUnchanged, "everything the probes created is gone");
  });
}

test("on Live 12.1 the device reports the failing rows instead of passing", async () => {
  const run = await runLiveCheckDevice({ liveVersion: "12.1.11" });
  assert.ok(run.report.failed > 0);
  assert.ok(run.lines.some((l) => l.startsWith("FAIL row 42:")));
  assert.match(run.lines[run.lines.findIndex((l) => l.startsWith("Barline Live Check on Live"))], /12\.1\.11/);
});
