import type { BlobStore } from "@brandwarden/platform/blob/blob";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { ReportsService } from "../modules/reports/reports.service.ts";
import type { ScansService } from "../modules/scans/scans.service.ts";
import type { WorkerClient } from "../worker-client/worker-client.ts";
import { REPORT_JOB, WEBHOOK_JOB } from "../queue/job-names.ts";
import { ZReportJob, type TWebhookJob } from "../queue/job-payloads.ts";

const ATTEMPTS = 3;

/**
 * ReportGenerationJob: asks the worker for both PDFs (180 s read), stores them, marks the report
 * `ready`, records `report_generated`, then enqueues the webhook (its state `pending` on the scan). After the last failed attempt the
 * report is `failed` and the webhook goes out without PDFs. A `refresh` remakes a ready report (takedown cases changed), no webhook.
 */
export function defineReportGenerationJob(
  queue: JobQueue,
  deps: {
    reports: Pick<ReportsService, "find" | "setStatus" | "markReady">;
    scans: Pick<ScansService, "findById" | "setWebhookState">;
    worker: WorkerClient;
    blobs: BlobStore;
    logger: Logger;
  },
): void {
  queue.define({
    name: REPORT_JOB,
    parse: (p) => ZReportJob.parse(p),
    attempts: ATTEMPTS,
    backoffMs: 5_000,
    concurrency: 2,
    async handler({ scan_id, refresh }, ctx) {
      const scan = await deps.scans.findById(scan_id);
      if (!scan) return;
      const status = (await deps.reports.find(scan_id))?.status;
      if (refresh) {
        // The scan's takedown cases moved: a ready report is made again (the old one served meanwhile).
        if (status !== "ready") return;
        const pdfs = await deps.worker.report(scan_id);
        const full_key = await deps.blobs.put(Buffer.from(pdfs.full, "base64"));
        const summary_key = await deps.blobs.put(Buffer.from(pdfs.summary, "base64"));
        await deps.reports.markReady(scan, { full_key, summary_key });
        return;
      }
      if (status === "ready") return;
      await deps.reports.setStatus(scan_id, "generating", { error: null });
      try {
        const pdfs = await deps.worker.report(scan_id);
        const full_key = await deps.blobs.put(Buffer.from(pdfs.full, "base64"));
        const summary_key = await deps.blobs.put(Buffer.from(pdfs.summary, "base64"));
        await deps.reports.markReady(scan, { full_key, summary_key });
      } catch (err) {
        const message = (err as Error).message;
        if (ctx.attempt < ATTEMPTS) {
          await deps.reports.setStatus(scan_id, "pending", { error: message });
          throw err;
        }
        deps.logger.error({ scan_id, err: message }, "report generation failed");
        await deps.reports.setStatus(scan_id, "failed", { error: message });
      }
      // Recorded first: a process killed before the enqueue leaves it to reconciliation.
      if (!scan.webhook_state) await deps.scans.setWebhookState(scan_id, "pending");
      await queue.enqueue(WEBHOOK_JOB, { scan_id, event: "scan.completed" } satisfies TWebhookJob, {
        jobId: `webhook-${scan_id}-completed`,
      });
    },
  });
}
