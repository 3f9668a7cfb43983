// Live Check probes: cues, scale, song length, scenes, read-only members, devices,
// racks and faders (core/fake-live/README.md rows 49–58, 62–76). Plain script; see
// runner.js for the probe form.

var LIVE_CHECK_PROBES = LIVE_CHECK_PROBES || [];

/** Moves the playhead to `time` (a tick later) and toggles a cue there. */
function* lcCue(t, time) {
  t.set("live_set", "current_song_time", time);
  yield;
  t.call("live_set", "set_or_delete_cue");
}

/** Cue times in list order, leaving out the cues the Set had (`before`: their ids). */
function lcNewCueTimes(t, before) {
  return t.ids("live_set", "cue_points").filter(function (id) { return before.indexOf(id) < 0; })
    .map(function (id) { return t.num("id " + id, "time"); });
}

/** A new MIDI track holding a Drum Rack; the rack's path. */
function lcDrumRack(t) {
  var track = t.midiTrack();
  return t.pathOf(t.created(t.call(track, "insert_device", "Drum Rack")));
}

/** Class names of a track's devices in order. */
function lcClasses(t, track) {
  return t.ids(track, "devices").map(function (id) { return t.text("id " + id, "class_name"); });
}

LIVE_CHECK_PROBES.push(
  { row: 49, fact: "a cue made off the grid lands on the grid", run: function* (t) {
    var before = t.ids("live_set", "cue_points");
    t.call(t.midiTrack(), "create_midi_clip", 0, 16);
    yield* lcCue(t, 5.1);
    var times = lcNewCueTimes(t, before);
    t.note("times", times);
    t.check(times.length === 1 && times[0] !== 5.1, "not at 5.1");
  } },
  { row: 50, fact: "cue_points lists cues in creation order", run: function* (t) {
    var before = t.ids("live_set", "cue_points");
    t.call(t.midiTrack(), "create_midi_clip", 0, 100);
    yield* lcCue(t, 64);
    yield* lcCue(t, 32);
    var times = lcNewCueTimes(t, before);
    t.note("times", times);
    t.check(times.join() === "64,32", "64 before 32");
  } },
  { row: 51, fact: "set_or_delete_cue at a cue deletes it; CuePoint.time is read-only", run: function* (t) {
    var before = t.ids("live_set", "cue_points");
    t.call(t.midiTrack(), "create_midi_clip", 0, 16);
    yield* lcCue(t, 4);
    var id = t.ids("live_set", "cue_points").filter(function (c) { return before.indexOf(c) < 0; })[0];
    t.set("id " + id, "time", 8);
    t.check(t.num("id " + id, "time") === 4, "time unchanged");
    yield* lcCue(t, 4);
    t.check(lcNewCueTimes(t, before).length === 0, "deleted");
  } },
  { row: 52, fact: "Song.scale_mode reads 0/1", run: function* (t) {
    var v = t.get("live_set", "scale_mode");
    t.note("scale_mode", v);
    t.check(v.length === 1 && (v[0] === 0 || v[0] === 1), "0 or 1");
  } },
  { row: 53, fact: "song_length lies beyond the last clip end", run: function* (t) {
    t.call(t.midiTrack(), "create_midi_clip", 100, 4);
    t.note("song_length", t.num("live_set", "song_length"));
    t.note("last_event_time", t.num("live_set", "last_event_time"));
    t.check(t.observed.song_length > 104, "beyond 104");
  } },
  { row: 54, fact: "create_scene copies the tempo of the scene above", run: function* (t) {
    var above = t.pathOf(t.created(t.call("live_set", "create_scene", -1)));
    t.set(above, "tempo_enabled", 1);
    t.set(above, "tempo", 93);
    var index = Number(above.split(" ").pop());
    var fresh = t.pathOf(t.created(t.call("live_set", "create_scene", index + 1)));
    t.note("tempo", t.num(fresh, "tempo"));
    t.check(t.observed.tempo === 93, "tempo 93");
  } },
  { row: 55, fact: "tempo stays within 20..999", run: function* (t) {
    t.set("live_set", "tempo", 10);
    t.check(t.num("live_set", "tempo") >= 20, "not below 20");
  } },
  { row: 56, fact: "back_to_arranger cannot be set to 1", run: function* (t) {
    t.set("live_set", "back_to_arranger", 1);
    t.note("back_to_arranger", t.num("live_set", "back_to_arranger"));
    t.check(t.observed.back_to_arranger === 0, "reads 0");
  } },
  { row: 57, fact: "get-only Song and Track properties refuse set", run: function* (t) {
    var track = t.midiTrack();
    [["live_set", "song_length"], [track, "has_midi_input"], [track, "can_be_armed"], [track, "is_grouped"]].forEach(function (c) {
      var before = t.get(c[0], c[1]).join();
      t.set(c[0], c[1], 0);
      t.check(t.get(c[0], c[1]).join() === before, c[1] + " unchanged");
    });
  } },
  { row: 58, fact: "get-only Clip, ClipSlot, Scene and parameter properties refuse set", run: function* (t) {
    var track = t.midiTrack();
    var clip = t.sessionClip(track, 4);
    [[clip, "length"], [clip, "is_midi_clip"], [track + " clip_slots 0", "has_clip"],
      [track + " mixer_device volume", "max"]].forEach(function (c) {
      var before = t.get(c[0], c[1]).join();
      t.set(c[0], c[1], 0);
      t.check(t.get(c[0], c[1]).join() === before, c[1] + " unchanged");
    });
  } },
  { row: 62, fact: "class_name is Live's class", run: function* (t) {
    [["Simpler", "OriginalSimpler"], ["Wavetable", "InstrumentVector"], ["Drum Rack", "DrumGroupDevice"], ["Electric", "LoungeLizard"]]
      .forEach(function (c) {
        var d = t.created(t.call(t.midiTrack(), "insert_device", c[0]));
        t.check(d !== "" && t.text(d, "class_name") === c[1], c[0] + " is " + c[1]);
      });
    var audio = t.audioTrack();
    t.call(audio, "insert_device", "Compressor");
    t.call(audio, "insert_device", "Utility");
    t.check(lcClasses(t, audio).join() === "Compressor2,StereoGain", "Compressor2, StereoGain");
  } },
  { row: 63, fact: "no MIDI effect after the instrument, no audio effect before it", run: function* (t) {
    var track = t.midiTrack();
    t.call(track, "insert_device", "Operator");
    t.call(track, "insert_device", "Arpeggiator", 1);
    t.call(track, "insert_device", "Reverb", 0);
    t.check(lcClasses(t, track).join() === "Operator", "both refused");
  } },
  { row: 64, fact: "devices stay MIDI effects, instrument, audio effects", run: function* (t) {
    var track = t.midiTrack();
    t.call(track, "insert_device", "Operator");
    t.call(track, "insert_device", "Reverb");
    t.call(track, "insert_device", "Arpeggiator", 0);
    t.call(track, "insert_device", "Chord");
    t.note("classes", lcClasses(t, track));
    t.check(t.observed.classes.join() === "Arpeggiator,Operator,Reverb", "ordered, Chord at the end refused");
  } },
  { row: 65, fact: "only audio effects go on an audio track", run: function* (t) {
    var audio = t.audioTrack();
    t.call(audio, "insert_device", "Operator");
    t.call(audio, "insert_device", "Arpeggiator");
    t.check(t.get(audio, "devices").length === 0, "both refused");
  } },
  { row: 66, fact: "a second instrument is refused", run: function* (t) {
    var track = t.midiTrack();
    t.call(track, "insert_device", "Operator");
    t.call(track, "insert_device", "Wavetable", 0);
    t.check(lcClasses(t, track).join() === "Operator", "refused");
  } },
  { row: 67, fact: "move_device picks the nearest valid position and answers it", run: function* (t) {
    var track = t.midiTrack();
    t.call(track, "insert_device", "Operator");
    var fx = t.created(t.call(t.audioTrack(), "insert_device", "Reverb"));
    var at = t.call("live_set", "move_device", "id " + t.idOf(fx), "id " + t.idOf(track), 0);
    t.note("answer", at);
    t.check(lcClasses(t, track).join() === "Operator,Reverb" && at[0] === 1, "after the instrument, answers 1");
  } },
  { row: 68, fact: "a Drum Rack starts with 0 chains and 128 pads; insert_chain answers the chain", run: function* (t) {
    var rack = lcDrumRack(t);
    t.check(t.count(rack, "chains") === 0 && t.count(rack, "drum_pads") === 128, "0 chains, 128 pads");
    var chain = t.created(t.call(rack, "insert_chain"));
    t.check(chain !== "" && t.api(chain).type === "DrumChain", "answers a DrumChain");
  } },
  { row: 69, fact: "128 drum pads with note = index, 16 visible", run: function* (t) {
    var rack = lcDrumRack(t);
    t.check(t.num(rack + " drum_pads 100", "note") === 100, "pad 100 has note 100");
    t.check(t.count(rack, "visible_drum_pads") === 16, "16 visible");
  } },
  { row: 70, fact: "setting in_note moves a chain to another pad", run: function* (t) {
    var rack = lcDrumRack(t);
    var chain = t.created(t.call(rack, "insert_chain"));
    t.set(chain, "in_note", 38);
    t.check(t.count(rack + " drum_pads 38", "chains") === 1, "pad 38 holds it");
  } },
  { row: 71, fact: "DrumChain.delete_all_chains deletes nothing", run: function* (t) {
    var rack = lcDrumRack(t);
    var chain = t.created(t.call(rack, "insert_chain"));
    t.call(chain, "delete_all_chains");
    t.check(t.count(rack, "chains") === 1, "the chain survives");
  } },
  { row: 72, fact: "DrumPad.delete_all_chains deletes the pad's chains", run: function* (t) {
    var rack = lcDrumRack(t);
    t.call(rack, "insert_chain");
    t.call(rack + " drum_pads 36", "delete_all_chains");
    t.check(t.count(rack, "chains") === 0, "deleted");
  } },
  { row: 73, fact: "pad names: the chain's, Multi, or the note", run: function* (t) {
    var rack = lcDrumRack(t);
    t.check(t.text(rack + " drum_pads 40", "name") === "E1", "empty pad 40 is E1");
    var chain = t.created(t.call(rack, "insert_chain"));
    t.set(chain, "name", "Kick");
    t.check(t.text(rack + " drum_pads 36", "name") === "Kick", "one chain: its name");
    t.call(rack, "insert_chain");
    t.check(t.text(rack + " drum_pads 36", "name") === "Multi", "two chains: Multi");
  } },
  { row: 74, fact: "a new Drum Rack chain has in_note 36", run: function* (t) {
    var chain = t.created(t.call(lcDrumRack(t), "insert_chain"));
    t.check(t.num(chain, "in_note") === 36, "in_note 36");
  } },
  { row: 75, fact: "in_note -1 is refused (weak)", run: function* (t) {
    var chain = t.created(t.call(lcDrumRack(t), "insert_chain"));
    t.set(chain, "in_note", -1);
    t.note("in_note", t.num(chain, "in_note"));
    t.check(t.observed.in_note === 36, "unchanged");
  } },
  { row: 76, fact: "volume display -70 at 0, -6 dB near 0.70, sends 6 dB lower", run: function* (t) {
    var track = t.midiTrack();
    var vol = track + " mixer_device volume";
    t.set(vol, "value", 0);
    t.note("display_at_0", t.num(vol, "display_value"));
    t.set(vol, "display_value", -6);
    t.note("value_at_-6", t.num(vol, "value"));
    t.note("labels", [0.4, 0.2, 0.1].map(function (v) { return t.call(vol, "str_for_value", v).join(" "); }));
    t.check(t.observed.display_at_0 === -70, "-70 at 0");
    t.check(Math.abs(t.observed["value_at_-6"] - 0.7) < 0.01, "-6 dB near 0.70");
    if (t.count(track + " mixer_device", "sends") > 0) {
      var send = track + " mixer_device sends 0";
      t.note("send_at_1", t.call(send, "str_for_value", 1).join(" "));
      t.check(t.observed.send_at_1 === "0.0 dB", "a send reads 0 dB at 1");
    }
  } }
);
