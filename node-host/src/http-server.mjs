// PLACEHOLDER owned by the MCP helper (M): the real server (NodeCore-based MCP over
// HTTP) replaces this file at merge. This minimal version only lets the device runtime
// be tested end to end: JSON-RPC initialize / tools/list / tools/call on POST /mcp.
import { createServer } from "node:http";

export async function startHttpServer({ core, relay, settings, log }) {
  const tools = settings.diagnostics ? JSON.parse(core.diagnosticToolDefinitions()) : [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      if (req.method !== "POST" || !req.url.startsWith("/mcp")) { res.writeHead(404).end(); return; }
      let msg;
      try { msg = JSON.parse(Buffer.concat(chunks).toString("utf8")); } catch {
        res.writeHead(400).end(); return;
      }
      if (msg.id === undefined) { res.writeHead(202).end(); return; }
      const reply = (result) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: msg.id, result }));
      };
      if (msg.method === "initialize") {
        reply({ protocolVersion: msg.params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} },
          serverInfo: { name: "barline", version: "0.1.0" } });
      } else if (msg.method === "tools/list") reply({ tools });
      else if (msg.method === "tools/call") {
        try {
          const { resultJson, warnings } = await relay.call({ tool: msg.params.name, args: msg.params.arguments ?? {},
            context: { timeoutMs: relay.timeoutMs() } });
          const result = JSON.parse(resultJson);
          result.content = [...(result.content ?? []), ...warnings.map((w) => ({ type: "text", text: `WARNING: ${w}` }))];
          if (warnings.length) result._meta = { ...(result._meta ?? {}), "barline/warnings": warnings };
          reply(result);
        } catch (e) {
          reply({ isError: true, content: [{ type: "text", text: `Error [${e.code ?? "INTERNAL"}] in ${msg.params.name}: ${e.message}` }],
            _meta: { "barline/error": { code: e.code ?? "INTERNAL", message: e.message } } });
        }
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } }));
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, resolve);
  });
  const { port } = server.address();
  const url = `http://${settings.host}:${port}/mcp`;
  log(`placeholder MCP server on ${url}`);
  return { port, host: settings.host, url, close: () => new Promise((r) => server.close(() => r())) };
}
