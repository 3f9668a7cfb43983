// The device's patcher as source: a generator for the .maxpat JSON
// (docs/design/max-host.md §5.1, §5.2, §5.5) following the device rules of §5.2.
// Wiring (patch/README.md has the prose):
//   midiin → midiout                      a MIDI effect passes every message downstream
//   live.thisdevice → onebang 1 → t b b b : right "ready" → v8 ; middle: bang the stored
//     values (pattr) into the pack ; left: pack → `script start key value …` → node.script
//   every control → its pack argument (the start-up value) and, for settings that change
//     while running, `setting <key> $1` → gate → node.script
//   gate: closed at load and whenever N4M reports start/restart/stop/termination; opened
//     by node's own `started` (its handlers exist). v8's bridge output goes through it too.
//   node.script left → routepass mcp_request mcp_cancel : matches → v8 ; else → route status token started
//     openchat (openchat → prepend launchbrowser → s max: the Open chat button's URL)
//   v8 right → route status update_memory : status → live-status ; update_memory → memory
//   memory text field (`text …`) → v8 → `update_memory …`: typed text is stored as text
//   node.script right (N4M status) → route start stop terminated restarted → gate, status;
//     terminated → delay 2000 → the start message again (a crashed server comes back)
import { workspaceVersion } from "./version.mjs";

export const V8_FILE = "barline-v8.js";
export const NODE_FILE = "barline-node.mjs";
/** Height of a device in Live's device view (docs/design/max-host.md §5.1 `openrect`). */
export const DEVICE_HEIGHT = 169;

/**
 * The control of every device setting, by setting name (the key node-host reads):
 * the varname of the presentation box a user changes it with.
 */
export const SETTING_CONTROLS = Object.freeze({
  port: "port",
  timeout: "timeout",
  requireToken: "require-token",
  token: "token-display",
  smallModel: "small-model",
  jsonOutput: "json-output",
  rawLiveApi: "raw-live-api",
  memoryEnabled: "memory-enabled",
  memoryWritable: "memory-writable",
  memoryText: "memory-text-edit",
  sampleFolder: "sample-drop",
  disabledTools: "disabled-tools-edit",
  allowedOrigins: "allowed-origins-edit",
  chatProviderOrigins: "chat-provider-origins-edit",
});

/**
 * The device's patcher JSON; `port` and `timeoutSeconds` are the controls' initial values,
 * `version` the Barline version the panel shows (the workspace's).
 */
