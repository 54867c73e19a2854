/** Both PDFs of a scan from its audit snapshot; the prose comes from the provider or the deterministic text. */
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import type { TReportResponse } from "@brandwarden/contract/worker-api";
import { ImageRejectedError, toBoundedPng } from "@brandwarden/platform/images/bounded-image";
import { buildFullReport, type ImageLoader } from "./build-full-report.ts";
import { buildSummaryReport } from "./build-summary-report.ts";
import { buildReportModel, type ReportTakedowns } from "./report-model.ts";
import { resolveReportProse, type ProseProvider, type WarnLogger } from "./report-prose.ts";

export interface GeneratedReport {
  full: Buffer;
  summary: Buffer;
  prose_source: "ai" | "deterministic";
}

export async function generateReport(
  snapshot: TAuditSnapshot,
  deps: {
    prose?: ProseProvider;
    logger: WarnLogger;
    now?: Date;
    images?: ImageLoader;
    /** The owner's takedown cases (none when absent). */
    takedowns?: ReportTakedowns;
  },
): Promise<GeneratedReport> {
  // The logo is the user's upload: checked from its header and decoded within bounds into a small
  // PNG here, so the PDF library never decodes the original (an 8000x8000 PNG is 249 KB).
  const logo = await boundedLogo(snapshot.logo_data_uri);
  const model = buildReportModel({ ...snapshot, logo_data_uri: logo.uri }, deps.now, deps.takedowns);
  if (logo.refused) {
    model.logo_refused = logo.refused;
    deps.logger.warn({ reason: logo.refused }, "report: brand logo not drawn");
  }
  const prose = await resolveReportProse(model, deps.prose, deps.logger);
  const summary = await buildSummaryReport(model, prose);
  const full = await buildFullReport(model, prose, deps.images);
  return { full, summary, prose_source: prose.source };
}

const LOGO_SIDE = 512;

async function boundedLogo(uri: string | null): Promise<{ uri: string | null; refused?: string }> {
  if (!uri) return { uri: null };
  const m = /^data:[^;,]*;base64,/.exec(uri.slice(0, 200));
  if (!m) return { uri: null, refused: "not a base64 data URI" };
  try {
    const png = await toBoundedPng(Buffer.from(uri.slice(m[0].length), "base64"), { maxSide: LOGO_SIDE });
    return { uri: `data:image/png;base64,${png.toString("base64")}` };
  } catch (err) {
    if (err instanceof ImageRejectedError) return { uri: null, refused: err.message.replace(/\.$/, "") };
    throw err;
  }
}

export const toReportResponse = (r: GeneratedReport): TReportResponse => ({
  full: r.full.toString("base64"),
  summary: r.summary.toString("base64"),
});
