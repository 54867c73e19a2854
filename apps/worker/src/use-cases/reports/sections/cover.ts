/** The report's head: title, brand, scan, dates, and the brand's logo (already a bounded PNG, or a note why not). */
import {
  BOLD,
  FONT,
  INK,
  MUTED,
  contentWidth,
  decodeImageDataUri,
  drawImage,
  type DecodedImage,
  type Doc,
  type Style,
} from "../pdf-doc.ts";
import { oneLine, pdfSafe } from "../pdf-text.ts";
import type { ReportModel } from "../report-model.ts";

export function drawCover(doc: Doc, model: ReportModel, title: string, style: Style): void {
  const { scan } = model.snapshot;
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const logoBox = style.oneLineItems ? 48 : 90;
  const logo: DecodedImage = model.logo_refused
    ? { ok: false, reason: model.logo_refused }
    : decodeImageDataUri(model.snapshot.logo_data_uri);
  const logoH = drawImage(doc, logo, left + contentWidth(doc) - logoBox, top, logoBox, logoBox);
  const textWidth = contentWidth(doc) - logoBox - 12;
  doc
    .font(BOLD)
    .fontSize(style.heading + 7)
    .fillColor(INK)
    .text(pdfSafe(title), left, top, { width: textWidth });
  doc.font(BOLD).fontSize(style.heading).text(oneLine(model.brand_name, 120), { width: textWidth });
  doc.font(FONT).fontSize(style.body).fillColor(MUTED);
  const when = scan.completed_at ?? scan.created_at;
  doc.text(`Scan ${scan.scan_id} · ${scan.status} · ${when.slice(0, 16).replace("T", " ")} UTC`, {
    width: textWidth,
  });
  doc.text(`Generated ${model.generated_at.slice(0, 16).replace("T", " ")} UTC by Brandwarden`, {
    width: textWidth,
  });
  if (!logo.ok && (model.snapshot.logo_data_uri || model.logo_refused))
    doc.text(`Brand logo not shown: ${logo.reason}.`, { width: textWidth });
  else if (logo.ok && logoH === null)
    doc.text("Brand logo not shown: the image could not be decoded.", { width: textWidth });
  doc.fillColor(INK);
  doc.y = Math.max(doc.y, top + (logoH ?? 0)) + 4;
}
