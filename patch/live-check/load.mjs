// Loads the Live Check scripts for Node: the same plain-script files the Live Check
// device runs in Max (patch/live-check/*.js), evaluated together in one function scope.
import { readFileSync } from "node:fs";

/** The probe files, in the order both Node and the device load them. */
export const LIVE_CHECK_FILES = ["runner.js", "probes-tracks.js", "probes-clips.js", "probes-song.js"];

const folder = new URL(".", import.meta.url);

/** The concatenated probe source (what the device's v8 file starts with). */
export function liveCheckSource() {
  return LIVE_CHECK_FILES.map((f) => readFileSync(new URL(f, folder), "utf8")).join("\n");
}

/** `{ probes, run, reportLines }` from the scripts. */
export function loadLiveCheck() {
  const body = `${liveCheckSource()}\nreturn { probes: LIVE_CHECK_PROBES, run: lcRun, reportLines: lcReportLines };`;
  return new Function(body)();
}

/**
 * Runs every probe against a fake Live Set (core/js/fake-live.mjs `createLiveSet`); a
 * tick is the fake's `settle()`. Resolves with the report.
 */
export function runOnFakeSet(set) {
  const { probes, run } = loadLiveCheck();
  return new Promise((resolve) => {
    run(set.LiveAPI, probes, (fn) => { set.settle(); fn(); }, resolve);
  });
}
