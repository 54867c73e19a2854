/**
 * The PDF building blocks both reports share: a pdfkit document collected into a Buffer, fonts,
 * headings, key-value lines, page-space checks, footers and images from data URIs.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { pdfSafe } from "./pdf-text.ts";
import type { SeverityOrUnscored } from "./report-model.ts";

export type Doc = PDFKit.PDFDocument;

// DejaVu Sans (the `dejavu-fonts-ttf` package) instead of the PDF standard fonts, which encode
// WinAnsi only: it has Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic letters, so a
// homograph and a foreign page title print as the reader sees them. It has no CJK: such
// characters print as the font's empty box. pdfkit embeds only the glyphs a report uses.
export const FONT = "DejaVuSans";
export const BOLD = "DejaVuSans-Bold";
export const ITALIC = "DejaVuSans-Oblique";
let fontFiles: Array<[string, Buffer]> | null = null;

/** The three faces' bytes, read once per process. */
function reportFonts(): Array<[string, Buffer]> {
  const require = createRequire(import.meta.url);
  fontFiles ??= [FONT, BOLD, ITALIC].map((name) => [
    name,
    readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`)),
  ]);
  return fontFiles;
}
const MARGIN = 48;
export const INK = "#1f2933";
export const MUTED = "#616e7c";

export const SEVERITY_COLORS: Record<SeverityOrUnscored, string> = {
  critical: "#b3261e",
  high: "#e8590c",
  medium: "#f0a500",
  low: "#2b8a3e",
  info: "#1c7ed6",
  unscored: "#868e96",
};

export interface OpenDoc {
  doc: Doc;
  /** Ends the document (footers first) and resolves with its bytes. */
  finish(footer?: (page: number, pages: number) => string): Promise<Buffer>;
}

export function openDoc(title: string, subject: string): OpenDoc {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    compress: true,
    info: { Title: pdfSafe(title), Author: "Brandwarden", Subject: pdfSafe(subject), Creator: "Brandwarden" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const [name, bytes] of reportFonts()) doc.registerFont(name, bytes);
  doc.font(FONT).fontSize(10).fillColor(INK);
  return {
    doc,
    async finish(footer) {
      if (footer) {
        const range = doc.bufferedPageRange();
        for (let i = range.start; i < range.start + range.count; i++) {
          doc.switchToPage(i);
          const bottom = doc.page.margins.bottom;
          doc.page.margins.bottom = 0; // writing inside the margin must not add a page
          doc
            .font(FONT)
            .fontSize(7.5)
            .fillColor(MUTED)
            .text(pdfSafe(footer(i + 1, range.count)), MARGIN, doc.page.height - 30, {
              width: doc.page.width - 2 * MARGIN,
              align: "center",
              lineBreak: false,
            });
          doc.page.margins.bottom = bottom;
        }
      }
      doc.end();
      return done;
    },
  };
}

interface WithGlyphs {
  _font?: { font?: { hasGlyphForCodePoint?(cp: number): boolean } };
}

/**
 * True when the report font has a glyph for every character of `text` (so it prints, not as a
 * box). Reads the glyph map of pdfkit's loaded font (fontkit), which pdfkit does not type.
 */
export function fontCovers(doc: Doc, text: string): boolean {
  const font = (doc.font(FONT) as unknown as WithGlyphs)._font?.font;
  if (!font?.hasGlyphForCodePoint) return true;
  for (const ch of text) if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}

export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` points fit below the cursor. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

export function sectionHeading(doc: Doc, text: string, size = 15): void {
  ensureSpace(doc, size * 4);
  doc.moveDown(size > 12 ? 0.6 : 0.3);
  doc.font(BOLD).fontSize(size).fillColor(INK).text(pdfSafe(text), doc.page.margins.left, doc.y);
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.6)
    .strokeColor("#cbd2d9")
    .stroke();
  doc.y = y + 5;
  doc.font(FONT).fontSize(10).fillColor(INK);
}

/** `Label: value` on one wrapped line; nothing when the value is empty. */
export function keyValue(doc: Doc, label: string, value: string | null | undefined, indent = 0): void {
  if (value === null || value === undefined || value === "") return;
  const x = doc.page.margins.left + indent;
  doc
    .font(BOLD)
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${pdfSafe(label)}: `, x, doc.y, {
      continued: true,
      width: contentWidth(doc) - indent,
    });
  doc.font(FONT).fillColor(INK).text(pdfSafe(value));
}

export function mutedNote(doc: Doc, text: string, size = 9): void {
  doc
    .font(ITALIC)
    .fontSize(size)
    .fillColor(MUTED)
    .text(pdfSafe(text), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.font(FONT).fillColor(INK);
}

export type DecodedImage =
  { ok: true; data: Buffer; type: "png" | "jpeg"; key: string } | { ok: false; reason: string };

/** A PNG or JPEG from a `data:` URI (checked by its magic bytes); anything else is refused with a reason. */
export function decodeImageDataUri(uri: string | null | undefined): DecodedImage {
  if (!uri) return { ok: false, reason: "no image" };
  const m = /^data:([^;,]*)(;base64)?,/.exec(uri.slice(0, 200));
  if (!m || !m[2]) return { ok: false, reason: "not a base64 data URI" };
  return decodeImageBytes(Buffer.from(uri.slice(m[0].length), "base64"), m[1] || "application/octet-stream");
}

/** A PNG or JPEG from its bytes (an image fetched by reference), checked by its magic bytes. */
export function decodeImageBytes(data: Buffer, mime = "application/octet-stream"): DecodedImage {
  const key = createHash("sha1").update(data).digest("hex");
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47) return { ok: true, data, type: "png", key };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { ok: true, data, type: "jpeg", key };
  return { ok: false, reason: `${mime} images cannot be embedded` };
}

interface OpenedImage {
  width: number;
  height: number;
}
interface OpensImages {
  openImage(src: Buffer): OpenedImage;
}
const openedImages = new WeakMap<Doc, Map<string, OpenedImage>>();

/**
 * Draws an image fitted in `width` x `height` at (x, y); returns the drawn height, or null when the
 * bytes do not decode (a broken image never fails a report).
 */
export function drawImage(
  doc: Doc,
  img: DecodedImage,
  x: number,
  y: number,
  width: number,
  height: number,
): number | null {
  if (!img.ok) return null;
  try {
    // Opened once per document and content (identical screenshots embed once); pdfkit's `image`
    // accepts the opened image (untyped API).
    let cache = openedImages.get(doc);
    if (!cache) openedImages.set(doc, (cache = new Map()));
    let opened = cache.get(img.key);
    if (!opened) cache.set(img.key, (opened = (doc as unknown as OpensImages).openImage(img.data)));
    const scale = Math.min(width / opened.width, height / opened.height, 1);
    const h = opened.height * scale;
    doc.image(opened as unknown as Buffer, x, y, { width: opened.width * scale, height: h });
    return h;
  } catch {
    return null;
  }
}

/** Text sizes of a report: the full report reads comfortably, the one-page summary is compact. */
export interface Style {
  body: number;
  heading: number;
  /** Each list item on one line, cut with an ellipsis (the summary), or wrapped (the full report). */
  oneLineItems: boolean;
}

export const FULL_STYLE: Style = { body: 10, heading: 15, oneLineItems: false };
export const SUMMARY_STYLE: Style = { body: 8.5, heading: 11, oneLineItems: true };

/** A list item: wrapped, or held to one line with an ellipsis. */
export function item(doc: Doc, text: string, style: Style, indent = 0, font = FONT): void {
  const x = doc.page.margins.left + indent;
  const width = contentWidth(doc) - indent;
  doc.font(font).fontSize(style.body).fillColor(INK);
  const safe = pdfSafe(text);
  if (style.oneLineItems) {
    const flat = safe.replace(/[^\S\u00a0]+/g, " "); // no-break spaces hold right-to-left phrases
    doc.text(fitOneLine(doc, flat, width), x, doc.y, { width, lineBreak: false });
    doc.moveDown(0.15);
  } else {
    doc.text(safe, x, doc.y, { width });
  }
}

/** `text` cut (with an ellipsis) to the longest prefix that fits `width` in the current font. */
function fitOneLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** The `… and N more` line under a cut list. */
export function andMore(doc: Doc, more: number, what: string, style: Style, indent = 0): void {
  if (more <= 0) return;
  doc
    .font(ITALIC)
    .fontSize(style.body)
    .fillColor(MUTED)
    .text(`… and ${more} more ${what}`, doc.page.margins.left + indent, doc.y, {
      width: contentWidth(doc) - indent,
      lineBreak: !style.oneLineItems,
    });
  if (style.oneLineItems) doc.moveDown(0.15);
  doc.font(FONT).fillColor(INK);
}
