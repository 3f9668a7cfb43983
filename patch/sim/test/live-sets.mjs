// Live Sets for the simulator tests: the fake Live Set with patch/sim/sets/large.json
// (one clip of 7,168 notes, ~1.1 MB of note JSON).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadLiveSet } from "../index.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));
export const LARGE_FIXTURE = "patch/sim/sets/large.json";
export const LARGE_CLIP = "live_set tracks 0 clip_slots 0 clip";

/** Notes of the large fixture's clip, as the fixture lists them. */
export function largeClipNoteCount() {
  return JSON.parse(readFileSync(`${root}${LARGE_FIXTURE}`, "utf8")).tracks[0].clip_slots[0].notes.length;
}

/** The fake Live Set loaded with the large fixture. */
export function deviceLiveSet(options = {}) {
  return loadLiveSet(LARGE_FIXTURE, options);
}
