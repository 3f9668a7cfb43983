// Draws the device's presentation view from the generated patcher: every presentation box
// at its presentation_rect, in the look of a Live device (title bar, dark panel, Live's
// orange for switched-on toggles), with the values a running device shows. Writes
// docs/device.svg and, when Chromium is installed (scripts/bootstrap.sh installs it for
// the browser tests), docs/device.png. `make device` runs it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { deflateSync, inflateSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEVICE_HEIGHT, devicePatcher } from "./device.mjs";
import { pngChunk } from "./png.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const TITLE = 20; // Live's device title bar above the presentation area
const SCALE = 2; // the PNG is drawn at twice the size, as on a high-density screen

/** What a running device shows (the generated patch holds the values of a stopped one). */
export const RUNNING = {
  status: "running",
  url: "http://127.0.0.1:3350/mcp",
  "live-status": "ready",
};

const C = {
  panel: "#3e3e3e", title: "#2c2c2c", text: "#d6d6d6", dim: "#9a9a9a", field: "#232323", border: "#5c5c5c",
  accent: "#ffa632", button: "#585858", edge: "#707070",
};

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Splits text into at most `lines` lines of about `width` pixels (Arial Bold 10: ~5.6 px a character). */
function wrap(text, width, lines) {
  const per = Math.max(1, Math.floor(width / 5.6));
  const out = [];
  let rest = String(text);
  while (rest.length && out.length < lines) {
    if (rest.length <= per || out.length === lines - 1) { out.push(rest); break; }
    let cut = rest.lastIndexOf(" ", per);
    if (cut <= 0) cut = per;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  return out;
}

function textLines(lines, x, y, { color = C.text, size = 10, weight = "bold", anchor = "start" } = {}) {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * (size + 3)}" fill="${color}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}">${esc(l)}</text>`).join("");
}

function drawBox(b, state, i) {
  const [x, y, w, h] = b.presentation_rect;
  const Y = y + TITLE;
  const value = state[b.varname];
  const valueof = b.saved_attribute_attributes?.valueof ?? {};
  const clip = `c${i}`;
  let body = "";
  switch (b.maxclass) {
    case "live.comment": {
      const text = value ?? b.text ?? "";
      const size = b.fontsize ?? 10;
      const lines = wrap(text, w, Math.max(1, Math.floor((h + 2) / (size + 3))));
      const color = b.fontface === 1 ? "#f0f0f0" : size < 10 ? C.dim : C.text;
      // Max's textjustification: 0 left, 1 centred, 2 right.
      const [tx, anchor] = [[x + 1, "start"], [x + w / 2, "middle"], [x + w - 1, "end"]][b.textjustification ?? 0] ?? [x + 1, "start"];
      body = textLines(lines, tx, Y + size + 1, { color, size, weight: size < 10 ? "normal" : "bold", anchor });
      break;
    }
    case "live.toggle": {
      const on = (value ?? valueof.parameter_initial?.[0] ?? 0) !== 0;
      body = `<rect x="${x + 0.5}" y="${Y + 0.5}" width="${w - 1}" height="${h - 1}" rx="2" fill="${on ? C.accent : C.field}" stroke="${C.edge}"/>`;
      break;
    }
    case "live.numbox": {
      const v = value ?? valueof.parameter_initial?.[0] ?? 0;
      body = `<rect x="${x + 0.5}" y="${Y + 0.5}" width="${w - 1}" height="${h - 1}" rx="2" fill="${C.field}" stroke="${C.border}"/>`
        + textLines([String(Math.round(v))], x + w / 2, Y + h - 4, { anchor: "middle" });
      break;
    }
    case "textedit": {
      const text = value ?? b.text ?? "";
      const lines = wrap(text, w - 6, Math.max(1, Math.floor((h - 4) / 13)));
      body = `<rect x="${x + 0.5}" y="${Y + 0.5}" width="${w - 1}" height="${h - 1}" fill="${C.field}" stroke="${C.border}"/>`
        + textLines(lines, x + 4, Y + 12, { color: b.readonly ? C.text : "#ffffff", weight: "normal" });
      break;
    }
    case "live.drop":
      body = `<rect x="${x + 0.5}" y="${Y + 0.5}" width="${w - 1}" height="${h - 1}" rx="2" fill="${C.field}" stroke="${C.edge}" stroke-dasharray="3 2"/>`
        + textLines([b.legend ?? "Drop"], x + w / 2, Y + h / 2 + 4, { color: C.dim, anchor: "middle" });
      break;
    case "live.text":
      body = `<rect x="${x + 0.5}" y="${Y + 0.5}" width="${w - 1}" height="${h - 1}" rx="2" fill="${C.button}" stroke="${C.edge}"/>`
        + textLines([b.text ?? ""], x + w / 2, Y + h / 2 + 4, { anchor: "middle" });
      break;
    default:
      body = `<rect x="${x}" y="${Y}" width="${w}" height="${h}" fill="none" stroke="#ff00ff"/>`
        + textLines([b.maxclass], x + 2, Y + 11, { color: "#ff00ff" });
  }
  return `<clipPath id="${clip}"><rect x="${x}" y="${Y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${clip})">${body}</g>`;
}

