import { BOLD, andMore, item, mutedNote, sectionHeading, type Doc, type Style } from "../pdf-doc.ts";
import { campaignText } from "../report-text.ts";
import type { ReportModel } from "../report-model.ts";

/** Campaigns (findings sharing infrastructure): analysis, then member domains (`maxDomains` each). */
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
  for (const c of model.campaigns.slice(0, max)) {
    item(doc, `Campaign ${c.campaign_id}: ${campaignText(c)}`, style, 0, BOLD);
    const domains = c.findings.map((f) => f.domain);
    if (maxDomains > 0) {
      item(
        doc,
        domains.slice(0, maxDomains).join(", ") +
          (domains.length > maxDomains ? ` … and ${domains.length - maxDomains} more` : ""),
        style,
        12,
      );
    }
  }
  andMore(doc, model.campaigns.length - max, "campaigns", style);
}
