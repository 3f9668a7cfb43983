// Issue 24's request, as a model would carry it out from the tool descriptions alone,
// through the official MCP client against the simulated device with the demo Set: "a
// 16-bar lo-fi sketch at 82 BPM in F minor: drums with swing, bass, Rhodes chords, a
// pad; EQ and compressor on the drums; humanize the keys; lay it out as intro, verse,
// outro and play it". It must take at most 25 calls; the Set is read back at the end.
import { test } from "node:test";
import assert from "node:assert/strict";
import { scenario } from "./support/scenario.mjs";

const NEEDS = [
  "barline-connect", "barline-update-live-set", "barline-read-track", "barline-create-clip",
  "barline-create-device", "barline-read-scene", "barline-duplicate", "barline-playback",
];
const MAX_CALLS = 25;

test("issue 24: the lo-fi sketch in at most 25 calls", async (t) => {
  await scenario(t, { needs: NEEDS }, async (s) => {
    let calls = 0;
    const call = async (name, args = {}) => {
      calls += 1;
      const r = await s.client.callTool({ name, arguments: args });
      assert.notEqual(r.isError, true, `${name} ${JSON.stringify(args)}:\n${r.content?.map((c) => c.text).join("\n")}`);
      return r.structuredContent;
    };
    const items = (d) => (Array.isArray(d?.items) ? d.items : [d]);

    const connected = await call("barline-connect");
    assert.equal(connected.liveSet.sceneCount, 5);
    const set = await call("barline-update-live-set", { tempo: 82, scale: "F Minor" });
    assert.equal(set.scale, "F Minor");
    const drums = await call("barline-read-track", { trackIndex: 0, include: ["drum-map"] });
    assert.equal(drums.drumMap.C1, "Kick");

    // A new row (scene 5) holds the sketch: four-bar loops, one call per part.
    const row = 5;
    await call("barline-create-clip", {
      slot: `0/${row}`, name: "Lofi Drums", length: "4:0",
      notes: "v100 t/4 C1 1|1,3.5 v90 D1 1|2,4 v60-80 t/4 Gb1 1|1x8@/2 @2-4=1",
      transforms: "timing = swing(0.17)",
    });
    await call("barline-create-clip", {
      slot: `1/${row}`, name: "Lofi Bass", length: "4:0",
      notes: "v95 t1.5 F1 1|1 t/2 F1 1|2.5 t2 Db1 2|1 t2 Eb1 3|1 t1.5 C1 4|1 t/2 C1 4|2.5",
    });
    const keys = await call("barline-create-clip", {
      slot: `3/${row}`, name: "Rhodes", length: "4:0",
      notes: "v80 t4 F2 Ab2 C3 Eb3 1|1 Db2 F2 Ab2 C3 2|1 Eb2 G2 Bb2 Db3 3|1 C2 E2 G2 Bb2 4|1",
      transforms: "timing += rand(-0.02, 0.02)\nvelocity += rand(-8, 8)",
    });
    assert.equal(keys.transformed, 16);
    await call("barline-create-clip", {
      slot: `4/${row}`, name: "Pad", length: "4:0",
      notes: "v60 t8 F2 C3 Ab3 1|1 Db2 Ab2 F3 3|1",
    });
    const fx = await call("barline-create-device", { deviceName: "EQ Eight, Compressor", path: "t0" });
    assert.equal(items(fx).length, 2);

    // Arrangement: the row laid out over 16 bars, then the sections named.
    const scene = await call("barline-read-scene", { sceneIndex: row });
    await call("barline-duplicate", { type: "scene", id: scene.id, arrangementStart: "1|1", arrangementLength: "16:0" });
    for (const [time, name] of [["1|1", "Intro"], ["5|1", "Verse"], ["13|1", "Outro"]]) {
      const r = await call("barline-update-live-set", { locatorOperation: "create", locatorTime: time, locatorName: name });
      assert.equal(r.locator.name, name);
    }
    await call("barline-playback", { action: "play-arrangement", startTime: "1|1" });

    // Reading the Set back, as the model would, and as the fixture dump says.
    const back = await call("barline-read-track", { trackIndex: 0, include: ["devices", "arrangement-clips"] });
    const types = back.devices.map((d) => d.type);
    assert.ok(types.some((x) => x.endsWith("EQ Eight")) && types.some((x) => x.endsWith("Compressor")), types.join());
    assert.ok(back.arrangementClips.some((c) => c.arrangementStart === "1|1"), JSON.stringify(back.arrangementClips));
    const dump = s.dump();
    assert.equal(dump.song.tempo, 82);
    assert.deepEqual(dump.cue_points.map((c) => c.name), ["Intro", "Verse", "Outro"]);
    const slots = (i) => dump.tracks[i].clip_slots?.[row];
    for (const [track, name] of [[0, "Lofi Drums"], [1, "Lofi Bass"], [3, "Rhodes"], [4, "Pad"]]) {
      assert.equal(slots(track)?.name, name, `track ${track}`);
    }
    console.log(`lo-fi session: ${calls} calls (bound ${MAX_CALLS})`);
    assert.ok(calls <= MAX_CALLS, `${calls} calls`);
  });
});
