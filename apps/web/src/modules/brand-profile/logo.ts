import DOMPurify from "isomorphic-dompurify";
import { invalid } from "@brandwarden/platform/http/app-error";
import { ImageRejectedError, probeImage } from "@brandwarden/platform/images/bounded-image";

export const LOGO_MAX_BYTES = 1024 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Accepts PNG, JPEG or SVG by their bytes (not the declared type), up to 1 MiB and up to the image
 * pixel bound, read from the header before anything decodes it (a 249 KB PNG can declare 8000x8000).
 * SVG is sanitised (scripts, event handlers, foreign objects and external references removed).
 */
export async function acceptLogo(bytes: Buffer): Promise<{ data: Buffer; contentType: string }> {
  const logo = sniffLogo(bytes);
  try {
    await probeImage(logo.data);
  } catch (err) {
    if (err instanceof ImageRejectedError) throw invalid(`The logo cannot be used: ${err.message}`);
    throw err;
  }
  return logo;
}

function sniffLogo(bytes: Buffer): { data: Buffer; contentType: string } {
  if (bytes.length === 0) throw invalid("The logo file is empty");
  if (bytes.length > LOGO_MAX_BYTES) throw invalid("The logo must be at most 1 MiB");
  if (bytes.subarray(0, 8).equals(PNG)) return { data: bytes, contentType: "image/png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { data: bytes, contentType: "image/jpeg" };
  const text = bytes.toString("utf8");
  if (/<svg[\s>]/i.test(text)) {
    const clean = DOMPurify.sanitize(text, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ["foreignObject", "script", "use"],
      FORBID_ATTR: ["href", "xlink:href"],
    });
    if (!/<svg[\s>]/i.test(clean)) throw invalid("The SVG logo has no drawable content after sanitising");
    return { data: Buffer.from(clean, "utf8"), contentType: "image/svg+xml" };
  }
  throw invalid("The logo must be a PNG, JPEG or SVG image");
}
