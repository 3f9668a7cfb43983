// Live Sets for the simulator tests: the fake Live Set with patch/sim/sets/large.json
// (one clip of 7,168 notes, ~1.1 MB of note JSON), and the cost benchmark's 10x demo Set.
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

/** The demo Set with its regular tracks repeated 10 times and 10x the scenes. */
export function tenfoldSet() {
  const set = JSON.parse(readFileSync(`${root}patch/sim/sets/demo.json`, "utf8"));
  const { tracks, scenes } = set;
  const nt = tracks.length;
  const ns = scenes.length;
  const all = [];
  for (let copy = 0; copy < 10; copy++) {
    for (const track of tracks) {
      const t = structuredClone(track);
      if (typeof t.group === "number") t.group += copy * nt;
      if (copy > 0 && typeof t.name === "string") t.name = `${t.name} ${copy + 1}`;
      if (Array.isArray(t.clip_slots)) t.clip_slots = Array.from({ length: ns * 10 }, (_, i) => t.clip_slots[i] ?? null);
      all.push(t);
    }
  }
  set.tracks = all;
  set.scenes = [...scenes, ...Array.from({ length: ns * 9 }, (_, i) => ({ name: `Scene ${ns + i + 1}` }))];
  return set;
}
