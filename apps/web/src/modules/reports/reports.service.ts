import type { BlobStore } from "@brandwarden/platform/blob/blob";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { ReportsRepository } from "./reports.repository.ts";

/** A scan's PDFs as the browser downloads them (the caller has checked the scan is the user's). */
export function createReportsService(deps: { repo: Pick<ReportsRepository, "find">; blobs: BlobStore }) {
  return {
    /** The full report or the one-page summary; 409 while the report is not ready. */
    async pdf(scanId: string, variant: "full" | "summary"): Promise<{ bytes: Buffer; filename: string }> {
      const report = await deps.repo.find(scanId);
      if (!report) throw notFound("Report");
      if (report.status !== "ready") {
        throw new AppError(
          "conflict",
          `The report is ${report.status}${report.error ? `: ${report.error}` : ""}`,
          { status: report.status },
        );
      }
      const summary = variant === "summary";
      const bytes = await deps.blobs.get((summary ? report.summary_key : report.full_key) ?? "");
      if (!bytes) throw notFound("Report");
      return { bytes, filename: `brandwarden-${summary ? "summary" : "report"}-${scanId}.pdf` };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
