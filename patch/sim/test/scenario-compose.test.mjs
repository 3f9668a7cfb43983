// Issue 10's scenario, as a user's session through the simulated device with the
// official MCP client: connect; set tempo and scale; create a drum track and a bass
// track with names and colours; create two scenes and name them; set mixer values by
// display value and read them back; add and delete a locator past the end of the
// arrangement; write and read project memory; read the whole Set. The final Set must be
// the starting Set plus exactly what the session made (computed from the starting dump
// below, field by field; new objects have no ids in a dump).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  assertSameSet, assertWarnings, diffJson, eventually, insertScene, itemsOf, putSessionClip, scenario,
  sortNotes, steps, warningsOf, withoutTransport,
} from "./support/scenario.mjs";

// Colours are entries of Live's palette (docs/design/live-model.md §2.8), so nothing
// snaps and no colour warning is due: #FF3636 is index 14, #10A4EE index 22, #F66C03
// index 15.
const RED = ["#FF3636", 14];
const BLUE = ["#10A4EE", 22];
const ORANGE = ["#F66C03", 15];

const NEEDS = [
  "barline-connect", "barline-context", "barline-read-live-set", "barline-update-live-set", "barline-read-track",
  "barline-create-track", "barline-update-track", "barline-create-scene", "barline-update-scene",
];

const MEMORY = "Night Drive at 92 BPM in F# minor. New drums on \"Beat\", new bass on \"Sub Bass\"; the drop is scene 7.";

