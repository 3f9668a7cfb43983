// Live Sets for the simulator tests. Until the fake Live Set lands on main the stand-in is
// used; with it, the fixture patch/sim/sets/bridge-big-clip.json is loaded instead.
import { createStandinLiveSet } from "./standin-live.mjs";

export function bigClipNotes(count = 6000) {
  return Array.from({ length: count }, (_, i) => ({
    note_id: i + 1, pitch: 36 + (i % 60), start_time: i * 0.25, duration: 0.25, velocity: 64 + (i % 60),
    mute: 0, probability: 1, velocity_deviation: 0, release_velocity: 64,
  }));
}

export function deviceLiveSet() {
  return createStandinLiveSet({ tempo: 120, notes: bigClipNotes() });
}
