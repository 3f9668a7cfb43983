// Relays tool calls to the v8 object and back: frames through core, sends with
// max-api's outlet, matches responses by request id, enforces each call's time limit
// (the `timeoutMs` core puts in the call's context), drops late or unknown responses
// (logged). Failures reject with a TransitError whose kind and detail core turns into
// the client's error (bridge::Transit); framing, envelope and texts are core's.
import { randomInt } from "node:crypto";
import { DEFAULTS } from "./max-settings.mjs";

/** A call that failed between node.script and v8: `kind` as core's `Transit` reads it. */
export class TransitError extends Error {
  constructor(kind, detail) {
    super(`${kind}: ${detail}`);
    this.kind = kind;
    this.detail = String(detail);
  }
}

/** Handles one `mcp_response`: resolves its call, or logs why the answer was dropped. */
function receive(args, { core, settle, late, stats, log }) {
  let decoded;
  try {
    decoded = core.decodeResponse(["mcp_response", ...args]);
  } catch (e) {
    // A damaged response: fail its request loudly if the id is readable.
    const p = typeof args[0] === "number" ? settle(args[0]) : null;
    log(`bridge: damaged response${p ? ` for request ${args[0]}` : ""}: ${e.message}`, "error");
    if (p) p.reject(new TransitError("damaged", e.message));
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
}

export function createRelay({ maxApi, core, log = () => {} }) {
  // A restarted node.script must never take an answer the v8 side still owes its
  // predecessor for one of its own requests: each process starts at a random id
  // (below 2^30, so ids stay exact integer atoms for 2^30 calls).
  let nextId = 1 + randomInt(2 ** 30);
  const pending = new Map(); // requestId -> { resolve, reject, timer, callId }
  const byCall = new Map(); // core's callId -> requestId, while the call is pending
  const late = new Set(); // ids that timed out, to tell "late" from "unknown" in logs
  const stats = { sent: 0, answered: 0, timedOut: 0, dropped: 0 };

  function settle(id) {
    const p = pending.get(id);
    if (!p) return null;
    pending.delete(id);
    byCall.delete(p.callId);
    clearTimeout(p.timer);
    return p;
  }

  maxApi.addHandler("mcp_response", (...args) => receive(args, { core, settle, late, stats, log }));

  maxApi.addHandler("mcp_unsupported", (id, reason) => {
    const p = settle(id);
    if (p) p.reject(new TransitError("unsupported", reason));
  });

  return {
    /** Relays one call; `callId` (core's) lets `cancel` find it. */
    call({ callId, tool, args, context }) {
      return new Promise((resolve, reject) => {
        const requestId = nextId++;
        let atoms;
        try {
          atoms = core.frameCall(requestId, tool, args ?? {}, context ?? {});
        } catch (e) {
          reject(new TransitError("unframeable", e.message));
          return;
        }
        const limit = Number.isFinite(context?.timeoutMs) ? context.timeoutMs : DEFAULTS.timeoutMs;
        const timer = setTimeout(() => {
          if (!pending.delete(requestId)) return;
          byCall.delete(callId);
          stats.timedOut += 1;
          late.add(requestId);
          if (late.size > 1000) late.delete(late.values().next().value);
          reject(new TransitError("timeout", limit));
        }, limit);
        pending.set(requestId, { resolve, reject, timer, callId });
        if (callId !== undefined) byCall.set(callId, requestId);
        stats.sent += 1;
        Promise.resolve(maxApi.outlet(...atoms)).catch((e) => {
          const p = settle(requestId);
          if (p) p.reject(new TransitError("sendFailed", e?.message ?? e));
        });
      });
    },
    /**
     * The client cancelled core's call `callId`: v8 drops it if it still waits behind
     * another call (its answer says so) and lets a started one finish. False when the
     * call is no longer pending.
     */
    cancel(callId) {
      const requestId = byCall.get(callId);
      if (requestId === undefined) return false;
      Promise.resolve(maxApi.outlet("mcp_cancel", requestId)).catch((e) => log(`bridge: mcp_cancel ${requestId} failed: ${e?.message ?? e}`, "warn"));
      return true;
    },
    pendingCount() { return pending.size; },
    stats() { return { ...stats, pending: pending.size }; },
    /** Fails every pending call (the device is stopping). */
    close() {
      for (const id of [...pending.keys()]) settle(id).reject(new TransitError("stopping", ""));
    },
  };
}
