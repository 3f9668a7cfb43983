// The fake's LiveAPI class: constructor overloads, modes, observers, counters and
// fixtures from JavaScript (docs/design/max-host.md §6.2).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createLiveSet } from "../js/fake-live.mjs";

const sets = new URL("../../patch/sim/sets/", import.meta.url);
const demo = readFileSync(new URL("demo.json", sets), "utf8");

test("constructor overloads of docs/design/max-host.md §2.1, and everything else throws", () => {
  const { LiveAPI } = createLiveSet(demo);
  const cb = () => {};
  const patcher = { name: "patcher" };
  const song = new LiveAPI("live_set").id;
  assert.equal(new LiveAPI().id, "0");
  assert.equal(new LiveAPI(cb).id, "0");
  assert.equal(new LiveAPI(cb, "live_set").id, song);
  assert.equal(new LiveAPI(null, "live_set").id, song);
  assert.equal(new LiveAPI(undefined, "live_set").id, song);
  assert.equal(new LiveAPI(patcher, cb, "live_set").id, song);
  assert.equal(new LiveAPI(patcher, "live_set").id, song);
  assert.equal(new LiveAPI(patcher, "live_set").patcher, patcher);
  assert.equal(new LiveAPI(`id ${song}`).path, "live_set");
  for (const bad of [[42], [cb, cb], ["live_set", cb], [cb, "live_set", 3], [null]]) {
    assert.throws(() => new LiveAPI(...bad), TypeError, JSON.stringify(bad.map(String)));
  }
});

test("mode 0 follows the object, mode 1 follows the path; deleted objects read id 0", () => {
  const { LiveAPI } = createLiveSet(demo);
  const song = new LiveAPI("live_set");
  const follow = new LiveAPI("live_set tracks 1");
  const byPath = new LiveAPI("live_set tracks 1");
  byPath.mode = 1;
  const bassId = follow.id;
  song.call("create_audio_track", 0);
  assert.equal(follow.id, bassId);
  assert.equal(follow.path, "live_set tracks 2");
  assert.notEqual(byPath.id, bassId);
  assert.equal(byPath.path, "live_set tracks 1");
  song.call("delete_track", 2);
  assert.equal(follow.id, "0");
  assert.equal(follow.path, "");
  assert.deepEqual(follow.get("name"), []);
});

test("observers: immediate value, [name, …values] with this = the LiveAPI, id events", () => {
  const { LiveAPI } = createLiveSet(demo);
  const events = [];
  let self;
  const watcher = new LiveAPI(function (args) { self = this; events.push(args); }, "live_set");
  watcher.property = "tempo";
  assert.deepEqual(events, [["tempo", 104]]);
  assert.equal(watcher.proptype, "float");
  new LiveAPI("live_set").set("tempo", 90);
  assert.deepEqual(events.at(-1), ["tempo", 90]);
  assert.equal(self, watcher);
  const count = events.length;
  new LiveAPI("live_set").set("metronome", 1);
  assert.equal(events.length, count, "other properties do not notify");
  watcher.property = "";
  new LiveAPI("live_set").set("tempo", 91);
  assert.equal(events.length, count, "property \"\" stops observing");
  // re-targeting and deletion report ["id", n]
  const ids = [];
  const t = new LiveAPI((a) => ids.push(a), "live_set tracks 0");
  t.property = "name";
  t.goto("live_set tracks 1");
  assert.deepEqual(ids.at(-1), ["id", Number(t.id)]);
  new LiveAPI("live_set").call("delete_track", 1);
  assert.deepEqual(ids.at(-1), ["id", 0]);
  // clip note changes bang `notes`
  const bangs = [];
  const clip = new LiveAPI((a) => bangs.push(a), "live_set tracks 0 clip_slots 1 clip");
  clip.property = "notes";
  clip.call("add_new_notes", { notes: [{ pitch: 50, start_time: 0.1, duration: 0.1 }] });
  assert.deepEqual(bangs.at(-1), ["notes"]);
});

test("changes made inside a notification are refused; deferred ones succeed", () => {
  const set = createLiveSet(demo);
  const { LiveAPI } = set;
  const deferred = [];
  const watcher = new LiveAPI(function ([name, value]) {
    if (name === "tempo" && value === 100) {
      this.set("tempo", 101);
      deferred.push(() => this.set("tempo", 102));
    }
  }, "live_set");
  watcher.property = "tempo";
  watcher.set("tempo", 100);
  assert.deepEqual(watcher.get("tempo"), [100], "the change from the callback was refused");
  assert.match(set.errors().at(-1), /Changes cannot be triggered by notifications/);
  deferred.forEach((f) => f());
  assert.deepEqual(watcher.get("tempo"), [102]);
});

