import { PNG } from "pngjs";
import type { AvatarSpec } from "../scenario/services-schema.ts";
import { hash32, seededRng } from "./http.ts";

// Deterministic profile pictures. `logo` draws the brand's mark (ring + initial) from `seed`,
// so every logo avatar with the same seed is the same picture; `noise` then perturbs pixels
// with a stream seeded by the profile handle, which keeps perceptual hashes close while
// bytes differ: exactly what a copied-and-recompressed impersonator avatar looks like.

// 5x7 bitmap glyphs, one row per string, for initials and logo marks.
const GLYPHS: Record<string, string[]> = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  B: ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
  C: ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
  D: ["11110", "10001", "10001", "10001", "10001", "10001", "11110"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  F: ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
  G: ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  I: ["01110", "00100", "00100", "00100", "00100", "00100", "01110"],
  J: ["00111", "00010", "00010", "00010", "00010", "10010", "01100"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  N: ["10001", "10001", "11001", "10101", "10011", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  Q: ["01110", "10001", "10001", "10001", "10101", "10010", "01101"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  U: ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
  V: ["10001", "10001", "10001", "10001", "10001", "01010", "00100"],
  W: ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
  X: ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
  Y: ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
  Z: ["11111", "00001", "00010", "00100", "01000", "10000", "11111"],
  "?": ["01110", "10001", "00001", "00010", "00100", "00000", "00100"],
};

type Rgb = [number, number, number];

function parseColor(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hueColor(seed: string): Rgb {
  const h = hash32(seed) % 360;
  // HSL(h, 55%, 50%) to RGB, enough for distinct pattern colours.
  const c = 0.55,
    x = c * (1 - Math.abs(((h / 60) % 2) - 1)),
    m = 0.5 - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

class Canvas {
  readonly png: PNG;
  constructor(readonly size: number) {
    this.png = new PNG({ width: size, height: size });
  }
  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return;
    const i = (y * this.size + x) * 4;
    this.png.data[i] = r;
    this.png.data[i + 1] = g;
    this.png.data[i + 2] = b;
    this.png.data[i + 3] = 255;
  }
  fill(c: Rgb): void {
    for (let y = 0; y < this.size; y++) for (let x = 0; x < this.size; x++) this.set(x, y, c);
  }
  rect(x0: number, y0: number, w: number, h: number, c: Rgb): void {
    for (let y = Math.floor(y0); y < y0 + h; y++)
      for (let x = Math.floor(x0); x < x0 + w; x++) this.set(x, y, c);
  }
  disc(cx: number, cy: number, r: number, c: Rgb): void {
    for (let y = Math.floor(cy - r); y <= cy + r; y++)
      for (let x = Math.floor(cx - r); x <= cx + r; x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, c);
  }
  glyph(ch: string, cx: number, cy: number, cell: number, c: Rgb): void {
    const rows = GLYPHS[ch.toUpperCase()] ?? GLYPHS["?"]!;
    const x0 = cx - (5 * cell) / 2,
      y0 = cy - (7 * cell) / 2;
    rows.forEach((row, ry) =>
      [...row].forEach((bit, rx) => {
        if (bit === "1") this.rect(x0 + rx * cell, y0 + ry * cell, Math.ceil(cell), Math.ceil(cell), c);
      }),
    );
  }
}

function initialOf(seed: string): string {
  const m = /[a-z]/i.exec(seed);
  return m ? m[0]!.toUpperCase() : "?";
}

export function renderAvatar(spec: AvatarSpec, noiseSeed = "noise"): Buffer {
  const size = spec.size;
  const cv = new Canvas(size);
  const white: Rgb = [255, 255, 255];
  if (spec.style === "logo") {
    const color = parseColor(spec.color);
    cv.fill(white);
    cv.disc(size / 2, size / 2, size * 0.46, color);
    cv.disc(size / 2, size / 2, size * 0.36, white);
    cv.glyph(initialOf(spec.seed), size / 2, size / 2, size * 0.07, color);
    // A bar under the initial makes the mark less symmetric, like a real logo.
    cv.rect(size * 0.3, size * 0.74, size * 0.4, size * 0.05, color);
  } else if (spec.style === "initials") {
    cv.fill(hueColor(spec.seed));
    cv.glyph(initialOf(spec.seed), size / 2, size / 2, size * 0.09, white);
  } else if (spec.style === "pattern") {
    // GitHub-identicon-like 5x5 mirrored grid.
    const fg = hueColor(spec.seed);
    cv.fill([240, 240, 240]);
    const h = hash32(spec.seed + ":grid");
    const cell = size / 6;
    for (let i = 0; i < 15; i++) {
      if (((h >>> i) & 1) === 0) continue;
      const col = Math.floor(i / 5),
        row = i % 5;
      cv.rect(cell / 2 + col * cell, cell / 2 + row * cell, cell, cell, fg);
      cv.rect(cell / 2 + (4 - col) * cell, cell / 2 + row * cell, cell, cell, fg);
    }
  } else {
    // "none": the platform's grey default silhouette.
    cv.fill([200, 204, 209]);
    cv.disc(size / 2, size * 0.4, size * 0.18, white);
    cv.disc(size / 2, size * 0.95, size * 0.35, white);
  }
  if (spec.noise > 0) {
    const rnd = seededRng(`${spec.seed}|${noiseSeed}`);
    const amp = Math.round(spec.noise * 48);
    const d = cv.png.data;
    for (let i = 0; i < d.length; i += 4) {
      for (let k = 0; k < 3; k++) {
        const v = d[i + k]! + Math.round((rnd() * 2 - 1) * amp);
        d[i + k] = Math.max(0, Math.min(255, v));
      }
    }
  }
  return PNG.sync.write(cv.png);
}
