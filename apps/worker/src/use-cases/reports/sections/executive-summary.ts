import { FONT, INK, contentWidth, mutedNote, sectionHeading, type Doc, type Style } from "../pdf-doc.ts";
import { pdfSafe } from "../pdf-text.ts";
import type { ReportProse } from "../report-prose.ts";

/** The executive summary; `maxHeight` holds it to a box (the one-page summary). */
export function drawExecutiveSummary(doc: Doc, prose: ReportProse, style: Style, maxHeight?: number): void {
  sectionHeading(doc, "Executive summary", style.heading);
  doc
    .font(FONT)
    .fontSize(style.body + (style.oneLineItems ? 0.5 : 0.5))
    .fillColor(INK)
    .text(pdfSafe(prose.executive_summary), doc.page.margins.left, doc.y, {
      width: contentWidth(doc),
      ...(maxHeight ? { height: maxHeight, ellipsis: true } : {}),
    });
  if (prose.source === "deterministic" && !style.oneLineItems)
    mutedNote(
      doc,
      "Written from the scan's counts (deterministic text; no AI model was used).",
      style.body - 1,
    );
}
