import {
  BOLD,
  FONT,
  INK,
  ITALIC,
  MUTED,
  andMore,
  contentWidth,
  item,
  mutedNote,
  sectionHeading,
  type Doc,
  type Style,
} from "../pdf-doc.ts";
import { campaignText } from "../report-text.ts";
import type { ReportModel } from "../report-model.ts";

/** Evidence lines shown per campaign: all in the full report, the strongest few in the summary. */
const EVIDENCE_LINES = { full: 6, summary: 2 };

/**
 * Campaigns (findings sharing infrastructure), attack campaigns first and the brand's own
 * registrations last: each by its name, one sentence of analysis, the shared keys in plain
 * words, then member domains (`maxDomains` each) and the id the API uses.
 */
export function drawCampaigns(
  doc: Doc,
  model: ReportModel,
  style: Style,
  max: number,
  maxDomains: number,
): void {
  sectionHeading(doc, "Campaign analysis", style.heading);
  if (!model.campaigns.length) {
    mutedNote(doc, "No campaign: no two findings share infrastructure.", style.body);
    return;
  }
  const evidenceLines = style.oneLineItems ? EVIDENCE_LINES.summary : EVIDENCE_LINES.full;
  for (const c of model.campaigns.slice(0, max)) {
    doc.moveDown(0.3);
    item(doc, c.name, style, 0, BOLD);
    item(doc, campaignText(c), style, 12);
    for (const e of c.evidence.slice(0, evidenceLines)) item(doc, `• ${e.text}`, style, 20);
    andMore(doc, c.evidence.length - evidenceLines, "shared keys", style, 20);
    const domains = c.findings.map((f) => f.domain);
    if (maxDomains > 0) {
      item(
        doc,
        `Domains: ${domains.slice(0, maxDomains).join(", ")}` +
          (domains.length > maxDomains ? ` … and ${domains.length - maxDomains} more` : ""),
        style,
        12,
      );
    }
    if (!style.oneLineItems) idNote(doc, c.campaign_id, style);
  }
  andMore(doc, model.campaigns.length - max, "campaigns", style);
}

/** The id the API and the dashboard use, small and muted under the campaign. */
function idNote(doc: Doc, id: string, style: Style): void {
  doc
    .font(ITALIC)
    .fontSize(style.body - 1.5)
    .fillColor(MUTED)
    .text(`Campaign id ${id}`, doc.page.margins.left + 12, doc.y, { width: contentWidth(doc) - 12 });
  doc.font(FONT).fillColor(INK);
}
