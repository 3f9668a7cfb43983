// A panic inside the fake Live Set (a WebAssembly trap) never poisons it: the request
// that failed gets an ordinary error, the Set is rebuilt as it was just before, and
// every later request works (issue 22).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createLiveSet } from "../js/fake-live.mjs";

const demo = readFileSync(new URL("../../patch/sim/sets/demo.json", import.meta.url), "utf8");

test("after a panic the Set is as it was before the failing request and keeps working", () => {
  const errors = [];
  const set = createLiveSet(demo, { onError: (m) => errors.push(m) });
  const track = new set.LiveAPI("live_set tracks 0");
  const song = new set.LiveAPI("live_set");
  // More changes than one checkpoint holds: the recovery replays across a checkpoint.
  for (let i = 0; i < 300; i++) track.set("name", `Drums ${i}`);
  song.set("tempo", 97);
  song.call("create_scene", -1);
  const before = set.dump();
  assert.throws(() => set.handle.panicForTest(), /failed on panicForTest .* restored to its state before it/);
  assert.equal(set.dump(), before, "the Set is as it was");
  assert.deepEqual(track.get("name"), ["Drums 299"]);
  // The LiveAPI objects made before the panic keep working, ids included.
  track.set("name", "Kit");
  assert.deepEqual(new set.LiveAPI(`id ${track.id}`).get("name"), ["Kit"]);
  assert.equal(song.getcount("scenes"), JSON.parse(before).scenes.length);
  // A second panic right after the first recovers too.
  assert.throws(() => set.handle.panicForTest(), /restored/);
  assert.deepEqual(track.get("name"), ["Kit"]);
});
