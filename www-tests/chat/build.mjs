// Builds dist/chat/: the chat page's index.html and style.css as they are, and app.js
// bundled from src/ with esbuild (a build-time tool; the page has no runtime
// dependency). `./core.js` stays an import: node-host serves the wasm-bindgen web glue
// there and the wasm bytes it already embeds at ./core.wasm.
//
//   node www-tests/chat/build.mjs     (`make device` and `make playground` run it)
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, '..', '..', 'dist', 'chat');

/** Writes dist/chat and returns its folder. */
export async function buildChat() {
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(here, 'src', 'app.js')], bundle: true, format: 'esm', target: 'es2022',
    external: ['./core.js'], outfile: join(out, 'app.js'), legalComments: 'none', minifySyntax: true, logLevel: 'warning',
  });
  for (const f of ['index.html', 'style.css']) copyFileSync(join(here, f), join(out, f));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await buildChat();
  console.log(`chat page in ${dir}`);
}
