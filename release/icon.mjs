// The Claude Desktop bundle's icon, drawn here rather than copied from anywhere: a
// piano roll in Live's orange, notes crossing a bar line, on a dark rounded square.
// 512 × 512 pixels (the size Claude Desktop recommends), each pixel the average of a
// 4 × 4 grid of samples so the edges are smooth.
import { encodePng } from "../patch/png.mjs";

const SIZE = 512;
const GRID = 4;

/** Rounded rectangles in drawing order: [x, y, width, height, radius, [r, g, b]]. */
const SHAPES = [
  [16, 16, 480, 480, 96, [0x2c, 0x2c, 0x30]],
  // Notes of a piano roll, left to right, low to high.
  [88, 332, 120, 44, 14, [0xff, 0xa6, 0x32]],
  [176, 252, 150, 44, 14, [0xff, 0xa6, 0x32]],
  [300, 172, 124, 44, 14, [0xff, 0xa6, 0x32]],
  [88, 172, 76, 44, 14, [0xff, 0xc8, 0x7a]],
  [360, 332, 64, 44, 14, [0xff, 0xc8, 0x7a]],
  // The bar line every note crosses.
  [250, 96, 14, 320, 7, [0xf0, 0xf0, 0xf0]],
];

/** True when (px, py) is inside the rounded rectangle. */
function inside([x, y, w, h, r], px, py) {
  const dx = Math.max(x + r - px, 0, px - (x + w - r));
  const dy = Math.max(y + r - py, 0, py - (y + h - r));
  return dx * dx + dy * dy <= r * r && px >= x && px <= x + w && py >= y && py <= y + h;
}

/** The icon's pixels, 8-bit RGBA, rows top-down. */
export function iconPixels() {
  const rgba = Buffer.alloc(SIZE * SIZE * 4);
  const step = 1 / GRID;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = step / 2; sy < 1; sy += step) {
        for (let sx = step / 2; sx < 1; sx += step) {
          // The topmost shape under the sample gives its colour; none is transparent.
          const shape = SHAPES.findLast((s) => inside(s, x + sx, y + sy));
          if (!shape) continue;
          r += shape[5][0];
          g += shape[5][1];
          b += shape[5][2];
          a += 255;
        }
      }
      const n = GRID * GRID;
      const covered = a / 255;
      const o = (y * SIZE + x) * 4;
      // Colour averaged over the covered samples only: edges fade in alpha, not to black.
      if (covered) rgba.set([r / covered, g / covered, b / covered, a / n].map(Math.round), o);
    }
  }
  return { width: SIZE, height: SIZE, rgba };
}

/** The icon as a PNG file. */
export function iconPng() {
  const { width, height, rgba } = iconPixels();
  return encodePng(width, height, rgba);
}
