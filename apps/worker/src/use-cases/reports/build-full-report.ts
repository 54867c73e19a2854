/**
 * The full report: every domain finding with its enrichment, score and signals, AI analysis,
 * campaign analysis, threat-feed exposure, takedown contacts and cases, screenshots and the brand's logo.
 */
import {
  decodeImageBytes,
  decodeImageDataUri,
  FULL_STYLE,
  mutedNote,
  openDoc,
  sectionHeading,
} from "./pdf-doc.ts";
import { REPORT_SCREENSHOTS, type Finding, type ReportModel } from "./report-model.ts";
import type { ReportProse } from "./report-prose.ts";
import { drawCampaigns } from "./sections/campaigns.ts";
import { drawCover } from "./sections/cover.ts";
import { drawExecutiveSummary } from "./sections/executive-summary.ts";
import { drawFinding, type ShotShown } from "./sections/finding-detail.ts";
import { drawPriorityActions } from "./sections/priority-actions.ts";
import { drawSeverityChart } from "./sections/severity-chart.ts";
import { drawSocialFindings } from "./sections/social-findings.ts";
import { drawTakedownCases } from "./sections/takedown-cases.ts";
import { drawTakedownContacts } from "./sections/takedown-contacts.ts";
import { drawThreatFeeds } from "./sections/threat-feeds.ts";

/** Findings drawn between two yields to the event loop, so a large report does not stall the worker. */
const YIELD_EVERY = 50;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fetches a finding's screenshot by its reference (the web app's internal API); null when gone. */
export type ImageLoader = (ref: string) => Promise<Buffer | null>;

/**
 * The finding's screenshot when the report embeds it, fetched now (one at a time, dropped once
 * drawn); `omitted` for a screenshot outside the embedded ones.
 */
async function screenshotOf(model: ReportModel, f: Finding, images?: ImageLoader): Promise<ShotShown> {
  if (!f.screenshot_data && !f.screenshot_ref) return null;
  if (!model.screenshots.has(f.id)) return { omitted: REPORT_SCREENSHOTS };
  if (f.screenshot_data) return decodeImageDataUri(f.screenshot_data);
  if (!images) return { ok: false, reason: "the image is not available to the report" };
  const bytes = await images(f.screenshot_ref!).catch(() => undefined);
  if (bytes === undefined) return { ok: false, reason: "the image could not be fetched" };
  return bytes ? decodeImageBytes(bytes, "image/png") : { ok: false, reason: "the image is gone" };
}

export async function buildFullReport(
  model: ReportModel,
  prose: ReportProse,
  images?: ImageLoader,
): Promise<Buffer> {
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
  drawTakedownCases(doc, model, style);
  drawSocialFindings(doc, model, style);
  await nextTick();

  doc.addPage();
  sectionHeading(doc, `Findings (${model.findings.length})`, style.heading);
  if (!model.findings.length) mutedNote(doc, "This scan recorded no lookalike domain.");
  const campaignNames = new Map(model.campaigns.map((c) => [c.campaign_id, c.name]));
  for (let i = 0; i < model.findings.length; i++) {
    const f = model.findings[i]!;
    const shot = await screenshotOf(model, f, images);
    drawFinding(doc, f, i + 1, f.campaign_id ? campaignNames.get(f.campaign_id) : null, shot);
    if ((i + 1) % YIELD_EVERY === 0) await nextTick();
  }
  const scanId = model.snapshot.scan.scan_id;
  return finish(
    (page, pages) => `${model.brand_name} · brand-abuse report · scan ${scanId} · page ${page} of ${pages}`,
  );
}
