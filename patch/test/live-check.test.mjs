// The Live Check probes (patch/live-check/) against the fake Live Set: every probe
// passes on Live's default Set and on the demo Set, and the Set is left as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createLiveSet } from "../../core/js/fake-live.mjs";
import { runOnFakeSet, loadLiveCheck } from "../live-check/load.mjs";

const demo = readFileSync(new URL("../sim/sets/demo.json", import.meta.url), "utf8");

for (const [name, fixture] of [["Live's default Set", undefined], ["the demo Set", demo]]) {
  test(`every Live Check probe passes on ${name} and leaves it as it was`, async () => {
    const set = createLiveSet(fixture);
    const before = set.dump();
    const report = await runOnFakeSet(set);
    const failed = report.results.filter((r) => !r.ok).map((r) => `row ${r.row}: ${r.failures.join("; ")}`);
    assert.deepEqual(failed, []);
    assert.equal(report.leftovers, 0);
    assert.ok(report.results.length >= 60, `${report.results.length} probes`);
    assert.equal(set.dump(), before);
  });
}

test("a probe that fails is reported as a failure with what it saw", async () => {
  // Live 12.1 answers nothing to create_midi_clip: row 42's probe must notice.
  const set = createLiveSet(undefined, { liveVersion: "12.1.11" });
  const report = await runOnFakeSet(set);
  const row42 = report.results.find((r) => r.row === 42);
  assert.equal(row42.ok, false);
  assert.match(row42.failures.join(), /answers an id/);
  const lines = loadLiveCheck().reportLines(report);
  assert.match(lines[0], /Live 12\.1\.11/);
  assert.ok(lines.some((l) => l.startsWith("FAIL row 42")));
});

test("each probe names a row of core/fake-live/README.md once", () => {
  const rows = loadLiveCheck().probes.map((p) => p.row);
  assert.equal(new Set(rows).size, rows.length);
  assert.ok(rows.every((r) => Number.isInteger(r) && r >= 1 && r <= 80));
});
