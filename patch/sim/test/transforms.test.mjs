// create-clip transforms through the simulated device (docs/design/transforms.md §9):
// without a `seed` the v8 side draws one from the engine's Math.random(), reports it, and
// passing it back reproduces the notes exactly.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { startDevice } from "../index.mjs";

const HUMANIZE = "timing += rand(-0.03, 0.03)\nvelocity += rand(-15, 15)";
const NOTES = "t4 C1 D1 1|1 1|2 1|3 1|4 2|1 2|2 2|3 2|4";

let device;
before(async () => {
  device = await startDevice({ set: "patch/sim/sets/demo.json", settings: { diagnostics: true } });
});
after(async () => { await device?.stop(); });

/** The raw notes Live holds in a session slot of the Lead track (6). */
async function notesAt(scene) {
  const r = await device.callTool("barline-debug-dump-notes", { path: `live_set tracks 6 clip_slots ${scene} clip` });
  return JSON.parse(r.content[0].text).notes.map(({ note_id, ...rest }) => rest);
}

test("a drawn seed is reported and passing it back gives the same notes", async () => {
  const first = await device.callTool("barline-create-clip", { slot: "6/0", notes: NOTES, transforms: HUMANIZE });
  assert.equal(first.isError, undefined, JSON.stringify(first));
  const { seed, transformed, noteCount } = first.structuredContent;
  assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32, `seed ${seed}`);
  assert.equal(transformed, 16);
  assert.equal(noteCount, 16);

  const again = await device.callTool("barline-create-clip", { slot: "6/1", notes: NOTES, transforms: HUMANIZE, seed });
  assert.equal(again.structuredContent.seed, seed);
  const a = await notesAt(0);
  const b = await notesAt(1);
  assert.equal(a.length, 16);
  assert.deepEqual(b, a);
  assert.ok(a.some((n) => !Number.isInteger(n.velocity)), "the transforms changed the velocities");
});

test("a bad transform fails before anything is created", async () => {
  const r = await device.callTool("barline-create-clip", { slot: "6/3", notes: NOTES, transforms: "velocity = (" });
  assert.equal(r.isError, true);
  assert.match(r.content[0].text, /^Error \[BAD_INPUT\] in barline-create-clip: transform syntax error/);
  const slot = await device.callTool("barline-debug-get", { path: "live_set tracks 6 clip_slots 3", property: "has_clip" });
  assert.deepEqual(slot.structuredContent.value, [0]);
});
