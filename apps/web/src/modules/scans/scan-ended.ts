import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { DbOrTx } from "../../db/client.ts";
import { REPORT_JOB, WEBHOOK_JOB } from "../../jobs/job-names.ts";
import type { ScanStreamHub } from "../../live/scan-stream.ts";
import type { AuditEventsRepository } from "../audit-events/audit-events.repository.ts";
import type { ScanRow } from "./scans.repository.ts";
import { activeKey } from "./active-key.ts";

// What follows a scan reaching a terminal status, whoever moved it there (the worker's last
// `scan_update`, or the web app failing a scan whose worker went silent).

/** In the transaction that ended the scan: its `scan_<status>` audit event. */
export async function recordScanEnded(
  auditEvents: AuditEventsRepository,
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

/**
 * After commit: the active key goes; a completed scan gets its report job (which sends the
 * webhook once both PDFs exist), a failed one its `scan.failed` webhook; browsers are told.
 */
export async function announceScanEnded(
  deps: { kv: KeyValueStore; queue: JobQueue; hub: ScanStreamHub },
  scan: ScanRow,
): Promise<void> {
  await deps.kv.del(activeKey(scan.id));
  if (scan.status === "completed") {
    await deps.queue.enqueue(REPORT_JOB, { scan_id: scan.id }, { jobId: `report-${scan.id}` });
    deps.hub.publish({
      type: "complete",
      scan_id: scan.id,
      data: { status: scan.status, stage_states: scan.stage_states },
    });
    return;
  }
  if (scan.status === "failed") {
    await deps.queue.enqueue(
      WEBHOOK_JOB,
      { scan_id: scan.id, event: "scan.failed" },
      { jobId: `webhook-${scan.id}-failed` },
    );
  }
  deps.hub.publish({
    type: scan.status === "cancelled" ? "cancelled" : "failed",
    scan_id: scan.id,
    data: { status: scan.status, error: scan.error, stage_states: scan.stage_states },
  });
}
