// Soak benchmark (issue 15; prints numbers, asserts nothing): 16 clients × 2,000 mixed
// calls through the simulated device, about one in ten a random bad input. Reports
// calls/s, latency p50/p99, lost answers, mismatched answers, crashes (node.script
// restarts, status leaving "running") and the memory of both processes at start and end.
// Bounded: stops after SOAK_SECONDS (default 600) even if calls remain.
import { execFileSync } from "node:child_process";
import vm from "node:vm";
import { startTarget } from "../test/support/target.mjs";

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 16);
const PER_CLIENT = Number(process.env.SOAK_CALLS ?? 2000);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const MB = 1024 * 1024;

const rss = (pid) => Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) * 1024;

// Good calls: [weight, params builder]; each answer must carry the request's id, and the
// echo its text.
const GOOD = [
  [6, (m) => ({ method: "tools/call", params: { name: "barline-debug-echo", arguments: { text: m } } })],
  [1, () => ({ method: "tools/call", params: { name: "barline-connect", arguments: {} } })],
  [2, () => ({ method: "tools/call", params: { name: "barline-read-clip", arguments: { slot: "0/0", include: ["notes"] } } })],
  [1, () => ({ method: "tools/list", params: {} })],
  [1, () => ({ method: "prompts/get", params: { name: "compose-clip", arguments: { trackIndex: "1" } } })],
];
// Bad inputs: each must still get an answer with the request's id (or an HTTP error).
const BAD = [
  () => ({ method: "tools/call", params: { name: "barline-create-clip", arguments: { slot: "6/0", notes: "C3 1|1 @2-1000000=1" } } }),
  () => ({ method: "tools/call", params: { name: "barline-create-clip", arguments: { slot: "6/0", notes: "C3 1|1x99999999" } } }),
  () => ({ method: "prompts/get", params: { name: "compose-clip", arguments: { trackIndex: "1", style: "{style}".repeat(15000) } } }),
  () => ({ method: "tools/call", params: { name: "barline-nope".padEnd(50000, "x"), arguments: {} } }),
  () => ({ method: "resources/read", params: { uri: "live://clip/abc" } }),
  () => ({ method: "tools/call", params: { name: "barline-read-clip", arguments: { clipId: 123 } } }),
  () => ({ method: "tools/call", params: { name: "barline-debug-trap", arguments: {} } }),
  () => ({ raw: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }),
  () => ({ raw: Buffer.from('{"jsonrpc":"2.0","id":') }),
];

function pick(random, table) {
  const total = table.reduce((s, [w]) => s + w, 0);
  let r = random() * total;
  for (const [w, f] of table) if ((r -= w) < 0) return f;
  return table[0][1];
}

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function open(url, name) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  const post = async (body) => {
    const res = await fetch(url, { method: "POST", headers, body });
    const text = await res.text();
    const sid = res.headers.get("mcp-session-id");
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { /* a bad-input answer may be non-JSON */ }
    return { status: res.status, json, sid };
  };
  const init = await post(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name, version: "1" } } }));
  headers["mcp-session-id"] = init.sid;
  await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  return post;
}

const target = await startTarget({ diagnostics: true, maxPending: 64 });
const { device } = target;
const info = () => vm.runInContext("__barline.info()", device.v8.context);
const mem0 = { live: process.memoryUsage().rss, node: rss(device.node.pid) };
const stats = { calls: 0, bad: 0, lost: 0, mismatched: 0, latencies: [] };
const deadline = Date.now() + SECONDS * 1000;
const t0 = performance.now();
await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
  const post = await open(target.url, `soak-${c}`);
  const random = rng(c + 1);
  for (let n = 0; n < PER_CLIENT && Date.now() < deadline; n++) {
    const id = c * 1_000_000 + n + 1;
    const isBad = random() < 0.1;
    const marker = `c${c}n${n}`;
    const spec = isBad ? BAD[Math.floor(random() * BAD.length)]() : pick(random, GOOD)(marker);
    const body = spec.raw ?? JSON.stringify({ jsonrpc: "2.0", id, method: spec.method, params: spec.params });
    const started = performance.now();
    let r;
    try {
      r = await post(body);
    } catch {
      stats.lost += 1;
      continue;
    }
    stats.latencies.push(performance.now() - started);
    stats.calls += 1;
    if (isBad) stats.bad += 1;
    if (spec.raw) {
      if (r.status < 400) stats.mismatched += 1; // damaged bodies must be refused
      continue;
    }
    if (!r.json) { stats.lost += 1; continue; }
    if (r.json.id !== id) stats.mismatched += 1;
    else if (!isBad && spec.params?.name === "barline-debug-echo" && r.json.result?.structuredContent?.text !== marker) stats.mismatched += 1;
    else if (!isBad && r.json.error) stats.lost += 1;
  }
}));
const ms = performance.now() - t0;
const mem1 = { live: process.memoryUsage().rss, node: rss(device.node.pid) };
const sorted = stats.latencies.sort((a, b) => a - b);
const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const crashes = device.node.stats.starts - 1 + (device.status().startsWith("running") ? 0 : 1);
console.log(`soak: ${CLIENTS} clients, ${stats.calls} calls (${stats.bad} bad) in ${(ms / 1000).toFixed(1)} s = ${(stats.calls / (ms / 1000)).toFixed(0)} calls/s`);
console.log(`soak: latency p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms; lost ${stats.lost}, mismatched ${stats.mismatched}, crashes ${crashes}, Live-side wasm instances ${info().instances} (1 + one per trap)`);
console.log(`soak: memory (RSS) simulator+Live side ${(mem0.live / MB).toFixed(0)} → ${(mem1.live / MB).toFixed(0)} MB, node.script ${(mem0.node / MB).toFixed(0)} → ${(mem1.node / MB).toFixed(0)} MB`);
await target.stop();
