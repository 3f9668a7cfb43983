// Builds dist/device/: Barline.amxd (unfrozen) with barline-v8.js and barline-node.mjs
// beside it, frozen/Barline.amxd with both files inside, and "Barline Live Check.amxd"
// (patch/live-check/, frozen). Run after scripts/build-wasm.sh.
import { mkdirSync, writeFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bundleNode, bundleV8, chatFiles, CHAT_PAGE_BUDGET } from "./bundle.mjs";
import { buildChat } from "../www-tests/chat/build.mjs";
import { devicePatcher, NODE_FILE, V8_FILE } from "./device.mjs";
import { readAmxd, writeAmxd } from "./amxd.mjs";
import { LIVE_CHECK_DEVICE, LIVE_CHECK_FILE, liveCheckPatcher, liveCheckScript } from "./live-check/device.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}dist/device`;
mkdirSync(`${out}/frozen`, { recursive: true });

const enc = new TextEncoder();
const v8 = enc.encode(await bundleV8());
await buildChat();
const chat = chatFiles();
const pageBytes = ["index.html", "app.js", "style.css"].reduce((n, f) => n + Buffer.byteLength(chat[f]), 0);
if (pageBytes > CHAT_PAGE_BUDGET) throw new Error(`the chat page is ${pageBytes} bytes, over its ${CHAT_PAGE_BUDGET}-byte budget`);
const node = enc.encode(await bundleNode({ chat }));
const patcher = devicePatcher();
writeFileSync(`${out}/${V8_FILE}`, v8);
writeFileSync(`${out}/${NODE_FILE}`, node);
const unfrozen = writeAmxd({ patcher, type: "mmmm" });
const frozen = writeAmxd({
  patcher, type: "mmmm", frozen: true, deviceName: "Barline.amxd", mtime: Math.floor(Date.now() / 1000),
  files: [
    { name: V8_FILE, bytes: v8, type: "TEXT", flag: 0 },
    { name: NODE_FILE, bytes: node, type: "TEXT", flag: 8 },
  ],
});
writeFileSync(`${out}/Barline.amxd`, unfrozen);
writeFileSync(`${out}/frozen/Barline.amxd`, frozen);
// The Live Check device (docs/live-check.md): one frozen file holding its script.
const check = writeAmxd({
  patcher: liveCheckPatcher(), type: "mmmm", frozen: true, deviceName: LIVE_CHECK_DEVICE, mtime: Math.floor(Date.now() / 1000),
  files: [{ name: LIVE_CHECK_FILE, bytes: enc.encode(liveCheckScript()), type: "TEXT", flag: 0 }],
});
writeFileSync(`${out}/${LIVE_CHECK_DEVICE}`, check);
// Read them back: a build that our own reader rejects is not a build.
readAmxd(unfrozen);
readAmxd(frozen);
readAmxd(check);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const wasmSize = statSync(`${root}dist/pkg/v8/barline_core_bg.wasm`).size;
console.log(`wasm                     ${kb(wasmSize)}`);
console.log(`${V8_FILE.padEnd(24)} ${kb(v8.length)}${v8.length < 1024 * 1024 ? "" : "  (over the 1 MB aim)"}`);
console.log(`${NODE_FILE.padEnd(24)} ${kb(node.length)}`);
console.log(`chat page (html+js+css)  ${kb(pageBytes)} (+ core.js ${kb(Buffer.byteLength(chat["core.js"]))})`);
console.log(`Barline.amxd             ${kb(unfrozen.length)} (unfrozen)`);
console.log(`frozen/Barline.amxd      ${kb(frozen.length)} (frozen)`);
console.log(`${LIVE_CHECK_DEVICE.padEnd(24)} ${kb(check.length)} (frozen)`);
