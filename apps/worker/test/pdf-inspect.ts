/**
 * Reading generated PDFs back in tests: text through a PDF parser (pdf.js via unpdf, or poppler's
 * pdftotext), image XObjects, pages.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import type { WarnLogger } from "../src/use-cases/reports/report-prose.ts";

export async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(doc, { mergePages: true });
  await doc.destroy();
  return { pages: totalPages, text: text.replace(/\s+/g, " ") };
}

/** Image XObjects embedded in the file (pdfkit writes their dictionaries uncompressed). */
export const imageCount = (pdf: Buffer) => pdf.toString("latin1").split("/Subtype /Image").length - 1;

/** A logger that records its warnings as pino would write them (`msg` plus the object's fields). */
export function captureLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger: WarnLogger & { info(obj: Record<string, unknown>, msg: string): void } = {
    warn: (obj, msg) => void lines.push({ level: "warn", ...obj, msg }),
    info: (obj, msg) => void lines.push({ level: "info", ...obj, msg }),
  };
  return { logger, lines };
}

/** The text poppler's `pdftotext` extracts (what a reader's viewer copies), pages in order. */
export function popplerText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "bw-pdf-"));
  try {
    const file = join(dir, "report.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
