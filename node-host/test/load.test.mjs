// Correctness version of the load benchmark: concurrent sessions, no lost or mixed-up
// answers. (Throughput is printed by node-host/bench/load.bench.mjs, never asserted.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { startTarget } from "./support/target.mjs";
import { runLoad } from "../bench/load-runner.mjs";

test("8 concurrent clients, 120 tool calls: every answer arrives and matches its request", async () => {
  const target = await startTarget({ diagnostics: true });
  try {
    const r = await runLoad(target.url, { clients: 8, total: 120 });
    assert.equal(r.calls, 120);
    assert.deepEqual({ lost: r.lost, mismatched: r.mismatched, failed: r.failed }, { lost: 0, mismatched: 0, failed: 0 }, JSON.stringify(r.errors));
  } finally {
    await target.stop();
  }
});
