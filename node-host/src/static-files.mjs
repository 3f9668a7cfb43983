// Serves one folder of static files under a URL prefix (the demo's `/playground`).
// Only GET and HEAD; never leaves the folder; nothing is cached in memory.
import { createReadStream, statSync } from "node:fs";
import path from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The files in `dir` at `prefix` (e.g. "/playground"): `handles(req)` tells whether the
 * URL is under `prefix`, `serve(req, res)` answers it. Admission (Host, Origin) is the
 * caller's, decided by core like for /mcp.
 */
export function staticFiles(prefix, dir) {
  const root = path.resolve(dir);
  const pathname = (req) => new URL(req.url, "http://localhost").pathname;
  const handles = (req) => {
    const p = pathname(req);
    return p === prefix || p.startsWith(`${prefix}/`);
  };
  const serve = (req, res) => {
    const url = { pathname: pathname(req) };
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    // Relative URLs in the page need the trailing slash.
    if (url.pathname === prefix) {
      res.writeHead(301, { location: `${prefix}/` }).end();
      return;
    }
    let relative;
    try {
      relative = decodeURIComponent(url.pathname.slice(prefix.length + 1)) || "index.html";
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.resolve(root, relative);
    let stat = null;
    try {
      if (file.startsWith(root + path.sep)) stat = statSync(file);
    } catch {}
    if (!stat?.isFile()) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "content-length": stat.size,
      "x-content-type-options": "nosniff",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  };
  return { handles, serve };
}
