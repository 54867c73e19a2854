/** Both PDFs of a scan from its audit snapshot; the prose comes from the provider or the deterministic text. */
import type { TAuditSnapshot } from "@brandwarden/contract/audit";
import type { TReportResponse } from "@brandwarden/contract/worker-api";
import { buildFullReport } from "./build-full-report.ts";
import { buildSummaryReport } from "./build-summary-report.ts";
import { buildReportModel } from "./report-model.ts";
import { resolveReportProse, type ProseProvider, type WarnLogger } from "./report-prose.ts";

export interface GeneratedReport {
  full: Buffer;
  summary: Buffer;
  prose_source: "ai" | "deterministic";
}

export async function generateReport(
  snapshot: TAuditSnapshot,
  deps: { prose?: ProseProvider; logger: WarnLogger; now?: Date },
): Promise<GeneratedReport> {
  const model = buildReportModel(snapshot, deps.now);
  const prose = await resolveReportProse(model, deps.prose, deps.logger);
  const summary = await buildSummaryReport(model, prose);
  const full = await buildFullReport(model, prose);
  return { full, summary, prose_source: prose.source };
}

export const toReportResponse = (r: GeneratedReport): TReportResponse => ({
  full: r.full.toString("base64"),
  summary: r.summary.toString("base64"),
});