export function devicePatcher({ port = 3350, timeoutSeconds = 30, version = workspaceVersion() } = {}) {
  const boxes = [];
  const lines = [];
  const parameters = {};
  let n = 0;
  const box = (fields) => {
    const id = `obj-${++n}`;
    // Patching view: a plain grid; only the presentation view is what users see.
    const patching_rect = fields.patching_rect ?? [20 + (n % 6) * 170, 20 + Math.floor(n / 6) * 40, 160, 22];
    boxes.push({ box: { id, ...fields, patching_rect } });
    return id;
  };
  const obj = (text, numinlets, outlettype, extra = {}) =>
    box({ maxclass: "newobj", text, numinlets, numoutlets: outlettype.length, outlettype, ...extra });
  const msg = (text, extra = {}) => box({ maxclass: "message", text, numinlets: 2, numoutlets: 1, outlettype: [""], ...extra });
  const wire = (src, out, dst, inl) => lines.push({ patchline: { source: [src, out], destination: [dst, inl] } });
  const shown = (rect) => ({ presentation: 1, presentation_rect: rect, patching_rect: [rect[0] + 700, rect[1] + 20, rect[2], rect[3]] });
  const parameter = (id, longname, shortname) => { parameters[id] = [longname, shortname, 0]; return id; };
  // Labels and status text follow Live's theme (docs/design/max-host.md §5.2:
  // live.comment).
  const label = (text, rect, extra = {}) => box({ maxclass: "live.comment", text, numinlets: 1, numoutlets: 0, textjustification: 0, ...shown(rect), ...extra });
  // Every setting is "stored only" (parameter_invisible 1): none may be automated
  // (docs/design/max-host.md §5.2).
  const stored = { parameter_invisible: 1, parameter_modmode: 0 };
  const toggle = (varname, longname, shortname, rect) => parameter(box({
    maxclass: "live.toggle", varname, numinlets: 1, numoutlets: 1, outlettype: [""], parameter_enable: 1, ...shown(rect),
    saved_attribute_attributes: { valueof: { parameter_longname: longname, parameter_shortname: shortname, parameter_type: 2,
      parameter_enum: ["off", "on"], parameter_mmax: 1, parameter_initial_enable: 1, parameter_initial: [0], ...stored } },
  }), longname, shortname);
  // A whole number: an Int parameter (type 1) when the range spans at most 256 values,
  // else a Float parameter (type 0) shown as an integer (unit style 0), which Live holds
  // at any value of the range (docs/design/max-host.md §5.2: Live clamps an Int parameter
  // to 256 values).
  const wholeNumber = (varname, longname, shortname, min, max, initial, rect) => parameter(box({
    maxclass: "live.numbox", varname, numinlets: 1, numoutlets: 2, outlettype: ["", "float"], parameter_enable: 1, ...shown(rect),
    saved_attribute_attributes: { valueof: { parameter_longname: longname, parameter_shortname: shortname,
      parameter_type: max - min + 1 <= 256 ? 1 : 0, parameter_mmin: min, parameter_mmax: max, parameter_initial_enable: 1,
      parameter_initial: [initial], parameter_unitstyle: 0, ...stored } },
  }), longname, shortname);
  // A pattr in parameter mode of type 3 (blob) stores any value with the Live Set (Max docs
  // "Parameter attributes"). `restore` is the value saved with the patcher; the patch's
  // atom for "no value" is `null` (node-host reads it as none / empty).
  const storedValue = (varname, longname, initial = "null") => parameter(obj(`pattr ${varname}`, 1, ["", "", ""], {
    varname, restore: [initial],
    saved_object_attributes: { parameter_enable: 1, parameter_mappable: 0 },
    saved_attribute_attributes: { valueof: { parameter_longname: longname, parameter_shortname: longname, parameter_type: 3, ...stored } },
  }), longname, longname);
  // A text field; read-only ones hold text to select and copy (Max has no clipboard object).
  const textField = (varname, rect, { readonly = 0, lines: linecount = 1, text = "" } = {}) => box({
    maxclass: "textedit", varname, numinlets: 1, numoutlets: 4, outlettype: ["", "int", "", ""], parameter_enable: 0,
    readonly, keymode: 1, outputmode: 1, wordwrap: linecount > 1 ? 1 : 0, lines: linecount, border: 1, fontsize: 10.0, text, ...shown(rect),
  });

  // --- the start and the node.script handshake ---------------------------------------
  const startArgs = [
    ["port", port], ["timeout", timeoutSeconds], ["requireToken", 0], ["token", "null"],
    ["smallModel", 0], ["jsonOutput", 0], ["rawLiveApi", 0], ["memoryEnabled", 0], ["memoryWritable", 0],
    ["memoryText", "null"], ["sampleFolder", "null"], ["disabledTools", "null"],
    ["allowedOrigins", "null"], ["chatProviderOrigins", "null"],
  ];
  const argInlet = (key) => 3 + 2 * startArgs.findIndex(([k]) => k === key);
  const thisdevice = obj("live.thisdevice", 1, ["bang", "int", "int"]);
  const once = obj("onebang 1", 2, ["bang", "bang"]);
  const order = obj("t b b b", 1, ["bang", "bang", "bang"]);
  const readyMsg = msg("ready");
  const start = obj(`pack script start ${startArgs.flat().join(" ")}`, 2 + startArgs.length * 2, [""]);
  const node = obj(`node.script ${NODE_FILE} @autostart 0 @watch 0`, 1, ["", ""], {
    saved_object_attributes: { autostart: 0, defer: 0, watch: 0 },
    textfile: { filename: NODE_FILE, flags: 0, embed: 0, autowatch: 0 },
  });
  const v8 = obj(`v8 ${V8_FILE}`, 1, ["", ""], {
    filename: V8_FILE, varname: "barline-v8", saved_object_attributes: { parameter_enable: 0 },
    textfile: { filename: V8_FILE, flags: 0, embed: 0, autowatch: 0 },
  });
  const gate = obj("gate 1", 2, [""], { varname: "node-gate" });
  const openGate = msg("1");
  const closeGate = msg("0");
  const toV8 = obj("routepass mcp_request mcp_cancel", 3, ["", "", ""]);
  const fromNode = obj("route status token started openchat", 5, ["", "", "", "", ""]);
  const fromV8 = obj("route status update_memory", 3, ["", "", ""]);
  const n4m = obj("route start stop terminated restarted", 5, ["", "", "", "", ""]);
  wire(thisdevice, 0, once, 0);
  wire(once, 0, order, 0);
  wire(order, 2, readyMsg, 0);
  wire(readyMsg, 0, v8, 0);
  wire(order, 0, start, 0);
  wire(start, 0, node, 0);
  wire(gate, 0, node, 0);
  wire(v8, 0, gate, 1);
  wire(node, 0, toV8, 0);
  wire(toV8, 0, v8, 0);
  wire(toV8, 1, v8, 0);
  wire(toV8, 2, fromNode, 0);
  wire(fromNode, 2, openGate, 0);
  wire(openGate, 0, gate, 0);
  wire(node, 1, n4m, 0);
  for (const out of [0, 1, 2, 3]) wire(n4m, out, closeGate, 0);
  wire(closeGate, 0, gate, 0);
  // A node.script that died (a crash, not a stop) is started again with the settings in
  // force; the delay keeps a process that dies at once from restarting in a tight loop.
  const restart = obj("delay 2000", 2, ["bang"]);
  wire(n4m, 2, restart, 0);
  wire(restart, 0, start, 0);
  wire(v8, 1, fromV8, 0);

  // --- MIDI: a MIDI effect passes everything through (docs/design/max-host.md §5.2) --------------------------
  const midiin = obj("midiin", 1, ["int"]);
  const midiout = obj("midiout", 1, []);
  wire(midiin, 0, midiout, 0);

  /** A setting the running server takes at once: `setting <key> <value>` through the gate. */
  const live = (key, source, outlet = 0) => {
    const m = msg(`setting ${key} $1`);
    wire(source, outlet, m, 0);
    wire(m, 0, gate, 1);
  };
  /** A stored text to node.script: `prepend`, not a `$1` message box, so a text that is
   * also a Max message (`bang`, `set`) travels as text. */
  const liveText = (key, source) => {
    const m = obj(`prepend setting ${key}`, 1, [""]);
    wire(source, 0, m, 0);
    wire(m, 0, gate, 1);
  };
  /** The start-up value: the pack argument of `key`. */
  const startValue = (key, source, outlet = 0) => wire(source, outlet, start, argInlet(key));
  /** Shows a stored text: `null` as `empty`, anything else as itself (textedit or live.comment). */
  const display = (source, target, empty) => {
    const none = obj("route null", 2, ["", ""]);
    const emptyMsg = msg(`set ${empty}`.trim());
    const set = obj("prepend set", 1, [""]);
    wire(source, 0, none, 0);
    wire(none, 0, emptyMsg, 0);
    wire(emptyMsg, 0, target, 0);
    wire(none, 1, set, 0);
    wire(set, 0, target, 0);
  };
  /** A textedit the user types into, stored in a pattr: empty text becomes `null`. */
  const typedInto = (edit, store) => {
    const text = obj("route text", 2, ["", ""]);
    const blank = obj("route bang", 2, ["", ""]);
    const nullMsg = msg("null");
    wire(edit, 0, text, 0);
    wire(text, 0, blank, 0);
    wire(blank, 0, nullMsg, 0);
    wire(nullMsg, 0, store, 0);
    wire(blank, 1, store, 0);
  };

  // --- presentation: five columns within Live's device height ----------------------
  const heading = { fontface: 1, fontsize: 11.0 };
  const hint = { fontsize: 9.0 };
  // Server: state, the URL to paste into a client, port and timeout, Live's readiness.
  label("Server", [8, 4, 60, 18], heading);
  // The version a user quotes in a bug report, the same as connect's and the bridge's.
  label(`Barline ${version}`, [70, 6, 134, 16], { ...hint, varname: "version", textjustification: 2 });
  const status = label("stopped", [8, 22, 196, 30], { varname: "status", linecount: 2 });
  label("Client URL (select and copy)", [8, 54, 196, 16]);
  const url = textField("url", [8, 70, 196, 18], { readonly: 1 });
  label("Port", [8, 94, 30, 18]);
  const portBox = wholeNumber("port", "Port", "Port", 0, 65535, port, [40, 95, 48, 15]);
  label("Timeout", [98, 94, 46, 18]);
  const timeoutBox = wholeNumber("timeout", "Timeout", "Timeout", 1, 60, timeoutSeconds, [146, 95, 32, 15]);
  label("s", [182, 94, 14, 18]);
  label("Live", [8, 116, 30, 18]);
  const liveStatus = label("waiting for Live", [40, 116, 164, 18], { varname: "live-status" });
  label("Port and token apply at the next start.", [8, 140, 196, 16], hint);

  // Access: the bearer token and the raw Live API.
  label("Access", [216, 4, 170, 18], heading);
  const requireToken = toggle("require-token", "Require token", "Token", [216, 26, 15, 15]);
  label("Require token", [236, 24, 150, 18]);
  label("Token (select and copy)", [216, 44, 170, 16]);
  const tokenDisplay = textField(SETTING_CONTROLS.token, [216, 60, 170, 30], { readonly: 1, lines: 2, text: "no token" });
  const rawApi = toggle("raw-live-api", "Raw Live API", "Raw API", [216, 98, 15, 15]);
  label("Raw Live API", [236, 96, 150, 18]);
  label("Direct Live API tool, for debugging.", [216, 116, 170, 16], hint);
  const openChat = box({
    maxclass: "live.text", varname: "open-chat", numinlets: 1, numoutlets: 2, outlettype: ["", ""], parameter_enable: 0,
    mode: 0, text: "Open chat", texton: "Open chat", ...shown([216, 136, 80, 18]),
  });

  // Tools: how the catalogue looks to the model.
  label("Tools", [398, 4, 170, 18], heading);
  const smallModel = toggle("small-model", "Small model", "Small", [398, 26, 15, 15]);
  label("Small-model mode", [418, 24, 150, 18]);
  const jsonOutput = toggle("json-output", "JSON output", "JSON", [398, 46, 15, 15]);
  label("JSON output", [418, 44, 150, 18]);
  label("Disabled tools", [398, 66, 170, 16]);
  const disabledEdit = textField(SETTING_CONTROLS.disabledTools, [398, 82, 170, 46], { lines: 3 });
  label("Comma-separated; Enter applies.", [398, 132, 170, 16], hint);

  // Project memory and the sample folder.
  label("Project memory", [580, 4, 180, 18], heading);
  const memoryOn = toggle("memory-enabled", "Memory on", "Memory", [580, 26, 15, 15]);
  label("On", [600, 24, 30, 18]);
  const memoryWritable = toggle("memory-writable", "AI may edit memory", "AI edits", [640, 26, 15, 15]);
  label("AI may edit", [660, 24, 100, 18]);
  const memoryEdit = textField(SETTING_CONTROLS.memoryText, [580, 44, 180, 50], { lines: 4 });
  label("Sample folder", [580, 98, 180, 16], { fontface: 1 });
  const sampleDrop = box({
    maxclass: "live.drop", varname: SETTING_CONTROLS.sampleFolder, numinlets: 1, numoutlets: 2, outlettype: ["", ""],
    parameter_enable: 0, decodemode: 1, legend: "Drop a folder here", ...shown([580, 114, 134, 22]),
  });
  const clearFolder = box({
    maxclass: "live.text", varname: "sample-clear", numinlets: 1, numoutlets: 2, outlettype: ["", ""], parameter_enable: 0,
    mode: 0, text: "Clear", texton: "Clear", ...shown([718, 116, 42, 18]),
  });
  const folderShown = label("none", [580, 140, 180, 16], { varname: "sample-folder" });

  // Access, continued: the web origins besides the device's own (docs/device.md).
  label("Access: origins", [772, 4, 170, 18], heading);
  label("Allowed origins (use /mcp)", [772, 24, 170, 16]);
  const allowedEdit = textField(SETTING_CONTROLS.allowedOrigins, [772, 40, 170, 30], { lines: 2 });
  label("Chat provider origins", [772, 76, 170, 16]);
  const providerEdit = textField(SETTING_CONTROLS.chatProviderOrigins, [772, 92, 170, 30], { lines: 2 });
  label("http://host:port, comma-separated;", [772, 126, 170, 14], hint);
  label("Enter applies.", [772, 140, 170, 14], hint);

  // --- flows -------------------------------------------------------------------------
  // Node's status: `running <url>` shows "running" and puts the URL in its field;
  // `stopped` and `error <text>` show as they are and clear the URL.
  const running = obj("route running", 2, ["", ""]);
  const runningMsg = msg("set running");
  const urlSet = obj("prepend set", 1, [""]);
  const urlClear = msg("set");
  const statusSet = obj("prepend set", 1, [""]);
  wire(fromNode, 0, running, 0);
  wire(running, 0, runningMsg, 0);
  wire(runningMsg, 0, status, 0);
  wire(running, 0, urlSet, 0);
  wire(urlSet, 0, url, 0);
  wire(running, 1, statusSet, 0);
  wire(statusSet, 0, status, 0);
  wire(running, 1, urlClear, 0);
  wire(urlClear, 0, url, 0);
  const stoppedMsg = msg("set stopped");
  const errorMsg = msg("set error node.script terminated");
  wire(n4m, 1, stoppedMsg, 0);
  wire(stoppedMsg, 0, status, 0);
  wire(n4m, 2, errorMsg, 0);
  wire(errorMsg, 0, status, 0);
  wire(n4m, 1, urlClear, 0);
  wire(n4m, 2, urlClear, 0);
  // Live readiness from v8.
  const liveSet = obj("prepend set", 1, [""]);
  wire(fromV8, 0, liveSet, 0);
  wire(liveSet, 0, liveStatus, 0);

  // Open chat: node.script answers `openchat <url>` (with the token fragment when one is
  // required), which Max's launchbrowser opens in the system browser.
  const chatClick = obj("t b", 1, ["bang"]);
  const chatAsk = msg("openchat");
  const launch = obj("prepend launchbrowser", 1, [""]);
  const toMax = obj("s max", 1, []);
  wire(openChat, 0, chatClick, 0);
  wire(chatClick, 0, chatAsk, 0);
  wire(chatAsk, 0, gate, 1);
  wire(fromNode, 3, launch, 0);
  wire(launch, 0, toMax, 0);

  // Token: node's generated token → pattr (saved with the Set) → pack and display.
  const token = storedValue("token", "Token");
  wire(order, 1, token, 0);
  wire(fromNode, 1, token, 0);
  startValue("token", token);
  display(token, tokenDisplay, "no token");

  // Start-only and runtime controls.
  startValue("port", portBox);
  startValue("timeout", timeoutBox);
  live("timeout", timeoutBox);
  startValue("requireToken", requireToken);
  for (const [key, control] of [["smallModel", smallModel], ["jsonOutput", jsonOutput], ["rawLiveApi", rawApi],
    ["memoryEnabled", memoryOn], ["memoryWritable", memoryWritable]]) {
    startValue(key, control);
    live(key, control);
  }

  // Text settings: a pattr holds the value (saved with the Set); the text field shows it.
  const memory = storedValue("memory-text", "Memory text");
  // Typed memory goes through v8 (`text …` → `update_memory …`): `route text` cannot
  // tell a typed "bang" from an empty field, and the AI's path below stores any text.
  wire(memoryEdit, 0, v8, 0);
  // The AI wrote the memory (docs/design/tool-rules.md §2): stored with `set` first, then
  // output, so a text that is also a Max message (`bang`, `set`) is stored as text.
  const written = obj("t b l", 1, ["bang", ""]);
  const storeText = obj("prepend set", 1, [""]);
  wire(fromV8, 1, written, 0);
  wire(written, 1, storeText, 0);
  wire(storeText, 0, memory, 0);
  wire(written, 0, memory, 0);
  const disabled = storedValue("disabled-tools", "Disabled tools");
  typedInto(disabledEdit, disabled);
  const allowed = storedValue("allowed-origins", "Allowed origins");
  typedInto(allowedEdit, allowed);
  const providers = storedValue("chat-provider-origins", "Chat provider origins");
  typedInto(providerEdit, providers);
  const folder = storedValue("sample-folder-path", "Sample folder");
  wire(sampleDrop, 0, folder, 0);
  const clearMsg = msg("null");
  const clicked = obj("t b", 1, ["bang"]);
  wire(clearFolder, 0, clicked, 0);
  wire(clicked, 0, clearMsg, 0);
  wire(clearMsg, 0, folder, 0);
  const dropClear = msg("clear");
  wire(clicked, 0, dropClear, 0);
  wire(dropClear, 0, sampleDrop, 0);
  for (const [key, store, target, empty] of [["memoryText", memory, memoryEdit, ""], ["disabledTools", disabled, disabledEdit, ""],
    ["sampleFolder", folder, folderShown, "none"], ["allowedOrigins", allowed, allowedEdit, ""],
    ["chatProviderOrigins", providers, providerEdit, ""]]) {
    wire(order, 1, store, 0);
    startValue(key, store);
    liveText(key, store);
    display(store, target, empty);
  }

  const now = 0;
  return {
    patcher: {
      fileversion: 1,
      appversion: { major: 9, minor: 0, revision: 10, architecture: "x64", modernui: 1 },
      classnamespace: "box",
      rect: [100, 100, 1400, 800],
      openrect: [0, 0, 0, DEVICE_HEIGHT],
      openinpresentation: 1,
      default_fontsize: 10.0,
      default_fontname: "Arial Bold",
      gridsize: [8.0, 8.0],
      boxes,
      lines,
      parameters: { ...parameters, inherited_shortname: 1 },
      dependency_cache: [V8_FILE, NODE_FILE].map((name) => ({ name, bootpath: ".", patcherrelativepath: ".", type: "TEXT", implicit: 1 })),
      latency: 0,
      is_mpe: 0,
      external_mpe_tuning_enabled: 0,
      minimum_live_version: "12.2",
      minimum_max_version: "9",
      platform_compatibility: 0,
      project: {
        version: 1, creationdate: now, modificationdate: now, viewrect: [0, 0, 300, 500], autoorganize: 1,
        hideprojectwindow: 1, showdependencies: 1, autolocalize: 0,
        contents: { patchers: {}, media: {}, code: {}, other: {} },
        layout: {}, searchpath: {}, detailsvisible: 0, amxdtype: 1835887981, readonly: 0, devpathtype: 0,
        devpath: ".", sortmode: 0, viewmode: 0, includepackages: 0,
      },
      autosave: 0,
      saved_attribute_attributes: { default_plcolor: { expression: "" } },
      boxanimatetime: 500,
    },
  };
}
