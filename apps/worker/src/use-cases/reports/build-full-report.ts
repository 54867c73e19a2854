/**
 * The full report: every domain finding with its enrichment, score and signals, AI analysis,
 * campaign analysis, threat-feed exposure, takedown contacts, screenshots and the brand's logo.
 */
import { FULL_STYLE, mutedNote, openDoc, sectionHeading } from "./pdf-doc.ts";
import type { ReportModel } from "./report-model.ts";
import type { ReportProse } from "./report-prose.ts";
import { drawCampaigns } from "./sections/campaigns.ts";
import { drawCover } from "./sections/cover.ts";
import { drawExecutiveSummary } from "./sections/executive-summary.ts";
import { drawFinding } from "./sections/finding-detail.ts";
import { drawPriorityActions } from "./sections/priority-actions.ts";
import { drawSeverityChart } from "./sections/severity-chart.ts";
import { drawSocialFindings } from "./sections/social-findings.ts";
import { drawTakedownContacts } from "./sections/takedown-contacts.ts";
import { drawThreatFeeds } from "./sections/threat-feeds.ts";

/** Findings drawn between two yields to the event loop, so a large report does not stall the worker. */
const YIELD_EVERY = 50;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function buildFullReport(model: ReportModel, prose: ReportProse): Promise<Buffer> {
  const style = FULL_STYLE;
  const { doc, finish } = openDoc(
    `Brand-abuse report: ${model.brand_name}`,
    `Scan ${model.snapshot.scan.scan_id}`,
  );
  drawCover(doc, model, "Brand-abuse report", style);
  drawExecutiveSummary(doc, prose, style);
  drawPriorityActions(doc, model, style, 15);
  drawSeverityChart(doc, model, style);
  drawCampaigns(doc, model, style, Infinity, 40);
  await nextTick();
  drawThreatFeeds(doc, model, style, Infinity);
  drawTakedownContacts(doc, model, style, Infinity, 40);
  drawSocialFindings(doc, model, style);
  await nextTick();

  doc.addPage();
  sectionHeading(doc, `Findings (${model.findings.length})`, style.heading);
  if (!model.findings.length) mutedNote(doc, "This scan recorded no lookalike domain.");
  const campaignNames = new Map(model.campaigns.map((c) => [c.campaign_id, c.name]));
  for (let i = 0; i < model.findings.length; i++) {
    const f = model.findings[i]!;
    drawFinding(doc, f, i + 1, f.campaign_id ? campaignNames.get(f.campaign_id) : null);
    if ((i + 1) % YIELD_EVERY === 0) await nextTick();
  }
  const scanId = model.snapshot.scan.scan_id;
  return finish(
    (page, pages) => `${model.brand_name} · brand-abuse report · scan ${scanId} · page ${page} of ${pages}`,
  );
}
