// The stdio bridge: for MCP clients that only speak stdio. Each newline-delimited
// JSON-RPC message from the client is POSTed to the device's HTTP endpoint (through the
// shared MCP client) and the answers written back, one per line. When the device is not
// running, core's OfflineCore answers initialize, tools/list, prompts and static
// resources, and tool calls get core's "the device is not running" error.
import { randomBytes } from "node:crypto";
import { createMcpClient } from "./mcp-client.mjs";

/**
 * Creates a bridge. `write(text)` receives one JSON-RPC message per call (no newline).
 * Returns `{ handleLine(line) → Promise, idle() → Promise }`.
 */
export function createStdioBridge({ url, token = null, core, write, log = () => {} }) {
  const client = createMcpClient(url, { token, core });
  let initText = null; // the client's own initialize, replayed after a device restart
  let connected = false;
  let offline = null;
  let ready = Promise.resolve();
  const inflight = new Set();

  const offlineCore = () => (offline ??= new core.OfflineCore(url, randomBytes(16).toString("hex"), initText ?? undefined));

  async function forward(text, message) {
    try {
      if (message.method === "initialize") {
        initText = text;
        offline = null;
        const { ok, answer } = await client.open(text);
        connected = ok;
        return answer.messages().map((m) => withId(m, message.id));
      }
      if (!connected && initText) {
        const { ok, answer } = await client.open(initText);
        connected = ok;
        if (!ok) return answer.messages().map((m) => withId(m, message.id));
      }
      let answer = await client.post(text);
      if (answer.status === 404 && initText) {
        // The device restarted and forgot our session: open a new one and retry once.
        connected = (await client.open(initText)).ok;
        answer = await client.post(text);
      }
      return answer.messages().map((m) => withId(m, message.id));
    } catch (e) {
      if (isConnectionError(e)) {
        connected = false;
        return offlineCore().answer(text).map((t) => JSON.parse(t));
      }
      throw e;
    }
  }

  async function handleLine(line) {
    const text = line.trim();
    if (!text) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch (e) {
      write(core.rpcParseError(e.message));
      return;
    }
    const run = async () => {
      try {
        for (const m of await forward(text, message)) write(JSON.stringify(m));
      } catch (e) {
        log(`bridge error: ${e?.stack ?? e}`);
        if (message?.id !== undefined) write(core.rpcBridgeFailure(message.id, String(e?.message ?? e)));
      }
    };
    // initialize runs alone; everything after it waits for it, then runs concurrently.
    const p = message?.method === "initialize" ? (ready = ready.then(run)) : ready.then(run);
    inflight.add(p);
    p.finally(() => inflight.delete(p));
    return p;
  }

  return { handleLine, idle: () => Promise.all([...inflight]) };
}

/** An HTTP-level refusal carries id null; the stdio client needs its request's id. */
function withId(m, id) {
  if (m && m.id === null && id !== undefined && m.error) return { ...m, id };
  return m;
}

function isConnectionError(e) {
  const code = e?.cause?.code ?? e?.code;
  return ["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "ECONNABORTED"].includes(code);
}
