// A scripted model provider for the chat page's tests: plain node:http on a random
// loopback port, no dependencies. One provider-neutral script (a list of rounds, each a
// list of events) is served in all three wire formats: OpenAI-compatible chat
// completions (/v1/chat/completions, /v1/models), Anthropic Messages
// (/anthropic/v1/messages) and Gemini (/gemini/v1beta/models/<m>:streamGenerateContent).
//
// Round: { events: [{text}|{thinking}|{call: {name, arguments, id?, fragments? (a count, or the pieces), signature?}}|{usage: {input, output}}],
//          status?, headers?, body?            (an HTTP error answer instead of a stream)
//          delayMs?, stallAfter?, dropAfterBytes?, malformed?, splitBytes?,
//          whole? (OpenAI format: one JSON answer instead of a stream),
//          expect?(request) → null | "reason" (a failed check answers 418 with the reason) }
import http from "node:http";

const sse = (obj, event) => `${event ? `event: ${event}\n` : ""}data: ${typeof obj === "string" ? obj : JSON.stringify(obj)}\n\n`;
const argsText = (a) => (typeof a === "string" ? a : JSON.stringify(a ?? {}));

/** Splits text into `n` pieces of about equal length (by UTF-16 units). */
function pieces(text, n = 1) {
  const out = [];
  const size = Math.max(1, Math.ceil(text.length / n));
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [""];
}

/** A call's argument text in pieces: the script's own list, or `fragments` equal pieces. */
const fragmentsOf = (call) => (Array.isArray(call.fragments) ? call.fragments : pieces(argsText(call.arguments), call.fragments ?? 1));

function openaiStream(round, n) {
  const out = [];
  let index = 0;
  for (const e of round.events) {
    if (e.text !== undefined) out.push(sse({ choices: [{ index: 0, delta: { content: e.text } }] }));
    if (e.thinking !== undefined) out.push(sse({ choices: [{ index: 0, delta: { reasoning_content: e.thinking } }] }));
    if (e.call) {
      const id = e.call.id ?? `call_${n}_${index}`;
      out.push(sse({ choices: [{ index: 0, delta: { tool_calls: [{ index, id, type: "function", function: { name: e.call.name, arguments: "" } }] } }] }));
      for (const p of fragmentsOf(e.call)) {
        out.push(sse({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: p } }] } }] }));
      }
      index += 1;
    }
    if (e.usage) out.push(sse({ choices: [], usage: { prompt_tokens: e.usage.input, completion_tokens: e.usage.output } }));
  }
  out.push(sse({ choices: [{ index: 0, delta: {}, finish_reason: index ? "tool_calls" : "stop" }] }));
  out.push(sse("[DONE]"));
  return out;
}

function anthropicStream(round, n) {
  const out = [sse({ type: "message_start", message: { usage: { input_tokens: 10 } } }, "message_start")];
  round.events.forEach((e, i) => {
    const ev = (obj) => out.push(sse(obj, obj.type));
    if (e.text !== undefined) {
      ev({ type: "content_block_start", index: i, content_block: { type: "text", text: "" } });
      ev({ type: "content_block_delta", index: i, delta: { type: "text_delta", text: e.text } });
      ev({ type: "content_block_stop", index: i });
    }
    if (e.thinking !== undefined) {
      ev({ type: "content_block_start", index: i, content_block: { type: "thinking", thinking: "" } });
      ev({ type: "content_block_delta", index: i, delta: { type: "thinking_delta", thinking: e.thinking } });
      ev({ type: "content_block_delta", index: i, delta: { type: "signature_delta", signature: e.signature ?? `sig-${n}-${i}` } });
      ev({ type: "content_block_stop", index: i });
    }
    if (e.call) {
      ev({ type: "content_block_start", index: i, content_block: { type: "tool_use", id: e.call.id ?? `toolu_${n}_${i}`, name: e.call.name, input: {} } });
      for (const p of fragmentsOf(e.call)) ev({ type: "content_block_delta", index: i, delta: { type: "input_json_delta", partial_json: p } });
      ev({ type: "content_block_stop", index: i });
    }
  });
  out.push(sse({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 5 } }, "message_delta"));
  out.push(sse({ type: "message_stop" }, "message_stop"));
  return out;
}

function geminiStream(round, n) {
  const out = [];
  round.events.forEach((e, i) => {
    if (e.text !== undefined) out.push(sse({ candidates: [{ content: { role: "model", parts: [{ text: e.text }] } }] }));
    if (e.thinking !== undefined) out.push(sse({ candidates: [{ content: { role: "model", parts: [{ text: e.thinking, thought: true }] } }] }));
    if (e.call) {
      const part = { functionCall: { name: e.call.name, args: typeof e.call.arguments === "string" ? JSON.parse(e.call.arguments) : e.call.arguments ?? {} } };
      part.thoughtSignature = e.call.signature ?? `c2lnLSR7bn0tJHtpfQ==${n}${i}`;
      out.push(sse({ candidates: [{ content: { role: "model", parts: [part] } }] }));
    }
  });
  out.push(sse({ candidates: [{ content: { role: "model", parts: [] }, finishReason: "STOP" }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5 } }));
  return out;
}

