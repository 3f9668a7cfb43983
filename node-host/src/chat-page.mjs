// Serves the chat page at /chat/ from memory: index.html, app.js, style.css (built by
// www-tests/chat/build.mjs into dist/chat, embedded in the device bundle as
// BARLINE_CHAT_FILES), the wasm-bindgen web glue as core.js and the very wasm bytes
// node-host runs as core.wasm, so the device grows only by the page's own files.
// Admission and headers are core's (NodeCore.admitPage, NodeCore.chatHeaders).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { wasmBytes } from "./core.mjs";

const TYPES = {
  "index.html": "text/html; charset=utf-8",
  "app.js": "text/javascript; charset=utf-8",
  "style.css": "text/css; charset=utf-8",
  "core.js": "text/javascript; charset=utf-8",
  "core.wasm": "application/wasm",
};

function sourceFiles() {
  // eslint-disable-next-line no-undef
  if (typeof BARLINE_CHAT_FILES === "object") return BARLINE_CHAT_FILES; // replaced at bundle time
  const read = (rel) => readFileSync(new URL(`../../${rel}`, import.meta.url), "utf8");
  try {
    return {
      "index.html": read("dist/chat/index.html"),
      "app.js": read("dist/chat/app.js"),
      "style.css": read("dist/chat/style.css"),
      "core.js": read("dist/pkg/web/barline_core.js"),
    };
  } catch {
    return null; // not built: /chat/ answers 404 with how to build it
  }
}

/** The chat page: `handles(req)` for /chat and /chat/…, `serve(req, res, headersFor)`. */
export function chatPage() {
  const texts = sourceFiles();
  const files = new Map();
  if (texts) {
    for (const [name, text] of Object.entries(texts)) files.set(name, Buffer.from(text, "utf8"));
    files.set("core.wasm", wasmBytes());
  }
  const hash = createHash("sha256");
  for (const [name, bytes] of files) hash.update(name).update(bytes);
  const etag = hash.digest("hex").slice(0, 16);
  const pathname = (req) => new URL(req.url, "http://localhost").pathname;
  return {
    handles: (req) => {
      const p = pathname(req);
      return p === "/chat" || p.startsWith("/chat/");
    },
    /** `headers(etag)` gives core's header set for every /chat/ response. */
    serve(req, res, headers) {
      const p = pathname(req);
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { allow: "GET, HEAD" }).end();
        return;
      }
      if (p === "/chat") {
        res.writeHead(301, { location: "/chat/" }).end();
        return;
      }
      const name = p === "/chat/" ? "index.html" : p.slice("/chat/".length);
      const bytes = files.get(name);
      if (!bytes) {
        const why = texts ? "not found\n" : "the chat page is not built: run `make device` (or node www-tests/chat/build.mjs)\n";
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end(why);
        return;
      }
      const h = { ...headers(etag), "content-type": TYPES[name], "content-length": bytes.length };
      if (req.headers["if-none-match"] === h.etag) {
        res.writeHead(304, headers(etag)).end();
        return;
      }
      res.writeHead(200, h);
      res.end(req.method === "HEAD" ? undefined : bytes);
    },
  };
}