test("immediate callbacks can be switched off and errors can be forwarded", () => {
  const posted = [];
  const { LiveAPI } = createLiveSet(demo, { immediateCallback: false, onError: (m) => posted.push(m) });
  const events = [];
  const w = new LiveAPI((a) => events.push(a), "live_set");
  w.property = "tempo";
  assert.deepEqual(events, []);
  w.get("nope");
  assert.equal(posted.length, 1);
  assert.match(posted[0], /nope/);
});

test("counters, undo steps, dump and reset", () => {
  const set = createLiveSet(demo);
  const song = new set.LiveAPI("live_set");
  set.resetCounters();
  song.get("tempo");
  song.set("tempo", 120);
  song.call("create_scene", -1);
  const c = set.counters();
  assert.deepEqual(c.by_type.Song, { get: 1, set: 1, call: 1, getcount: 0 });
  assert.equal(c.totals.get + c.totals.set + c.totals.call, 3);
  assert.equal(c.undo_steps, 2);
  assert.deepEqual(song.get("can_undo"), [1]);
  song.call("undo");
  assert.equal(song.getcount("scenes"), 5);
  const dumped = JSON.parse(set.dump());
  assert.equal(dumped.song.tempo, undefined, "tempo 120 is the default and is not written");
  set.reset();
  assert.equal(set.counters().totals.get, 0);
  assert.deepEqual(new set.LiveAPI("live_set").get("tempo"), [104]);
});

test("every fixture round-trips through createLiveSet and dump", () => {
  const names = readdirSync(sets).filter((n) => n.endsWith(".json"));
  assert.ok(names.length >= 4);
  for (const name of names) {
    const text = readFileSync(new URL(name, sets), "utf8");
    const set = createLiveSet(text);
    const norm = (v) => JSON.parse(JSON.stringify(v));
    assert.deepEqual(norm(JSON.parse(set.dump())), norm(JSON.parse(text)), name);
  }
});

test("the wasm glue exports createLiveSet itself (CommonJS)", () => {
  const glue = createRequire(import.meta.url)("../../dist/pkg/fake/barline_fake_live.js");
  const set = glue.createLiveSet(JSON.parse(demo));
  assert.deepEqual(new set.LiveAPI("live_set tracks 0").get("name"), ["Drums"]);
  assert.deepEqual(new (glue.createLiveSet({}).LiveAPI)("live_set tracks 0").get("name"), ["1-MIDI"]);
  assert.throws(() => glue.createLiveSet('{"format":"nope"}'), /format/);
});

test("a large clip reads back as more than a megabyte in one string", () => {
  const set = createLiveSet(readFileSync(new URL("large.json", sets), "utf8"));
  const clip = new set.LiveAPI("live_set tracks 0 clip_slots 0 clip");
  const text = clip.call("get_all_notes_extended");
  assert.equal(typeof text, "string");
  assert.ok(text.length > 1_000_000, `${text.length}`);
  assert.ok(set.counters().distinct_symbols >= 1);
});

test("fixture knobs reach JavaScript: virtual time, cut note answers, files", () => {
  const fixture = {
    format: "barline-live-set/1", call_delay_ms: 10, note_answer_limit: 40, files: ["/s/a.wav"],
    scenes: [{}],
    tracks: [{ kind: "midi", clip_slots: [{ length: 4, notes: [{ pitch: 60, start_time: 0, duration: 1 }] }] }],
  };
  const set = createLiveSet(fixture);
  const clip = new set.LiveAPI("live_set tracks 0 clip_slots 0 clip");
  assert.equal(set.virtualTimeMs(), 0);
  const text = clip.call("get_all_notes_extended");
  assert.equal(text.length, 40);
  assert.throws(() => JSON.parse(text));
  clip.get("length");
  assert.equal(set.virtualTimeMs(), 20);
  assert.equal(set.hasFile("/s/a.wav"), true);
  assert.equal(set.hasFile("/s/b.wav"), false);
  assert.deepEqual(set.errors(), []);
});
