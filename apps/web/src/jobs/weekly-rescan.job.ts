import type { JobQueue } from "@brandwarden/platform/queue/queue";
import type { Logger } from "@brandwarden/platform/logger/logger";
import type { ScansRepository } from "../modules/scans/scans.repository.ts";
import type { ScansService } from "../modules/scans/scans.service.ts";
import { WEEKLY_RESCAN_JOB } from "../queue/job-names.ts";
import { ZWeeklyRescanJob } from "../queue/job-payloads.ts";

/** How often the schedule looks for due users: a user is rescanned at most this late. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface RescanDeps {
  scans: ScansRepository;
  scansService: ScansService;
  logger: Logger;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

/**
 * Starts a scan for every user whose last scan started at least `intervalMs` ago and has ended.
 * Scheduling from each user's own last scan (not from process start) means a restart rescans
 * nobody early, and a user who scanned by hand yesterday waits a full interval from then.
 */
export async function rescanDueUsers(deps: RescanDeps, intervalMs: number): Promise<string[]> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const started: string[] = [];
  for (const last of await deps.scans.latestPerUser()) {
    if (last.status === "pending" || last.status === "queued" || last.status === "running") continue;
    if (now - last.created_at.getTime() < intervalMs) continue;
    try {
      const scan = await deps.scansService.start({ id: last.user_id, admin: false });
      started.push(scan.id);
      deps.logger.info({ user_id: last.user_id, scan_id: scan.id }, "weekly rescan started");
    } catch (err) {
      deps.logger.warn({ user_id: last.user_id, err: (err as Error).message }, "weekly rescan skipped");
    }
  }
  return started;
}

/** WeeklyRescanJob: rescans users whose last scan is older than RESCAN_INTERVAL (default 7 days). */
export function defineWeeklyRescanJob(queue: JobQueue, deps: RescanDeps): void {
  queue.define({
    name: WEEKLY_RESCAN_JOB,
    parse: (p) => ZWeeklyRescanJob.parse(p),
    attempts: 1,
    async handler({ interval_ms }) {
      await rescanDueUsers(deps, interval_ms);
    },
  });
}

/** The recurring check (hourly, or every interval when shorter); it runs once at start too. */
export function scheduleWeeklyRescan(queue: JobQueue, intervalMs: number): Promise<void> {
  return queue.schedule(
    "weekly-rescan",
    WEEKLY_RESCAN_JOB,
    { interval_ms: intervalMs },
    Math.min(intervalMs, CHECK_EVERY_MS),
  );
}
