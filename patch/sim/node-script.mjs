// The node.script box (max-runtime.md 4.3, section 6 items 39–41): runs the script in a
// child Node process with the simulator's max-api, relays messages both ways in later
// passes (never inside the sending call), reports N4M status on the right outlet.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

const REGISTER = fileURLToPath(new URL("./child/register.mjs", import.meta.url));

export function createNodeScript({ scriptPath, send, console: maxConsole, dicts, extraArgs = [], name = "node.script" }) {
  let child = null;
  let stopping = false;
  const stats = { droppedBeforeStart: 0, droppedNoHandler: 0, toNode: 0, fromNode: 0, starts: 0 };
  let exited = Promise.resolve();
  let lastArgs = [];
  // Extra V8 flags for the child (stress experiments), e.g. "--always-turbofan".
  const flags = (process.env.BARLINE_NODE_SCRIPT_FLAGS ?? "").split(" ").filter(Boolean);

  function status(...atoms) { setImmediate(() => send(1, atoms)); }

  function start(args) {
    if (child) stop("restart");
    stats.starts += 1;
    stopping = false;
    lastArgs = args;
    const proc = fork(scriptPath, [...args.map(String), ...extraArgs.map(String)], {
      execArgv: [...flags, "--import", REGISTER],
      env: { ...process.env, MAX_ENV: "live" },
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
        // Delivered in a later main-thread pass, in order (4.5).
        setImmediate(() => {
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
      } else if (m.t === "dropped") stats.droppedNoHandler += 1;
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
        return;
      }
      stats.toNode += 1;
      const dict = atoms[0] === "dictionary" ? dicts.get(String(atoms[1])) : undefined;
      child.send({ t: "msg", atoms, dict });
    },
    stop,
    exited: () => exited,
    /** The child's process id (memory measurements), or null when not running. */
    get pid() { return child?.pid ?? null; },
    /** Kills the child as a crash would (tests): no stop status, "terminated" follows. */
    crash(signal = "SIGKILL") { child?.kill(signal); },
    /** Sends the last `script start` again, as the patch does after "terminated". */
    restart() { start(lastArgs); },
  };
}
