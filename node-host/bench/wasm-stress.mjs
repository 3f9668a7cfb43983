// Wasm-boundary stress experiment (issue 15 item 2; run by hand, minutes long, not part
// of `make bench`): runs wasm-stress-run.mjs in a fresh process per V8 flag set, the
// same flags for the simulated node.script child, and reports runs, crashes (a signal,
// a non-zero exit, or a V8 "Fatal error" on either side) and the calls made. STRESS_SECONDS bounds each run
// (default 60); STRESS_FLAGS="a|b" replaces the flag sets (sets separated by "|").
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const RUN = fileURLToPath(new URL("./wasm-stress-run.mjs", import.meta.url));
const seconds = Number(process.env.STRESS_SECONDS ?? 60);
const sets = (process.env.STRESS_FLAGS ?? [
  "",
  "--always-turbofan",
  "--no-lazy-feedback-allocation --always-turbofan",
  "--stress-compaction --stress-wasm-code-gc",
  "--wasm-tiering-budget=1000 --no-wasm-lazy-compilation",
  "--no-turbo-inline-js-wasm-calls --always-turbofan",
].join("|")).split("|");

function runOnce(flags) {
  return new Promise((resolve) => {
    const argv = flags.split(" ").filter(Boolean);
    const child = spawn(process.execPath, [...argv, RUN], {
      env: { ...process.env, STRESS_SECONDS: String(seconds), BARLINE_NODE_SCRIPT_FLAGS: flags },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => { out += d; });
    child.stderr.on("data", (d) => { err += d; });
    const killer = setTimeout(() => child.kill("SIGKILL"), (seconds + 120) * 1000);
    child.on("exit", (code, signal) => {
      clearTimeout(killer);
      const line = out.trim().split("\n").filter((l) => l.startsWith("{")).at(-1);
      const summary = line ? JSON.parse(line) : null;
      const fatal = /Fatal error|unreachable code/.test(err) || (summary?.fatal?.length ?? 0) > 0;
      resolve({ flags: flags || "(none)", code, signal, fatal, summary, stderr: err.slice(-400) });
    });
  });
}

let crashes = 0;
for (const flags of sets) {
  const t0 = Date.now();
  const r = await runOnce(flags);
  const crashed = r.code !== 0 || r.signal !== null || r.fatal;
  if (crashed) crashes += 1;
  console.log(`${r.flags}: ${crashed ? "CRASH" : "ok"} in ${((Date.now() - t0) / 1000).toFixed(0)} s; ` +
    `${JSON.stringify(r.summary?.counts ?? null)}, node.script starts ${r.summary?.nodeStarts ?? "?"}` +
    (crashed ? `\n  exit ${r.code} signal ${r.signal}; ${r.stderr.replace(/\n/g, " | ")}` +
      `\n  console: ${(r.summary?.fatal ?? []).slice(0, 3).join(" | ").replace(/\n/g, " ")}` : ""));
}
console.log(`wasm stress: ${sets.length} runs of ${seconds} s, ${crashes} crashed`);