test("issue 10 scenario: a Set's skeleton, its mixer, a locator and project memory", async (t) => {
  await scenario(t, { needs: NEEDS }, async (s, step) => {
    const ids = {};

    await step("connect", async () => {
      const { data } = await s.call("barline-connect");
      assert.equal(data.connected, true);
      assert.deepEqual(data.liveSet, {
        name: "Night Drive", tempo: 104, timeSignature: "4/4", sceneCount: 5, regularTrackCount: 7, returnTrackCount: 2,
        scale: "D Minor", scalePitches: "D,E,F,G,A,Bb,C",
      });
      assert.equal(data.memoryContent, undefined, "project memory is off");
    });

    await step("set the tempo to 92 and the scale to F# minor", async () => {
      const { data } = await s.call("barline-update-live-set", { tempo: 92, scale: "f# minor" });
      assert.match(data.id, /^\d+$/);
      assert.equal(data.tempo, 92);
      assert.equal(data.scale, "F# Minor");
      assert.equal(data.scalePitches, "Gb,Ab,A,B,Db,D,E");
    });

    await step("create a drum track and a bass track with names and colours", async () => {
      const { items } = await s.call("barline-create-track", {
        type: "midi", count: 2, name: "Beat,Sub Bass", color: `${RED[0]},${BLUE[0]}`,
      });
      assert.deepEqual(items.map((i) => i.trackIndex), [7, 8]);
      [ids.beat, ids.sub] = items.map((i) => i.id);
      assert.notEqual(ids.beat, ids.sub);
    });

    await step("create two scenes at the end and name them", async () => {
      const { items } = await s.call("barline-create-scene", { sceneIndex: 5, count: 2 });
      assert.deepEqual(items.map((i) => i.sceneIndex), [5, 6]);
      [ids.build, ids.drop] = items.map((i) => i.id);
      const named = await s.call("barline-update-scene", { ids: `${ids.build},${ids.drop}`, name: "Build,Drop", color: ORANGE[0] });
      assert.deepEqual(named.items.map((i) => i.id), [ids.build, ids.drop]);
      await s.call("barline-update-scene", { ids: ids.drop, tempo: 100 });
    });

    await step("set mixer values by display value and read them back", async () => {
      const beat = await s.call("barline-update-track", { ids: ids.beat, gainDb: -6, pan: -0.25, sendGainDb: -20, sendReturn: "A" });
      assert.deepEqual(beat.data, { id: ids.beat });
      await s.call("barline-update-track", { ids: ids.sub, gainDb: -10 });
      const read = await s.call("barline-read-track", { trackId: ids.beat, include: ["mixer"] });
      assert.equal(read.data.name, "Beat");
      assert.equal(read.data.trackIndex, 7);
      assertClose(read.data.gainDb, -6);
      assertClose(read.data.pan, -0.25);
      assert.deepEqual(read.data.sends.map((x) => x.return), ["A-Reverb", "B-Delay"]);
      assertClose(read.data.sends[0].gainDb, -20);
      assertClose(read.data.sends[1].gainDb, -70);
      const sub = await s.call("barline-read-track", { trackIndex: 8, include: ["mixer"] });
      assertClose(sub.data.gainDb, -10);
      assertClose(sub.data.pan, 0);
    });

    await step("add a locator past the end of the arrangement, then delete it", async () => {
      // The arrangement ends at 17|1 (beat 64); 33|1 is well past it.
      const add = await s.call("barline-update-live-set", { locatorOperation: "create", locatorTime: "33|1", locatorName: "Ending" });
      assert.deepEqual(add.data.locator, { operation: "created", time: "33|1", name: "Ending", id: "locator-3" });
      const listed = await s.call("barline-read-live-set", { include: ["locators"] });
      assert.deepEqual(listed.data.locators.at(-1), { id: "locator-3", name: "Ending", time: "33|1" });
      const del = await s.call("barline-update-live-set", { locatorOperation: "delete", locatorId: "locator-3" });
      assert.equal(del.data.locator.operation, "deleted");
      const after = await s.call("barline-read-live-set", { include: ["locators"] });
      assert.deepEqual(after.data.locators.map((l) => l.name), ["Intro", "Verse", "Chorus"]);
    });

    await step("turn on project memory in the device, write it and read it back", async () => {
      const off = await s.call("barline-context", { action: "read" });
      assert.deepEqual(off.data, { enabled: false });
      assert.equal((await s.fail("barline-context", { action: "write", content: MEMORY })).code, "DISABLED");
      // The user switches memory on and allows AI edits in the device.
      s.device.setSetting("memoryEnabled", true);
      s.device.setSetting("memoryWritable", true);
      await eventually(async () => (await s.call("barline-context", { action: "read" })).data.writable === true,
        "the device's memory settings reaching the tools");
      const wrote = await s.call("barline-context", { action: "write", content: MEMORY });
      assert.equal(wrote.data.content, MEMORY, "the write returns the stored text");
      // update_memory travels v8 → patch → node.script; the next requests carry it.
      await eventually(async () => (await s.call("barline-context", { action: "read" })).data.content === MEMORY,
        "the written memory reaching the next request");
      assert.equal(s.device.parameters()["memory-text"], MEMORY, "the device stores it with the Set");
      const { data } = await s.call("barline-connect");
      assert.equal(data.memoryContent, MEMORY);
    });

    await step("read the whole Set with include *", async () => {
      const { data } = await s.call("barline-read-live-set", { include: ["*"] });
      assert.equal(data.name, "Night Drive");
      assert.equal(data.tempo, 92);
      assert.equal(data.timeSignature, "4/4");
      assert.equal(data.scale, "Gb Minor", "reads spell the root with flats (docs/design/tool-rules.md §3)");
      assert.equal(data.scalePitches, "Gb,Ab,A,B,Db,D,E");
      assert.equal(data.regularTrackCount, undefined, "full lists replace the counts");
      assert.equal(data.sceneCount, undefined);
      assert.deepEqual(data.tracks.map((x) => x.name),
        ["Drums", "Bass", "Synths", "Keys", "Pad", "Vox Chops", "Lead", "Beat", "Sub Bass"]);
      const [beat, sub] = data.tracks.slice(7);
      assert.deepEqual([beat.id, beat.type, beat.color, sub.id, sub.color], [ids.beat, "midi", RED[0], ids.sub, BLUE[0]]);
      assertClose(beat.gainDb, -6);
      assertClose(beat.sends[0].gainDb, -20);
      assert.deepEqual(data.returnTracks.map((x) => x.name), ["A-Reverb", "B-Delay"]);
      assert.equal(data.masterTrack.type, "master");
      assert.deepEqual(data.scenes.map((x) => x.name), ["Intro", "Verse", "Chorus", "Breakdown", "Outro", "Build", "Drop"]);
      assert.deepEqual(data.scenes.slice(5).map((x) => [x.id, x.color, x.tempo]), [[ids.build, ORANGE[0], undefined], [ids.drop, ORANGE[0], 100]]);
      assert.deepEqual(data.locators.map((l) => [l.id, l.time]), [["locator-0", "1|1"], ["locator-1", "5|1"], ["locator-2", "13|1"]]);
    });

    await step("the Set is the starting Set plus exactly what the session made", () => {
      const expected = structuredClone(s.start);
      Object.assign(expected.song, { tempo: 92, root_note: 6, scale_name: "Minor", scale_mode: true });
      expected.tracks.push(
        // A send at −20 dB is 0.5 on Live's measured send curve (core/fake-live/README.md row 76).
        { kind: "midi", name: "Beat", color_index: RED[1], mixer: { volume: 0.7, panning: -0.25, sends: [0.5, 0] } },
        { kind: "midi", name: "Sub Bass", color_index: BLUE[1], mixer: { volume: 0.6 } },
      );
      // Live gives a new scene the tempo of the scene above (core/fake-live/README.md
      // row 54); create-scene switches it off, so the value stays but never applies.
      insertScene(expected, 5, { name: "Build", color_index: ORANGE[1], tempo: 98, tempo_enabled: false });
      insertScene(expected, 6, { name: "Drop", color_index: ORANGE[1], tempo: 100, tempo_enabled: true });
      // The playhead moved for the locator edits; that is transport state, not content.
      assertSameSet(withoutTransport(s.dump()), withoutTransport(expected));
    });
  });
});

