import sharp, { type Metadata } from "sharp";
import { ImageRejectedError } from "./image-rejected.ts";
import { drawSvg } from "./svg-draw.ts";
import { svgHazard } from "./svg-hazards.ts";

export { ImageRejectedError };

// Every image from outside (uploaded logos, social avatars, screenshots) is read through here:
// its dimensions come from the header before any pixel is decoded, images over a pixel bound are
// refused, and decoding is bounded again by libvips itself (limitInputPixels) in case a header
// lies. libvips decodes on the thread pool, so the event loop never stalls on a picture. SVGs are
// checked for what makes drawing slow whatever the size (svg-hazards.ts) and drawn no larger than
// the side asked for.

/** Images over this many pixels are refused before decoding (4096 x 4096: 64 MiB as RGBA). */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

type ImageFormat = "png" | "jpeg" | "webp" | "gif" | "svg";
const FORMATS = new Set<string>(["png", "jpeg", "webp", "gif", "svg"]);

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

// No decoded-image cache across calls: each decode's memory is released when it is done.
sharp.cache(false);

/** How long an SVG may take to draw (the child process is killed past it), and the drawing's longest side. */
interface DrawOptions {
  maxSide?: number;
  maxPixels?: number;
  svgTimeoutMs?: number;
}

/**
 * The image ready to decode, first frame of animations only. An SVG is first drawn to a PNG in a
 * child process within its time budget (svg-draw.ts), at its declared size (72 dpi) or smaller so
 * that its longer side is at most `side`: drawing costs pixels of the result, not of the claim.
 */
async function open(bytes: Buffer, info: ImageInfo, maxPixels: number, side: number, o: DrawOptions) {
  let source = bytes;
  if (info.format === "svg") {
    const density = Math.max(1, Math.min(72, (72 * side) / Math.max(info.width, info.height)));
    source = await drawSvg(bytes, { density, maxPixels, timeoutMs: o.svgTimeoutMs });
  }
  return sharp(source, { limitInputPixels: maxPixels, animated: false, failOn: "error" });
}

/** Format and dimensions from the header alone; refuses unknown formats and images over `maxPixels`. */
export async function probeImage(bytes: Buffer, maxPixels = MAX_IMAGE_PIXELS): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    // metadata() reads the header only; limitInputPixels does not apply to it, the check below does.
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ImageRejectedError("unreadable", "The image cannot be read");
  }
  const format: string = meta.format;
  if (!format || !FORMATS.has(format))
    throw new ImageRejectedError("unsupported", "The image must be PNG, JPEG, WebP, GIF or SVG");
  const { width, height } = meta;
  if (!width || !height) throw new ImageRejectedError("unreadable", "The image has no dimensions");
  const hazard = format === "svg" ? svgHazard(bytes) : null;
  if (hazard) throw new ImageRejectedError("too_costly", hazard);
  if (width * height > maxPixels)
    throw new ImageRejectedError(
      "too_large",
      `The image is ${width}×${height} pixels; at most ${maxPixels.toLocaleString("en")} pixels are accepted`,
    );
  return { format: format as ImageFormat, width, height };
}

export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** RGBA pixels, the image fitted inside `maxSide` x `maxSide` (never enlarged), after the header check. */
export async function decodeRgba(bytes: Buffer, opts: DrawOptions = {}): Promise<Rgba> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const image = await probeImage(bytes, maxPixels);
  const side = opts.maxSide ?? 512;
  const input = await open(bytes, image, maxPixels, side, opts);
  try {
    const { data, info } = await input
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageRejectedError("unreadable", `The image cannot be decoded: ${(err as Error).message}`);
  }
}

/** A PNG of the image fitted inside `maxSide` x `maxSide`, after the header check (for storing and drawing). */
export async function toBoundedPng(bytes: Buffer, opts: DrawOptions = {}): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const image = await probeImage(bytes, maxPixels);
  const side = opts.maxSide ?? 512;
  const input = await open(bytes, image, maxPixels, side, opts);
  try {
    return await input
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    throw new ImageRejectedError("unreadable", `The image cannot be decoded: ${(err as Error).message}`);
  }
}
