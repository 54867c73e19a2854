import sharp, { type Metadata } from "sharp";

// Every image from outside (uploaded logos, social avatars, screenshots) is read through here:
// its dimensions come from the header before any pixel is decoded, images over a pixel bound are
// refused, and decoding is bounded again by libvips itself (limitInputPixels) in case a header
// lies. libvips decodes on the thread pool, so the event loop never stalls on a picture.

/** Images over this many pixels are refused before decoding (4096 x 4096: 64 MiB as RGBA). */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

type ImageFormat = "png" | "jpeg" | "webp" | "gif" | "svg";
const FORMATS = new Set<string>(["png", "jpeg", "webp", "gif", "svg"]);

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  constructor(
    readonly reason: "unsupported" | "too_large" | "unreadable",
    message: string,
  ) {
    super(message);
  }
}

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

// No decoded-image cache across calls: each decode's memory is released when it is done.
sharp.cache(false);

const open = (bytes: Buffer, maxPixels: number) =>
  // Only the first frame of animations; SVGs are rasterised at their declared size (72 dpi).
  sharp(bytes, { limitInputPixels: maxPixels, animated: false, failOn: "error" });

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
export async function decodeRgba(
  bytes: Buffer,
  opts: { maxSide?: number; maxPixels?: number } = {},
): Promise<Rgba> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  await probeImage(bytes, maxPixels);
  const side = opts.maxSide ?? 512;
  try {
    const { data, info } = await open(bytes, maxPixels)
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
export async function toBoundedPng(
  bytes: Buffer,
  opts: { maxSide?: number; maxPixels?: number } = {},
): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  await probeImage(bytes, maxPixels);
  const side = opts.maxSide ?? 512;
  try {
    return await open(bytes, maxPixels)
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    throw new ImageRejectedError("unreadable", `The image cannot be decoded: ${(err as Error).message}`);
  }
}
