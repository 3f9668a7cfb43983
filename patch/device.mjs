// The device's patcher as source: a generator for the .maxpat JSON (max-runtime.md 5.1,
// 5.2, 5.5). Wiring:
//   live.thisdevice → onebang 1 → t b b b : right: "ready" → v8 ; middle: bang the token
//     pattr (its stored value into pack) ; left: pack → node.script
//   node.script left → routepass mcp_request : match → v8 ; else → route status token
//   token (node.script generated one) → pattr token (a blob parameter: saved with the Live
//     Set) → pack (token arg of the next start) and → route null → token display
//   v8 left → node.script (responses, never through a message box) ; v8 right → route status
//   node.script right (N4M status) → route start stop terminated → status display
//   port numbox → pack (port; used at the next start) ; timeout numbox → pack (timeout) and "timeout $1" → node
//   require-token toggle → pack (requireToken 0|1; used at the next start, like the port)
export const V8_FILE = "barline-v8.js";
export const NODE_FILE = "barline-node.mjs";

export function devicePatcher({ port = 3350, timeoutSeconds = 30 } = {}) {
  const boxes = [];
  const lines = [];
  let n = 0;
  const box = (fields) => {
    const id = `obj-${++n}`;
    boxes.push({ box: { id, ...fields } });
    return id;
  };
  const obj = (text, numinlets, outlettype, extra = {}) =>
    box({ maxclass: "newobj", text, numinlets, numoutlets: outlettype.length, outlettype, patching_rect: [20 + (n % 4) * 160, 20 + n * 24, 150, 22], ...extra });
  const msg = (text, extra = {}) => box({ maxclass: "message", text, numinlets: 2, numoutlets: 1, outlettype: [""], patching_rect: [20, 20 + n * 24, 150, 22], ...extra });
  const wire = (src, out, dst, inl) => lines.push({ patchline: { source: [src, out], destination: [dst, inl] } });
  const numbox = (varname, longname, min, max, initial, rect) => box({
    maxclass: "live.numbox", varname, numinlets: 1, numoutlets: 2, outlettype: ["", "float"], parameter_enable: 1,
    patching_rect: [400, 20 + n * 24, 44, 15], presentation: 1, presentation_rect: rect,
    saved_attribute_attributes: { valueof: { parameter_longname: longname, parameter_shortname: longname, parameter_type: 1,
      parameter_mmin: min, parameter_mmax: max, parameter_initial_enable: 1, parameter_initial: [initial], parameter_unitstyle: 0 } },
  });
  // Parameter type 2 (enum off/on) is what live.toggle saves; "stored only" (invisible 1)
  // because a security setting must not be automated or modulated.
  const toggle = (varname, longname, shortname, rect) => box({
    maxclass: "live.toggle", varname, numinlets: 1, numoutlets: 1, outlettype: [""], parameter_enable: 1,
    patching_rect: [400, 20 + n * 24, 15, 15], presentation: 1, presentation_rect: rect,
    saved_attribute_attributes: { valueof: { parameter_longname: longname, parameter_shortname: shortname, parameter_type: 2,
      parameter_enum: ["off", "on"], parameter_mmax: 1, parameter_initial_enable: 1, parameter_initial: [0], parameter_invisible: 1 } },
  });
  // A pattr in parameter mode with type 3 (blob) stores any value with the Live Set
  // (Max docs "Parameter attributes": blob = "any type of data you can store with a pattr").
  // `restore` is the value saved with the patcher itself; "null" means no token (node-host's
  // parseSettings reads "null" as none).
  const storedValue = (name, longname, initial) => obj(`pattr ${name}`, 1, ["", "", ""], {
    varname: name, restore: [initial],
    saved_object_attributes: { parameter_enable: 1, parameter_mappable: 0 },
    saved_attribute_attributes: { valueof: { parameter_longname: longname, parameter_shortname: longname, parameter_type: 3, parameter_invisible: 1 } },
  });
  const comment = (text, rect) => box({ maxclass: "comment", text, numinlets: 1, numoutlets: 0, patching_rect: [400, 20 + n * 24, 100, 18], presentation: 1, presentation_rect: rect });

  const thisdevice = obj("live.thisdevice", 1, ["bang", "int", "int"]);
  const once = obj("onebang 1", 2, ["bang", "bang"]);
  const order = obj("t b b b", 1, ["bang", "bang", "bang"]);
  const readyMsg = msg("ready");
  const start = obj(`pack script start port ${port} timeout ${timeoutSeconds} requireToken 0 token null`, 10, [""]);
  const node = obj(`node.script ${NODE_FILE} @autostart 0 @watch 0`, 1, ["", ""], {
    saved_object_attributes: { autostart: 0, defer: 0, watch: 0 },
    textfile: { filename: NODE_FILE, flags: 0, embed: 0, autowatch: 0 },
  });
  const v8 = obj(`v8 ${V8_FILE}`, 1, ["", ""], {
    filename: V8_FILE, varname: "barline-v8", saved_object_attributes: { parameter_enable: 0 },
    textfile: { filename: V8_FILE, flags: 0, embed: 0, autowatch: 0 },
  });
  const toV8 = obj("routepass mcp_request", 2, ["", ""]);
  const fromNode = obj("route status token", 3, ["", "", ""]);
  const fromV8 = obj("route status", 2, ["", ""]);
  const n4m = obj("route start stop terminated", 4, ["", "", "", ""]);
  const stoppedMsg = msg("stopped");
  const errorMsg = msg("error node.script terminated");
  const display = msg("stopped", { presentation: 1, presentation_rect: [8, 8, 180, 20], varname: "status" });
  const token = storedValue("token", "Token", "null");
  const noToken = obj("route null", 2, ["", ""]);
  const noTokenMsg = msg("no token");
  const tokenDisplay = msg("no token", { presentation: 1, presentation_rect: [44, 130, 240, 20], varname: "token-display" });
  const requireToken = toggle("require-token", "Require token", "Require", [80, 110, 15, 15]);
  const portBox = numbox("port", "Port", 0, 65535, port, [44, 36, 50, 15]);
  const timeoutBox = numbox("timeout", "Timeout", 1, 60, timeoutSeconds, [140, 36, 30, 15]);
  const liveStatus = msg("waiting for Live", { presentation: 1, presentation_rect: [8, 60, 180, 20], varname: "live-status" });
  const timeoutMsg = msg("timeout $1");
  comment("Barline", [8, 84, 80, 18]);
  comment("port", [8, 36, 34, 18]);
  comment("timeout s", [96, 36, 44, 18]);
  comment("require token", [8, 108, 70, 18]);
  comment("token", [8, 130, 34, 18]);

  wire(thisdevice, 0, once, 0);
  wire(once, 0, order, 0);
  wire(order, 2, readyMsg, 0);
  wire(order, 1, token, 0);
  wire(readyMsg, 0, v8, 0);
  wire(order, 0, start, 0);
  wire(start, 0, node, 0);
  wire(node, 0, toV8, 0);
  wire(toV8, 0, v8, 0);
  wire(toV8, 1, fromNode, 0);
  wire(fromNode, 0, display, 1);
  wire(fromNode, 1, token, 0);
  wire(token, 0, start, 9);
  wire(token, 0, noToken, 0);
  wire(noToken, 0, noTokenMsg, 0);
  wire(noTokenMsg, 0, tokenDisplay, 1);
  wire(noToken, 1, tokenDisplay, 1);
  wire(requireToken, 0, start, 7);
  wire(v8, 0, node, 0);
  wire(v8, 1, fromV8, 0);
  wire(fromV8, 0, liveStatus, 1);
  wire(node, 1, n4m, 0);
  wire(n4m, 1, stoppedMsg, 0);
  wire(stoppedMsg, 0, display, 1);
  wire(n4m, 2, errorMsg, 0);
  wire(errorMsg, 0, display, 1);
  wire(portBox, 0, start, 3);
  wire(timeoutBox, 0, start, 5);
  wire(timeoutBox, 0, timeoutMsg, 0);
  wire(timeoutMsg, 0, node, 0);

  const now = 0;
  return {
    patcher: {
      fileversion: 1,
      appversion: { major: 9, minor: 0, revision: 10, architecture: "x64", modernui: 1 },
      classnamespace: "box",
      rect: [100, 100, 800, 700],
      openrect: [0, 0, 0, 169],
      openinpresentation: 1,
      default_fontsize: 10.0,
      default_fontname: "Arial Bold",
      gridsize: [8.0, 8.0],
      boxes,
      lines,
      parameters: {
        [portBox]: ["Port", "Port", 0],
        [timeoutBox]: ["Timeout", "Timeout", 0],
        [requireToken]: ["Require token", "Require", 0],
        [token]: ["Token", "Token", 0],
        inherited_shortname: 1,
      },
      dependency_cache: [
        { name: V8_FILE, bootpath: ".", type: "TEXT", implicit: 1 },
        { name: NODE_FILE, bootpath: ".", type: "TEXT", implicit: 1 },
      ],
      latency: 0,
      is_mpe: 0,
      external_mpe_tuning_enabled: 0,
      minimum_live_version: "12.2",
      minimum_max_version: "9",
      platform_compatibility: 0,
      project: {
        version: 1, creationdate: now, modificationdate: now, viewrect: [0, 0, 300, 500], autoorganize: 1,
        hideprojectwindow: 1, showdependencies: 1, autolocalize: 0,
        contents: { patchers: {}, media: {}, code: { [V8_FILE]: { kind: "javascript", local: 1 }, [NODE_FILE]: { kind: "javascript", local: 1 } }, other: {} },
        layout: {}, searchpath: {}, detailsvisible: 0, amxdtype: 1835887981, readonly: 0, devpathtype: 0,
        devpath: ".", sortmode: 0, viewmode: 0, includepackages: 0,
      },
      autosave: 0,
      saved_attribute_attributes: { default_plcolor: { expression: "" } },
      boxanimatetime: 500,
    },
  };
}
