// Live Set tools through the simulated device (docs/design/tool-rules.md §2, §4,
// docs/design/tool-contract.md §1.16): the project memory round trip (context write →
// update_memory out of v8's status outlet → stored in the device → the next request's
// context), a locator created past the end of the arrangement through the real v8 wait
// path (Task → resume), and the sample search through the v8 host's Folder listing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import vm from "node:vm";
import { loadLiveSet, startDevice } from "../index.mjs";

const DEMO = "patch/sim/sets/demo.json";
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

test("a memory write reaches the device and the next request's context", async () => {
  const device = await startDevice({ liveSet: await loadLiveSet(DEMO), settings: {
    memoryEnabled: true, memoryWritable: true, memoryText: "Old note." } });
  try {
    const text = "Verse in D minor. Drums on track 1; keys are Rhodes.";
    const w = await device.callTool("barline-context", { action: "write", content: text });
    assert.equal(w.isError, undefined, JSON.stringify(w));
    assert.deepEqual(w.structuredContent, { enabled: true, writable: true, content: text });
    assert.equal(w._meta?.["barline/outlet"], undefined, "the outlet message is not part of the result");
    // The patch stored it (saved with the Set) and shows it.
    assert.equal(device.parameters()["memory-text"], text);
    assert.equal(device.patch.byVarname("memory-text-edit").content, text);
    await settle(50);
    // The next request carries the new text.
    const r = await device.callTool("barline-context", { action: "read" });
    assert.deepEqual(r.structuredContent, { enabled: true, writable: true, content: text });
    const c = await device.callTool("barline-connect");
    assert.equal(c.structuredContent.memoryContent, text);
    assert.deepEqual(device.console.errors(), []);
  } finally {
    await device.stop();
  }
});

test("a refused memory write sends nothing to the device", async () => {
  const device = await startDevice({ liveSet: await loadLiveSet(DEMO), settings: {
    memoryEnabled: true, memoryWritable: false, memoryText: "Keep me." } });
  try {
    const w = await device.callTool("barline-context", { action: "write", content: "Overwritten?" });
    assert.equal(w.isError, true);
    assert.match(w.content[0].text, /^Error \[DISABLED\]/);
    await settle(50);
    assert.equal(device.parameters()["memory-text"], "Keep me.");
  } finally {
    await device.stop();
  }
});

test("a locator past the end of the arrangement is placed through the v8 wait path", async () => {
  const liveSet = await loadLiveSet(DEMO);
  const device = await startDevice({ liveSet });
  try {
    const clipsBefore = JSON.parse(liveSet.dump()).tracks[0].arrangement_clips;
    const r = await device.callTool("barline-update-live-set", {
      tempo: 98, locatorOperation: "create", locatorTime: "41|1", locatorName: "Outro" });
    assert.equal(r.isError, undefined, JSON.stringify(r));
    assert.deepEqual(r.structuredContent.locator, { operation: "created", time: "41|1", name: "Outro", id: "locator-3" });
    assert.equal(r.structuredContent.tempo, 98);
    assert.equal(r.content.length, 1, "no warnings");
    const set = JSON.parse(liveSet.dump());
    assert.deepEqual(set.cue_points.at(-1), { time: 160, name: "Outro" });
    assert.deepEqual(set.tracks[0].arrangement_clips, clipsBefore, "the temporary clip is gone");
    assert.equal(vm.runInContext("__barline.info()", device.v8.context).pending, 0, "no Task left");
    // Delete it again by name: the playhead moves back through the same wait.
    const d = await device.callTool("barline-update-live-set", { locatorOperation: "delete", locatorName: "Outro" });
    assert.deepEqual(d.structuredContent.locator, { operation: "deleted", count: 1, name: "Outro" });
    assert.equal(JSON.parse(liveSet.dump()).cue_points.length, 3);
    assert.deepEqual(liveSet.errors(), []);
  } finally {
    await device.stop();
  }
});

