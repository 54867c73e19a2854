import DOMPurify from "isomorphic-dompurify";
import { invalid } from "@brandwarden/platform/http/app-error";
import { ImageRejectedError, probeImage, toBoundedPng } from "@brandwarden/platform/images/bounded-image";

export const LOGO_MAX_BYTES = 1024 * 1024;
/** An SVG logo is kept as a PNG this many pixels on its longer side (what reports draw at most). */
const LOGO_SIDE = 512;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Accepts PNG, JPEG or SVG by their bytes (not the declared type), up to 1 MiB and up to the image
 * pixel bound, read from the header before anything decodes it (a 249 KB PNG can declare 8000x8000).
 * SVG is sanitised (scripts, event handlers, foreign objects and external references removed), then
 * drawn once, here, within a time and pixel budget (filters refused), and kept as that PNG: reports
 * and the social stage never draw the user's SVG again.
 */
export async function acceptLogo(bytes: Buffer): Promise<{ data: Buffer; contentType: string }> {
  const logo = sniffLogo(bytes);
  try {
    await probeImage(logo.data);
    if (logo.contentType !== "image/svg+xml") return logo;
    return { data: await toBoundedPng(logo.data, { maxSide: LOGO_SIDE }), contentType: "image/png" };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw invalid(`The logo cannot be used: ${err.message}`);
    throw err;
  }
}

function sniffLogo(bytes: Buffer): { data: Buffer; contentType: string } {
  if (bytes.length === 0) throw invalid("The logo file is empty");
  if (bytes.length > LOGO_MAX_BYTES) throw invalid("The logo must be at most 1 MiB");
  if (bytes.subarray(0, 8).equals(PNG)) return { data: bytes, contentType: "image/png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { data: bytes, contentType: "image/jpeg" };
  const text = bytes.toString("utf8");
  if (/<svg[\s>]/i.test(text)) {
    const clean = sanitizeSvg(text);
    if (!/<svg[\s>]/i.test(clean)) throw invalid("The SVG logo has no drawable content after sanitising");
    return { data: Buffer.from(clean, "utf8"), contentType: "image/svg+xml" };
  }
  throw invalid("The logo must be a PNG, JPEG or SVG image");
}

/** The SVG without scripts, event handlers, foreign objects and external references (filters stay, to be refused by name). */
export const sanitizeSvg = (text: string): string =>
  DOMPurify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ["foreignObject", "script", "use"],
    FORBID_ATTR: ["href", "xlink:href"],
  });
