import type { TReportState } from "@brandwarden/contract/browser/scans";
import type { Bus } from "@brandwarden/platform/bus/bus";
import type { KeyValueStore } from "@brandwarden/platform/kv/kv";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { ScanRow } from "../../db/rows.ts";
import type { ScanStreamHub } from "../../lib/scan-stream.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AuditEventsService } from "../audit-events/audit-events.service.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { createLogHandler } from "./log-events.ts";
import { createScanUpdateHandler } from "./scan-events.ts";
import { createScanLogsRepository } from "./scan-logs.repository.ts";
import { createScanReconciler } from "./scan-reconcile.ts";
import { createScansRepository } from "./scans.repository.ts";
import { createScansService } from "./scans.service.ts";
import { rescanDueUsers } from "./weekly-rescan.ts";

/**
 * Scans: start, stop, resume and status; the worker's progress (`scan_update`) and logs applied;
 * what follows a scan's end; reconciliation after a stopped process; the weekly rescan.
 */
export function createScansModule(deps: {
  db: Db;
  bus: Bus;
  kv: KeyValueStore;
  queue: JobQueue;
  hub: ScanStreamHub;
  worker: WorkerClient;
  brandContext: Pick<BrandContextService, "scanBrand" | "ownedDomains" | "enrichmentPending">;
  users: Pick<UsersService, "lockUser">;
  auditEvents: AuditEventsService;
  /** The scan's report state, if any (the reports module's `find`). */
  reports: { find(scanId: string): Promise<TReportState | null> };
  /** Runs in the transaction that completes a scan; what it returns runs after commit (monitoring). */
  onCompleted: (scan: ScanRow, tx: DbOrTx) => Promise<() => Promise<void>>;
  eventChannelPrefix: string;
  silenceLimitMs?: number;
  autoResumes?: number;
  /** The brand profile's: re-asks or fails owned-domain enrichment that stayed pending (reconciliation). */
  sweepEnrichment?: () => Promise<unknown>;
  logger: Logger;
}) {
  const { db, kv, queue, hub, logger } = deps;
  const repo = createScansRepository(db);
  const logs = createScanLogsRepository(db);
  const scans = createScansService({ ...deps, scans: repo, logs });
  return {
    scans,
    /** `scan_update`: progress into `stage_states`, status moves, terminal effects. */
    scanUpdate: createScanUpdateHandler({
      db,
      scans: repo,
      auditEvents: deps.auditEvents,
      kv,
      queue,
      hub,
      bus: deps.bus,
      prefix: deps.eventChannelPrefix,
      logger,
      onCompleted: deps.onCompleted,
      handedBack: (scan) =>
        scans.handedBack(scan).catch((err: unknown) =>
          // The mark stays (or the silence rule applies): the stalled-scan check dispatches it.
          logger.error({ err, scan_id: scan.id }, "scan handed back, not dispatched yet"),
        ),
    }),
    /** `log`: the scan's log (dashboard), pushed to the owner's browser. */
    scanLog: createLogHandler({ logs, hub, logger }),
    reconciler: createScanReconciler({
      scans: repo,
      kv,
      queue,
      logger,
      announceEnded: scans.announceEnded,
      dispatchDeferred: scans.dispatchDeferred,
      sweepEnrichment: deps.sweepEnrichment,
    }),
    /** Starts a scan for every user whose last scan is `intervalMs` old (the weekly rescan job's work). */
    rescanDueUsers: (intervalMs: number) =>
      rescanDueUsers({ scans: repo, scansService: scans, logger }, intervalMs),
  };
}
