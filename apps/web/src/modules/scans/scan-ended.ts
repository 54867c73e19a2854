import type { TControlCommand } from "@brandwarden/contract/events";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import { controlStream } from "@brandwarden/platform/messaging/event-streams";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { DbOrTx } from "../../db/client.ts";
import type { ScanStreamHub } from "../../lib/scan-stream.ts";
import { REPORT_JOB, WEBHOOK_JOB } from "../../queue/job-names.ts";
import type { TReportJob, TWebhookJob } from "../../queue/job-payloads.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { ScansRepository } from "./scans.repository.ts";
import { activeKey } from "./active-key.ts";
import type { ScanRow } from "../../db/rows.ts";

// What follows a scan reaching a terminal status, whoever moved it there (the worker's last
// `scan_update`, the user's stop, or the web app failing a scan whose worker went silent).

/** In the transaction that ended the scan: its `scan_<status>` audit event. */
export async function recordScanEnded(
  auditEvents: AuditEventsService,
  scan: ScanRow,
  tx: DbOrTx,
): Promise<void> {
  await auditEvents.record(
    {
      name: `scan_${scan.status}` as "scan_completed",
      user_id: scan.user_id,
      scan_id: scan.id,
      data: { error: scan.error ?? undefined },
    },
    tx,
  );
}

/** The columns a scan takes when it ends: its effects still to announce. */
export const endedPatch = (status: "completed" | "failed" | "cancelled", error: string | null = null) => ({
  status,
  error,
  completed_at: new Date(),
  ended_announced_at: null,
});

export interface AnnounceDeps {
  kv: KeyValueStore;
  queue: JobQueue;
  hub: ScanStreamHub;
  scans: ScansRepository;
  bus: Bus;
  prefix: string;
}

/**
 * After commit: the active key goes; a completed scan gets its report job (which sends the
 * webhook once both PDFs exist), a failed one its `scan.failed` webhook, a cancelled one a durable
 * cancel command for whichever worker runs it; browsers are told; then the scan is marked
 * announced. Idempotent (job ids dedupe), so a web process that died half-way is simply followed
 * by another doing it again.
 */
export async function announceScanEnded(deps: AnnounceDeps, scan: ScanRow): Promise<void> {
  await deps.kv.del(activeKey(scan.id));
  if (scan.status === "completed") {
    const job: TReportJob = { scan_id: scan.id };
    await deps.queue.enqueue(REPORT_JOB, job, { jobId: `report-${scan.id}` });
  } else if (scan.status === "failed") {
    const job: TWebhookJob = { scan_id: scan.id, event: "scan.failed" };
    await deps.queue.enqueue(WEBHOOK_JOB, job, { jobId: `webhook-${scan.id}-failed` });
  } else if (scan.status === "cancelled") {
    const command: TControlCommand = { type: "cancel", scan_id: scan.id };
    // Durable: every worker reads it, also one that was restarting when it was sent.
    await deps.bus.append(controlStream(deps.prefix), command);
  }
  deps.hub.publish(
    scan.status === "completed"
      ? { type: "complete", scan_id: scan.id, data: { status: scan.status, stage_states: scan.stage_states } }
      : {
          type: scan.status === "cancelled" ? "cancelled" : "failed",
          scan_id: scan.id,
          data: { status: scan.status, error: scan.error, stage_states: scan.stage_states },
        },
  );
  await deps.scans.markAnnounced(scan.id);
}
