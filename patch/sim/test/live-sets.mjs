// Live Sets for the simulator tests: the fake Live Set with patch/sim/sets/large.json
// (one clip of 7,168 notes, ~1.1 MB of note JSON) when the fake's JS API is built; until
// then (branches without core/js/fake-live.mjs) a stand-in with the same shape, and the
// test log says so.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadLiveSet } from "../index.mjs";
import { createStandinLiveSet } from "./standin-live.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));
export const LARGE_FIXTURE = "patch/sim/sets/large.json";
export const LARGE_CLIP = "live_set tracks 0 clip_slots 0 clip";
const FAKE_GLUE = `${root}dist/pkg/fake/barline_core.js`;
export const fakeAvailable = existsSync(`${root}core/js/fake-live.mjs`)
  || (existsSync(FAKE_GLUE) && readFileSync(FAKE_GLUE, "utf8").includes("createLiveSet"));

/** Notes of the large fixture's clip, as the fixture lists them. */
export function largeClipNoteCount() {
  return JSON.parse(readFileSync(`${root}${LARGE_FIXTURE}`, "utf8")).tracks[0].clip_slots[0].notes.length;
}

export async function deviceLiveSet(options = {}) {
  if (fakeAvailable) return loadLiveSet(LARGE_FIXTURE, options);
  process.stderr.write("# fake Live Set not built on this branch: using the stand-in\n");
  const notes = JSON.parse(readFileSync(`${root}${LARGE_FIXTURE}`, "utf8")).tracks[0].clip_slots[0].notes
    .map((n, i) => ({ note_id: i + 1, velocity: 100, mute: 0, probability: 1, velocity_deviation: 0, release_velocity: 64, ...n }));
  return createStandinLiveSet({ tempo: 120, notes });
}
