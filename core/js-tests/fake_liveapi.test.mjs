// The fake's LiveAPI class: return formats of docs/design/max-host.md §2.3 (§6.2).
// Needs dist/pkg/fake (scripts/build-wasm.sh).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createLiveSet } from "../js/fake-live.mjs";

const demo = readFileSync(new URL("../../patch/sim/sets/demo.json", import.meta.url), "utf8");

test("get always returns an array: numbers, bools, strings, children, lists, dicts", () => {
  const set = createLiveSet(demo);
  const song = new set.LiveAPI("live_set");
  assert.deepEqual(song.get("tempo"), [104]);
  assert.deepEqual(song.get("is_playing"), [0], "bools are 0/1, never JS booleans");
  assert.deepEqual(song.get("name"), ["Night Drive"], "a string with a space is one element");
  assert.deepEqual(song.get("scale_intervals"), [0, 2, 3, 5, 7, 8, 10]);
  const master = song.get("master_track");
  assert.equal(master.length, 2);
  assert.equal(master[0], "id");
  assert.equal(typeof master[1], "number", "ids inside results are numbers");
  const tracks = song.get("tracks");
  assert.equal(tracks.length, 14, "flat [\"id\", a, \"id\", b, …] for 7 tracks");
  tracks.forEach((v, i) => assert.equal(typeof v, i % 2 ? "number" : "string"));
  const empty = new set.LiveAPI("live_set tracks 0 clip_slots 3");
  assert.deepEqual(empty.get("clip"), ["id", 0], "absent child");
  const bass = new set.LiveAPI("live_set tracks 1");
  assert.deepEqual(bass.get("group_track"), ["id", 0]);
  assert.deepEqual(bass.get("arrangement_clips").length, 2);
  assert.deepEqual(new set.LiveAPI("live_set tracks 2").get("devices"), [], "empty list");
  const routing = bass.get("output_routing_type");
  assert.equal(routing.length, 1);
  assert.equal(typeof JSON.parse(routing[0]).output_routing_type.display_name, "string");
  assert.ok(Array.isArray(new set.LiveAPI().get("name")), "even on id 0");
  assert.deepEqual(set.errors().length, 1);
});

test("call: undefined for void, scalars for one atom, arrays for several", () => {
  const set = createLiveSet(demo);
  const song = new set.LiveAPI("live_set");
  assert.equal(song.call("stop_playing"), undefined);
  assert.equal(new set.LiveAPI("live_app").call("get_version_string"), "12.3.1");
  const created = song.call("create_midi_track", -1);
  assert.ok(Array.isArray(created));
  assert.equal(created[0], "id");
  assert.equal(typeof created[1], "number");
  const clip = new set.LiveAPI("live_set tracks 7 clip_slots 0");
  assert.equal(clip.call("create_clip", 4), undefined);
  clip.goto("live_set tracks 7 clip_slots 0 clip");
  const one = clip.call("add_new_notes", { notes: [{ pitch: 60, start_time: 0, duration: 1 }] });
  assert.equal(typeof one, "number", "one note → a scalar id");
  const two = clip.call("add_new_notes", JSON.stringify({ notes: [
    { pitch: 62, start_time: 0, duration: 1 }, { pitch: 64, start_time: 1, duration: 1 }] }));
  assert.ok(Array.isArray(two) && two.length === 2, "several notes → an array; JSON text accepted");
  const text = clip.call("get_notes_extended", 0, 128, 0, 4);
  assert.equal(typeof text, "string", "get_notes_extended → one JSON string");
  const notes = JSON.parse(text).notes;
  assert.deepEqual(notes.map((n) => n.pitch), [60, 62, 64]);
  assert.deepEqual(Object.keys(notes[0]).sort(), ["duration", "mute", "note_id", "pitch", "probability",
    "release_velocity", "start_time", "velocity", "velocity_deviation"]);
  const pan = new set.LiveAPI("live_set tracks 0 mixer_device panning");
  assert.equal(pan.call("str_for_value", 0.5), "25R");
  const macro = new set.LiveAPI("live_set tracks 0 devices 0 parameters 1");
  assert.equal(macro.call("str_for_value", 64), 64, "a numeric label comes back as a number");
  const rack = new set.LiveAPI("live_set tracks 1 devices 0");
  assert.equal(rack.call("insert_chain"), 1, "insert_chain on a non-rack answers 1");
  assert.deepEqual(set.errors(), []);
});

test("id is a bare id, a string by default and a number on request", () => {
  const set = createLiveSet(demo);
  const track = new set.LiveAPI("live_set tracks 0");
  assert.equal(typeof track.id, "string");
  assert.match(track.id, /^[1-9]\d*$/);
  assert.equal(new set.LiveAPI().id, "0");
  assert.equal(new set.LiveAPI("live_set tracks 99").id, "0");
  const numeric = createLiveSet(demo, { idType: "number" });
  const t = new numeric.LiveAPI("live_set tracks 0");
  assert.equal(typeof t.id, "number");
  assert.equal(new numeric.LiveAPI().id, 0);
  assert.equal(new numeric.LiveAPI("id 999999").id, 0);
});

test("path, unquotedpath, type, info and children", () => {
  const set = createLiveSet(demo);
  const clip = new set.LiveAPI("live_set tracks 1 clip_slots 1 clip");
  const byId = new set.LiveAPI(`id ${clip.id}`);
  assert.equal(byId.path, "live_set tracks 1 clip_slots 1 clip", "canonical even when built from an id");
  assert.equal(byId.unquotedpath, byId.path);
  assert.equal(byId.type, "Clip");
  assert.equal(new set.LiveAPI("live_set view").type, "Song.View");
  const info = byId.info.split("\n");
  assert.equal(info[0], `id ${clip.id}`);
  assert.equal(info[1], "type Clip");
  assert.equal(info.at(-1), "done");
  assert.ok(info.includes("function get_notes_extended"));
  assert.equal(new set.LiveAPI().info, "No object");
  assert.deepEqual(new set.LiveAPI().children, ["this_device", "control_surfaces", "live_app", "live_set"]);
  assert.ok(new set.LiveAPI("live_set").children.includes("tracks"));
  assert.equal(new set.LiveAPI("this_device").path, "live_set tracks 6 devices 0");
});

test("getcount, getstring, set and the errors() accessor", () => {
  const set = createLiveSet(demo);
  const song = new set.LiveAPI("live_set");
  assert.equal(song.getcount("scenes"), 5);
  assert.equal(song.getstring("tempo"), "104");
  song.set("tempo", 1000);
  assert.deepEqual(song.get("tempo"), [104], "out of range: nothing changes");
  song.set("no_such_thing", 1);
  assert.equal(song.call("no_such_function"), undefined);
  assert.equal(set.errors().length, 3);
  set.clearErrors();
  song.set("metronome", true);
  assert.deepEqual(song.get("metronome"), [1], "JS true arrives as 1");
  assert.deepEqual(set.errors(), []);
});