/** Mixer values read from Live are rounded to 4 places (docs/design/tool-contract.md §1.13). */
function assertClose(actual, expected) {
  assert.equal(typeof actual, "number", `expected a number near ${expected}, got ${JSON.stringify(actual)}`);
  assert.ok(Math.abs(actual - expected) <= 1e-3, `expected ${expected}, got ${actual}`);
}

// The part of the session today's tools can do: connect reads and changes nothing, and
// a mistaken request fails with a typed error, changing nothing either.
test("connect reports the demo Set; failed calls are typed errors; the Set is unchanged", async (t) => {
  await scenario(t, { needs: ["barline-connect", "barline-read-clip"] }, async (s, step) => {
    await step("connect", async () => {
      const { data } = await s.call("barline-connect");
      assert.deepEqual([data.connected, data.liveSet.name, data.liveSet.tempo, data.liveSet.scale], [true, "Night Drive", 104, "D Minor"]);
      assert.match(data.skills, /bar\|beat/);
    });
    await step("read a clip by an id nobody issued, and by a malformed slot", async () => {
      const unknown = await s.fail("barline-read-clip", { clipId: "999999" });
      assert.equal(unknown.code, "NOT_FOUND");
      assert.equal(unknown.tool, "barline-read-clip");
      assert.match(unknown.text, /^Error \[NOT_FOUND\] in barline-read-clip: /);
      const bad = await s.fail("barline-read-clip", { slot: "0|1" });
      assert.equal(bad.code, "BAD_INPUT");
    });
    await step("the Set is unchanged", () => assertSameSet(s.dump(), s.start));
  });
});

