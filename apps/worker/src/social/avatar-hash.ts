import { PNG } from "pngjs";

// Perceptual hashes of avatars (PNG): dHash (gradient of a 9x8 grey thumbnail) and aHash
// (8x8 above/below mean), 64 bits each. A copied logo with recompression noise keeps both within
// a few bits; a different picture lands near 32. Stored as "dh:<hex>.ah:<hex>".

function greyThumb(png: PNG, w: number, h: number): number[] {
  const out: number[] = [];
  for (let ty = 0; ty < h; ty++) {
    for (let tx = 0; tx < w; tx++) {
      // Box-average the source pixels under this cell; transparent pixels count as white.
      const x0 = Math.floor((tx * png.width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * png.width) / w));
      const y0 = Math.floor((ty * png.height) / h);
      const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * png.height) / h));
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * png.width + x) * 4;
          const a = png.data[i + 3]! / 255;
          const grey = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
          sum += grey * a + 255 * (1 - a);
          n++;
        }
      }
      out.push(sum / n);
    }
  }
  return out;
}

function bitsToHex(bits: boolean[]): string {
  let hex = "";
  for (let i = 0; i < bits.length; i += 4) {
    hex += (
      (bits[i] ? 8 : 0) |
      (bits[i + 1] ? 4 : 0) |
      (bits[i + 2] ? 2 : 0) |
      (bits[i + 3] ? 1 : 0)
    ).toString(16);
  }
  return hex;
}

export function decodePng(bytes: Buffer): PNG | null {
  try {
    return PNG.sync.read(bytes);
  } catch {
    return null;
  }
}

/** "dh:<16 hex>.ah:<16 hex>", or null when the bytes are not a PNG. */
export function avatarHash(bytes: Buffer): string | null {
  const png = decodePng(bytes);
  if (!png || png.width === 0 || png.height === 0) return null;
  const d = greyThumb(png, 9, 8);
  const dBits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) dBits.push(d[y * 9 + x]! > d[y * 9 + x + 1]!);
  const a = greyThumb(png, 8, 8);
  const mean = a.reduce((s, v) => s + v, 0) / a.length;
  return `dh:${bitsToHex(dBits)}.ah:${bitsToHex(a.map((v) => v > mean))}`;
}

function hamming(h1: string, h2: string): number {
  let n = 0;
  for (let i = 0; i < h1.length; i++) {
    let x = parseInt(h1[i]!, 16) ^ parseInt(h2[i]!, 16);
    for (; x; x >>= 1) n += x & 1;
  }
  return n;
}

const parse = (h: string) => /^dh:([0-9a-f]{16})\.ah:([0-9a-f]{16})$/.exec(h);

/** 1 - Hamming distance / 64, averaged over dHash and aHash; null when either is unreadable. */
export function hashSimilarity(a: string | null, b: string | null): number | null {
  const pa = a ? parse(a) : null;
  const pb = b ? parse(b) : null;
  if (!pa || !pb) return null;
  const d = hamming(pa[1]!, pb[1]!);
  const ah = hamming(pa[2]!, pb[2]!);
  return Math.round((1 - (d + ah) / 128) * 1000) / 1000;
}