test("on a Set with only audio tracks the locator's temporary clip uses node's silent WAV", async () => {
  // The fixture lists its files, so only they and files really on disk exist.
  const liveSet = await loadLiveSet({
    format: "barline-live-set/1", scenes: [{}],
    tracks: [{ kind: "audio", name: "Vox" }], files: ["/Samples/Vox.wav"] });
  const device = await startDevice({ liveSet });
  let wav;
  try {
    // Live's song length is the last event plus 32 beats even in an empty Set
    // (core/fake-live/README.md row 53), so "past the end" lies after bar 9: bar 21 is
    // beat 80.
    const r = await device.callTool("barline-update-live-set", { locatorOperation: "create", locatorTime: "21|1" });
    assert.equal(r.isError, undefined, JSON.stringify(r));
    assert.deepEqual(r.structuredContent.locator, { operation: "created", time: "21|1", id: "locator-0" });
    const opened = device.openedFiles();
    assert.equal(opened.length, 1, JSON.stringify(opened));
    wav = opened[0];
    assert.match(wav, /barline-silence-\d+\.wav$/);
    const bytes = readFileSync(wav);
    assert.equal(bytes.subarray(0, 4).toString(), "RIFF");
    assert.equal(bytes.subarray(8, 12).toString(), "WAVE");
    const set = JSON.parse(liveSet.dump());
    assert.deepEqual(set.cue_points, [{ time: 80 }]);
    assert.ok(!(set.tracks[0].arrangement_clips?.length), "the temporary clip is gone");
    assert.deepEqual(liveSet.errors(), []);
  } finally {
    await device.stop();
  }
  // Shared by every instance (same bytes, same name), so it outlives this one.
  assert.equal(existsSync(wav), true);
});

test("the sample search lists a real folder through Max's Folder", async () => {
  const dir = mkdtempSync(join(tmpdir(), "barline-samples-"));
  try {
    mkdirSync(join(dir, "Drums", "Snares"), { recursive: true });
    for (const f of ["Drums/Kick 01.wav", "Drums/Kick 02.AIF", "Drums/notes.txt", "Drums/Snares/Snare.flac", "Pad.m4a"]) {
      writeFileSync(join(dir, f), "");
    }
    const device = await startDevice({ liveSet: await loadLiveSet(DEMO), settings: { sampleFolder: dir } });
    try {
      const r = await device.callTool("barline-context", { action: "search", search: "drums" });
      assert.equal(r.isError, undefined, JSON.stringify(r));
      assert.deepEqual(r.structuredContent, {
        sampleFolder: `${dir}/`, samples: ["Drums/Kick 01.wav", "Drums/Kick 02.AIF", "Drums/Snares/Snare.flac"] });
      const all = await device.callTool("barline-context", { action: "search", limit: 1 });
      assert.equal(all.structuredContent.truncated, true);
      const gone = await device.callTool("barline-context", { action: "search" });
      assert.equal(gone.isError, undefined);
      rmSync(join(dir, "Drums"), { recursive: true });
      rmSync(join(dir, "Pad.m4a"));
      rmSync(dir, { recursive: true });
      const missing = await device.callTool("barline-context", { action: "search" });
      assert.match(missing.content[0].text, /^Error \[NOT_FOUND\]/);
    } finally {
      await device.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("raw Live API operations are written to the Max console, not sent out of the outlet", async () => {
  const device = await startDevice({ liveSet: await loadLiveSet(DEMO), settings: { rawLiveApi: true } });
  try {
    const r = await device.callTool("barline-raw-live-api", {
      operations: [{ type: "get", property: "tempo" }, { type: "set", property: "tempo", value: 100 }],
    });
    assert.equal(r.isError, undefined, JSON.stringify(r));
    assert.equal(r._meta?.["barline/outlet"], undefined, "console lines are not part of the result");
    const lines = device.console.lines.filter((l) => /raw live api/.test(l.text));
    assert.equal(lines.length, 2, JSON.stringify(device.console.lines));
    assert.match(lines[1].text, /set tempo/);
  } finally {
    await device.stop();
  }
});