// The support module's tool-independent helpers, on the demo Set's real dump.
test("support: dump diff, scene insertion, session clips, transport normalisation, warnings, results", async () => {
  const { loadLiveSet } = await import("../index.mjs");
  const start = JSON.parse((await loadLiveSet("patch/sim/sets/demo.json")).dump());

  assert.deepEqual(diffJson(start, structuredClone(start)), []);
  const changed = structuredClone(start);
  changed.tracks[1].name = "Sub";
  changed.song.tempo = 104 + 1e-9; // within tolerance
  delete changed.scenes[0].color_index;
  changed.cue_points.push({ time: 128 });
  assert.deepEqual(diffJson(changed, start), [
    "$.scenes[0].color_index: expected 9, missing",
    "$.tracks[1].name: expected \"Bass\", got \"Sub\"",
    "$.cue_points: expected 3 entries, got 4",
  ]);
  assert.throws(() => assertSameSet(changed, start), /differs from the expected Set in 3 place\(s\)/);

  // insertScene and putSessionClip against what the fake itself does.
  const live = await loadLiveSet("patch/sim/sets/demo.json");
  const api = (path) => new live.LiveAPI(path);
  api("live_set").call("create_scene", 2);
  api("live_set tracks 6 clip_slots 0").call("create_clip", 4);
  api("live_set tracks 6 clip_slots 0 clip").set("name", "New");
  api("live_set tracks 1 clip_slots 1").call("delete_clip");
  api("live_set").set("current_song_time", 32);
  live.settle();
  const expected = insertScene(structuredClone(start), 2, {});
  putSessionClip(expected, 6, 0, { length: 4, name: "New" });
  putSessionClip(expected, 1, 1, null);
  const now = JSON.parse(live.dump());
  assert.equal(now.song.current_song_time, 32);
  assertSameSet(withoutTransport(now), withoutTransport(expected));
  assert.ok(diffJson(now, expected).some((d) => d.startsWith("$.song.current_song_time")));
  // A track whose last clip goes loses its clip_slots, as in a dump.
  const empty = putSessionClip(structuredClone(start), 6, 2, null);
  assert.equal(empty.tracks[6].clip_slots, undefined);
  assert.deepEqual(sortNotes([{ pitch: 40, start_time: 1 }, { pitch: 38, start_time: 1 }, { pitch: 50, start_time: 0 }]).map((n) => n.pitch), [50, 38, 40]);

  // Warnings and one-or-many results as the MCP result carries them.
  const result = { content: [{ type: "text", text: "{id:\"1\"}" }, { type: "text", text: "WARNING: a" }, { type: "text", text: "WARNING: b 12" }] };
  assert.deepEqual(warningsOf(result), ["a", "b 12"]);
  assertWarnings(warningsOf(result), ["a", /^b \d+$/]);
  assert.throws(() => assertWarnings(["a"], []), /warnings \["a"\], expected none/);
  assert.deepEqual(itemsOf({ items: [{ id: "1" }, { id: "2" }] }).length, 2);
  assert.deepEqual(itemsOf({ id: "1" }), [{ id: "1" }]);
  assert.deepEqual(itemsOf(undefined), []);

  // Steps: after the first failure the later ones skip, naming it.
  const log = [];
  const stub = { test: async (name, fn) => {
    try {
      await fn({ skip: (why) => log.push(`${name}: skipped (${why})`) });
      if (!log.some((l) => l.startsWith(`${name}:`))) log.push(`${name}: ok`);
    } catch (e) {
      log.push(`${name}: failed (${e.message})`);
    }
  } };
  const step = steps(stub);
  await step("one", () => {});
  await step("two", () => { throw new Error("boom"); });
  await step("three", () => log.push("three ran"));
  assert.deepEqual(log, ["one: ok", "two: failed (boom)", "three: skipped (an earlier step failed: two)"]);

  let probes = 0;
  assert.equal(await eventually(async () => ++probes === 3 && "done", "the third probe", { everyMs: 1 }), "done");
  await assert.rejects(eventually(async () => false, "nothing", { tries: 2, everyMs: 1 }), /nothing did not happen/);
});
