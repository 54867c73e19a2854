import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { ScanRow } from "../../db/rows.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import type { AlertsService } from "../alerts/alerts.service.ts";
import type { BrandContextService } from "../brand-profile/brand-context.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { createLookalikesService } from "./lookalikes.service.ts";
import { createMonitoringEventHandlers } from "./monitoring-events.ts";
import { createScanChangesRepository } from "./scan-changes.repository.ts";
import { createScanChangesService } from "./scan-changes.service.ts";
import { createTakedownOutcome } from "./takedown-outcome.ts";
import { createTimeToDetectRepository } from "./time-to-detect.repository.ts";
import { createTrackingRepository } from "./tracking.repository.ts";
import { createWatchService } from "./watch.service.ts";

/**
 * Continuous monitoring: tracked lookalikes, change detection at scan completion, the watch
 * between scans; what it finds is raised as alerts (the alerts module's).
 */
export function createMonitoringModule(deps: {
  db: Db;
  users: Pick<UsersService, "findById" | "lockUser">;
  brandContext: Pick<BrandContextService, "scanBrand">;
  alerts: AlertsService;
  worker: WorkerClient;
  logger: Logger;
  /** WATCH_INTERVAL and WATCH_FULL_CYCLE. */
  watchCycle?: { intervalMs: number; fullCycleMs: number };
}) {
  const { db, alerts } = deps;
  const tracking = createTrackingRepository(db);
  const changesRepo = createScanChangesRepository(db);
  const scanChanges = createScanChangesService({ repo: changesRepo, tracking, alerts });
  const watch = createWatchService({ ...deps, tracking, cycle: deps.watchCycle });
  return {
    lookalikes: createLookalikesService({
      db,
      tracking,
      changes: changesRepo,
      timeToDetect: createTimeToDetectRepository(db),
      users: deps.users,
    }),
    watch,
    /** Takedown cases' checks moving their tracked lookalikes (down, back up). */
    takedownOutcome: createTakedownOutcome({ db, tracking, alerts }),
    events: createMonitoringEventHandlers({ ...deps, watch, tracking }),
    /**
     * The scan-completion hook: change detection in the completing transaction; what it returns
     * (delivery of the `findings.changed` alert) runs after commit.
     */
    async onScanCompleted(scan: ScanRow, tx: DbOrTx): Promise<() => Promise<void>> {
      const raised = await scanChanges.onScanCompleted(scan, tx);
      return () => alerts.dispatch(raised);
    },
  };
}
