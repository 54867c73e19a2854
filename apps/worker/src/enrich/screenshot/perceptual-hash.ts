import type { Logger } from "@brandwarden/platform/logger/logger";
import { optionalModule } from "../optional.ts";

// dHash of a screenshot: greyscale, area-averaged down to 9x8, one bit per horizontal gradient.
// Robust to scaling and small colour changes; similar pages land a few bits apart.

const loadPng = optionalModule("pngjs", async () => (await import("pngjs")).PNG);

export const PHASH_PREFIX = "dhash:";

/** Area-average greyscale downscale of RGBA pixels to w x h (pure). */
export function downscaleGrey(
  rgba: Uint8Array,
  width: number,
  height: number,
  w: number,
  h: number,
): Float64Array {
  const out = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / h));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / w));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * width + xx) * 4;
          sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
        }
      out[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** 64-bit difference hash as 16 hex digits (pure). */
export function dHash(rgba: Uint8Array, width: number, height: number): string {
  const g = downscaleGrey(rgba, width, height, 9, 8);
  let hex = "";
  for (let y = 0; y < 8; y++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) byte = (byte << 1) | (g[y * 9 + x]! > g[y * 9 + x + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, "0");
  }
  return PHASH_PREFIX + hex;
}

export async function pngPerceptualHash(png: Buffer, logger?: Logger): Promise<string | null> {
  const PNG = await loadPng(logger);
  if (!PNG) return null;
  const img = PNG.sync.read(png);
  return dHash(img.data, img.width, img.height);
}

/** 0..1 from the Hamming distance of two dHashes; null when either is missing. */
export function perceptualSimilarity(a: string | null, b: string | null): number | null {
  if (!a?.startsWith(PHASH_PREFIX) || !b?.startsWith(PHASH_PREFIX)) return null;
  const x = BigInt(`0x${a.slice(PHASH_PREFIX.length)}`) ^ BigInt(`0x${b.slice(PHASH_PREFIX.length)}`);
  let bits = 0;
  for (let v = x; v > 0n; v >>= 1n) bits += Number(v & 1n);
  return Math.round((1 - bits / 64) * 1000) / 1000;
}