/** The SVG of the device's presentation view (width: the boxes' extent plus a margin). */
export function deviceSvg(patcher = devicePatcher(), state = RUNNING) {
  const shown = patcher.patcher.boxes.map((b) => b.box).filter((b) => b.presentation === 1);
  const width = Math.ceil(Math.max(...shown.map((b) => b.presentation_rect[0] + b.presentation_rect[2]))) + 8;
  const height = TITLE + DEVICE_HEIGHT;
  const head = `<rect width="${width}" height="${height}" fill="${C.panel}"/>`
    + `<rect width="${width}" height="${TITLE}" fill="${C.title}"/>`
    + `<rect x="6" y="5" width="10" height="10" rx="5" fill="${C.accent}"/>`
    + textLines(["Barline"], 22, 14, { color: "#f0f0f0", size: 11 });
  const body = shown.map((b, i) => drawBox(b, state, i)).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * SCALE}" height="${height * SCALE}" viewBox="0 0 ${width} ${height}" font-family="Arial, Helvetica, sans-serif">${head}${body}</svg>\n`;
}

function chromium() {
  for (const bin of ["chromium", "chromium-browser", "google-chrome"]) {
    try { return execFileSync("sh", ["-c", `command -v ${bin}`], { encoding: "utf8" }).trim(); } catch {}
  }
  return null;
}

/**
 * Keeps the top-left `width` × `height` pixels of an 8-bit RGB/RGBA PNG (headless
 * Chromium's window is taller than its page area, so the shot is taken large and cut).
 */
export function cropPng(png, width, height) {
  let o = 8;
  let ihdr = null;
  const idat = [];
  while (o < png.length) {
    const len = png.readUInt32BE(o);
    const type = png.toString("latin1", o + 4, o + 8);
    const data = png.subarray(o + 8, o + 8 + len);
    if (type === "IHDR") ihdr = data;
    else if (type === "IDAT") idat.push(data);
    o += 12 + len;
  }
  const [w, h, depth, color] = [ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]];
  const bpp = { 2: 3, 6: 4 }[color];
  if (depth !== 8 || !bpp || width > w || height > h) throw new Error(`cropPng: cannot cut ${w}×${h} (depth ${depth}, colour ${color}) to ${width}×${height}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  const rows = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const add = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      row[i] = (row[i] + add) & 0xff;
    }
    rows.push(Buffer.concat([Buffer.from([0]), row.subarray(0, width * bpp)]));
    prev = row;
  }
  const head = Buffer.from(ihdr);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  return Buffer.concat([png.subarray(0, 8), pngChunk("IHDR", head), pngChunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0))]);
}

/** Renders the SVG to PNG with headless Chromium; false when Chromium is absent. */
function toPng(svg, out) {
  const bin = chromium();
  if (!bin) return false;
  const [w, h] = /width="(\d+)" height="(\d+)"/.exec(svg).slice(1).map(Number);
  const dir = mkdtempSync(join(tmpdir(), "barline-render-"));
  try {
    const page = join(dir, "device.html");
    const shot = join(dir, "shot.png");
    writeFileSync(page, `<!doctype html><html><body style="margin:0;background:#000">${svg}</body></html>`);
    execFileSync(bin, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", `--user-data-dir=${join(dir, "profile")}`,
      `--window-size=${w},${h + 400}`, `--screenshot=${shot}`, `file://${page}`], { stdio: "ignore" });
    if (!existsSync(shot)) return false;
    writeFileSync(out, cropPng(readFileSync(shot), w, h));
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const svg = deviceSvg();
  writeFileSync(`${root}docs/device.svg`, svg);
  console.log("docs/device.svg");
  if (toPng(svg, `${root}docs/device.png`)) console.log("docs/device.png");
  else console.log("docs/device.png not rendered: Chromium is not installed (scripts/bootstrap.sh installs it)");
}
