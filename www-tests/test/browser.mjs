// Shared set-up for the browser tests: the static server, Debian's headless Chromium
// through playwright-core (never a downloaded browser), console-error capture and the
// screenshot folder.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { startServer, SITE } from '../serve.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHOTS = join(ROOT, 'test-output', 'playground');
const CHROMIUM = '/usr/bin/chromium';

/** Builds dist/playground when it is missing (it needs dist/pkg/web from `make wasm`). */
function ensureSite() {
  if (!existsSync(join(SITE, 'index.html'))) {
    execFileSync('node', [join(ROOT, 'www-tests', 'build.mjs')], { stdio: 'inherit' });
  }
}

/** Starts server and browser; returns helpers and a `close()` for `after()`. */
export async function launch() {
  ensureSite();
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: apt-get install -y chromium chromium-driver`);
  }
  mkdirSync(SHOTS, { recursive: true });
  console.log(`# screenshots in ${SHOTS}`);
  const { server, url } = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
  return {
    url,
    /** A fresh page on the playground, ready, with console errors collected in `errors`. */
    async open() {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
      await page.goto(url);
      await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
      return { page, errors, context };
    },
    shot: (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true }),
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** Notes drawn in the roll, as plain numbers, sorted by start then pitch. */
export function drawnNotes(page) {
  return page.$$eval('#grid rect.note', (rects) => rects
    .map((r) => ({
      pitch: +r.dataset.pitch, start: +r.dataset.start, duration: +r.dataset.duration,
      velocity: +r.dataset.velocity, x: +r.getAttribute('x'), y: +r.getAttribute('y'),
      width: +r.getAttribute('width'),
    }))
    .sort((a, b) => a.start - b.start || a.pitch - b.pitch));
}
