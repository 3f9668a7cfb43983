// End to end, warnings belong to their request (docs/design/tool-contract.md §3.6).
// Overlapping calls through the simulated device each get only their own warnings;
// repeats collapse with (×N); Node-side unknown-argument warnings come first, with a
// suggestion.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startTarget } from "./support/target.mjs";

let target;
before(async () => {
  target = await startTarget({ diagnostics: true });
});
after(() => target.stop());

test("overlapping requests keep their own warnings; identical ones collapse", async () => {
  const call = (args) => target.device.callTool("barline-debug-echo", args);
  const [a, b] = await Promise.all([
    call({ text: "A", warnings: ["only for A"] }),
    call({ text: "B", warnings: Array(10).fill("same for B") }),
  ]);
  assert.deepEqual(a._meta["barline/warnings"], ["only for A"]);
  assert.deepEqual(b._meta["barline/warnings"], ["same for B (×10)"]);
  assert.deepEqual(b.content.slice(1).map((c) => c.text), ["WARNING: same for B (×10)"]);
});

test("unknown arguments warn on the Node side, before Live's warnings", async () => {
  const r = await target.device.callTool("barline-read-clip", { slot: "0/0", includ: ["notes"] });
  assert.notEqual(r.isError, true, JSON.stringify(r));
  assert.equal(r._meta["barline/warnings"][0], 'ignored unknown argument(s): includ (did you mean "include"?)');
});
