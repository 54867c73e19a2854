import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import { REPORT_JOB, WEBHOOK_JOB } from "../../queue/job-names.ts";
import type { TReportJob, TWebhookJob } from "../../queue/job-payloads.ts";
import type { ScansRepository } from "./scans.repository.ts";
import type { ScanRow } from "../../db/rows.ts";

/** Reports of scans completed this recently are still looked after. */
const REPORT_WINDOW_DAYS = 7;
/** Held while one web process announces a scan's end, so two starting at once do not both. */
const announceKey = (scanId: string) => `scan:announcing:${scanId}`;

/**
 * Finishes what a web process that died (or an embedded process that was killed) left half-done,
 * at start-up before serving and then periodically:
 * - scans that ended but whose end was never announced get their report job or `scan.failed`
 *   webhook, cancel command and browser push;
 * - completed scans whose report is neither ready nor failed get their report job again (the
 *   job id dedupes one still queued or running; the embedded queue loses its jobs on a restart);
 * - completed scans whose report is ready (or failed) and whose `scan.completed` webhook was
 *   never enqueued (a kill between the two) get it enqueued;
 * - owned domains whose profile never came (a worker died after answering) are asked for again,
 *   then failed, so deferred scans are not held back (`sweepEnrichment`);
 * - scans waiting for dispatch whose owner's domain profiles are complete are dispatched.
 */
export function createScanReconciler(deps: {
  scans: ScansRepository;
  kv: KeyValueStore;
  queue: JobQueue;
  logger: Logger;
  announceEnded: (scan: ScanRow) => Promise<void>;
  dispatchDeferred: (userId: string) => Promise<number>;
  /** The brand profile's: re-asks or fails owned-domain enrichment that stayed pending too long. */
  sweepEnrichment?: () => Promise<unknown>;
}) {
  return {
    async reconcile(): Promise<{ announced: number; reports: number; webhooks: number; dispatched: number }> {
      let announced = 0;
      for (const scan of await deps.scans.unannounced()) {
        if (!(await deps.kv.setIfAbsent(announceKey(scan.id), "1", 60_000))) continue;
        try {
          await deps.announceEnded(scan);
          announced++;
        } finally {
          await deps.kv.del(announceKey(scan.id));
        }
      }
      let reports = 0;
      for (const scan of await deps.scans.completedWithoutReport(REPORT_WINDOW_DAYS)) {
        if (!scan.ended_announced_at) continue;
        const job: TReportJob = { scan_id: scan.id };
        await deps.queue.enqueue(REPORT_JOB, job, { jobId: `report-${scan.id}` });
        reports++;
      }
      let webhooks = 0;
      for (const scan of await deps.scans.webhooksDue(REPORT_WINDOW_DAYS)) {
        await deps.scans.setWebhookState(scan.id, "pending");
        const job: TWebhookJob = { scan_id: scan.id, event: "scan.completed" };
        await deps.queue.enqueue(WEBHOOK_JOB, job, { jobId: `webhook-${scan.id}-completed` });
        webhooks++;
      }
      await deps.sweepEnrichment?.();
      let dispatched = 0;
      for (const userId of await deps.scans.usersWithPendingScans()) {
        dispatched += await deps.dispatchDeferred(userId);
      }
      if (announced || dispatched || webhooks)
        deps.logger.info(
          { announced, dispatched, webhooks },
          "reconciled scans a stopped process left unfinished",
        );
      return { announced, reports, webhooks, dispatched };
    },
  };
}
