// Live Check probes: launching, notes and arrangement clips (core/fake-live/README.md
// rows 15–33, 42–48, 80). Plain script; see runner.js for the probe form.

var LIVE_CHECK_PROBES = LIVE_CHECK_PROBES || [];

/** Adds notes given as objects; answers the new ids. */
function lcAdd(t, clip, notes) {
  return t.call(clip, "add_new_notes", JSON.stringify({ notes: notes }));
}

/** A track with a 4-beat clip in slot 0, fired and playing after one tick. */
function* lcPlaying(t) {
  var track = t.midiTrack();
  var clip = t.sessionClip(track, 4);
  t.call(clip, "fire");
  yield;
  return { track: track, clip: clip };
}

var LC_THREE = [
  { pitch: 60, start_time: 0, duration: 1 },
  { pitch: 62, start_time: 1, duration: 1 },
  { pitch: 64, start_time: 2, duration: 1 },
];

LIVE_CHECK_PROBES.push(
  { row: 15, fact: "firing a clip on a stopped Set starts the transport a tick later", run: function* (t) {
    var track = t.midiTrack();
    var clip = t.sessionClip(track, 4);
    t.call(clip, "fire");
    t.note("playing_at_once", t.num("live_set", "is_playing"));
    yield;
    t.check(t.num("live_set", "is_playing") === 1, "the transport runs");
  } },
  { row: 16, fact: "ClipSlot.stop stops the clip; the transport keeps running", run: function* (t) {
    var p = yield* lcPlaying(t);
    t.call(p.track + " clip_slots 0", "stop");
    yield;
    t.check(t.num(p.clip, "is_playing") === 0, "the clip stopped");
    t.check(t.num("live_set", "is_playing") === 1, "the transport runs");
  } },
  { row: 17, fact: "Song.stop_playing stops song, slot and clip", run: function* (t) {
    var p = yield* lcPlaying(t);
    t.call("live_set", "stop_playing");
    yield;
    t.check(t.num("live_set", "is_playing") === 0, "song stopped");
    t.check(t.num(p.track + " clip_slots 0", "is_playing") === 0, "slot stopped");
    t.check(t.num(p.clip, "is_playing") === 0, "clip stopped");
    t.check(t.num(p.track, "playing_slot_index") < 0, "no playing slot");
  } },
  { row: 18, fact: "stop_all_clips(0) stops clips by the next tick, the song plays on", run: function* (t) {
    var p = yield* lcPlaying(t);
    t.call("live_set", "stop_all_clips", 0);
    yield;
    t.check(t.num(p.clip, "is_playing") === 0, "clip stopped");
    t.check(t.num("live_set", "is_playing") === 1, "song plays on");
  } },
  { row: 19, fact: "firing an empty scene does not start the transport", run: function* (t) {
    var scene = t.pathOf(t.created(t.call("live_set", "create_scene", -1)));
    t.call(scene, "fire");
    yield;
    t.check(t.num("live_set", "is_playing") === 0, "still stopped");
  } },
  { row: 20, fact: "Clip.is_playing 0 stops the clip by the next tick", run: function* (t) {
    var p = yield* lcPlaying(t);
    t.set(p.clip, "is_playing", 0);
    yield;
    t.check(t.num(p.clip, "is_playing") === 0, "clip stopped");
  } },
  { row: 21, fact: "ClipSlot.stop on an empty slot stops the track's clip (weak)", run: function* (t) {
    var p = yield* lcPlaying(t);
    t.call(p.track + " clip_slots 1", "stop");
    yield;
    t.check(t.num(p.clip, "is_playing") === 0, "clip stopped");
  } },
  { row: 22, fact: "remove_notes_by_id takes the ids as separate arguments", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    var ids = lcAdd(t, clip, LC_THREE);
    t.call(clip, "remove_notes_by_id", ids[0], ids[2]);
    t.check(t.notesOf(clip).length === 1, "two notes removed");
  } },
  { row: 23, fact: "remove_notes_by_id with one dict text removes nothing", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    var ids = lcAdd(t, clip, LC_THREE);
    t.call(clip, "remove_notes_by_id", JSON.stringify({ note_ids: ids }));
    t.check(t.notesOf(clip).length === 3, "nothing removed");
  } },
  { row: 24, fact: "note dicts carry exactly nine keys, mute as 0/1", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    lcAdd(t, clip, LC_THREE);
    var keys = Object.keys(t.notesOf(clip)[0] || {}).sort();
    t.note("keys", keys);
    t.check(keys.join(",") === "duration,mute,note_id,pitch,probability,release_velocity,start_time,velocity,velocity_deviation", "nine keys");
  } },
  { row: 25, fact: "get_notes_extended takes one dict; return limits the keys", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    lcAdd(t, clip, LC_THREE);
    var w = { from_pitch: 60, pitch_span: 3, from_time: 0, time_span: 4, return: ["pitch"] };
    var got = JSON.parse(String(t.call(clip, "get_notes_extended", JSON.stringify(w))[0]));
    t.note("answer", got);
    t.check(got.notes.length === 2 && Object.keys(got.notes[0]).join() === "pitch", "two notes, pitch only");
  } },
  { row: 26, fact: "add_new_notes answers the new note ids", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    var ids = lcAdd(t, clip, LC_THREE);
    t.check(ids.length === 3, "three ids");
  } },
  { row: 27, fact: "add_new_notes refuses a dict without notes and a note without duration", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    t.call(clip, "add_new_notes", JSON.stringify({ note: [] }));
    lcAdd(t, clip, [{ pitch: 60, start_time: 0 }]);
    t.check(t.notesOf(clip).length === 0, "nothing added");
  } },
  { row: 28, fact: "add_new_notes refuses note_id and unknown keys", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    lcAdd(t, clip, [{ pitch: 60, start_time: 0, duration: 1, note_id: 5 }]);
    lcAdd(t, clip, [{ pitch: 60, start_time: 0, duration: 1, colour: 5 }]);
    t.check(t.notesOf(clip).length === 0, "nothing added");
  } },
  { row: 29, fact: "velocity must be above 0 and at most 127", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    lcAdd(t, clip, [{ pitch: 60, start_time: 0, duration: 1, velocity: 0 }]);
    lcAdd(t, clip, [{ pitch: 61, start_time: 0, duration: 1, velocity: 128 }]);
    t.check(t.notesOf(clip).length === 0, "both refused");
  } },
  { row: 30, fact: "a duration of 0 is refused (weak)", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    lcAdd(t, clip, [{ pitch: 60, start_time: 0, duration: 0 }]);
    t.check(t.notesOf(clip).length === 0, "refused");
  } },
  { row: 31, fact: "apply_note_modifications changes nothing for an unknown id", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    var ids = lcAdd(t, clip, LC_THREE);
    var mods = { notes: [{ note_id: ids[0], pitch: 40 }, { note_id: 999999, pitch: 41 }] };
    t.call(clip, "apply_note_modifications", JSON.stringify(mods));
    t.check(t.notesOf(clip).every(function (n) { return n.pitch !== 40; }), "unchanged");
  } },
  { row: 32, fact: "same pitch and start replaces; an overlap truncates the earlier note", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 4);
    lcAdd(t, clip, [{ pitch: 60, start_time: 0, duration: 2 }]);
    lcAdd(t, clip, [{ pitch: 60, start_time: 1, duration: 1 }, { pitch: 62, start_time: 3, duration: 1 }]);
    lcAdd(t, clip, [{ pitch: 62, start_time: 3, duration: 0.5 }]);
    var n = t.notesOf(clip);
    t.note("notes", n);
    var first = n.filter(function (x) { return x.pitch === 60 && x.start_time === 0; })[0];
    t.check(first && first.duration === 1, "the earlier note was truncated");
    t.check(n.filter(function (x) { return x.pitch === 62; }).length === 1, "same start replaced");
  } },
  { row: 33, fact: "a new note swallows same-pitch notes starting inside it", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 8);
    lcAdd(t, clip, [{ pitch: 60, start_time: 1, duration: 1 }]);
    lcAdd(t, clip, [{ pitch: 60, start_time: 0.5, duration: 4 }]);
    var n = t.notesOf(clip);
    t.note("notes", n);
    t.check(n.length === 1 && n[0].duration === 4, "one note of length 4");
  } },
  { row: 42, fact: "create_midi_clip answers the id of a looping clip t..t+L, loop 0..L", run: function* (t) {
    var track = t.midiTrack();
    var clip = t.created(t.call(track, "create_midi_clip", 8, 4));
    t.check(clip !== "", "answers an id");
    if (!clip) return;
    t.check(t.num(clip, "start_time") === 8 && t.num(clip, "end_time") === 12, "spans 8..12");
    t.check(t.num(clip, "looping") === 1 && t.num(clip, "loop_end") === 4, "loops 0..4");
  } },
  { row: 43, fact: "a looping arrangement clip's extent ignores loop_end and end_marker", run: function* (t) {
    var clip = t.created(t.call(t.midiTrack(), "create_midi_clip", 0, 4));
    t.set(clip, "loop_end", 2);
    t.set(clip, "end_marker", 8);
    t.note("end_time", t.num(clip, "end_time"));
    t.check(t.observed.end_time === 4, "end_time stays 4");
  } },
  { row: 44, fact: "an unlooped arrangement clip's loop_end resizes it", run: function* (t) {
    var clip = t.created(t.call(t.midiTrack(), "create_midi_clip", 4, 4));
    t.set(clip, "looping", 0);
    t.set(clip, "loop_end", 6);
    t.note("end_time", t.num(clip, "end_time"));
    t.check(t.observed.end_time === 10, "end_time 10");
  } },
  { row: 45, fact: "a looping session clip copied to the arrangement spans its loop", run: function* (t) {
    var track = t.midiTrack();
    var clip = t.sessionClip(track, 4);
    t.set(clip, "loop_end", 2);
    var copy = t.created(t.call(track, "duplicate_clip_to_arrangement", "id " + t.idOf(clip), 16));
    t.check(copy !== "" && t.num(copy, "start_time") === 16 && t.num(copy, "end_time") === 18, "spans 16..18");
  } },
  { row: 46, fact: "an arrangement insert overwrites its range", run: function* (t) {
    var track = t.midiTrack();
    t.call(track, "create_midi_clip", 0, 8);
    t.call(track, "create_midi_clip", 2, 2);
    var spans = t.ids(track, "arrangement_clips").map(function (id) {
      return [t.num("id " + id, "start_time"), t.num("id " + id, "end_time")];
    });
    t.note("spans", spans);
    for (var i = 1; i < spans.length; i++) t.check(spans[i][0] >= spans[i - 1][1], "no overlap");
  } },
  { row: 47, fact: "create_midi_clip moves the playhead to its start (stopped)", run: function* (t) {
    t.call(t.midiTrack(), "create_midi_clip", 12, 4);
    yield;
    t.note("playhead", t.num("live_set", "current_song_time"));
    t.check(t.observed.playhead === 12, "playhead at 12");
  } },
  { row: 48, fact: "the playhead cannot go past song_length", run: function* (t) {
    var len = t.num("live_set", "song_length");
    t.set("live_set", "current_song_time", len + 1000);
    yield;
    t.check(t.num("live_set", "current_song_time") <= len, "clamped");
  } },
  { row: 80, fact: "on an unlooped clip start_marker follows loop_start", run: function* (t) {
    var clip = t.sessionClip(t.midiTrack(), 8);
    t.set(clip, "looping", 0);
    t.set(clip, "loop_start", 2);
    t.set(clip, "start_marker", 1);
    t.note("start_marker", t.num(clip, "start_marker"));
    t.check(t.observed.start_marker === 2, "follows loop_start");
  } }
);
