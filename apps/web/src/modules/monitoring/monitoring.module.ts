import type { Dispatcher } from "undici";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { Db, DbOrTx } from "../../db/client.ts";
import { defineAlertDeliveryJob } from "../../jobs/alert-delivery.job.ts";
import { defineWatchJob } from "../../jobs/watch.job.ts";
import type { WorkerClient } from "../../worker-client/worker-client.ts";
import { createAlertsRepository } from "../alerts/alerts.repository.ts";
import { createAlertsService } from "../alerts/alerts.service.ts";
import type { BrandRepository } from "../brand/brand.repository.ts";
import type { ScanRow } from "../scans/scans.repository.ts";
import type { Mailer } from "../sessions/mailer.ts";
import type { UsersRepository } from "../users/users.repository.ts";
import type { UsersService } from "../users/users.service.ts";
import { createLookalikesService } from "./lookalikes.service.ts";
import { createMonitoringEventHandlers } from "./monitoring-events.ts";
import { createScanChangesRepository } from "./scan-changes.repository.ts";
import { createScanChangesService } from "./scan-changes.service.ts";
import { createTrackingRepository } from "./tracking.repository.ts";
import { createWatchService } from "./watch.service.ts";

/**
 * Continuous monitoring and alerts, wired once for the container: tracked lookalikes, change
 * detection at scan completion, the watch between scans, alerts and their delivery jobs.
 */
export function createMonitoring(deps: {
  db: Db;
  queue: JobQueue;
  users: UsersRepository;
  usersService: UsersService;
  brand: BrandRepository;
  worker: WorkerClient;
  outbound: Dispatcher;
  allowPrivateNetwork: boolean;
  /** Null when SMTP is not configured: alerts are not e-mailed. */
  mailer: Mailer | null;
  publicUrl: string;
  logger: Logger;
}) {
  const tracking = createTrackingRepository(deps.db);
  const changesRepo = createScanChangesRepository(deps.db);
  const alertsRepo = createAlertsRepository(deps.db);
  const alerts = createAlertsService({ repo: alertsRepo, queue: deps.queue });
  const scanChanges = createScanChangesService({ repo: changesRepo, tracking, alerts });
  const watch = createWatchService({ ...deps, tracking, alerts });
  const lookalikes = createLookalikesService({ db: deps.db, tracking, changes: changesRepo });
  const events = createMonitoringEventHandlers({ ...deps, watch, tracking, alerts });
  defineAlertDeliveryJob(deps.queue, { ...deps, alerts: alertsRepo, agent: deps.outbound });
  defineWatchJob(deps.queue, { watch });
  return {
    alerts,
    lookalikes,
    watch,
    events,
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
