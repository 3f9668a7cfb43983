// A tiny LiveAPI stand-in for tests of the simulator's own machinery (profiles, limits,
// dispatch) that must not depend on the fake Live Set's fixture format. The device
// end-to-end tests use the real fake (dist/pkg/fake).

export function createStandinLiveSet({ tempo = 120, notes = [] } = {}) {
  const objects = new Map([
    [1, { path: "live_set", type: "Song", props: { tempo: [tempo], name: ["Standin"] } }],
    [2, { path: "live_set tracks 0", type: "Track", props: { name: ["1-MIDI"] } }],
    [3, { path: "live_set tracks 0 clip_slots 0 clip", type: "Clip", props: { name: ["Big"] }, notes }],
  ]);
  const byPath = new Map([...objects].map(([id, o]) => [o.path, id]));
  const counters = { get: 0, set: 0, call: 0 };
  class LiveAPI {
    constructor(...args) {
      const path = args.find((a) => typeof a === "string") ?? "";
      const m = /^id (\d+)$/.exec(path);
      this._id = m ? (objects.has(Number(m[1])) ? Number(m[1]) : 0) : byPath.get(path) ?? 0;
    }
    get id() { return String(this._id); }
    get path() { return objects.get(this._id)?.path ?? ""; }
    get type() { return objects.get(this._id)?.type ?? ""; }
    get(prop) { counters.get += 1; return [...(objects.get(this._id)?.props[prop] ?? [])]; }
    set(prop, v) { counters.set += 1; objects.get(this._id).props[prop] = [v]; }
    call(fn) {
      counters.call += 1;
      if (fn === "get_all_notes_extended") return JSON.stringify({ notes: objects.get(this._id).notes });
      return undefined;
    }
    getcount() { return 1; }
  }
  return { LiveAPI, dump: () => Object.fromEntries(objects), counters: () => ({ ...counters }), reset() {} };
}
