/** Severity distribution as a horizontal bar chart (vector drawing). */
import {
  FONT,
  INK,
  MUTED,
  SEVERITY_COLORS,
  contentWidth,
  sectionHeading,
  type Doc,
  type Style,
} from "../pdf-doc.ts";
import { SEVERITY_ORDER, type ReportModel } from "../report-model.ts";

export function drawSeverityChart(doc: Doc, model: ReportModel, style: Style): void {
  sectionHeading(doc, "Severity distribution", style.heading);
  const rows = SEVERITY_ORDER.filter((s) => s !== "unscored" || model.counts.unscored > 0);
  const barH = style.oneLineItems ? 9 : 13;
  const gap = style.oneLineItems ? 3 : 5;
  const left = doc.page.margins.left;
  const labelW = 60;
  const countW = 70;
  const barMax = contentWidth(doc) - labelW - countW;
  const max = Math.max(1, ...rows.map((s) => model.counts[s]));
  const total = model.findings.length;
  let y = doc.y + 2;
  for (const s of rows) {
    const n = model.counts[s];
    doc.font(FONT).fontSize(style.body).fillColor(INK);
    doc.text(s, left, y + (barH - style.body) / 2, { width: labelW, lineBreak: false });
    doc
      .rect(left + labelW, y, barMax, barH)
      .fillColor("#f1f3f5")
      .fill();
    const w = n === 0 ? 0 : Math.max(2, (barMax * n) / max);
    if (w > 0)
      doc
        .rect(left + labelW, y, w, barH)
        .fillColor(SEVERITY_COLORS[s])
        .fill();
    const pct = total ? ` (${Math.round((100 * n) / total)}%)` : "";
    doc.fillColor(MUTED).text(`${n}${pct}`, left + labelW + barMax + 6, y + (barH - style.body) / 2, {
      width: countW - 6,
      lineBreak: false,
    });
    y += barH + gap;
  }
  doc.fillColor(INK);
  doc.x = left;
  doc.y = y + 2;
}
