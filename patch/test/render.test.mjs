// The picture of the device (docs/device.svg/.png) is drawn from the generated patch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync, inflateSync } from "node:zlib";
import { cropPng, deviceSvg } from "../render-device.mjs";
import { DEVICE_HEIGHT, devicePatcher } from "../device.mjs";

test("the SVG draws every presentation box at its rect within the device height", () => {
  const patcher = devicePatcher();
  const shown = patcher.patcher.boxes.map((b) => b.box).filter((b) => b.presentation === 1);
  const svg = deviceSvg(patcher, {});
  const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg).map(Number);
  assert.equal(h, DEVICE_HEIGHT + 20); // plus Live's title bar
  assert.equal(w, Math.max(...shown.map((b) => b.presentation_rect[0] + b.presentation_rect[2])) + 8);
  assert.equal((svg.match(/<clipPath /g) ?? []).length, shown.length);
  for (const b of shown.filter((x) => x.maxclass === "live.comment")) assert.ok(svg.includes(`>${b.text.split(" ")[0]}`), b.text);
  assert.ok(!svg.includes("#ff00ff"), "a presentation box of a class the renderer does not draw");
});

test("cropPng keeps the top-left pixels of a filtered PNG", () => {
  // A 4×3 RGB image whose rows use filters None, Sub and Paeth; pixel (x, y) = [x, y, x + y].
  const px = (x, y) => [x * 10, y * 10, x + y];
  const rows = [];
  for (let y = 0; y < 3; y++) {
    const filter = [0, 1, 4][y];
    const raw = Array.from({ length: 4 }, (_, x) => px(x, y)).flat();
    const prev = y ? Array.from({ length: 4 }, (_, x) => px(x, y - 1)).flat() : Array(12).fill(0);
    const enc = raw.map((v, i) => {
      const a = i >= 3 ? raw[i - 3] : 0, b = prev[i], c = i >= 3 ? prev[i - 3] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const pred = filter === 0 ? 0 : filter === 1 ? a : pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      return (v - pred) & 0xff;
    });
    rows.push(filter, ...enc);
  }
  const chunk = (type, data) => {
    const b = Buffer.alloc(12 + data.length);
    b.writeUInt32BE(data.length, 0);
    b.write(type, 4, "latin1");
    data.copy(b, 8);
    return b; // the CRC is not checked by cropPng
  };
  const ihdr = Buffer.from([0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0]);
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.from(rows))), chunk("IEND", Buffer.alloc(0))]);
  const out = cropPng(png, 2, 2);
  assert.equal(out.readUInt32BE(16), 2);
  assert.equal(out.readUInt32BE(20), 2);
  const idatLen = out.readUInt32BE(33);
  const data = inflateSync(out.subarray(41, 41 + idatLen));
  assert.deepEqual([...data], [0, ...px(0, 0), ...px(1, 0), 0, ...px(0, 1), ...px(1, 1)]);
});
