// A minimal static file server for dist/playground, used by the browser tests and
// handy by hand: `node www-tests/serve.mjs [port]` serves it at /playground/.
// (The demo server serves the same folder at /playground; this is not that server.)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

export const SITE = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'playground');

/** Serves `dir` under `/playground/` on 127.0.0.1; resolves to `{server, url}`. */
export function startServer(dir = SITE, port = 0) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/' || path === '/playground') {
      res.writeHead(302, { location: '/playground/' }).end();
      return;
    }
    if (!path.startsWith('/playground/')) {
      res.writeHead(404).end('not found');
      return;
    }
    let rel = normalize(path.slice('/playground/'.length));
    if (rel === '.' || rel.endsWith('/')) rel = join(rel, 'index.html');
    if (rel.startsWith('..')) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(join(dir, rel));
      res.writeHead(200, { 'content-type': TYPES[extname(rel)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((ok) => {
    server.listen(port, '127.0.0.1', () => {
      ok({ server, url: `http://127.0.0.1:${server.address().port}/playground/` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startServer(SITE, Number(process.argv[2] ?? 8350));
  console.log(`playground at ${url}`);
}
