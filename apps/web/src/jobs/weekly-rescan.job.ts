import { z } from "zod";
import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { ScansRepository } from "../modules/scans/scans.repository.ts";
import type { ScansService } from "../modules/scans/scans.service.ts";
import { WEEKLY_RESCAN_JOB } from "./job-names.ts";

/** WeeklyRescanJob: re-runs each user's last scan on a schedule (RESCAN_INTERVAL, default 7 days). */
export function defineWeeklyRescanJob(
  queue: JobQueue,
  deps: { scans: ScansRepository; scansService: ScansService; logger: Logger },
): void {
  queue.define({
    name: WEEKLY_RESCAN_JOB,
    parse: (p) =>
      z
        .object({})
        .passthrough()
        .parse(p ?? {}),
    attempts: 1,
    async handler() {
      for (const last of await deps.scans.latestPerUser()) {
        if (last.status === "pending" || last.status === "queued" || last.status === "running") continue;
        try {
          const scan = await deps.scansService.start({ id: last.user_id, admin: false });
          deps.logger.info({ user_id: last.user_id, scan_id: scan.id }, "weekly rescan started");
        } catch (err) {
          deps.logger.warn({ user_id: last.user_id, err: (err as Error).message }, "weekly rescan skipped");
        }
      }
    },
  });
}

export function scheduleWeeklyRescan(queue: JobQueue, everyMs: number): Promise<void> {
  return queue.schedule("weekly-rescan", WEEKLY_RESCAN_JOB, {}, everyMs);
}
