// What the scenario tests (issues 10–12) share: a user's session with the simulated
// device through the official MCP client, the Set it leaves behind (the fake's dump),
// and the edits that turn the starting dump into the expected one.
//
// A scenario skips itself while a tool it needs is missing from `tools/list` (the tools
// land on other branches); once every tool is listed it runs fully and fails on any
// mismatch.
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startDevice } from "../../index.mjs";

/** The fixture every scenario starts from ("Night Drive", patch/sim/sets/README.md). */
export const DEMO_SET = "patch/sim/sets/demo.json";

/**
 * Starts the device with the demo Set (Max 9.0, the profile with the fewest globals)
 * and connects the SDK client over Streamable HTTP. `tools/list` is read once, which
 * also makes the SDK validate every `structuredContent` against its `outputSchema`.
 */
export async function openSession({ settings = {}, profile = "max-9.0", wasm = "sync-only" } = {}) {
  const device = await startDevice({ profile, wasm, set: DEMO_SET, settings: { port: 0, ...settings } });
  const client = new Client({ name: "barline-scenario", version: "1.0.0" });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(device.url)));
    const { tools } = await client.listTools();
    return session(device, client, tools.map((t) => t.name));
  } catch (e) {
    await client.close().catch(() => {});
    await device.stop();
    throw e;
  }
}

function session(device, client, toolNames) {
  const start = dumpOf(device);
  const raw = (name, args) => client.callTool({ name, arguments: args });
  return {
    device, client, toolNames,
    /** The Set as it was when the session opened. */
    start,
    /** The fake's dump now (fixture JSON: no ids). */
    dump: () => dumpOf(device),
    /** Needed tools absent from `tools/list`. */
    missing: (needed) => needed.filter((n) => !toolNames.includes(n)),
    /**
     * A call that must succeed. `warnings` lists the expected warnings in order (strings
     * match exactly, RegExps by test); any other warning fails. Returns
     * `{data, items, warnings, text}`: `data` is `structuredContent`, `items` the
     * one-or-many result as an array (docs/design/tool-contract.md §1.8).
     */
    async call(name, args = {}, { warnings = [] } = {}) {
      const r = await raw(name, args);
      const text = r.content?.[0]?.text ?? "";
      assert.notEqual(r.isError, true, `${name} ${JSON.stringify(args)} failed:\n${r.content?.map((c) => c.text).join("\n")}`);
      const got = warningsOf(r);
      assertWarnings(got, warnings, `${name} ${JSON.stringify(args)}`);
      const data = r.structuredContent;
      return { data, items: itemsOf(data), warnings: got, text };
    },
    /** A call that must fail: `{code, message, hint, text, warnings}` from `_meta`. */
    async fail(name, args = {}) {
      const r = await raw(name, args);
      assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should have failed, got:\n${r.content?.[0]?.text}`);
      const meta = r._meta?.["barline/error"] ?? {};
      return { ...meta, text: r.content?.[0]?.text ?? "", warnings: warningsOf(r) };
    },
    async close() {
      await client.close().catch(() => {});
      await device.stop();
    },
  };
}

/** The `WARNING:` items of a result, without the prefix. */
export function warningsOf(result) {
  return (result.content ?? []).slice(1).map((c) => c.text).filter((t) => t.startsWith("WARNING: ")).map((t) => t.slice(9));
}

/** Checks warnings against expectations (strings exactly, RegExps by test), in order. */
export function assertWarnings(got, expected, what = "call") {
  const ok = got.length === expected.length &&
    expected.every((e, i) => (e instanceof RegExp ? e.test(got[i]) : e === got[i]));
  assert.ok(ok, `${what}: warnings ${JSON.stringify(got)}, expected ${expected.map(String).join(" | ") || "none"}`);
}

/** A one-or-many result (docs/design/tool-contract.md §1.8) as an array. */
export function itemsOf(data) {
  if (data === undefined || data === null) return [];
  return Array.isArray(data.items) ? data.items : [data];
}

/** The fake Live Set's dump, parsed. */
export function dumpOf(device) {
  return JSON.parse(device.liveSet.dump());
}

/**
 * The Max runtimes every scenario runs in: Max 9.0 with WebAssembly, and a `v8`
 * without WebAssembly (the JavaScript core) in both Max profiles.
 */
export const RUNTIMES = [
  { profile: "max-9.0", wasm: "sync-only" },
  { profile: "max-9.0", wasm: "absent" },
  { profile: "max-9.2", wasm: "absent" },
];

/**
 * Runs a scenario once per runtime, each as a subtest of `t`: opens a session, skips
 * (with the names of the missing tools) while a needed tool is not listed, else runs
 * `body(session, step)`, and always stops the device.
 */
export async function scenario(t, { needs, settings }, body) {
  for (const runtime of RUNTIMES) {
    const form = runtime.wasm === "absent" ? "JavaScript core, no WebAssembly" : "WebAssembly";
    await t.test(`${runtime.profile}, ${form}`, async (rt) => {
      const s = await openSession({ settings, ...runtime });
      try {
        const missing = s.missing(needs);
        if (missing.length > 0) {
          rt.skip(`needs ${missing.join(", ")}`);
          return;
        }
        await body(s, steps(rt));
        // Live stays responsive: no uninterrupted v8 run of the session went past the
        // bound of core/src/live/journal.rs.
        const run = s.device.v8.stats.longestRun;
        rt.diagnostic(`longest uninterrupted v8 run: ${run.requests} Live API requests, ${run.ms.toFixed(1)} ms (${run.tool})`);
        assert.ok(run.requests <= 1000, `${run.tool} made ${run.requests} Live API requests in one run`);
      } finally {
        await s.close();
      }
    });
  }
}

/**
 * Sequential subtests for the steps of one session: each reports on its own, and after
 * the first failure the rest are skipped (they would only fail for the same reason).
 */
export function steps(t) {
  let failed = null;
  return (name, fn) => t.test(name, async (st) => {
    if (failed) {
      st.skip(`an earlier step failed: ${failed}`);
      return;
    }
    try {
      await fn(st);
    } catch (e) {
      failed = name;
      throw e;
    }
  });
}

/**
 * Differences between two JSON values as readable lines (`$.tracks[7].name: expected
 * "Beat", got "8-MIDI"`). Object key order is free; numbers are equal within `tolerance`
 * (relative above 1), since the fake's curves compute floats.
 */
export function diffJson(actual, expected, { tolerance = 1e-6 } = {}) {
  const out = [];
  const show = (v) => (v === undefined ? "nothing" : JSON.stringify(v)?.slice(0, 200));
  const walk = (a, e, path) => {
    if (typeof a === "number" && typeof e === "number") {
      if (Math.abs(a - e) > tolerance * Math.max(1, Math.abs(e))) out.push(`${path}: expected ${e}, got ${a}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(e)) {
      if (a.length !== e.length) out.push(`${path}: expected ${e.length} entries, got ${a.length}`);
      for (let i = 0; i < Math.min(a.length, e.length); i++) walk(a[i], e[i], `${path}[${i}]`);
      return;
    }
    const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
    if (isObj(a) && isObj(e)) {
      for (const k of new Set([...Object.keys(e), ...Object.keys(a)])) {
        if (!(k in a)) out.push(`${path}.${k}: expected ${show(e[k])}, missing`);
        else if (!(k in e)) out.push(`${path}.${k}: unexpected ${show(a[k])}`);
        else walk(a[k], e[k], `${path}.${k}`);
      }
      return;
    }
    if (a !== e) out.push(`${path}: expected ${show(e)}, got ${show(a)}`);
  };
  walk(actual, expected, "$");
  return out;
}

