// Live Check probes: tracks, sends and routing (core/fake-live/README.md rows 1–14,
// 59–61, 77–79). Plain script; see runner.js for the probe form.

var LIVE_CHECK_PROBES = LIVE_CHECK_PROBES || [];

LIVE_CHECK_PROBES.push(
  { row: 1, fact: "every track and return mixer has one send per return", run: function* (t) {
    var returns = t.count("live_set", "return_tracks");
    var track = t.midiTrack();
    t.note("returns", returns);
    t.check(t.count(track + " mixer_device", "sends") === returns, "a new track has one send per return");
    for (var i = 0; i < returns; i++) {
      t.check(t.count("live_set return_tracks " + i + " mixer_device", "sends") === returns, "return " + i + " has one send per return");
    }
  } },
  { row: 2, fact: "create_return_track adds a send everywhere, delete_return_track removes one", run: function* (t) {
    var track = t.midiTrack();
    var before = t.count(track + " mixer_device", "sends");
    var ret = t.returnTrack();
    t.check(t.count(track + " mixer_device", "sends") === before + 1, "the track gained a send");
    t.check(t.count(ret + " mixer_device", "sends") === before + 1, "the new return has a send per return");
    t.call("live_set", "delete_return_track", before);
    t.check(t.count(track + " mixer_device", "sends") === before, "deleting the return removed the send");
  } },
  { row: 3, fact: "Track.delete_clip deletes a Session clip of that track", run: function* (t) {
    var track = t.midiTrack();
    var clip = t.sessionClip(track, 4);
    t.call(track, "delete_clip", "id " + t.idOf(clip));
    t.check(t.num(track + " clip_slots 0", "has_clip") === 0, "the session clip is gone");
  } },
  { row: 4, fact: "Track.delete_clip refuses another track's clip", run: function* (t) {
    var a = t.midiTrack();
    var b = t.midiTrack();
    var clip = t.sessionClip(a, 4);
    t.call(b, "delete_clip", "id " + t.idOf(clip));
    t.check(t.num(a + " clip_slots 0", "has_clip") === 1, "the clip survived");
  } },
  { row: 5, fact: "a new MIDI track takes All Ins and outputs to No Output", run: function* (t) {
    var track = t.midiTrack();
    yield;
    t.note("input", t.routing(track, "input_routing_type"));
    t.note("output", t.routing(track, "output_routing_type"));
    t.check(t.observed.input === "All Ins", "input All Ins");
    t.check(t.observed.output === "No Output", "output No Output");
  } },
  { row: 6, fact: "a new audio track takes Ext. In and outputs to Main", run: function* (t) {
    var track = t.audioTrack();
    yield;
    t.note("input", t.routing(track, "input_routing_type"));
    t.note("output", t.routing(track, "output_routing_type"));
    t.check(t.observed.input === "Ext. In", "input Ext. In");
    t.check(t.observed.output === "Main", "output Main");
  } },
  { row: 7, fact: "a MIDI track with an instrument and a new return output to Main", run: function* (t) {
    var track = t.midiTrack();
    t.call(track, "insert_device", "Operator");
    var ret = t.returnTrack();
    yield;
    t.check(t.routing(track, "output_routing_type") === "Main", "instrument track to Main");
    t.check(t.routing(ret, "output_routing_type") === "Main", "return to Main");
  } },
  { row: 9, fact: "an audio track's outputs include Ext. Out, Main, Sends Only and other audio tracks", run: function* (t) {
    var a = t.audioTrack();
    var b = t.audioTrack();
    yield;
    var names = t.routingNames(a, "available_output_routing_types");
    t.note("outputs", names);
    ["Ext. Out", "Main", "Sends Only", t.text(b, "name")].forEach(function (n) {
      t.check(names.indexOf(n) >= 0, "offers " + n);
    });
  } },
  { row: 10, fact: "an empty MIDI track can send MIDI to an instrument track, by name", run: function* (t) {
    var synth = t.midiTrack();
    t.call(synth, "insert_device", "Operator");
    var empty = t.midiTrack();
    yield;
    var names = t.routingNames(empty, "available_output_routing_types");
    t.note("outputs", names);
    t.check(names.indexOf(t.text(synth, "name")) >= 0, "offers the instrument track");
  } },
  { row: 11, fact: "audio inputs include Ext. In, Resampling, No Input, returns and instrument tracks only", run: function* (t) {
    var synth = t.midiTrack();
    t.call(synth, "insert_device", "Operator");
    var bare = t.midiTrack();
    var audio = t.audioTrack();
    yield;
    var names = t.routingNames(audio, "available_input_routing_types");
    t.note("inputs", names);
    ["Ext. In", "Resampling", "No Input", t.text(synth, "name")].forEach(function (n) {
      t.check(names.indexOf(n) >= 0, "offers " + n);
    });
    t.check(names.indexOf(t.text(bare, "name")) < 0, "does not offer a MIDI track without instrument");
  } },
  { row: 12, fact: "the master track's routing cannot be read", run: function* (t) {
    t.check(t.get("live_set master_track", "output_routing_type").length === 0, "no output_routing_type");
    t.check(t.get("live_set master_track", "available_output_routing_types").length === 0, "no output list");
  } },
  { row: 13, fact: "input routing raises on return tracks, output works", run: function* (t) {
    var ret = t.returnTrack();
    yield;
    t.check(t.get(ret, "input_routing_type").length === 0, "no input routing on a return");
    t.check(t.routing(ret, "output_routing_type") !== "", "output routing readable");
  } },
  { row: 14, fact: "a new track's routing lists are empty in its first tick (weak)", run: function* (t) {
    var track = t.audioTrack();
    var first = t.routingNames(track, "available_output_routing_types").length;
    yield;
    var next = t.routingNames(track, "available_output_routing_types").length;
    t.note("first_tick", first);
    t.note("next_tick", next);
    t.check(first === 0 && next > 0, "empty at first, filled a tick later");
  } },
  { row: 59, fact: "getcount is the length of the id list get answers", run: function* (t) {
    ["tracks", "scenes", "return_tracks"].forEach(function (c) {
      t.check(t.count("live_set", c) === t.get("live_set", c).length / 2, c);
    });
  } },
  { row: 60, fact: "\"id N\" follows its object when its index changes", run: function* (t) {
    var track = t.midiTrack();
    var id = t.idOf(track);
    // Insert before the probe's own track (never before the Set's tracks).
    t.call("live_set", "create_midi_track", Number(track.split(" ").pop()));
    var moved = t.pathOf("id " + id);
    t.note("path_after", moved);
    t.check(moved !== track && t.api("id " + id).type === "Track", "the id follows the track");
  } },
  { row: 61, fact: "Track.devices does not include the mixer", run: function* (t) {
    var track = t.midiTrack();
    t.check(t.get(track, "devices").length === 0, "a new track has no devices");
  } },
  { row: 77, fact: "clip creation refusals", run: function* (t) {
    var midi = t.midiTrack();
    var audio = t.audioTrack();
    t.call(midi + " clip_slots 0", "create_clip", 0);
    t.check(t.num(midi + " clip_slots 0", "has_clip") === 0, "create_clip 0 refused");
    t.call(audio, "create_midi_clip", 0, 4);
    t.check(t.get(audio, "arrangement_clips").length === 0, "create_midi_clip refused on audio");
    t.call(midi, "create_midi_clip", 1576801, 4);
    t.check(t.get(midi, "arrangement_clips").length === 0, "create_midi_clip past 1576800 refused");
    var clip = t.sessionClip(midi, 4);
    t.call(audio, "duplicate_clip_to_arrangement", "id " + t.idOf(clip), 0);
    t.check(t.get(audio, "arrangement_clips").length === 0, "MIDI clip into audio arrangement refused");
  } },
  { row: 78, fact: "master and return tracks have no clip slots and cannot be armed", run: function* (t) {
    var ret = t.returnTrack();
    ["live_set master_track", ret].forEach(function (p) {
      t.check(t.get(p, "clip_slots").length === 0, p + " has no clip slots");
      t.check(t.num(p, "can_be_armed") === 0, p + " cannot be armed");
    });
  } },
  { row: 79, fact: "a renamed return keeps its letter prefix", run: function* (t) {
    var ret = t.returnTrack();
    var letter = t.text(ret, "name").charAt(0);
    t.set(ret, "name", "Verb");
    t.note("name", t.text(ret, "name"));
    t.check(t.observed.name === letter + "-Verb", "reads " + letter + "-Verb");
  } }
);
