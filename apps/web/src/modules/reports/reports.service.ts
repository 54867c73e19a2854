import type { BlobStore } from "@brandwarden/platform/blob/blob";
import { AppError, notFound } from "@brandwarden/platform/http/app-error";
import type { Db } from "../../db/client.ts";
import type { ReportRow } from "../../db/rows.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { ReportsRepository } from "./reports.repository.ts";

type ReportStatus = Parameters<ReportsRepository["setStatus"]>[1];

/**
 * A scan's PDF reports: their state and blobs as the report job stores them, and the PDFs as the
 * browser downloads them (the caller has checked the scan is the user's).
 */
export function createReportsService(deps: {
  db: Db;
  repo: ReportsRepository;
  blobs: BlobStore;
  auditEvents: Pick<AuditEventsService, "record">;
}) {
  return {
    /** The scan's report row, or null before the report job ran. */
    find: (scanId: string): Promise<ReportRow | null> => deps.repo.find(scanId),

    /** Moves the scan's report to `status` (not `ready`: see `markReady`). */
    setStatus: (scanId: string, status: Exclude<ReportStatus, "ready">, fields: { error: string | null }) =>
      deps.repo.setStatus(scanId, status, fields),

    /** Both PDFs stored: `ready` and its `report_generated` audit event together (nobody sees one without the other). */
    async markReady(scan: { id: string; user_id: string }, keys: { full_key: string; summary_key: string }) {
      await deps.db.transaction(async (tx) => {
        await deps.repo.setStatus(scan.id, "ready", { ...keys, error: null }, tx);
        await deps.auditEvents.record(
          { name: "report_generated", user_id: scan.user_id, scan_id: scan.id },
          tx,
        );
      });
    },

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
