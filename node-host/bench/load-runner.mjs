// Concurrent MCP clients over HTTP on loopback (node-host's shared MCP client), each
// with its own session, making tool calls and checking every answer belongs to its
// request. Used by the load benchmark
// and by a smaller correctness test.

import { createMcpClient } from "../src/mcp-client.mjs";
import { loadCore } from "../src/core.mjs";

const core = loadCore();

/** A session through the shared MCP client, with the names of the tools it lists. */
async function openSession(url, name) {
  const client = createMcpClient(url, { clientName: name, core });
  const { ok, answer } = await client.open();
  if (!ok) throw new Error(`initialize failed: ${answer.status} ${answer.text}`);
  const { tools } = await client.listTools();
  return { client, tools: tools.map((t) => t.name) };
}

/**
 * Runs `total` tool calls spread over `clients` concurrent sessions. With the
 * diagnostic echo tool available every call carries a unique payload that must come
 * back; otherwise barline-connect is called and ids are checked.
 * Returns `{ calls, lost, mismatched, failed, ms, perSecond }`.
 */
export async function runLoad(url, { clients = 16, total = 2000 } = {}) {
  const sessions = await Promise.all(Array.from({ length: clients }, (_, i) => openSession(url, `load-${i}`)));
  const echo = sessions[0].tools.includes("barline-debug-echo");
  let next = 0;
  const stats = { calls: 0, lost: 0, mismatched: 0, failed: 0, errors: [] };
  const t0 = performance.now();
  await Promise.all(
    sessions.map(async (session, c) => {
      for (;;) {
        const n = next++;
        if (n >= total) return;
        const id = 1000 + n;
        const marker = `client${c}-call${n}`;
        const params = echo ? { name: "barline-debug-echo", arguments: { text: marker } } : { name: "barline-connect", arguments: {} };
        let r;
        try {
          r = await session.client.post(core.rpcRequest(id, "tools/call", params));
        } catch (e) {
          stats.lost++;
          stats.errors.push(String(e?.message ?? e));
          continue;
        }
        stats.calls++;
        const [reply] = r.status === 200 ? r.messages() : [];
        if (!reply) {
          stats.lost++;
          stats.errors.push(`HTTP ${r.status}`);
        } else if (reply.id !== id) {
          stats.mismatched++;
        } else if (reply.result?.isError) {
          stats.failed++;
          stats.errors.push(reply.result.content?.[0]?.text);
        } else if (echo && !JSON.stringify(reply.result).includes(marker)) {
          stats.mismatched++;
        }
      }
    }),
  );
  const ms = performance.now() - t0;
  return { ...stats, echo, ms, perSecond: (stats.calls / ms) * 1000, errors: stats.errors.slice(0, 5) };
}
