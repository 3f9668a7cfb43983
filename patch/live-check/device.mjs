// The Barline Live Check device (docs/live-check.md): a small MIDI effect whose v8
// object runs the Live Check probes once Live reports the device ready. Wiring:
//   midiin → midiout                 MIDI passes through to the instrument after it
//   live.thisdevice → onebang 1 → "run" → v8 → live.comment (status: totals)
import { LIVE_CHECK_FILES, liveCheckSource } from "./load.mjs";
import { readFileSync } from "node:fs";

/** The v8 file inside the device. */
export const LIVE_CHECK_FILE = "barline-live-check.js";
/** The device file `make device` writes. */
export const LIVE_CHECK_DEVICE = "Barline Live Check.amxd";

/** The device's script: the probes (LIVE_CHECK_FILES) then the Max entry points. */
export function liveCheckScript() {
  const entry = readFileSync(new URL("max-entry.js", import.meta.url), "utf8");
  return `// Barline Live Check: ${LIVE_CHECK_FILES.join(", ")}, max-entry.js\n${liveCheckSource()}\n${entry}`;
}

/** The device's patcher JSON. */
export function liveCheckPatcher() {
  const boxes = [];
  const lines = [];
  let n = 0;
  const box = (fields) => {
    const id = `obj-${++n}`;
    boxes.push({ box: { id, patching_rect: [20, 20 + n * 40, 200, 22], ...fields } });
    return id;
  };
  const obj = (text, numinlets, outlettype, extra = {}) =>
    box({ maxclass: "newobj", text, numinlets, numoutlets: outlettype.length, outlettype, ...extra });
  const wire = (src, out, dst, inl) => lines.push({ patchline: { source: [src, out], destination: [dst, inl] } });

  const thisdevice = obj("live.thisdevice", 1, ["bang", "int", "int"]);
  const once = obj("onebang 1", 2, ["bang", "bang"]);
  const runMsg = box({ maxclass: "message", text: "run", numinlets: 2, numoutlets: 1, outlettype: [""] });
  const v8 = obj(`v8 ${LIVE_CHECK_FILE}`, 1, [""], {
    filename: LIVE_CHECK_FILE, varname: "live-check-v8", saved_object_attributes: { parameter_enable: 0 },
    textfile: { filename: LIVE_CHECK_FILE, flags: 0, embed: 0, autowatch: 0 },
  });
  const status = box({
    maxclass: "live.comment", varname: "status", text: "waiting for Live", numinlets: 1, numoutlets: 0,
    textjustification: 0, presentation: 1, presentation_rect: [8, 8, 220, 18],
  });
  box({
    maxclass: "live.comment", text: "Barline Live Check: see the Max console", numinlets: 1, numoutlets: 0,
    textjustification: 0, presentation: 1, presentation_rect: [8, 30, 220, 18],
  });
  const midiin = obj("midiin", 1, ["int"]);
  const midiout = obj("midiout", 1, []);
  wire(thisdevice, 0, once, 0);
  wire(once, 0, runMsg, 0);
  wire(runMsg, 0, v8, 0);
  wire(v8, 0, status, 0);
  wire(midiin, 0, midiout, 0);

  return {
    patcher: {
      fileversion: 1,
      appversion: { major: 9, minor: 0, revision: 10, architecture: "x64", modernui: 1 },
      classnamespace: "box",
      rect: [100, 100, 800, 600],
      openrect: [0, 0, 240, 169],
      openinpresentation: 1,
      default_fontsize: 10.0,
      default_fontname: "Arial Bold",
      gridsize: [8.0, 8.0],
      boxes,
      lines,
      dependency_cache: [{ name: LIVE_CHECK_FILE, bootpath: ".", patcherrelativepath: ".", type: "TEXT", implicit: 1 }],
      latency: 0,
      minimum_live_version: "12.2",
      minimum_max_version: "9",
      autosave: 0,
    },
  };
}
