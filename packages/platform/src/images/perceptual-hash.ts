import { decodeRgba, ImageRejectedError } from "./bounded-image.ts";

// Perceptual hashes of pictures, one implementation for screenshots, avatars and logos of any
// supported format (decoded through bounded-image.ts). dHash: the gradient of a 9x8 grey thumbnail;
// aHash: an 8x8 thumbnail above/below its mean; 64 bits each. Robust to scaling, recompression and
// small colour changes; a different picture lands near 32 bits away. Screenshots are stored as
// "dhash:<hex>", avatars and logos as "dh:<hex>.ah:<hex>".

const PHASH_PREFIX = "dhash:";

/** Area-average greyscale downscale of RGBA pixels to w x h; transparent pixels count as white (pure). */
function downscaleGrey(rgba: Uint8Array, width: number, height: number, w: number, h: number): Float64Array {
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
          const a = rgba[i + 3]! / 255;
          const grey = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
          sum += grey * a + 255 * (1 - a);
        }
      out[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

function bitsToHex(bits: boolean[]): string {
  let hex = "";
  for (let i = 0; i < bits.length; i += 4)
    hex += ((bits[i] ? 8 : 0) | (bits[i + 1] ? 4 : 0) | (bits[i + 2] ? 2 : 0) | (bits[i + 3] ? 1 : 0)).toString(16); // prettier-ignore
  return hex;
}

function dHashHex(rgba: Uint8Array, width: number, height: number): string {
  const g = downscaleGrey(rgba, width, height, 9, 8);
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits.push(g[y * 9 + x]! > g[y * 9 + x + 1]!);
  return bitsToHex(bits);
}

function aHashHex(rgba: Uint8Array, width: number, height: number): string {
  const a = downscaleGrey(rgba, width, height, 8, 8);
  const mean = a.reduce((s, v) => s + v, 0) / a.length;
  return bitsToHex([...a].map((v) => v > mean));
}

/** "dhash:<16 hex>" of RGBA pixels (pure). */
export function dHash(rgba: Uint8Array, width: number, height: number): string {
  return PHASH_PREFIX + dHashHex(rgba, width, height);
}

/** "dh:<16 hex>.ah:<16 hex>" of RGBA pixels (pure). */
function avatarHashOfPixels(rgba: Uint8Array, width: number, height: number): string {
  return `dh:${dHashHex(rgba, width, height)}.ah:${aHashHex(rgba, width, height)}`;
}

/** dHash of a screenshot (any supported format); null when it cannot be decoded within bounds. */
export async function screenshotHash(bytes: Buffer): Promise<string | null> {
  const img = await decodeRgba(bytes).catch(nullOnRejection);
  return img ? dHash(img.data, img.width, img.height) : null;
}

/** dHash + aHash of an avatar or logo (PNG, JPEG, WebP, GIF, SVG); null when it cannot be decoded within bounds. */
export async function avatarHash(bytes: Buffer): Promise<string | null> {
  const img = await decodeRgba(bytes).catch(nullOnRejection);
  return img ? avatarHashOfPixels(img.data, img.width, img.height) : null;
}

function nullOnRejection(err: unknown): null {
  if (err instanceof ImageRejectedError) return null;
  throw err;
}

function hammingHex(h1: string, h2: string): number {
  let n = 0;
  for (let i = 0; i < h1.length; i++)
    for (let x = parseInt(h1[i]!, 16) ^ parseInt(h2[i]!, 16); x; x >>= 1) n += x & 1;
  return n;
}

/** Screenshots: 0..1 from the Hamming distance of two dHashes; null when either is missing. */
export function perceptualSimilarity(a: string | null, b: string | null): number | null {
  if (!a?.startsWith(PHASH_PREFIX) || !b?.startsWith(PHASH_PREFIX)) return null;
  const bits = hammingHex(a.slice(PHASH_PREFIX.length), b.slice(PHASH_PREFIX.length));
  return Math.round((1 - bits / 64) * 1000) / 1000;
}

const parseAvatar = (h: string) => /^dh:([0-9a-f]{16})\.ah:([0-9a-f]{16})$/.exec(h);

/** Avatars: 1 - Hamming distance / 64, averaged over dHash and aHash; null when either is unreadable. */
export function hashSimilarity(a: string | null, b: string | null): number | null {
  const pa = a ? parseAvatar(a) : null;
  const pb = b ? parseAvatar(b) : null;
  if (!pa || !pb) return null;
  const d = hammingHex(pa[1]!, pb[1]!);
  const ah = hammingHex(pa[2]!, pb[2]!);
  return Math.round((1 - (d + ah) / 128) * 1000) / 1000;
}