/** An OpenAI-compatible answer in one JSON object, as a server that ignores `stream` sends. */
function wholeAnswer(round, n) {
  const text = round.events.filter((e) => e.text !== undefined).map((e) => e.text).join("");
  const calls = round.events.filter((e) => e.call).map((e, i) => ({
    id: e.call.id ?? `call_${n}_${i}`, type: "function", function: { name: e.call.name, arguments: argsText(e.call.arguments) },
  }));
  const message = { role: "assistant", content: text || null, ...(calls.length ? { tool_calls: calls } : {}) };
  return { choices: [{ index: 0, message, finish_reason: calls.length ? "tool_calls" : "stop" }] };
}

function formatOf(path) {
  if (path.startsWith("/anthropic/")) return "anthropic";
  if (path.startsWith("/gemini/")) return "gemini";
  return "openai";
}

/**
 * Starts the fake provider with `script` ({rounds, models, cors = true}; a model is a
 * name or an object such as {id, context_length}); resolves
 * `{port, base(format), requests, setScript(s), close()}`. `requests` records
 * {method, path, headers, body, closedEarly} for every request.
 */
export async function startFakeProvider(script) {
  let current = script;
  let next = 0;
  const requests = [];
  const cors = (res) => {
    if (current.cors === false) return;
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-allow-headers", "*");
    res.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
    res.setHeader("access-control-expose-headers", "retry-after");
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const rec = { method: req.method, path: req.url, headers: req.headers, body, closedEarly: false };
      requests.push(rec);
      res.on("close", () => { if (!res.writableFinished) rec.closedEarly = true; });
      cors(res);
      if (req.method === "OPTIONS") return res.writeHead(204).end();
      if (req.method === "GET" && req.url.endsWith("/models")) {
        const models = current.models ?? ["fake-model"];
        return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: models.map((m) => (typeof m === "string" ? { id: m, object: "model" } : { object: "model", ...m })) }));
      }
      const round = current.rounds[next];
      const n = next;
      next += 1;
      if (!round) return res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"the script has no more rounds"}}');
      const problem = round.expect?.(JSON.parse(body), rec);
      if (problem) return res.writeHead(418, { "content-type": "text/plain" }).end(`expect failed in round ${n + 1}: ${problem}`);
      if (round.status) return res.writeHead(round.status, { "content-type": "application/json", ...round.headers }).end(round.body ?? "{}");
      const format = formatOf(req.url);
      if (round.whole && format === "openai") return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(wholeAnswer(round, n)));
      const events = (format === "anthropic" ? anthropicStream : format === "gemini" ? geminiStream : openaiStream)(round, n);
      if (round.malformed) events.splice(1, 0, "data: {not json\n\n");
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      stream(res, events, round);
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  const bases = { openai: `http://127.0.0.1:${port}/v1`, anthropic: `http://127.0.0.1:${port}/anthropic/v1`, gemini: `http://127.0.0.1:${port}/gemini/v1beta` };
  return {
    port, requests,
    base: (format = "openai") => bases[format],
    /** Replaces the script and starts again at its first round. */
    setScript(s) { current = s; next = 0; },
    /** Requests that asked a model for an answer (not model lists or preflights). */
    modelRequests: () => requests.filter((r) => r.method === "POST"),
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
  };
}

async function stream(res, events, round) {
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  let bytes = Buffer.from(events.join(""), "utf8");
  if (round.dropAfterBytes !== undefined) bytes = bytes.subarray(0, round.dropAfterBytes);
  const chunks = [];
  if (round.splitBytes) for (let i = 0; i < bytes.length; i += round.splitBytes) chunks.push(bytes.subarray(i, i + round.splitBytes));
  else {
    let at = 0;
    for (const e of events) {
      const len = Buffer.byteLength(e);
      if (at >= bytes.length) break;
      chunks.push(bytes.subarray(at, Math.min(bytes.length, at + len)));
      at += len;
    }
  }
  for (let i = 0; i < chunks.length; i += 1) {
    if (res.destroyed) return;
    if (round.stallAfter !== undefined && i === round.stallAfter) return; // never finishes
    res.write(chunks[i]);
    if (round.delayMs) await wait(round.delayMs);
  }
  // The bytes reach the browser before the cut, so it sees a body that breaks off, not
  // a connection reset it would silently retry.
  if (round.dropAfterBytes !== undefined) await new Promise((r) => res.write("", r)).then(() => wait(50)).then(() => res.destroy());
  else res.end();
}
