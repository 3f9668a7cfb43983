// The node.script box (docs/design/max-host.md §4.3, §6.3): runs the script in a child
// Node process with the simulator's max-api, relays messages both ways in later passes
// (never inside the sending call), reports N4M status on the right outlet. A message that
// reaches the box while no script runs, or that the script has no handler for yet (it has
// not registered them), is lost as in Max: dropped, counted and logged as a console error
// so a test sees it. For tests the box also records every message that arrived before the
// script announced `started` (the project's handshake, docs/design/max-host.md §4.3).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const REGISTER = fileURLToPath(new URL("./child/register.mjs", import.meta.url));

export function createNodeScript({ scriptPath, send, console: maxConsole, dicts, extraArgs = [], name = "node.script", clock = "real" }) {
  let child = null;
  const clockWaiters = new Map(); // seq -> resolve, for the manual clock (child/clock.mjs)
  let clockSeq = 0;
  let stopping = false;
  const stats = { droppedBeforeStart: 0, droppedNoHandler: 0, toNode: 0, fromNode: 0, starts: 0, beforeHandshake: [] };
  let handshake = false;
  const describe = (atoms) => atoms.slice(0, 3).map((a) => String(a).slice(0, 40)).join(" ");
  let exited = Promise.resolve();
  // Extra V8 flags for the child (stress experiments), e.g. "--always-turbofan".
  const flags = (process.env.BARLINE_NODE_SCRIPT_FLAGS ?? "").split(" ").filter(Boolean);

  function status(...atoms) { setImmediate(() => send(1, atoms)); }

  function start(args) {
    if (child) stop("restart");
    stats.starts += 1;
    stopping = false;
    handshake = false;
    const proc = fork(scriptPath, [...args.map(String), ...extraArgs.map(String)], {
      execArgv: [...flags, "--import", REGISTER],
      env: { ...process.env, MAX_ENV: "live", ...(clock === "manual" ? { BARLINE_SIM_CLOCK: "manual" } : {}) },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      serialization: "advanced",
    });
    child = proc;
    exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.stdout.on("data", (d) => maxConsole.post(name, [String(d)]));
    proc.stderr.on("data", (d) => maxConsole.error(name, [String(d)]));
    proc.on("message", (m) => {
      if (m.t === "outlet") {
        stats.fromNode += 1;
        // Delivered in a later main-thread pass, in order (docs/design/max-host.md §4.5).
        setImmediate(() => {
          if (m.atoms[0] === "started") handshake = true;
          let error = null;
          try { send(0, m.atoms); } catch (e) { error = e.message; }
          if (proc.connected) proc.send({ t: "reply", seq: m.seq, error });
        });
      } else if (m.t === "post") {
        (m.level === "error" ? maxConsole.error : maxConsole.post)(name, [`${m.text}\n`]);
        if (proc.connected) proc.send({ t: "reply", seq: m.seq });
      } else if (m.t === "dict") {
        let value;
        if (m.op === "get") value = dicts.get(m.name) ?? {};
        else if (m.op === "set") { dicts.set(m.name, m.value); value = m.value; }
        else {
          const d = dicts.get(m.name) ?? {};
          const keys = m.path.split(".");
          let o = d;
          for (const k of keys.slice(0, -1)) o = o[k] ??= {};
          o[keys.at(-1)] = m.value;
          dicts.set(m.name, d);
          value = d;
        }
        if (proc.connected) proc.send({ t: "reply", seq: m.seq, value });
      } else if (m.t === "dropped") {
        stats.droppedNoHandler += 1;
        maxConsole.error(name, [`message ${m.selector} dropped: the script has no handler for it (not started yet?)\n`]);
      } else if (m.t === "clock-done") {
        clockWaiters.get(m.seq)?.(m.pending);
        clockWaiters.delete(m.seq);
      }
    });
    proc.once("exit", (code, signal) => {
      if (child === proc) child = null;
      if (stopping) status("stop", "success");
      else status("terminated", "error", `code ${code ?? signal}`);
    });
    status(stats.starts > 1 ? "restarted" : "start", "success");
  }

  function stop() {
    if (!child) return;
    stopping = true;
    child.kill("SIGTERM");
    child = null;
  }

  return {
    numinlets: 1, numoutlets: 2, stats,
    get running() { return child !== null; },
    receive(_inlet, atoms) {
      if (atoms[0] === "script") {
        if (atoms[1] === "start") return start(atoms.slice(2));
        if (atoms[1] === "stop") return stop();
        if (atoms[1] === "running") return status("running", child ? 1 : 0);
        return maxConsole.error(name, [`unknown script command ${atoms[1]}\n`]);
      }
      if (!child || !child.connected) {
        stats.droppedBeforeStart += 1;
        maxConsole.error(name, [`message "${describe(atoms)}" dropped: the script is not running\n`]);
        return;
      }
      if (!handshake) stats.beforeHandshake.push(describe(atoms));
      stats.toNode += 1;
      const dict = atoms[0] === "dictionary" ? dicts.get(String(atoms[1])) : undefined;
      child.send({ t: "msg", atoms, dict });
    },
    stop,
    exited: () => exited,
    /** Manual clock only: moves the process's timers `ms` forward; resolves once they ran. */
    advanceClock(ms) {
      if (clock !== "manual" || !child) return Promise.reject(new Error("advanceClock needs a running node.script with clock: \"manual\""));
      const seq = ++clockSeq;
      return new Promise((resolve) => {
        clockWaiters.set(seq, resolve);
        child.send({ t: "clock", ms, seq });
      });
    },
    /** The child's process id (memory measurements), or null when not running. */
    get pid() { return child?.pid ?? null; },
    /** Kills the child as a crash would (tests): no stop status, "terminated" follows. */
    crash(signal = "SIGKILL") { child?.kill(signal); },
  };
}
