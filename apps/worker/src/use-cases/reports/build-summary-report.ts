/**
 * The executive summary: exactly one page with the executive summary, priority actions, severity
 * distribution, campaign analysis, threat-feed exposure and takedown contacts (with the open cases). Lists are cut with
 * "and N more"; should a page still overflow, the lists are cut shorter and the page drawn again.
 */
import { SUMMARY_STYLE, openDoc } from "./pdf-doc.ts";
import type { ReportModel } from "./report-model.ts";
import type { ReportProse } from "./report-prose.ts";
import { drawCampaigns } from "./sections/campaigns.ts";
import { drawCover } from "./sections/cover.ts";
import { drawExecutiveSummary } from "./sections/executive-summary.ts";
import { drawPriorityActions } from "./sections/priority-actions.ts";
import { drawSeverityChart } from "./sections/severity-chart.ts";
import { drawTakedownContacts } from "./sections/takedown-contacts.ts";
import { drawThreatFeeds } from "./sections/threat-feeds.ts";

interface Budget {
  summaryHeight: number;
  actions: number;
  campaigns: number;
  campaignDomains: number;
  feeds: number;
  contacts: number;
  contactDomains: number;
  /** Open takedown cases listed under the contacts. */
  openCases: number;
}

const BUDGETS: Budget[] = [
  {
    summaryHeight: 96,
    actions: 7,
    campaigns: 3,
    campaignDomains: 6,
    feeds: 4,
    contacts: 4,
    contactDomains: 5,
    openCases: 5,
  },
  {
    summaryHeight: 72,
    actions: 5,
    campaigns: 2,
    campaignDomains: 4,
    feeds: 3,
    contacts: 3,
    contactDomains: 3,
    openCases: 4,
  },
  {
    summaryHeight: 48,
    actions: 3,
    campaigns: 2,
    campaignDomains: 0,
    feeds: 2,
    contacts: 3,
    contactDomains: 0,
    openCases: 3,
  },
  {
    summaryHeight: 30,
    actions: 2,
    campaigns: 1,
    campaignDomains: 0,
    feeds: 1,
    contacts: 2,
    contactDomains: 0,
    openCases: 2,
  },
];

async function draw(
  model: ReportModel,
  prose: ReportProse,
  b: Budget,
): Promise<{ pdf: Buffer; pages: number }> {
  const style = SUMMARY_STYLE;
  const { doc, finish } = openDoc(
    `Executive summary: ${model.brand_name}`,
    `Scan ${model.snapshot.scan.scan_id}`,
  );
  drawCover(doc, model, "Executive summary", style);
  drawExecutiveSummary(doc, prose, style, b.summaryHeight);
  drawPriorityActions(doc, model, style, b.actions);
  drawSeverityChart(doc, model, style);
  drawCampaigns(doc, model, style, b.campaigns, b.campaignDomains);
  drawThreatFeeds(doc, model, style, b.feeds);
  drawTakedownContacts(doc, model, style, b.contacts, b.contactDomains, b.openCases);
  const pages = doc.bufferedPageRange().count;
  const pdf = await finish(
    () => `${model.brand_name} · executive summary · scan ${model.snapshot.scan.scan_id}`,
  );
  return { pdf, pages };
}

export async function buildSummaryReport(model: ReportModel, prose: ReportProse): Promise<Buffer> {
  let last: Buffer | null = null;
  for (const budget of BUDGETS) {
    const { pdf, pages } = await draw(model, prose, budget);
    if (pages === 1) return pdf;
    last = pdf;
  }
  // Unreachable with the budgets above (each section is then a few lines); kept as a guard.
  throw new Error(`executive summary did not fit one page${last ? ` (${last.length} bytes)` : ""}`);
}