/** Asserts two dumps are the same Set, listing (up to 40) differences when not. */
export function assertSameSet(actual, expected, what = "the final Live Set") {
  const d = diffJson(actual, expected);
  if (d.length === 0) return;
  const more = d.length > 40 ? `\n… and ${d.length - 40} more` : "";
  assert.fail(`${what} differs from the expected Set in ${d.length} place(s):\n${d.slice(0, 40).join("\n")}${more}`);
}

/**
 * The dump without the transport state a session leaves behind, which is not the Set's
 * content: the playhead (`current_song_time`; locator edits move it,
 * docs/design/tool-rules.md §4), and the values the `stop` action settles to
 * (`start_time` 0, `back_to_arranger` off, docs/design/tool-rules.md §20), which a fresh
 * Song leaves unset. Whether the transport is playing is not normalised.
 */
export function withoutTransport(dump) {
  const d = structuredClone(dump);
  if (d.song) {
    delete d.song.current_song_time;
    if (d.song.start_time === 0) delete d.song.start_time;
    if (d.song.back_to_arranger === false || d.song.back_to_arranger === 0) delete d.song.back_to_arranger;
  }
  return d;
}

/**
 * Edits a dump as Live's `create_scene(index)` does: a scene (non-default properties
 * `props`) at `index`, and an empty slot there on every track that lists its slots
 * (the dump leaves `clip_slots` out of tracks without clips).
 */
export function insertScene(dump, index, props = {}) {
  dump.scenes.splice(index, 0, props);
  for (const t of dump.tracks ?? []) t.clip_slots?.splice(index, 0, null);
  return dump;
}

/**
 * Puts `clip` (or `null`) into session slot track/scene of a dump, keeping the dump's
 * form: `clip_slots` has one entry per scene, and is left out when every slot is empty.
 */
export function putSessionClip(dump, trackIndex, sceneIndex, clip) {
  const track = dump.tracks[trackIndex];
  const slots = track.clip_slots ?? dump.scenes.map(() => null);
  slots[sceneIndex] = clip;
  if (slots.every((c) => c === null)) delete track.clip_slots;
  else track.clip_slots = slots;
  return dump;
}

/**
 * A note as the dump writes it: fields at their defaults (velocity 100, probability 1)
 * are left out. Notes in a dump are sorted by start, then pitch ({@link sortNotes}).
 */
export function note(pitch, start_time, duration, velocity = 100, extra = {}) {
  const n = { pitch, start_time, duration };
  if (velocity !== 100) n.velocity = velocity;
  return { ...n, ...extra };
}

/** Notes in dump order: by start, then pitch. */
export function sortNotes(notes) {
  return [...notes].sort((a, b) => a.start_time - b.start_time || a.pitch - b.pitch);
}

/** Polls `probe` (async) until it returns a truthy value; fails after `tries` attempts. */
export async function eventually(probe, what, { tries = 100, everyMs = 20 } = {}) {
  let last;
  for (let i = 0; i < tries; i++) {
    last = await probe();
    if (last) return last;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  assert.fail(`${what} did not happen (last probe: ${JSON.stringify(last)})`);
}
