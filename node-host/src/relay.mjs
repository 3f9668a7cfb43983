// Relays tool calls to the v8 object and back: frames through core, sends with
// max-api's outlet, matches responses by request id, enforces the per-request timeout,
// drops late or unknown responses (logged). Framing and decoding are core's.
import { randomInt } from "node:crypto";
import { DEFAULTS } from "./max-settings.mjs";

const MIN_TIMEOUT_MS = 1000;
const MAX_TIMEOUT_MS = 60000;

function codedError(code, message) {
  const e = new Error(message);
  e.code = code;
  return e;
}

export function createRelay({ maxApi, core, timeoutMs = DEFAULTS.timeoutMs, log = () => {} }) {
  // A restarted node.script must never take an answer the v8 side still owes its
  // predecessor for one of its own requests: each process starts at a random id
  // (below 2^30, so ids stay exact integer atoms for 2^30 calls).
  let nextId = 1 + randomInt(2 ** 30);
  let timeout = clamp(timeoutMs);
  const pending = new Map(); // requestId -> { resolve, reject, timer }
  const late = new Set(); // ids that timed out, to tell "late" from "unknown" in logs
  const stats = { sent: 0, answered: 0, timedOut: 0, dropped: 0 };

  function clamp(ms) {
    const n = Number(ms);
    if (!Number.isFinite(n)) return DEFAULTS.timeoutMs;
    return Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, Math.round(n)));
  }

  function settle(id) {
    const p = pending.get(id);
    if (!p) return null;
    pending.delete(id);
    clearTimeout(p.timer);
    return p;
  }

  maxApi.addHandler("mcp_response", (...args) => {
    let decoded;
    try {
      decoded = core.decodeResponse(["mcp_response", ...args]);
    } catch (e) {
      // A damaged response: fail its request loudly if the id is readable.
      const p = typeof args[0] === "number" ? settle(args[0]) : null;
      log(`bridge: damaged response${p ? ` for request ${args[0]}` : ""}: ${e.message}`, "error");
      if (p) p.reject(codedError("INTERNAL", `the Live side sent a damaged response: ${e.message}`));
      return;
    }
    const p = settle(decoded.requestId);
    if (!p) {
      stats.dropped += 1;
      const why = late.delete(decoded.requestId) ? "late (after its timeout)" : "unknown";
      log(`bridge: dropped ${why} response for request ${decoded.requestId}`, "warn");
      return;
    }
    stats.answered += 1;
    p.resolve({ resultJson: decoded.resultJson, warnings: decoded.warnings });
  });

  maxApi.addHandler("mcp_unsupported", (id, reason) => {
    const p = settle(id);
    if (p) p.reject(codedError("UNSUPPORTED", `the Live side cannot run Barline: ${reason}`));
  });

  return {
    call({ tool, args, context }) {
      return new Promise((resolve, reject) => {
        const requestId = nextId++;
        let atoms;
        try {
          atoms = core.frameRequest(requestId, JSON.stringify({ tool, args: args ?? {}, context: context ?? {} }));
        } catch (e) {
          reject(codedError("TOO_LARGE", `request cannot cross the bridge: ${e.message}`));
          return;
        }
        const timer = setTimeout(() => {
          if (!pending.delete(requestId)) return;
          stats.timedOut += 1;
          late.add(requestId);
          if (late.size > 1000) late.delete(late.values().next().value);
          reject(codedError("TIMEOUT", `${tool} did not finish within ${timeout / 1000} s`));
        }, timeout);
        pending.set(requestId, { resolve, reject, timer });
        stats.sent += 1;
        Promise.resolve(maxApi.outlet(...atoms)).catch((e) => {
          const p = settle(requestId);
          if (p) p.reject(codedError("INTERNAL", `could not send to the Live side: ${e && e.message ? e.message : e}`));
        });
      });
    },
    setTimeoutMs(ms) { timeout = clamp(ms); return timeout; },
    pendingCount() { return pending.size; },
    stats() { return { ...stats, pending: pending.size }; },
    /** Fails every pending call (the device is stopping). */
    close() {
      for (const id of [...pending.keys()]) settle(id).reject(codedError("INTERNAL", "the device is stopping"));
    },
  };
}
