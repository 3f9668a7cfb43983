// Barline Live Check: the runner and the helpers every probe uses. Plain script, no
// imports: the same text runs inside Max's v8 object (the Live Check device, built by
// patch/build.mjs) and in Node against the fake Live Set (patch/live-check/test/).
// Only Max's documented LiveAPI surface is used: the constructor with a path or
// "id N", get/set/call/getcount, and the id/path/type properties.
//
// A probe is { row, fact, run: function* (t) }; `yield` waits one tick of Live (a
// Task in Max, a settle of the fake in Node). Probes create what they need on new
// tracks, return tracks, scenes and cues; after each probe the runner removes
// everything beyond what the Set held at the start, so an empty Set stays empty.

var LIVE_CHECK_PROBES = LIVE_CHECK_PROBES || [];

/** Atoms as an array (LiveAPI.call answers undefined, one value or an array). */
function lcArray(x) {
  if (x === undefined || x === null) return [];
  return Array.isArray(x) ? x : [x];
}

/** The helpers a probe gets. `LiveAPI` is Max's class (or the fake's). */
function lcHelpers(LiveAPI) {
  var t = {
    failures: [],
    observed: {},
    api: function (path) {
      return new LiveAPI(String(path));
    },
    get: function (path, prop) {
      return lcArray(t.api(path).get(prop));
    },
    num: function (path, prop) {
      var v = t.get(path, prop);
      return v.length ? Number(v[0]) : NaN;
    },
    text: function (path, prop) {
      var v = t.get(path, prop);
      return v.length ? String(v.join(" ")) : "";
    },
    json: function (path, prop) {
      var s = t.text(path, prop);
      try {
        return JSON.parse(s);
      } catch (e) {
        return null;
      }
    },
    set: function (path, prop, value) {
      t.api(path).set(prop, value);
    },
    call: function (path, fn) {
      var api = t.api(path);
      var args = Array.prototype.slice.call(arguments, 1);
      return lcArray(api.call.apply(api, args));
    },
    count: function (path, child) {
      return t.api(path).getcount(child);
    },
    /** Ids of a list child, from the id list `get` answers. */
    ids: function (path, child) {
      var atoms = t.get(path, child);
      var out = [];
      for (var i = 0; i + 1 < atoms.length; i += 2) out.push(Number(atoms[i + 1]));
      return out;
    },
    /** "id N" of a creating call's answer, or "" when it answered nothing. */
    created: function (answer) {
      return answer.length >= 2 && answer[0] === "id" && Number(answer[1]) > 0 ? "id " + answer[1] : "";
    },
    idOf: function (path) {
      return Number(t.api(path).id);
    },
    pathOf: function (ref) {
      return String(t.api(ref).path).replace(/"/g, "");
    },
    check: function (ok, what) {
      if (!ok) t.failures.push(what);
      return ok;
    },
    note: function (key, value) {
      t.observed[key] = value;
    },
    /** A new MIDI track at the end; its path ("live_set tracks N"). */
    midiTrack: function () {
      return t.pathOf(t.created(t.call("live_set", "create_midi_track", -1)));
    },
    audioTrack: function () {
      return t.pathOf(t.created(t.call("live_set", "create_audio_track", -1)));
    },
    returnTrack: function () {
      return t.pathOf(t.created(t.call("live_set", "create_return_track")));
    },
    /** A MIDI clip of `length` beats in the first slot of `track`; its path. */
    sessionClip: function (track, length) {
      t.call(track + " clip_slots 0", "create_clip", length);
      return track + " clip_slots 0 clip";
    },
    notesOf: function (clip) {
      var v = t.call(clip, "get_all_notes_extended");
      try {
        return JSON.parse(String(v[0])).notes;
      } catch (e) {
        return [];
      }
    },
    routingNames: function (track, prop) {
      var d = t.json(track, prop);
      var list = d && d[prop] ? d[prop] : [];
      return list.map(function (c) {
        return c.display_name;
      });
    },
    routing: function (track, prop) {
      var d = t.json(track, prop);
      return d && d[prop] ? d[prop].display_name : "";
    },
  };
  return t;
}

/** What the Set holds before the probes: the runner removes anything beyond it. */
function lcSnapshot(t) {
  var cues = t.ids("live_set", "cue_points");
  return {
    tracks: t.count("live_set", "tracks"),
    returns: t.count("live_set", "return_tracks"),
    scenes: t.count("live_set", "scenes"),
    cues: cues,
    tempo: t.num("live_set", "tempo"),
    time: t.num("live_set", "current_song_time"),
    loopStart: t.num("live_set", "loop_start"),
    loopLength: t.num("live_set", "loop_length"),
  };
}

/** Removes what a probe left (a generator: cue deletion needs the playhead to move). */
function* lcCleanup(t, snap) {
  t.call("live_set", "stop_playing");
  while (t.count("live_set", "tracks") > snap.tracks) t.call("live_set", "delete_track", snap.tracks);
  while (t.count("live_set", "return_tracks") > snap.returns) t.call("live_set", "delete_return_track", snap.returns);
  while (t.count("live_set", "scenes") > snap.scenes) t.call("live_set", "delete_scene", snap.scenes);
  var cues = t.ids("live_set", "cue_points");
  for (var i = 0; i < cues.length; i++) {
    if (snap.cues.indexOf(cues[i]) >= 0) continue;
    t.set("live_set", "current_song_time", t.num("id " + cues[i], "time"));
    yield;
    t.call("live_set", "set_or_delete_cue");
  }
  t.set("live_set", "tempo", snap.tempo);
  t.set("live_set", "loop_start", snap.loopStart);
  t.set("live_set", "loop_length", snap.loopLength);
  t.set("live_set", "current_song_time", snap.time);
  yield;
}

/**
 * Runs every probe. `later(fn)` runs fn a tick later (Max: a Task; Node: settle the
 * fake, then fn). `done(report)` gets { version, results: [{row, fact, ok, failures,
 * observed}], passed, failed, leftovers }.
 */
function lcRun(LiveAPI, probes, later, done) {
  var base = lcHelpers(LiveAPI);
  var snap = lcSnapshot(base);
  var version = lcArray(new LiveAPI("live_app").call("get_version_string")).join(" ");
  var results = [];
  var index = 0;
  function drive(gen, then) {
    var step = function () {
      var r;
      try {
        r = gen.next();
      } catch (e) {
        then(e);
        return;
      }
      if (r.done) then(null);
      else later(step);
    };
    step();
  }
  function next() {
    if (index >= probes.length) {
      var after = lcSnapshot(base);
      var left = after.tracks - snap.tracks + (after.returns - snap.returns) + (after.scenes - snap.scenes) +
        (after.cues.length - snap.cues.length);
      var failed = results.filter(function (r) { return !r.ok; }).length;
      done({ version: version, results: results, passed: results.length - failed, failed: failed, leftovers: left });
      return;
    }
    var probe = probes[index++];
    var t = lcHelpers(LiveAPI);
    drive(probe.run(t), function (err) {
      if (err) t.failures.push("threw: " + (err && err.message ? err.message : String(err)));
      results.push({ row: probe.row, fact: probe.fact, ok: t.failures.length === 0, failures: t.failures, observed: t.observed });
      drive(lcCleanup(base, snap), function () { next(); });
    });
  }
  next();
}

/** The report as console lines: one per probe, then the totals. */
function lcReportLines(report) {
  var lines = ["Barline Live Check on Live " + report.version];
  report.results.forEach(function (r) {
    lines.push((r.ok ? "ok   " : "FAIL ") + "row " + r.row + ": " + r.fact + (r.ok ? "" : " — " + r.failures.join("; ")));
  });
  lines.push(report.passed + " passed, " + report.failed + " failed, " + report.leftovers + " objects left behind");
  return lines;
}
