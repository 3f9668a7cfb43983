// Concurrent MCP clients over HTTP on loopback, each with its own session, making tool
// calls and checking every answer belongs to its request. Used by the load benchmark
// and by a smaller correctness test.

async function rpc(url, session, body) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (session) {
    headers["mcp-session-id"] = session.id;
    headers["mcp-protocol-version"] = session.version;
  }
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, sid: res.headers.get("mcp-session-id"), body: text ? JSON.parse(text) : null };
}

async function openSession(url, name) {
  const init = await rpc(url, null, { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name, version: "1" } } });
  if (init.status !== 200) throw new Error(`initialize failed: ${init.status} ${JSON.stringify(init.body)}`);
  const session = { id: init.sid, version: init.body.result.protocolVersion };
  await rpc(url, session, { jsonrpc: "2.0", method: "notifications/initialized" });
  const list = await rpc(url, session, { jsonrpc: "2.0", id: 1, method: "tools/list" });
  session.tools = list.body.result.tools.map((t) => t.name);
  return session;
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
          r = await rpc(url, session, { jsonrpc: "2.0", id, method: "tools/call", params });
        } catch (e) {
          stats.lost++;
          stats.errors.push(String(e?.message ?? e));
          continue;
        }
        stats.calls++;
        if (r.status !== 200 || !r.body) {
          stats.lost++;
          stats.errors.push(`HTTP ${r.status}`);
        } else if (r.body.id !== id) {
          stats.mismatched++;
        } else if (r.body.result?.isError) {
          stats.failed++;
          stats.errors.push(r.body.result.content?.[0]?.text);
        } else if (echo && !JSON.stringify(r.body.result).includes(marker)) {
          stats.mismatched++;
        }
      }
    }),
  );
  const ms = performance.now() - t0;
  return { ...stats, echo, ms, perSecond: (stats.calls / ms) * 1000, errors: stats.errors.slice(0, 5) };
}
