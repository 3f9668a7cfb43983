// Load benchmark (loopback only, bounded): 16 concurrent clients make 2,000 tool calls
// in total through the simulated device. Prints calls per second; fails if any answer
// is lost or mismatched.
import { startTarget } from "../test/support/target.mjs";
import { runLoad } from "./load-runner.mjs";

const clients = 16;
const total = 2000;
const target = await startTarget({ diagnostics: true, maxPending: 64 });
try {
  const r = await runLoad(target.url, { clients, total });
  console.log(`load: ${clients} clients, ${r.calls} tool calls (${r.echo ? "barline-debug-echo" : "barline-connect"}) through the simulated device`);
  console.log(`load: ${r.ms.toFixed(0)} ms, ${r.perSecond.toFixed(0)} calls/s; lost ${r.lost}, mismatched ${r.mismatched}, failed ${r.failed}`);
  if (r.lost || r.mismatched || r.failed || r.calls !== total) {
    console.error("load: FAILED", r.errors);
    process.exitCode = 1;
  }
} finally {
  await target.stop();
}
